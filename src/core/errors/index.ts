export { explainError, type ErrorExplanation } from './explain.js';
export { ERROR_MEANINGS, ERROR_SOURCES, type ErrorMeaning, type ErrorProvider, type ErrorSource, type RetryAdvice } from './table.js';

export { answerOf, type AnswerSource } from './answer-of.js';
export { FINISH_CLASSES } from './types.js';
export { placesOf } from './place-book.js';
export type {
  Answer,
  AnswerChoice,
  AnswerCitation,
  AnswerError,
  AnswerFinish,
  AnswerPlace,
  AnswerReading,
  AnswerToolCall,
  AnswerUsage,
  FinishClass,
  FormatAnswer,
  UsageMapping,
} from './types.js';
export type { AnswerPlaces, ChoicePlaces, PlaceRecorder, PlaceRun } from './places.js';

// Hand-built answers for the comparison tests: one choice of text by default, changed field by field.
import type { Answer, AnswerChoice, AnswerToolCall, AnswerUsage } from '../../../src/core/answer/types.js';

export function choiceOf(fields: Partial<AnswerChoice> = {}): AnswerChoice {
  return {
    index: 0,
    text: 'Hello, world.',
    reasoning: '',
    signatures: [],
    encryptedReasoning: [],
    refusal: '',
    toolCalls: [],
    citations: [],
    finish: { class: 'stop', reason: 'stop', source: null },
    ...fields,
  };
}

export function usageOf(fields: Partial<AnswerUsage> = {}): AnswerUsage {
  return { input: 10, output: 5, total: 15, cacheRead: null, cacheWrite: null, reasoning: null, ...fields };
}

export function answerOf(choice: Partial<AnswerChoice> = {}, fields: Partial<Answer> = {}): Answer {
  return { format: null, choices: [choiceOf(choice)], usage: usageOf(), error: null, whole: true, verdict: 'complete', outcome: 'ok', ...fields };
}

export function callOf(name: string, input: unknown, id: string | null = null): AnswerToolCall {
  return { id, name, kind: 'function', arguments: JSON.stringify(input), input };
}

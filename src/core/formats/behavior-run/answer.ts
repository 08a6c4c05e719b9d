// A Behavior Run in the answer's words: its output text, each tool step as a call Salyro ran itself (a server call,
// the step's input as its arguments), its status as the finish. Usage: the contract's three counts, as they are.
import { countAt, emptyChoice, finishOf, objectsAt, textAt, toolCallOf } from '../../answer/read.js';
import type { AnswerChoice, AnswerUsage, FormatAnswer, UsageMapping } from '../../answer/types.js';
import { isObject, type Json } from '../json-shape.js';
import { BEHAVIOR_RUN_FINISH_REASONS } from './finish-reasons.js';

/** The usage table docs/answer.md shows. */
export const USAGE_MAPPING: UsageMapping = {
  rule: 'The contract gives exactly three counts, taken as they are; it says nothing of caching or reasoning.',
  source: 'reference/salyro.md, "Behavior Run" (`response.completed` usage)',
  fields: { input: 'inputTokens', output: 'outputTokens', total: 'totalTokens', cacheRead: '—', cacheWrite: '—', reasoning: '—' },
};

function usageOf(usage: unknown): AnswerUsage | null {
  if (!isObject(usage)) return null;
  return { input: countAt(usage, 'inputTokens'), output: countAt(usage, 'outputTokens'), total: countAt(usage, 'totalTokens'), cacheRead: null, cacheWrite: null, reasoning: null };
}

function choiceOf(run: Json): AnswerChoice {
  const answer = emptyChoice(0);
  answer.text = textAt(run, 'output_text') ?? '';
  for (const step of objectsAt(run, 'steps')) answer.toolCalls.push(toolCallOf(null, step.tool, 'server', step.input ?? {}));
  const status = textAt(run, 'status');
  // `in_progress` is no finish: the run had not ended.
  answer.finish = finishOf(BEHAVIOR_RUN_FINISH_REASONS, status === 'in_progress' ? null : status);
  return answer;
}

/** Behavior Run's part of the answer model: one choice. */
export const answer: FormatAnswer = {
  read(response) {
    if (!isObject(response)) return { choices: [], usage: null };
    return { choices: [choiceOf(response)], usage: usageOf(response.usage) };
  },
  usage: USAGE_MAPPING,
};

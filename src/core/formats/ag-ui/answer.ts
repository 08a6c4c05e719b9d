// An AG-UI run in the answer's words: the turn's assistant text, reasoning, tool calls (a call a TOOL_CALL_RESULT
// answered was run by the agent: a server call; one left for the application is a function call), the run's ending
// as the finish, and its usage entries summed.
import { countAt, emptyChoice, finishOf, toolCallOf } from '../../answer/read.js';
import type { AnswerChoice, AnswerUsage, FormatAnswer, UsageMapping } from '../../answer/types.js';
import { isObject, type Json } from '../json-shape.js';
import { finishReasonOf } from './assembler.js';
import { AG_UI_FINISH_REASONS } from './finish-reasons.js';
import { turnOf, usageSum, type RunEnd } from './response.js';

/** The usage table docs/answer.md shows. */
export const USAGE_MAPPING: UsageMapping = {
  rule: 'RUN_FINISHED (or RUN_ERROR) carries one TokenUsage entry per provider and model; the entries are summed. Its input counts every prompt token, cache reads and writes included, and its output counts reasoning, as the shared counts do.',
  source: '@ag-ui/core 1.0.0 TokenUsage (RunFinishedEvent.usage, RunErrorEvent.usage)',
  fields: {
    input: 'Σ inputTokens',
    output: 'Σ outputTokens',
    total: 'Σ totalTokens',
    cacheRead: 'Σ cachedInputTokens',
    cacheWrite: 'Σ cacheWriteInputTokens',
    reasoning: 'Σ reasoningTokens',
  },
};

function usageOf(entries: unknown): AnswerUsage | null {
  const sum = usageSum(Array.isArray(entries) ? entries : undefined);
  if (sum === null) return null;
  return {
    input: countAt(sum, 'inputTokens'),
    output: countAt(sum, 'outputTokens'),
    total: countAt(sum, 'totalTokens'),
    cacheRead: countAt(sum, 'cachedInputTokens'),
    cacheWrite: countAt(sum, 'cacheWriteInputTokens'),
    reasoning: countAt(sum, 'reasoningTokens'),
  };
}

/** How the response says the run ended. */
function endOf(run: Json): RunEnd {
  if (run.status === 'error') return { status: 'error', error: isObject(run.error) ? run.error : {} };
  if (run.status === 'finished') return { status: 'finished', ...(isObject(run.outcome) ? { outcome: run.outcome } : {}) };
  return { status: 'running' };
}

function choiceOf(run: Json): AnswerChoice {
  const answer = emptyChoice(0);
  const turn = turnOf(Array.isArray(run.messages) ? run.messages : []);
  answer.text = turn.text;
  answer.reasoning = turn.reasoning;
  answer.encryptedReasoning = turn.encrypted;
  for (const call of turn.calls) answer.toolCalls.push(toolCallOf(call.id, call.name, call.id !== null && turn.answered.has(call.id) ? 'server' : 'function', call.arguments));
  answer.finish = finishOf(AG_UI_FINISH_REASONS, finishReasonOf(endOf(run), turn.pending));
  return answer;
}

/** AG-UI's part of the answer model: one choice, the run's turn. */
export const answer: FormatAnswer = {
  read(response) {
    if (!isObject(response)) return { choices: [], usage: null };
    return { choices: [choiceOf(response)], usage: usageOf(response.usage) };
  },
  usage: USAGE_MAPPING,
};

// The answer of a Reconstruction, format-neutral: its format's module reads the non-streamed response; what no
// format knows alone (an error that ended the stream, whether the answer is whole) comes from the judgement.
import { explainError } from '../errors/index.js';
import { isObject } from '../formats/json-shape.js';
import { FORMAT_MODULES } from '../formats/registry.js';
import type { Choice, Outcome, Reconstruction } from '../model.js';
import { emptyChoice, toolCallOf } from './read.js';
import type { Answer, AnswerChoice, AnswerError, AnswerReading } from './types.js';

/** The outcomes that say the answer is not whole, whatever the verdict. */
const BROKEN_OUTCOMES: ReadonlySet<Outcome> = new Set(['stalled', 'dropped', 'error_event']);

/** What `answerOf` reads: a Reconstruction, or the same fields from one that went through JSON. */
export type AnswerSource = Pick<Reconstruction, 'format' | 'choices' | 'response' | 'error' | 'verdict' | 'outcome'>;

/**
 * The answer a reconstruction holds, in the same shape for every format: text, reasoning, refusal, tool calls,
 * citations and the finish class per choice; usage in one vocabulary; the error with its retry advice; and whether
 * the answer is whole. Plain JSON. Works on a reconstruction that went through JSON too.
 */
export function answerOf(reconstruction: AnswerSource): Answer {
  const { format, verdict, outcome } = reconstruction;
  const module = FORMAT_MODULES.find((candidate) => candidate.name === format);
  const reading: AnswerReading = module ? module.answer.read(reconstruction.response) : { choices: reconstruction.choices.map(neutralChoice), usage: null };
  const error = reconstruction.error == null ? null : errorOf(reconstruction);
  for (const choice of reading.choices) {
    keepRawArguments(choice, reconstruction.choices.find((assembled) => assembled.index === choice.index));
    // A stream that ended in an error with no reason for this choice: the provider failed it.
    if (error !== null && choice.finish.reason === null) choice.finish = { class: 'error', reason: null, source: 'the stream ended in an error' };
  }
  return {
    format,
    choices: reading.choices,
    usage: reading.usage,
    error,
    whole: verdict === 'complete' && !BROKEN_OUTCOMES.has(outcome),
    verdict,
    outcome,
  };
}

/** A choice of a stream no format read: its text and calls, nothing the format alone would know. */
function neutralChoice(choice: Choice): AnswerChoice {
  const answer = emptyChoice(choice.index);
  answer.text = choice.text;
  answer.reasoning = choice.reasoning ?? '';
  answer.refusal = choice.refusal ?? '';
  answer.toolCalls = choice.toolCalls.map((call) => toolCallOf(call.id, call.name, 'function', call.arguments));
  answer.finish = { class: 'unknown', reason: choice.finishReason, source: null };
  return answer;
}

/**
 * A response keeps a tool input only once it parsed (Anthropic's `input`); the assembled call keeps the text that
 * came, so an unparsed input is not lost from the answer.
 */
function keepRawArguments(choice: AnswerChoice, assembled: Choice | undefined): void {
  if (assembled === undefined) return;
  choice.toolCalls.forEach((call, position) => {
    const raw = assembled.toolCalls.find((candidate) => candidate.id !== null && candidate.id === call.id) ?? assembled.toolCalls[position];
    if (call.arguments === '' && raw !== undefined && raw.name === call.name && raw.arguments !== '') call.arguments = raw.arguments;
  });
}

function errorOf(reconstruction: AnswerSource): AnswerError {
  const explained = explainError(reconstruction.error, reconstruction.format);
  return { message: explained.message, type: typeOf(reconstruction.error), http: explained.http, retry: explained.retry };
}

/** The provider's own name for the error: its `code`, `status` or `type` (a number is the HTTP status, not a name). */
function typeOf(error: unknown): string | null {
  const inner = isObject(error) && isObject(error.error) ? error.error : error;
  for (const body of [inner, error]) {
    if (!isObject(body)) continue;
    for (const key of ['code', 'status', 'type']) {
      const value = Object.hasOwn(body, key) ? body[key] : undefined;
      if (typeof value === 'string' && value !== '' && value !== 'error') return value;
    }
  }
  return null;
}

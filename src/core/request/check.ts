// The answer held against what its request asked: each unmet expectation is a finding that quotes the request field
// and says what came, placed at the frame where it shows (the call, the finish, the usage) or at the end.
import type { FindingCode } from '../findings.js';
import type { Answer, AnswerChoice } from '../answer/types.js';
import type { AnswerPlaces } from '../answer/places.js';
import { plural } from '../words.js';
import { checkModel, checkSchema } from './check-text.js';
import type { RequestExpectations, SchemaValidator, ToolChoiceExpectation } from './types.js';

/** One unmet expectation: its code, the message, and the frame (an index into `frames`) where it shows, or null. */
export interface RequestFinding {
  code: FindingCode;
  message: string;
  frame: number | null;
}

/** What the checker reads of a stream. */
export interface CheckedStream {
  answer: Answer;
  places: AnswerPlaces | null;
  /** The model the stream names, or null. */
  model: string | null;
  /** The assembler already raised `signature missing` (it is not raised twice). */
  signatureFound: boolean;
}

/** Every unmet expectation of `expected` in `stream`, in the order the expectations are listed. */
export function checkRequest(expected: RequestExpectations, stream: CheckedStream, validator?: SchemaValidator): RequestFinding[] {
  const found: RequestFinding[] = [];
  const last = stream.places?.last ?? null;
  const { answer } = stream;
  if (expected.streamed && !expected.streamed.ok) {
    found.push({ code: 'request not streaming', message: `The request ${expected.streamed.asked}: the reply to it would not have been an event stream. Check that this stream came from this request.`, frame: 0 });
  }
  if (expected.usage && answer.usage === null && answer.whole) {
    found.push({ code: 'usage not sent', message: `The request asked for usage (${expected.usage.asked}), and no frame carried it.`, frame: last });
  }
  if (expected.choices && answer.choices.length !== expected.choices.count && answer.whole) {
    const came = answer.choices.length;
    found.push({ code: 'choice count', message: `The request asked for ${expected.choices.count} choices (${expected.choices.asked}); ${came === 0 ? 'none' : plural(came, 'choice')} came.`, frame: last });
  }
  for (const choice of answer.choices) {
    if (expected.toolChoice) checkToolChoice(expected.toolChoice, choice, stream, found);
    if (expected.singleCall && choice.toolCalls.length > 1) {
      found.push({ code: 'parallel calls', message: `The request allowed one tool call at a time (${expected.singleCall.asked}); choice ${choice.index} made ${choice.toolCalls.length}: ${namesOf(choice)}.`, frame: callFrame(stream, choice.index, 1) });
    }
    if (expected.schema && answer.whole) checkSchema(expected.schema, choice, finishFrame(stream, choice.index), found, validator);
  }
  if (expected.maxOutputTokens) checkTokenLimit(expected.maxOutputTokens, stream, found);
  if (expected.thinking && !stream.signatureFound) checkSignatures(expected.thinking, stream, found);
  if (expected.model !== null) checkModel(expected.model, stream.model, found);
  return found;
}

function checkToolChoice(expected: ToolChoiceExpectation, choice: AnswerChoice, stream: CheckedStream, found: RequestFinding[]): void {
  const calls = choice.toolCalls;
  const finished = stream.answer.whole;
  if (expected.mode === 'none') {
    if (calls.length > 0) found.push({ code: 'tool choice unmet', message: `The request said no tool calls (${expected.asked}); choice ${choice.index} called ${namesOf(choice)}.`, frame: callFrame(stream, choice.index, 0) });
    return;
  }
  if (calls.length === 0) {
    if (finished) found.push({ code: 'tool choice unmet', message: `The request required a tool call (${expected.asked}); choice ${choice.index} made none (it finished with ${finishWords(choice)}).`, frame: finishFrame(stream, choice.index) });
    return;
  }
  if (expected.mode !== 'named') return;
  const position = calls.findIndex((call) => !expected.names.includes(call.name));
  if (position < 0) return;
  const allowed = expected.names.map((name) => `\`${name}\``).join(' or ');
  found.push({ code: 'tool choice unmet', message: `The request allowed calls to ${allowed} only (${expected.asked}); choice ${choice.index} called \`${calls[position]?.name ?? ''}\`.`, frame: callFrame(stream, choice.index, position) });
}

function checkTokenLimit(expected: { limit: number; asked: string }, stream: CheckedStream, found: RequestFinding[]): void {
  const output = stream.answer.usage?.output ?? null;
  const { limit, asked } = expected;
  if (output === null) return;
  const frame = stream.places?.usage ?? stream.places?.last ?? null;
  if (output > limit) {
    found.push({ code: 'token limit', message: `The request capped the output at ${limit} tokens (${asked}); the usage counts ${output}, more than the cap.`, frame });
    return;
  }
  // With several choices the count is their sum: the cap holds per choice, so reaching it says nothing of one.
  const [only] = stream.answer.choices;
  if (output === limit && stream.answer.choices.length === 1 && only !== undefined && only.finish.class !== 'length' && stream.answer.whole) {
    found.push({ code: 'token limit', message: `The request capped the output at ${limit} tokens (${asked}); the usage counts all ${limit}, yet the finish is ${finishWords(only)}, not the format's length finish: a client told the answer is whole does not ask for the rest.`, frame: finishFrame(stream, only.index) ?? frame });
  }
}

function checkSignatures(expected: { when: 'reasoning' | 'tool calls'; asked: string }, stream: CheckedStream, found: RequestFinding[]): void {
  for (const choice of stream.answer.choices) {
    const present = expected.when === 'reasoning' ? choice.reasoning !== '' : choice.toolCalls.length > 0;
    if (!present || choice.signatures.length > 0) continue;
    const what = expected.when === 'reasoning' ? 'its thinking' : 'its tool calls';
    const frame = expected.when === 'reasoning' ? (stream.places?.choices.get(choice.index)?.reasoning[0]?.frame ?? null) : callFrame(stream, choice.index, 0);
    found.push({ code: 'signature missing', message: `The request enabled thinking (${expected.asked}); choice ${choice.index} carried ${what} with no signature, so the turn cannot be sent back.`, frame });
  }
}

function namesOf(choice: AnswerChoice): string {
  return choice.toolCalls.map((call) => `\`${call.name}\``).join(', ');
}

function finishWords(choice: AnswerChoice): string {
  return choice.finish.reason === null ? 'no reason' : `\`${choice.finish.reason}\``;
}

function callFrame(stream: CheckedStream, choice: number, position: number): number | null {
  return stream.places?.choices.get(choice)?.toolCalls[position] ?? stream.places?.last ?? null;
}

function finishFrame(stream: CheckedStream, choice: number): number | null {
  return stream.places?.choices.get(choice)?.finish ?? stream.places?.last ?? null;
}

// What the AI SDK's OpenAI chat model accepts as a chunk, modelled from @ai-sdk/openai@3.0.141 `openaiChatChunkSchema`
// (a zod union of a chunk and an error object) and @ai-sdk/provider-utils@4.0.65 `safeParseJSON` (secure JSON parse:
// an own `__proto__` key, or a `constructor` key holding `prototype`, fails). A chunk that fails both branches is an
// error part for the caller, not a throw.
import { field } from '../../clients/run.js';

/** A chunk as the model hands it on: a valid chunk, an error object, or one that failed parsing or the schema. */
export type AiSdkChunk = { kind: 'chunk'; value: unknown } | { kind: 'error' } | { kind: 'invalid' };

/** `safeParseJSON({ text, schema: openaiChatChunkSchema })`, as the kind of part it becomes. */
export function aiSdkChunkOf(data: string): AiSdkChunk {
  let value: unknown;
  try {
    value = JSON.parse(data) as unknown;
  } catch {
    return { kind: 'invalid' };
  }
  if (hasForbiddenKey(value)) return { kind: 'invalid' };
  if (isChunk(value)) return { kind: 'chunk', value };
  if (isErrorObject(value)) return { kind: 'error' };
  return { kind: 'invalid' };
}

function hasForbiddenKey(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (Object.prototype.hasOwnProperty.call(value, '__proto__')) return true;
  const constructor = field(value, 'constructor');
  if (constructor !== null && typeof constructor === 'object' && Object.prototype.hasOwnProperty.call(constructor, 'prototype')) return true;
  return Object.values(value).some(hasForbiddenKey);
}

type Check = (value: unknown) => boolean;

const isObject = (value: unknown): value is object => value !== null && typeof value === 'object' && !Array.isArray(value);
const nullish = (check: Check): Check => (value) => value === null || value === undefined || check(value);
const isString: Check = (value) => typeof value === 'string';
const isNumber: Check = (value) => typeof value === 'number' && Number.isFinite(value);
const arrayOf = (check: Check): Check => (value) => Array.isArray(value) && value.every(check);
/** A zod object: each listed key passes its check (absent reads as undefined); other keys are stripped. */
const objectOf = (shape: Record<string, Check>): Check => (value) => isObject(value) && Object.entries(shape).every(([key, check]) => check(field(value, key)));

const logprob = objectOf({ token: isString, logprob: isNumber, top_logprobs: arrayOf(objectOf({ token: isString, logprob: isNumber })) });
const toolCallDelta = objectOf({
  index: isNumber,
  id: nullish(isString),
  type: nullish((value) => value === 'function'),
  function: objectOf({ name: nullish(isString), arguments: nullish(isString) }),
});
const annotation = objectOf({
  type: (value) => value === 'url_citation',
  url_citation: objectOf({ start_index: isNumber, end_index: isNumber, url: isString, title: isString }),
});
const delta = objectOf({
  role: nullish((value) => value === 'assistant'),
  content: nullish(isString),
  refusal: nullish(isString),
  tool_calls: nullish(arrayOf(toolCallDelta)),
  annotations: nullish(arrayOf(annotation)),
});
const choice = objectOf({
  delta: nullish(delta),
  logprobs: nullish(objectOf({ content: nullish(arrayOf(logprob)), refusal: nullish(arrayOf(logprob)) })),
  finish_reason: nullish(isString),
  index: isNumber,
});
const counts = (keys: string[]): Check => objectOf(Object.fromEntries(keys.map((key) => [key, nullish(isNumber)])));
const usage = objectOf({
  prompt_tokens: nullish(isNumber),
  completion_tokens: nullish(isNumber),
  total_tokens: nullish(isNumber),
  prompt_tokens_details: nullish(counts(['cached_tokens', 'cache_write_tokens'])),
  completion_tokens_details: nullish(counts(['reasoning_tokens', 'accepted_prediction_tokens', 'rejected_prediction_tokens'])),
});
const isChunk = objectOf({ id: nullish(isString), created: nullish(isNumber), model: nullish(isString), choices: arrayOf(choice), usage: nullish(usage) });
const isErrorObject = objectOf({
  error: objectOf({
    message: isString,
    type: nullish(isString),
    code: nullish((value) => typeof value === 'string' || isNumber(value)),
  }),
});

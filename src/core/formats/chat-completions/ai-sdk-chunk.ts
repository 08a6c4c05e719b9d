// What the AI SDK's OpenAI chat model accepts as a chunk, modelled from @ai-sdk/openai@3.0.141 `openaiChatChunkSchema`
// (a zod union of a chunk and an error object), after the secure parse every provider shares (clients/ai-sdk-stream-text).
// A chunk that fails both branches is an error part for the caller, not a throw.
import type { ParsedData } from '../../clients/ai-sdk-stream-text.js';
import { arrayOf, isNumber, isString, nullish, objectOf, type Check } from '../../clients/schema-checks.js';

/** A chunk as the model hands it on: a valid chunk, an error object, or one that failed parsing or the schema. */
export type AiSdkChunk = { kind: 'chunk'; value: unknown } | { kind: 'error' } | { kind: 'invalid' };

/** `safeParseJSON({ text, schema: openaiChatChunkSchema })`, as the kind of part it becomes. */
export function aiSdkChunkOf(parsed: ParsedData): AiSdkChunk {
  if (!parsed.ok) return { kind: 'invalid' };
  if (isChunk(parsed.value)) return { kind: 'chunk', value: parsed.value };
  if (isErrorObject(parsed.value)) return { kind: 'error' };
  return { kind: 'invalid' };
}

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

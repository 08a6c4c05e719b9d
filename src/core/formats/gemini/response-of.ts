// A Gemini `GenerateContentResponse` that holds a format-neutral answer: how a relay writes an answer it read from
// another format as Gemini. The inverse of this folder's answer reading, for what Gemini can carry.
import type { Answer, AnswerChoice, AnswerUsage, FinishClass } from '../../answer/types.js';
import { isObject, type Json } from '../json-shape.js';

/**
 * The `finishReason` for each finish class. Gemini ends a turn with function calls in `STOP` and has no refusal,
 * pause or error reason: those write `STOP`, `SAFETY` and `OTHER`; an unknown finish writes none.
 */
const FINISH_REASON: Record<FinishClass, string | null> = {
  stop: 'STOP',
  length: 'MAX_TOKENS',
  tool_use: 'STOP',
  content_filter: 'SAFETY',
  refusal: 'SAFETY',
  pause: 'STOP',
  error: 'OTHER',
  unknown: null,
};

/** The response holding `answer`, one candidate per choice; `base` (a Gemini response) lends its `modelVersion`. */
export function geminiResponseOf(answer: Answer, base?: unknown): Json {
  const top = isObject(base) ? base : {};
  const response: Json = { candidates: answer.choices.map(candidateOf) };
  if (answer.usage) response.usageMetadata = usageOf(answer.usage);
  response.modelVersion = top.modelVersion ?? 'relay';
  return response;
}

function candidateOf(choice: AnswerChoice): Json {
  const parts: Json[] = [];
  // A thought part per signature (Gemini signs parts); the reasoning text goes in the first.
  if (choice.reasoning !== '' || choice.signatures.length > 0) {
    const signatures = choice.signatures.length > 0 ? choice.signatures : [null];
    signatures.forEach((signature, n) => parts.push({ text: n === 0 ? choice.reasoning : '', thought: true, ...(signature === null ? {} : { thoughtSignature: signature }) }));
  }
  if (choice.text !== '') parts.push({ text: choice.text });
  // Only the caller's function calls: a tool the provider ran, or a free-text tool, has no functionCall shape.
  for (const call of choice.toolCalls.filter((made) => made.kind === 'function')) {
    const functionCall: Json = { name: call.name, args: isObject(call.input) ? call.input : {} };
    if (call.id !== null) functionCall.id = call.id;
    parts.push({ functionCall });
  }
  const candidate: Json = { content: { parts, role: 'model' } };
  const reason = FINISH_REASON[choice.finish.class];
  if (reason !== null) candidate.finishReason = reason;
  candidate.index = choice.index;
  return candidate;
}

/** `promptTokenCount` counts cached tokens, as `input` does; `candidatesTokenCount` leaves out thinking, which `output` counts. */
function usageOf(usage: AnswerUsage): Json {
  const out: Json = { promptTokenCount: usage.input ?? 0, candidatesTokenCount: Math.max(0, (usage.output ?? 0) - (usage.reasoning ?? 0)) };
  if (usage.reasoning !== null) out.thoughtsTokenCount = usage.reasoning;
  if (usage.cacheRead !== null) out.cachedContentTokenCount = usage.cacheRead;
  out.totalTokenCount = usage.total ?? (usage.input ?? 0) + (usage.output ?? 0);
  return out;
}

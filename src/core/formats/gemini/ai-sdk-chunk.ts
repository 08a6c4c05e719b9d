// What the AI SDK's Google model accepts as a chunk, modelled from @ai-sdk/google@3.0.141 `chunkSchema` (src/
// google-generative-ai-language-model.ts) and `getGoogleErrorSchema`: zod objects, so unknown keys are stripped and
// only the named ones are checked. A part is the first of five shapes it fits (a function call, inline data, a
// server tool call, a server tool response, else text or code), and keeps only that shape's keys.
import { anything, arrayOf, isBoolean, isNumber, isObject, isString, nullable, nullish, numbers, objectOf, strings, type Check } from '../../clients/schema-checks.js';

/** Which of the schema's part shapes a part took, or null when it fits none (the whole chunk fails). */
export type GooglePartShape = 'functionCall' | 'inlineData' | 'toolCall' | 'toolResponse' | 'other';

const signed = { thoughtSignature: nullish(isString) };
const partialArg = objectOf({
  jsonPath: isString,
  stringValue: nullish(isString),
  numberValue: nullish(isNumber),
  boolValue: nullish(isBoolean),
  nullValue: anything,
  willContinue: nullish(isBoolean),
});
const PART_SHAPES: Array<[GooglePartShape, Check]> = [
  ['functionCall', objectOf({ ...signed, functionCall: objectOf({ id: nullish(isString), name: nullish(isString), args: anything, partialArgs: nullish(arrayOf(partialArg)), willContinue: nullish(isBoolean) }) })],
  ['inlineData', objectOf({ ...signed, inlineData: objectOf({ mimeType: isString, data: isString }), thought: nullish(isBoolean) })],
  ['toolCall', objectOf({ ...signed, toolCall: objectOf({ toolType: isString, args: anything, id: isString }) })],
  ['toolResponse', objectOf({ ...signed, toolResponse: objectOf({ toolType: isString, response: anything, id: isString }) })],
  [
    'other',
    objectOf({
      ...signed,
      executableCode: nullish(objectOf({ language: isString, code: isString })),
      codeExecutionResult: nullish(objectOf({ outcome: isString, output: nullish(isString) })),
      text: nullish(isString),
      thought: nullish(isBoolean),
    }),
  ],
];

/** The shape the schema's union gives `part`. */
export function partShapeOf(part: unknown): GooglePartShape | null {
  for (const [shape, check] of PART_SHAPES) if (check(part)) return shape;
  return null;
}

const safetyRating = objectOf({ category: nullish(isString), probability: nullish(isString), probabilityScore: nullish(isNumber), severity: nullish(isString), severityScore: nullish(isNumber), blocked: nullish(isBoolean) });
const grounding = objectOf({
  webSearchQueries: nullish(arrayOf(isString)),
  imageSearchQueries: nullish(arrayOf(isString)),
  retrievalQueries: nullish(arrayOf(isString)),
  searchEntryPoint: nullish(objectOf({ renderedContent: isString })),
  groundingChunks: nullish(
    arrayOf(
      objectOf({
        web: nullish(objectOf({ uri: isString, title: nullish(isString) })),
        image: nullish(objectOf({ sourceUri: isString, imageUri: isString, title: nullish(isString), domain: nullish(isString) })),
        retrievedContext: nullish(
          objectOf({
            uri: nullish(isString),
            title: nullish(isString),
            text: nullish(isString),
            fileSearchStore: nullish(isString),
            customMetadata: nullish(arrayOf(objectOf({ key: isString, stringValue: nullish(isString), numericValue: nullish(isNumber), stringListValue: nullish(objectOf({ values: nullish(arrayOf(isString)) })) }))),
          }),
        ),
        maps: nullish(strings('uri', 'title', 'text', 'placeId')),
      }),
    ),
  ),
  groundingSupports: nullish(
    arrayOf(
      objectOf({
        segment: nullish(objectOf({ startIndex: nullish(isNumber), endIndex: nullish(isNumber), text: nullish(isString) })),
        segment_text: nullish(isString),
        groundingChunkIndices: nullish(arrayOf(isNumber)),
        supportChunkIndices: nullish(arrayOf(isNumber)),
        confidenceScores: nullish(arrayOf(isNumber)),
        confidenceScore: nullish(arrayOf(isNumber)),
      }),
    ),
  ),
  // A union of `{ webDynamicRetrievalScore: number }` and `{}`: any object passes the second.
  retrievalMetadata: nullish(isObject),
});
const candidate = objectOf({
  content: nullish(objectOf({ parts: nullish(arrayOf((part) => partShapeOf(part) !== null)) })),
  finishReason: nullish(isString),
  finishMessage: nullish(isString),
  continuationToken: nullish(isString),
  safetyRatings: nullish(arrayOf(safetyRating)),
  groundingMetadata: nullish(grounding),
  urlContextMetadata: nullish(objectOf({ urlMetadata: nullish(arrayOf(objectOf({ retrievedUrl: isString, urlRetrievalStatus: isString }))) })),
});
const tokenDetails = nullish(arrayOf(objectOf({ modality: isString, tokenCount: isNumber })));
const usage = (value: unknown): boolean =>
  numbers('cachedContentTokenCount', 'thoughtsTokenCount', 'promptTokenCount', 'candidatesTokenCount', 'toolUsePromptTokenCount', 'totalTokenCount')(value) &&
  strings('trafficType', 'serviceTier')(value) &&
  objectOf({ promptTokensDetails: tokenDetails, cacheTokensDetails: tokenDetails, candidatesTokensDetails: tokenDetails, toolUsePromptTokensDetails: tokenDetails })(value);

/** `chunkSchema`: an in-stream error, or a response chunk (every key optional). */
export const isGoogleChunk: Check = objectOf({
  error: nullish(objectOf({ code: nullable(isNumber), message: isString, status: isString, details: nullish(arrayOf(anything)) })),
  responseId: nullish(isString),
  candidates: nullish(arrayOf(candidate)),
  usageMetadata: nullish(usage),
  promptFeedback: nullish(objectOf({ blockReason: nullish(isString), safetyRatings: nullish(arrayOf(safetyRating)) })),
});

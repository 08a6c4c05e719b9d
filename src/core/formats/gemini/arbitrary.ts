// Random Gemini responses (for fast-check), in the format's own shape; src/arbitraries hands fast-check in.
import { arbitraryParts, type FastCheckModule, type Json, type JsonArbitrary } from '../arbitrary-parts.js';

/** Gemini clients join adjacent text parts of the same kind, so a response never holds two in a row. */
function joinTexts(parts: Json[]): Json[] {
  const joined: Json[] = [];
  for (const part of parts) {
    const last = joined[joined.length - 1];
    if (last && typeof last.text === 'string' && typeof part.text === 'string' && last.thought === part.thought) joined[joined.length - 1] = { ...last, text: last.text + part.text };
    else joined.push(part);
  }
  return joined;
}

/** Non-streamed Gemini responses. */
export function arbitrary(fc: FastCheckModule): JsonArbitrary {
  const { text, name, args, count } = arbitraryParts(fc);
  const geminiPart = fc.oneof(
    text.map((value) => ({ text: value })),
    text.map((value) => ({ text: value, thought: true })),
    fc.tuple(name, args).map(([fn, input]) => ({ functionCall: { name: fn, args: input } })),
  );
  return fc
    .record({
      parts: fc.array(geminiPart, { minLength: 1, maxLength: 4 }),
      finish: fc.constantFrom('STOP', 'MAX_TOKENS', 'SAFETY', 'RECITATION'),
      usage: fc.option(fc.tuple(count, count), { nil: undefined }),
    })
    .map(({ parts, finish, usage }) => {
      const response: Json = { candidates: [{ content: { parts: joinTexts(parts), role: 'model' }, finishReason: finish, index: 0 }] };
      if (usage) response.usageMetadata = { promptTokenCount: usage[0], candidatesTokenCount: usage[1], totalTokenCount: usage[0] + usage[1] };
      response.modelVersion = 'gemini-2.5-flash';
      return response;
    });
}

// Round trip: a random non-streamed Responses response → synthesize() with random fragmenting → reconstruct() gives
// the same response back, with no finding but `incomplete` for an incomplete one; and the deltas alone, without any
// …done event or final object, rebuild the same answer.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createReconstruction, reconstruct, synthesize, type Reconstruction } from '../../../../src/index.js';

type Json = Record<string, unknown>;

const anyText = fc.string({ unit: 'binary', maxLength: 50 });
const idOf = (prefix: string) => fc.stringMatching(/^[a-z0-9]{4,12}$/).map((suffix) => `${prefix}_${suffix}`);

const urlCitation = fc.record({
  type: fc.constant('url_citation'),
  url: fc.webUrl(),
  title: anyText,
  start_index: fc.nat(100),
  end_index: fc.nat(100),
});
const outputText = fc.record({
  type: fc.constant('output_text'),
  text: anyText,
  annotations: fc.array(urlCitation, { maxLength: 2 }),
  logprobs: fc.constant([]),
});
const refusal = fc.record({ type: fc.constant('refusal'), refusal: anyText });
const message = fc.record({
  id: idOf('msg'),
  type: fc.constant('message'),
  status: fc.constant('completed'),
  role: fc.constant('assistant'),
  content: fc.array(fc.oneof(outputText, refusal), { minLength: 1, maxLength: 3 }),
});
const functionCall = fc.record({
  id: idOf('fc'),
  type: fc.constant('function_call'),
  status: fc.constant('completed'),
  call_id: idOf('call'),
  name: fc.stringMatching(/^[a-zA-Z_][a-zA-Z0-9_]{0,20}$/),
  // Arguments are JSON text (JSON.stringify never writes -0, so it parses back to an equal value).
  arguments: fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value)),
});
const reasoning = fc.record(
  {
    id: idOf('rs'),
    type: fc.constant('reasoning'),
    summary: fc.array(fc.record({ type: fc.constant('summary_text'), text: anyText }), { maxLength: 3 }),
    content: fc.array(fc.record({ type: fc.constant('reasoning_text'), text: anyText }), { maxLength: 2 }),
    encrypted_content: fc.base64String({ maxLength: 40 }),
  },
  { requiredKeys: ['id', 'type', 'summary'] },
);
const count = fc.nat({ max: 100_000 });
const usage = fc.record({
  input_tokens: count,
  input_tokens_details: fc.record({ cached_tokens: count }),
  output_tokens: count,
  output_tokens_details: fc.record({ reasoning_tokens: count }),
  total_tokens: count,
});
const ending = fc.oneof(
  fc.record({ status: fc.constant('completed'), incomplete_details: fc.constant(null), completed_at: fc.integer({ min: 1_700_000_000, max: 1_800_000_000 }) }),
  fc.record({
    status: fc.constant('incomplete'),
    incomplete_details: fc.record({ reason: fc.constantFrom('max_output_tokens', 'content_filter') }),
    completed_at: fc.constant(null),
  }),
);
/** No item holds text, a call or reasoning: then every output token is hidden reasoning (`usage without content`). */
function emptyTurn(output: Json[]): boolean {
  const texts = (parts: unknown) => (Array.isArray(parts) ? (parts as Json[]) : []).map((part) => part.text ?? part.refusal);
  return output.every((item) => item.type !== 'function_call' && [...texts(item.content), ...texts(item.summary)].every((text) => !text));
}

function hidden(counts: Json): Json {
  return { ...counts, output_tokens_details: { reasoning_tokens: counts.output_tokens } };
}

const response = fc
  .record({
    id: idOf('resp'),
    object: fc.constant('response'),
    created_at: fc.integer({ min: 1_700_000_000, max: 1_800_000_000 }),
    error: fc.constant(null),
    model: fc.constantFrom('gpt-5-2025-08-07', 'gpt-4o', 'salyro/any'),
    output: fc.array(fc.oneof(message, functionCall, reasoning), { maxLength: 4 }),
    usage,
    ending,
  })
  .map(({ ending: end, ...rest }) => ({ ...rest, ...end, usage: emptyTurn(rest.output as Json[]) ? hidden(rest.usage) : rest.usage }) as Json);

const fragmenting = fc.record({ pieceSize: fc.integer({ min: 1, max: 12 }), draws: fc.array(fc.nat(), { minLength: 1, maxLength: 40 }) }).map(({ pieceSize, draws }) => {
  let at = 0;
  return { pieceSize, random: (max: number) => 1 + ((draws[at++ % draws.length] ?? 0) % max) };
});

/** The findings a clean stream of this response may have: only `incomplete`, once, when it is incomplete. */
function expectedCounts(original: Json): Record<string, number> {
  return original.status === 'incomplete' ? { incomplete: 1 } : {};
}

function answer(result: Reconstruction) {
  const { text, refusal, reasoning, toolCalls } = result.choices[0]!;
  return { text, refusal, reasoning, toolCalls };
}

/** Takes out every …done event and the final event, and numbers what is left from 0 again. */
function deltasOnly(body: string): string {
  const kept = body
    .split('\n\n')
    .filter((frame) => frame !== '')
    .map((frame) => JSON.parse(frame.split('\n')[1]!.slice('data: '.length)) as Json)
    .filter((event) => !String(event.type).endsWith('.done') && !['response.completed', 'response.incomplete'].includes(String(event.type)));
  return kept.map((event, index) => `event: ${String(event.type)}\ndata: ${JSON.stringify({ ...event, sequence_number: index })}\n\n`).join('');
}

describe('Responses round trip', () => {
  it('synthesize → reconstruct gives the same response, with no finding but incomplete', () => {
    fc.assert(
      fc.property(response, fragmenting, (original, options) => {
        const result = reconstruct(synthesize('responses', original, options));
        expect(result.format).toBe('responses');
        expect(result.response).toEqual(original);
        expect(result.findingCounts).toEqual(expectedCounts(original));
        expect(result.verdict).toBe('complete');
        expect(result.usage).toEqual(original.usage);
        const reason = (original.incomplete_details as { reason?: string } | null)?.reason;
        expect(result.choices[0]!.finishReason).toBe(reason ? `incomplete:${reason}` : 'completed');
        expect(result.outcome).toBe(reason === 'max_output_tokens' ? 'length_limit' : reason === 'content_filter' ? 'filtered' : 'ok');
      }),
      { numRuns: 200 },
    );
  });

  it('gives the same response when the bytes arrive in random chunks', () => {
    fc.assert(
      fc.property(response, fragmenting, fc.array(fc.integer({ min: 1, max: 64 }), { minLength: 1, maxLength: 20 }), (original, options, sizes) => {
        const bytes = new TextEncoder().encode(synthesize('responses', original, options));
        const session = createReconstruction();
        for (let at = 0, turn = 0; at < bytes.length; turn += 1) {
          const size = sizes[turn % sizes.length]!;
          session.push(bytes.subarray(at, at + size));
          at += size;
        }
        const result = session.end();
        expect(result.response).toEqual(original);
        expect(result.findingCounts).toEqual(expectedCounts(original));
      }),
      { numRuns: 100 },
    );
  });

  it('the deltas alone rebuild the same answer: no done event and no final object needed', () => {
    fc.assert(
      fc.property(response, fragmenting, (original, options) => {
        const body = synthesize('responses', original, options);
        const whole = reconstruct(body);
        const partial = reconstruct(deltasOnly(body));
        expect(answer(partial)).toEqual(answer(whole));
        const items = (original.output as unknown[]).length;
        expect(partial.findingCounts).toEqual({ 'no end': 1, ...(items > 0 ? { 'block open': items } : {}) });
        expect(partial.choices[0]!.finishReason).toBe('in_progress');
        expect((partial.response as Json).status).toBe('in_progress');
      }),
      { numRuns: 100 },
    );
  });
});

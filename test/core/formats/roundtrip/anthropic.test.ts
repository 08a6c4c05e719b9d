import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reconstruct, synthesize } from '../../../../src/index.js';

/** A seeded generator, so fast-check can shrink a failing cut to the smallest one. */
function seeded(seed: number): (max: number) => number {
  let state = seed >>> 0;
  return (max) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const unit = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    return 1 + Math.floor(unit * max);
  };
}

/** Cuts bytes at random places, as a network would: inside frames, lines and multi-byte characters. */
function chunks(bytes: Uint8Array, random: (max: number) => number): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; ) {
    const size = random(64);
    out.push(bytes.subarray(at, at + size));
    at += size;
  }
  return out;
}

const anyText = fc.string({ unit: 'binary', maxLength: 60 });
const name = fc.stringMatching(/^[a-zA-Z_][a-zA-Z0-9_]{0,20}$/);
const count = fc.nat({ max: 100_000 });

const citation = fc.record({
  type: fc.constant('char_location'),
  cited_text: anyText,
  document_index: fc.nat(5),
  document_title: fc.option(anyText),
  start_char_index: count,
  end_char_index: count,
  file_id: fc.constant(null),
});

const textBlock = fc.oneof(
  fc.record({ type: fc.constant('text'), text: anyText }),
  fc.record({ type: fc.constant('text'), text: anyText, citations: fc.oneof(fc.constant(null), fc.array(citation, { minLength: 1, maxLength: 3 })) }),
);
/** Every thinking block the API sends is signed: one without a signature cannot go back on the next turn. */
const thinkingBlock = fc.record({ type: fc.constant('thinking'), thinking: anyText, signature: fc.base64String({ minLength: 4, maxLength: 40 }) });
/** JSON as it travels: what JSON.stringify writes and JSON.parse reads back (-0 arrives as 0). */
const wireJson = (maxDepth: number) => fc.jsonValue({ maxDepth }).map((value) => JSON.parse(JSON.stringify(value)) as unknown);

const toolBlock = fc.record({
  type: fc.constant('tool_use'),
  id: name.map((suffix) => `toolu_${suffix}`),
  name,
  input: fc.dictionary(anyText, wireJson(3), { maxKeys: 5 }),
});
const serverToolBlock = fc.record({
  type: fc.constant('server_tool_use'),
  id: name.map((suffix) => `srvtoolu_${suffix}`),
  name: fc.constantFrom('web_search', 'code_execution'),
  input: fc.dictionary(name, wireJson(2), { maxKeys: 3 }),
});
const redactedBlock = fc.record({ type: fc.constant('redacted_thinking'), data: fc.base64String({ maxLength: 40 }) });

const usage = fc.record(
  {
    input_tokens: count,
    output_tokens: count,
    cache_creation_input_tokens: fc.option(count),
    cache_read_input_tokens: fc.option(count),
    service_tier: fc.constantFrom('standard', 'priority', null),
    server_tool_use: fc.option(fc.record({ web_search_requests: fc.nat(9) })),
  },
  { requiredKeys: ['input_tokens', 'output_tokens'] },
);

const stopReason = fc.constantFrom('end_turn', 'max_tokens', 'stop_sequence', 'tool_use', 'pause_turn', 'refusal', 'model_context_window_exceeded');

const message = fc.record(
  {
    id: name.map((suffix) => `msg_${suffix}`),
    type: fc.constant('message'),
    role: fc.constant('assistant'),
    model: fc.constantFrom('claude-sonnet-4-5', 'claude-opus-4-8', 'claude-haiku-4-5'),
    content: fc.array(fc.oneof(textBlock, thinkingBlock, toolBlock, serverToolBlock, redactedBlock), { maxLength: 6 }),
    stop_reason: stopReason,
    stop_sequence: fc.option(anyText),
    stop_details: fc.constant(null),
    container: fc.option(fc.record({ id: name, expires_at: fc.constant('2026-01-01T00:00:00Z') })),
    usage,
  },
  { requiredKeys: ['id', 'type', 'role', 'model', 'content', 'stop_reason', 'stop_sequence', 'usage'] },
)
  .map((drawn) => (drawn.stop_reason === 'tool_use' && !drawn.content.some((block) => block.type === 'tool_use') ? { ...drawn, stop_reason: 'end_turn' } : drawn))
  // A message that holds nothing counts no more than an empty turn's few tokens (`usage without content`).
  .map((drawn) => (drawn.content.every((block) => block.type === 'text' && block.text === '') ? { ...drawn, usage: { ...drawn.usage, output_tokens: Math.min(drawn.usage.output_tokens, 3) } } : drawn));

describe('Anthropic round trip: Message → synthesize → reconstruct', () => {
  it('gives back the same Message, with no finding, complete', () => {
    fc.assert(
      fc.property(message, fc.integer({ min: 1, max: 24 }), fc.integer(), (original, pieceSize, seed) => {
        const random = seeded(seed);
        const body = synthesize('anthropic', original, { pieceSize, random });
        const result = reconstruct(chunks(new TextEncoder().encode(body), random));
        expect(result.findings).toEqual([]);
        expect(result.verdict).toBe('complete');
        expect(result.format).toBe('anthropic');
        // JSON has no -0: what crosses the wire is the Message as JSON writes it.
        expect(result.response).toEqual(JSON.parse(JSON.stringify(original)));
        expect(result.choices[0]!.finishReason).toBe(original.stop_reason);
        const calls = original.content.filter((block) => block.type === 'tool_use');
        expect(result.choices[0]!.toolCalls.map((call) => call.input)).toEqual(calls.map((block) => block.input));
      }),
      { numRuns: 300 },
    );
  });

  it('cuts the text into the pieces it was asked for', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 200 }), fc.integer({ min: 1, max: 10 }), (text, pieceSize) => {
        const original = { id: 'msg_x', type: 'message', role: 'assistant', model: 'm', content: [{ type: 'text', text }], stop_reason: 'end_turn', stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 } };
        const result = reconstruct(synthesize('anthropic', original, { pieceSize }));
        const deltas = result.frames.filter((frame) => frame.carried.startsWith('text +'));
        expect(deltas).toHaveLength(Math.ceil(text.length / pieceSize));
        expect(result.choices[0]!.text).toBe(text);
      }),
      { numRuns: 100 },
    );
  });
});

type Block = { type: string };
type Payload = { type: string; index?: number; delta?: { type: string } };

/** The synthesized stream as payloads, so a fault can be written into it. */
function payloadsOf(original: unknown): Payload[] {
  const body = synthesize('anthropic', original, { pieceSize: 7 });
  return body.split('\n\n').filter(Boolean).map((frame) => JSON.parse(frame.split('\n')[1]!.slice(6)) as Payload);
}

function bodyOf(payloads: Payload[]): string {
  return payloads.map((payload) => `event: ${payload.type}\ndata: ${JSON.stringify(payload)}\n\n`).join('');
}

const WRONG_DELTA: Record<string, object[]> = {
  text: [{ type: 'input_json_delta', partial_json: '{}' }, { type: 'thinking_delta', thinking: 'x' }, { type: 'signature_delta', signature: 's' }],
  thinking: [{ type: 'text_delta', text: 'x' }, { type: 'input_json_delta', partial_json: '{' }, { type: 'citations_delta', citation: { type: 'char_location' } }],
  tool_use: [{ type: 'text_delta', text: 'x' }, { type: 'thinking_delta', thinking: 'x' }, { type: 'signature_delta', signature: 's' }],
  server_tool_use: [{ type: 'text_delta', text: 'x' }, { type: 'citations_delta', citation: { type: 'char_location' } }],
};

describe('Anthropic faults written into a clean stream', () => {
  it('a delta sent to a block of another kind is a delta mismatch, and the rest of the message stands', () => {
    fc.assert(
      fc.property(message, fc.nat(), fc.nat(), (original, pick, kind) => {
        const blocks = (original.content as Block[]).map((block, index) => ({ block, index })).filter(({ block }) => block.type in WRONG_DELTA);
        fc.pre(blocks.length > 0);
        const { block, index } = blocks[pick % blocks.length]!;
        const wrong = WRONG_DELTA[block.type]!;
        const payloads = payloadsOf(original);
        const stopAt = payloads.findIndex((payload) => payload.type === 'content_block_stop' && payload.index === index);
        payloads.splice(stopAt, 0, { type: 'content_block_delta', index, delta: wrong[kind % wrong.length] as { type: string } });
        const result = reconstruct(bodyOf(payloads));
        expect(result.findingCounts).toEqual({ 'delta mismatch': 1 });
        expect(result.findings[0]!.severity).toBe('error');
        expect(result.response).toEqual(JSON.parse(JSON.stringify(original)));
      }),
      { numRuns: 200 },
    );
  });

  it('a thinking block whose signature_delta was dropped is named, once per block', () => {
    fc.assert(
      fc.property(message, (original) => {
        const thinking = (original.content as Block[]).filter((block) => block.type === 'thinking').length;
        fc.pre(thinking > 0);
        const payloads = payloadsOf(original).filter((payload) => payload.delta?.type !== 'signature_delta');
        const result = reconstruct(bodyOf(payloads));
        expect(result.findingCounts['signature missing']).toBe(thinking);
        // Unsigned and empty, a thinking block is no output: the count then names content that never came.
        expect(Object.keys(result.findingCounts).filter((code) => code !== 'signature missing' && code !== 'usage without content')).toEqual([]);
        expect(result.choices[0]!.reasoning).toBe((original.content as { type: string; thinking?: string }[]).filter((block) => block.type === 'thinking').map((block) => block.thinking).join(''));
      }),
      { numRuns: 100 },
    );
  });

  it('stop_reason tool_use with no tool_use block is a finish mismatch', () => {
    fc.assert(
      fc.property(message, (original) => {
        const content = (original.content as Block[]).filter((block) => block.type !== 'tool_use');
        const result = reconstruct(synthesize('anthropic', { ...original, content, stop_reason: 'tool_use' }));
        expect(result.findingCounts).toMatchObject({ 'finish mismatch': 1 });
        expect(result.findingCounts['delta mismatch']).toBeUndefined();
      }),
      { numRuns: 100 },
    );
  });
});

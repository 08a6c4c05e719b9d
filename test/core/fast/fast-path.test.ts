// The template fast path (src/core/fast/templates.ts) must never change a result: every stream is read with
// it on and off, and the whole reconstruction (frames, findings, response) must be the same.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ciRuns } from '../../setup/runs.js';
import { build, learnTemplate } from '../../../src/core/fast/templates.js';
import { fastSettings, reconstructWith, sessionWith } from './fast-session.js';
import { type FormatName, type ReconstructOptions, synthesize } from '../../../src/index.js';

function readWith(enabled: boolean, input: string | Uint8Array[], options: ReconstructOptions = {}): string {
  return JSON.stringify(reconstructWith(fastSettings(enabled), input, options));
}

function expectSame(input: string, options: ReconstructOptions = {}): void {
  expect(readWith(true, input, options)).toBe(readWith(false, input, options));
}

function fixtureFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return fixtureFiles(path);
    return entry.name.endsWith('.sse') ? [path] : [];
  });
}

describe('fast path on recorded streams', () => {
  const files = fixtureFiles(join(import.meta.dirname, '../../../fixtures/recorded'));
  it('finds the recorded streams', () => expect(files.length).toBeGreaterThan(20));
  it.each(files)('%s reads the same with the fast path on and off', (file) => {
    const text = readFileSync(file, 'utf8');
    expectSame(text);
    expectSame(text, { frames: false });
  });
});

const text = fc.string({ unit: 'binary', maxLength: 80 });
const id = fc.stringMatching(/^[a-z0-9]{4,10}$/);

const chatResponse = fc.record({ id, content: text, args: fc.option(fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value)), { nil: undefined }) }).map(({ id: suffix, content, args }) => ({
  id: `chatcmpl-${suffix}`,
  object: 'chat.completion',
  created: 1_700_000_000,
  model: 'gpt-4o',
  choices: [
    {
      index: 0,
      message: { role: 'assistant', content, refusal: null, ...(args === undefined ? {} : { tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'f', arguments: args } }] }) },
      logprobs: null,
      finish_reason: args === undefined ? 'stop' : 'tool_calls',
    },
  ],
  usage: { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 },
}));

const anthropicResponse = fc.record({ id, content: text, input: fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }) }).map(({ id: suffix, content, input }) => ({
  id: `msg_${suffix}`,
  type: 'message',
  role: 'assistant',
  model: 'claude-sonnet-4-5',
  content: [
    { type: 'text', text: content },
    { type: 'tool_use', id: 'toolu_1', name: 'f', input },
  ],
  stop_reason: 'tool_use',
  stop_sequence: null,
  usage: { input_tokens: 5, output_tokens: 9 },
}));

const responsesResponse = fc.record({ id, content: text, args: fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value)) }).map(({ id: suffix, content, args }) => ({
  id: `resp_${suffix}`,
  object: 'response',
  created_at: 1_700_000_000,
  error: null,
  model: 'gpt-5',
  output: [
    { id: `msg_${suffix}`, type: 'message', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: content, annotations: [], logprobs: [] }] },
    { id: `fc_${suffix}`, type: 'function_call', status: 'completed', call_id: 'call_1', name: 'f', arguments: args },
  ],
  usage: { input_tokens: 1, input_tokens_details: { cached_tokens: 0 }, output_tokens: 2, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 3 },
  status: 'completed',
  incomplete_details: null,
  completed_at: 1_700_000_001,
}));

const streams: Array<[FormatName, fc.Arbitrary<unknown>]> = [
  ['chat-completions', chatResponse],
  ['anthropic', anthropicResponse],
  ['responses', responsesResponse],
];

const fragmenting = fc.record({ pieceSize: fc.integer({ min: 1, max: 12 }), draws: fc.array(fc.nat(), { minLength: 1, maxLength: 30 }) });

/** Ways to break a frame's template: each gives other JSON text (or no JSON) for the frame's data. */
const MUTATIONS: Array<(data: string) => string> = [
  (data) => reversedKeys(data),
  (data) => data.replace(/"(content|text|partial_json|delta|arguments)":"/, '"$1":"\\u0041\\"\\n\u2028'),
  (data) => data.replace(/^\{/, '{"extra":1,'),
  (data) => data.replace('"index":0', '"index":1'),
  (data) => data.replace(/"sequence_number":(\d+)/, '"sequence_number":$1.0'),
  (data) => data.replace(/"sequence_number":(\d+)/, '"sequence_number":0$1'),
  (data) => data.replace(/"finish_reason":null/, '"finish_reason":"stop"'),
  (data) => data.replace(/\}$/, ',"usage":{"prompt_tokens":1}}'),
  (data) => data.replace(/\}$/, ',"type":"ping"}'),
  (data) => data.replace(/":"/, '": "'),
  (data) => data.replace(/"(content|text|partial_json|delta)":"/, '"$1":"\u0001'),
  (data) => data.replace(/"(content|text|partial_json|delta)":"([^"\\]*)"/, '"$1":"$2\\"'),
  (data) => data.slice(0, -2),
];

/** The same object with its keys in reverse order; data that does not parse (an earlier mutation) stays. */
function reversedKeys(data: string): string {
  try {
    return JSON.stringify(Object.fromEntries(Object.entries(JSON.parse(data) as object).reverse()));
  } catch {
    return data;
  }
}

function mutate(stream: string, picks: Array<[number, number]>): string {
  const lines = stream.split('\n');
  const dataLines = lines.flatMap((line, at) => (line.startsWith('data: {') ? [at] : []));
  for (const [where, how] of picks) {
    const at = dataLines[where % Math.max(1, dataLines.length)];
    if (at === undefined) continue;
    const mutation = MUTATIONS[how % MUTATIONS.length]!;
    lines[at] = `data: ${mutation((lines[at] ?? '').slice(6))}`;
  }
  return lines.join('\n');
}

/** The stream's bytes cut into chunks; `sizeOf` turns each draw into a chunk size (1 to 97 bytes by default). */
function cut(stream: string, sizes: number[], sizeOf = (draw: number) => 1 + (draw % 97)): Uint8Array[] {
  const bytes = new TextEncoder().encode(stream);
  const out: Uint8Array[] = [];
  for (let at = 0, i = 0; at < bytes.length; i += 1) {
    const size = sizeOf(sizes[i % sizes.length] ?? 0);
    out.push(bytes.subarray(at, at + size));
    at += size;
  }
  return out;
}

describe.each(streams)('fast path on generated %s streams', (format, response) => {
  it('reads a synthesized stream the same with the fast path on and off', () => {
    fc.assert(
      fc.property(response, fragmenting, fc.array(fc.nat(), { minLength: 1, maxLength: 5 }), (value, { pieceSize, draws }, sizes) => {
        let at = 0;
        const stream = synthesize(format, value, { pieceSize, random: (max) => 1 + ((draws[at++ % draws.length] ?? 0) % max) });
        expectSame(stream);
        expectSame(stream, { format });
        expect(readWith(true, cut(stream, sizes))).toBe(readWith(false, cut(stream, sizes)));
      }),
      { numRuns: ciRuns(60) },
    );
  });

  it('reads streams with frames that break the template the same with the fast path on and off', () => {
    fc.assert(
      fc.property(response, fc.integer({ min: 1, max: 6 }), fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 1, maxLength: 4 }), (value, pieceSize, picks) => {
        const stream = mutate(synthesize(format, value, { pieceSize }), picks);
        expectSame(stream);
        expectSame(stream, { frames: false });
      }),
      { numRuns: ciRuns(150) },
    );
  });
});

/** Ways to break the order of a stream's frames, for the fast actions that depend on what came before. */
const FRAME_MOVES: Array<(frames: string[], from: number, to: number) => void> = [
  (frames, from) => void frames.splice(from, 1),
  (frames, from, to) => void frames.splice(to, 0, frames[from] ?? ''),
  (frames, from, to) => void frames.splice(to, 0, ...frames.splice(from, 1)),
  (frames, from) => void (frames[from] = (frames[from] ?? '').replace(/^event: .*\n/, '')),
  (frames, from) => void (frames[from] = (frames[from] ?? '').replace(/^event: .*\n/, 'event: message\n')),
  (frames, from) => void (frames[from] = `id: ${from}\n${frames[from] ?? ''}`),
  (frames, from) => void (frames[from] = `: keep-alive\n${frames[from] ?? ''}`),
  (frames, from) => void (frames[from] = (frames[from] ?? '').replace(/^(event: .*)\n(data: .*)$/, '$2\n$1')),
];

function moveFrames(stream: string, moves: Array<[number, number, number]>, crlf: boolean): string {
  const frames = stream.split('\n\n').filter((frame) => frame !== '');
  for (const [how, from, to] of moves) FRAME_MOVES[how % FRAME_MOVES.length]!(frames, from % frames.length, to % (frames.length + 1));
  const text = frames.map((frame) => `${frame}\n\n`).join('');
  return crlf ? text.replaceAll('\n', '\r\n') : text;
}

/** Two interleaved choices with reasoning, a refusal and two tool calls: every delta the chat fast action takes. */
const chatChoicesResponse = fc.record({ id, content: text, reasoning: text, refusal: text, args: fc.array(fc.jsonValue({ maxDepth: 1 }).map((value) => JSON.stringify(value)), { minLength: 2, maxLength: 2 }) }).map(
  ({ id: suffix, content, reasoning, refusal, args }) => ({
    id: `chatcmpl-${suffix}`,
    object: 'chat.completion',
    created: 1_700_000_000,
    model: 'deepseek-reasoner',
    choices: [
      { index: 0, message: { role: 'assistant', content, reasoning_content: reasoning, refusal: null }, logprobs: null, finish_reason: 'stop' },
      {
        index: 1,
        message: { role: 'assistant', content: null, refusal, tool_calls: args.map((json, i) => ({ id: `call_${i}`, type: 'function', function: { name: `f${i}`, arguments: json } })) },
        logprobs: null,
        finish_reason: 'tool_calls',
      },
    ],
  }),
);

describe.each([...streams, ['chat-completions', chatChoicesResponse] as [FormatName, fc.Arbitrary<unknown>]])('frame lane on generated %s streams with frames out of place', (format, response) => {
  it('reads them the same with the fast path on and off, whole and in chunks', () => {
    fc.assert(
      fc.property(
        response,
        fc.integer({ min: 1, max: 6 }),
        fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat()), { minLength: 1, maxLength: 5 }),
        fc.boolean(),
        fc.array(fc.integer({ min: 100, max: 5000 }), { minLength: 1, maxLength: 4 }),
        (value, pieceSize, moves, crlf, sizes) => {
          const stream = moveFrames(synthesize(format, value, { pieceSize }), moves, crlf);
          expectSame(stream);
          expectSame(stream, { format });
          expectSame(stream, { frames: false });
          // Chunks of 100 bytes and more: whole frames sit inside one, where the lane takes them.
          const chunks = cut(stream, sizes, (draw) => draw);
          expect(readWith(true, chunks)).toBe(readWith(false, chunks));
        },
      ),
      { numRuns: ciRuns(150) },
    );
  });
});

/**
 * Gemini as it streams: a frame per piece, each with the running usage (its counts are holes), thought pieces first,
 * a candidate index that may change, and the finish reason in the last frame.
 */
const geminiStream = fc
  .record({
    thoughts: fc.array(text, { maxLength: 4 }),
    pieces: fc.array(fc.tuple(text, fc.nat(1)), { minLength: 1, maxLength: 12 }),
    spaced: fc.boolean(),
  })
  .map(({ thoughts, pieces, spaced }) => {
    const frames = [...thoughts.map((piece) => [piece, 0, true] as const), ...pieces.map(([piece, index]) => [piece, index, false] as const)].map(([piece, index, thought], at) => {
      const part = thought ? { text: piece, thought: true } : { text: piece };
      const usage = { promptTokenCount: 5, candidatesTokenCount: at + 1, totalTokenCount: at + 6 };
      return { candidates: [{ content: { parts: [part], role: 'model' }, index }], usageMetadata: usage, modelVersion: 'gemini-2.5-flash', responseId: 'r1' };
    });
    frames.push({ candidates: [{ content: { parts: [{ text: '' }], role: 'model' }, finishReason: 'STOP', index: 0 }] } as never);
    return frames.map((frame) => `data: ${spaced ? JSON.stringify(frame, null, 1).replaceAll('\n', '') : JSON.stringify(frame)}\n\n`).join('');
  });

describe('frame lane on Gemini streams with running usage, frames out of place', () => {
  it('reads them the same with the fast path on and off', () => {
    fc.assert(
      fc.property(geminiStream, fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat()), { maxLength: 4 }), fc.boolean(), (stream, moves, crlf) => {
        const moved = moveFrames(stream, moves, crlf);
        expectSame(moved);
        expectSame(moved, { format: 'gemini', frames: false });
      }),
      { numRuns: ciRuns(300) },
    );
  });
});

describe('frame lane on live streams', () => {
  function readLive(enabled: boolean, chunks: Uint8Array[]): string {
    const session = sessionWith(fastSettings(enabled));
    chunks.forEach((chunk, i) => session.push(chunk, 1_000 + i * 250));
    return JSON.stringify(session.end());
  }

  it.each(streams)('gives every %s frame its arrival time, the same with the fast path on and off', (format, response) => {
    const value = fc.sample(response, { numRuns: 1, seed: 11 })[0] as Record<string, unknown>;
    const long = JSON.parse(JSON.stringify(value).replaceAll(/"(text|content)":"[^"]*"/g, `"$1":"${'word, '.repeat(200)}"`)) as unknown;
    const chunks = cut(synthesize(format, long, { pieceSize: 3 }), [700, 1300], (size) => size);
    const live = readLive(true, chunks);
    expect(live).toBe(readLive(false, chunks));
    expect((JSON.parse(live) as { frames: Array<{ elapsedMs?: number }> }).frames.every((frame) => typeof frame.elapsedMs === 'number')).toBe(true);
  });
});

describe('frame lanes and the held bound', () => {
  // A hot delta frame past `maxHeldChars`, after frames of its shape the lane has learned: the stream stops there,
  // as it does line by line, whatever the frame's shape.
  const chatChunk = (content: string) => `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;
  const ollamaLine = (content: string) => `${JSON.stringify({ model: 'm', created_at: `t${content.length}`, message: { role: 'assistant', content }, done: false })}\n`;

  it.each([
    ['an SSE frame', chatChunk, 'data: [DONE]\n\n'],
    ['an NDJSON line', ollamaLine, `${JSON.stringify({ model: 'm', created_at: 't', message: { role: 'assistant', content: '' }, done: true, done_reason: 'stop' })}\n`],
  ] as const)('stops at %s past the bound, with the fast path on and off', (_what, frame, end) => {
    const stream = Array.from({ length: 20 }, (_, i) => frame(`hello ${i}`)).join('') + frame('x'.repeat(3000)) + frame('after') + end;
    const on = reconstructWith(fastSettings(true), stream, { maxHeldChars: 1000 });
    expect(on.findingCounts['too large']).toBe(1);
    expect(JSON.stringify(on)).toBe(readWith(false, stream, { maxHeldChars: 1000 }));
  });
});

describe('fast path counts', () => {
  it.each(streams)('takes most frames of a long %s stream', (format, response) => {
    const value = fc.sample(response, { numRuns: 1, seed: 7 })[0] as Record<string, unknown>;
    const long = JSON.parse(JSON.stringify(value).replaceAll(/"(text|content)":"[^"]*"/g, `"$1":"${'word, '.repeat(400)}"`)) as unknown;
    const stream = synthesize(format, long, { pieceSize: 4 });
    const fast = fastSettings();
    const result = reconstructWith(fast, stream);
    expect(result.findings).toEqual([]);
    expect(fast.counts.built).toBeGreaterThan(result.frames.length * 0.8);
  });

  it('takes most frames of a long Gemini stream with running usage, whole frames in 64 KiB chunks', () => {
    const pieces = Array.from({ length: 2000 }, (_, i) => ({ candidates: [{ content: { parts: [{ text: ` word ${i}, "quoted" \\ ` }], role: 'model' }, index: 0 }], usageMetadata: { promptTokenCount: 5, candidatesTokenCount: i + 1, totalTokenCount: i + 6 }, modelVersion: 'gemini-2.5-flash' }));
    const last = { candidates: [{ content: { parts: [{ text: '.' }], role: 'model' }, finishReason: 'STOP', index: 0 }], usageMetadata: { promptTokenCount: 5, candidatesTokenCount: 2001, totalTokenCount: 2006 } };
    const text = [...pieces, last].map((frame) => `data: ${JSON.stringify(frame)}\r\n\r\n`).join('');
    const fast = fastSettings();
    const result = reconstructWith(fast, cut(text, [65_536], (size) => size));
    expect(fast.counts.built).toBeGreaterThan(result.frameCount * 0.9);
    expect(result.findings.map((finding) => finding.code)).toEqual(['crlf']);
    expect(result.usage).toEqual(last.usageMetadata);
    expect(result.choices[0]?.text).toBe(`${pieces.map((frame) => frame.candidates[0]!.content.parts[0]!.text).join('')}.`);
    expect(readWith(true, text)).toBe(readWith(false, text));
  });

  it('takes most frames of a long chat text stream', () => {
    const content = 'The quick brown fox "jumps" over the lazy dog.\n'.repeat(200);
    const stream = synthesize('chat-completions', {
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created: 1,
      model: 'gpt-4o',
      choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, logprobs: null, finish_reason: 'stop' }],
    }, { pieceSize: 5 });
    const fast = fastSettings();
    const result = reconstructWith(fast, stream);
    const built = fast.counts.built;
    expect(result.choices[0]?.text).toBe(content);
    expect(result.findings).toEqual([]);
    expect(built).toBeGreaterThan(result.frames.length * 0.9);
    const off = fastSettings(false);
    reconstructWith(off, stream);
    expect(off.counts.built).toBe(0);
  });
});

describe('templates', () => {
  // `text` and `thinking` stand in for the delta here (two string holes and a counter).
  const data = '{"type":"response.output_text.delta","sequence_number":12,"item_id":"msg_1","output_index":0,"text":"Hi","thinking":"ab"}';
  const template = learnTemplate(data, JSON.parse(data));

  it('decodes escaped string holes as JSON.parse does, and turns down what JSON.parse rejects', () => {
    const text = learnTemplate('{"text":"a"}', { text: 'a' })!;
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.boolean(), (value, asUnicode) => {
        let body = JSON.stringify(value).slice(1, -1);
        if (asUnicode) body = body.replace(/[^\x20-\x7e]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()}`);
        expect(build(text, `{"text":"${body}"}`)).toEqual({ text: value });
      }),
      { numRuns: ciRuns(2000) },
    );
    for (const bad of ['\\x', '\\u12g4', '\\u12', '\\']) expect(build(text, `{"text":"${bad}"}`)).toBeUndefined();
  });

  it('learns the delta, the counter and the noise as holes', () => {
    expect(template?.kinds).toEqual(['number', 'string', 'string']);
  });

  it.each([
    '{"type":"response.output_text.delta","sequence_number":13,"item_id":"msg_1","output_index":0,"text":"a\\u00e9\\"\\\\b","thinking":"x"}',
    '{"type":"response.output_text.delta","sequence_number":0,"item_id":"msg_1","output_index":0,"text":"","thinking":""}',
  ])('builds the value JSON.parse gives: %s', (frame) => {
    expect(JSON.stringify(build(template!, frame))).toBe(JSON.stringify(JSON.parse(frame)));
  });

  it.each([
    '{"type":"response.output_text.delta","sequence_number":1.5,"item_id":"msg_1","output_index":0,"text":"a","thinking":"x"}',
    '{"type":"response.output_text.delta","sequence_number":-1,"item_id":"msg_1","output_index":0,"text":"a","thinking":"x"}',
    '{"type":"response.output_text.delta","sequence_number":01,"item_id":"msg_1","output_index":0,"text":"a","thinking":"x"}',
    '{"type":"response.output_text.delta","sequence_number":1,"item_id":"msg_2","output_index":0,"text":"a","thinking":"x"}',
    '{"type":"response.output_text.delta","sequence_number":1,"item_id":"msg_1","output_index":0,"text":"a\nb","thinking":"x"}',
    '{"type":"response.output_text.delta","sequence_number":1,"item_id":"msg_1","output_index":0,"text":"a","thinking":"x","extra":1}',
    '{"sequence_number":1,"type":"response.output_text.delta","item_id":"msg_1","output_index":0,"text":"a","thinking":"x"}',
    '{"type":"response.output_text.delta","sequence_number":1,"item_id":"msg_1","output_index":0,"text":"a\\q","thinking":"x"}',
  ])('leaves a frame that does not fit to JSON.parse: %s', (frame) => {
    expect(build(template!, frame)).toBeUndefined();
  });

  it('learns nothing where a duplicate key hides the delta', () => {
    const hidden = '{"choices":[{"delta":{"content":"a"},"delta":{"role":"assistant"}}]}';
    expect(learnTemplate(hidden, JSON.parse(hidden))).toBeNull();
  });

  it('gives fresh objects: nothing is shared between frames', () => {
    const chunk = '{"choices":[{"index":0,"delta":{"content":"a"},"logprobs":{"tokens":[]}}]}';
    const learned = learnTemplate(chunk, JSON.parse(chunk))!;
    const first = build(learned, chunk) as { choices: Array<{ logprobs: { tokens: unknown[] } }> };
    first.choices[0]!.logprobs.tokens.push(1);
    expect(build(learned, chunk)).toEqual(JSON.parse(chunk));
  });

  it("takes Responses' delta and obfuscation as holes, and a Chat or Anthropic delta object as none", () => {
    const responses = '{"type":"response.output_text.delta","content_index":0,"delta":" that","item_id":"msg_1","logprobs":[],"obfuscation":"sGoB","output_index":0,"sequence_number":4}';
    expect(learnTemplate(responses, JSON.parse(responses))?.kinds).toEqual(['string', 'string', 'number']);
    const next = responses.replace(' that', ' \\"next\\"').replace('sGoB', 'Qx').replace(':4}', ':5}');
    expect(build(learnTemplate(responses, JSON.parse(responses))!, next)).toEqual(JSON.parse(next));
    const anthropic = '{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hi"}}';
    expect(learnTemplate(anthropic, JSON.parse(anthropic))?.kinds).toEqual(['string']);
  });

  it('finds holes after a colon with spaces, as Gemini writes its JSON', () => {
    const gemini = '{"candidates": [{"content": {"parts": [{"text": "Hello"}],"role": "model"},"index": 0}],"usageMetadata": {"candidatesTokenCount": 12, "totalTokenCount": 30}}';
    const learned = learnTemplate(gemini, JSON.parse(gemini));
    expect(learned?.kinds).toEqual(['string', 'number', 'number']);
    const next = gemini.replace('"Hello"', '"a\\nb"').replace(': 12,', ': 13,').replace(': 30}', ': 31}');
    expect(build(learned!, next)).toEqual(JSON.parse(next));
    expect(build(learned!, gemini.replace('"text": "Hello"', '"text":  "Hello"'))).toBeUndefined();
  });

  it('keeps a __proto__ key out of templates', () => {
    const chunk = '{"__proto__":{"x":1},"delta":"a"}';
    expect(learnTemplate(chunk, JSON.parse(chunk))).toBeNull();
  });
});

// A long frame that repeats a string the assembly holds is parsed around it (src/core/fast/known-strings.ts). The
// value must be the one JSON.parse gives, whatever the frame's text: found as a whole token, or left to JSON.parse.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KNOWN_STRING_LENGTH, KnownStrings } from '../../../src/core/fast/known-strings.js';
import { reconstruct } from '../../../src/core/reconstruct.js';
import { fastSettings, reconstructWith } from './fast-session.js';
import { synthesize } from '../../../src/index.js';

const LONG = `${'a long answer, with "quotes", a \\ backslash, 東京 and 🙂\n'.repeat(Math.ceil(KNOWN_STRING_LENGTH / 40))}`;

/** What JSON.parse gives, or the error's name: the two readings must agree on both. */
function parsed(data: string): unknown {
  try {
    return { value: JSON.parse(data) as unknown };
  } catch {
    return 'throws';
  }
}

function readAround(data: string, known: readonly string[]): unknown {
  const value = new KnownStrings().parse(data, known);
  return value === undefined ? undefined : { value };
}

/** Either the same value as JSON.parse, or undefined (left to JSON.parse). */
function expectExact(data: string, known: readonly string[]): unknown {
  const around = readAround(data, known);
  if (around !== undefined) expect(around).toEqual(parsed(data));
  return around;
}

describe('known strings', () => {
  it('puts the held string itself where the frame repeats it whole, with the value JSON.parse gives', () => {
    const data = JSON.stringify({ type: 'response.output_text.done', item_id: 'msg_1', text: LONG, sequence_number: 9 });
    const value = new KnownStrings().parse(data, ['short', LONG]) as { text: string };
    expect(value).toEqual(JSON.parse(data));
    expect(value.text).toBe(LONG);
  });

  it('finds every place the string stands, however deep', () => {
    const data = JSON.stringify({ response: { output: [{ content: [{ text: LONG }, { text: LONG }] }], instructions: LONG } });
    expect(expectExact(data, [LONG])).toEqual({ value: JSON.parse(data) });
  });

  it('finds the string after copies that start the same and end otherwise, and where copies touch', () => {
    const cut = LONG.slice(0, LONG.length - 5);
    const changed = `${LONG.slice(0, -1)}!`;
    const data = JSON.stringify({ a: cut, b: changed, text: LONG, list: [LONG, LONG] });
    const value = new KnownStrings().parse(data, [LONG]) as { text: string; a: string };
    expect(value).toEqual(JSON.parse(data));
    expect(value.a).toBe(cut);
    // A literal that is its own head repeated: the hits may not overlap.
    const repeated = 'ab'.repeat(KNOWN_STRING_LENGTH);
    const twice = JSON.stringify([repeated, repeated, `${repeated}ab`]);
    expect(expectExact(twice, [repeated])).toEqual({ value: JSON.parse(twice) });
  });

  it('leaves to JSON.parse a frame where the string is a key', () => {
    const data = JSON.stringify({ [LONG]: 1, other: 2 });
    expect(expectExact(data, [LONG])).toBeUndefined();
  });

  it('does not take the literal from inside another string', () => {
    const endsInBackslash = `${LONG}\\`;
    // The outer string holds `"` + the string + `"`: its JSON text holds the literal, starting at an escaped quote.
    const data = JSON.stringify({ text: `"${endsInBackslash}` });
    expect(data.includes(JSON.stringify(endsInBackslash))).toBe(true);
    expect(expectExact(data, [endsInBackslash])).toBeUndefined();
  });

  it('leaves to JSON.parse a frame that already holds a placeholder, or is not JSON', () => {
    const placeholder = '\u0000sse-reconstruct: a known string, 0';
    expect(expectExact(JSON.stringify({ a: placeholder, text: LONG }), [LONG])).toBeUndefined();
    expect(expectExact(JSON.stringify({ [placeholder]: 1, text: LONG }), [LONG])).toBeUndefined();
    expect(expectExact(`{"text":${JSON.stringify(LONG)},}`, [LONG])).toBeUndefined();
    expect(expectExact(`[${JSON.stringify(LONG)}`, [LONG])).toBeUndefined();
  });

  it('keeps a __proto__ key a plain property', () => {
    const data = `{"__proto__":${JSON.stringify(LONG)},"x":1}`;
    const value = new KnownStrings().parse(data, [LONG]) as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(['__proto__', 'x']);
    expect(value).toEqual(JSON.parse(data));
  });

  it('reads a frame that writes the string another way (escapes, a string inside it) as JSON.parse does', () => {
    const escapedSlash = JSON.stringify({ text: `${LONG}/` }).replace('/"', '\\/"');
    expect(expectExact(escapedSlash, [`${LONG}/`])).toBeUndefined();
    const inner = LONG.slice(0, KNOWN_STRING_LENGTH);
    expect(expectExact(JSON.stringify({ text: LONG, part: inner }), [LONG, inner])).toEqual({ value: JSON.parse(JSON.stringify({ text: LONG, part: inner })) });
  });

  it('gives the value JSON.parse gives, or none, for any JSON text around long strings (property)', () => {
    const long = fc.constantFrom(LONG, `${LONG}\\`, `"${LONG}`, LONG.slice(1));
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        long,
        fc.jsonValue({ maxDepth: 1 }),
        fc.array(tie('node'), { maxLength: 3 }),
        fc.dictionary(fc.oneof(fc.string({ maxLength: 4 }), long), tie('node'), { maxKeys: 3 }),
      ),
    })).node;
    const edit = fc.oneof(
      fc.constant((data: string) => data),
      fc.constant((data: string) => data.replaceAll('":', '": ')),
      fc.constant((data: string) => data.replace('"', '\\"')),
      fc.constant((data: string) => data.slice(0, -1)),
      fc.constant((data: string) => data.replace(/\\\\/, '\\u005c')),
    );
    fc.assert(
      fc.property(value, edit, fc.subarray([LONG, `${LONG}\\`, `"${LONG}`, LONG.slice(1)]), (node, change, known) => {
        const data = change(JSON.stringify(node) ?? 'null');
        expectExact(data, known);
      }),
      { numRuns: 300 },
    );
  });
});

describe('known strings in a Responses stream', () => {
  const response = {
    id: 'resp_1',
    object: 'response',
    created_at: 1_700_000_000,
    error: null,
    model: 'gpt-5',
    output: [{ id: 'msg_1', type: 'message', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: LONG, annotations: [], logprobs: [] }] }],
    usage: { input_tokens: 1, input_tokens_details: { cached_tokens: 0 }, output_tokens: 2, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 3 },
    status: 'completed',
    incomplete_details: null,
    completed_at: 1_700_000_001,
  };

  function readWith(enabled: boolean, stream: string): string {
    return JSON.stringify(reconstructWith(fastSettings(enabled), stream));
  }

  it('reads the last events around the answer, to the same reconstruction', () => {
    const stream = synthesize('responses', response, { pieceSize: 400 });
    const fast = fastSettings();
    const result = reconstructWith(fast, stream);
    expect(result.findings).toEqual([]);
    expect(result.choices[0]?.text).toBe(LONG);
    // output_text.done, content_part.done, output_item.done and response.completed each repeat the answer.
    expect(fast.counts.knownStrings).toBe(4);
    expect(readWith(true, stream)).toBe(readWith(false, stream));
  });

  it('reads a stream of long deltas (each one long enough to be searched) the same with the fast path on and off', () => {
    const longer = structuredClone(response);
    longer.output[0]!.content[0]!.text = LONG.repeat(4);
    const stream = synthesize('responses', longer, { pieceSize: KNOWN_STRING_LENGTH + 1000 });
    const result = reconstruct(stream);
    expect(result.findings).toEqual([]);
    expect(result.choices[0]?.text).toBe(LONG.repeat(4));
    expect(readWith(true, stream)).toBe(readWith(false, stream));
  });

  it('still says where a last event disagrees with the deltas, and keeps its value', () => {
    const stream = synthesize('responses', response, { pieceSize: 400 });
    const frames = stream.split('\n\n');
    const done = frames.findIndex((frame) => frame.includes('"type":"response.output_text.done"'));
    frames[done] = (frames[done] as string).replace('backslash', 'BACKSLASH');
    const changed = frames.join('\n\n');
    const result = reconstruct(changed);
    expect(result.findings.map((finding) => finding.code)).toContain('done mismatch');
    expect(readWith(true, changed)).toBe(readWith(false, changed));
  });
});

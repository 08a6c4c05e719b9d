// Item 31 of issue 20: text from the wire never reaches the terminal raw. Every control character a stream carries
// (C0 but the newlines the report writes itself, DEL, C1, bidirectional overrides and isolates, marks) is printed
// as a visible escape, in every report and every JSON the CLI prints, in colour or not.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runInProcess } from './in-process.js';

/** The colours the report paints with itself (src/core/render/palette.ts): the only escapes allowed out. */
const OUR_COLOURS = /\u001b\[(?:1|2|22|31|32|33|39)m/g;
/** What a terminal acts on or reorders: C0 but the newline, DEL, C1, the BOM, bidi marks, overrides and isolates. */
const ACTED_ON = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/u;

function firstRaw(output: string): string | null {
  const found = ACTED_ON.exec(output.replace(OUR_COLOURS, ''));
  return found === null ? null : `U+${found[0].codePointAt(0)!.toString(16).padStart(4, '0')} at ${found.index}: ${JSON.stringify(output.slice(Math.max(0, found.index - 30), found.index + 10))}`;
}

const CLEAR = '\u001b[2J';
const TITLE = '\u001b]0;owned\u0007';
const HOSTILE = `${CLEAR}${TITLE}a\u0008b\u009b31m\u202egnp.exe\u2066x\u200f\u061c\u007f\r`;

const chunk = (choice: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, ...choice }], ...extra })}\n\n`;

/** A stream of each kind with `s` in every place the report shows: text, names, arguments, reasons, keys, types. */
const STREAMS: Record<string, (s: string) => string> = {
  chat: (s) =>
    chunk({ delta: { role: 'assistant', content: s, refusal: s, reasoning_content: s } }) +
    chunk({ delta: { tool_calls: [{ index: 0, id: s, type: 'function', function: { name: s, arguments: `{"${s}":"${s}"` } }] } }) +
    chunk({ delta: {}, finish_reason: s }, { usage: { [s]: s, prompt_tokens: 1 } }) +
    'data: [DONE]\n\n',
  anthropic: (s) =>
    [
      { type: 'message_start', message: { id: s, type: 'message', role: 'assistant', model: s, content: [], usage: { [s]: 1 } } },
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: s } },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: s } },
      { type: 'content_block_stop', index: 0 },
      { type: 'content_block_start', index: 1, content_block: { type: 'tool_use', id: s, name: s, input: {} } },
      { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: `{"${s}":` } },
      { type: 'content_block_stop', index: 1 },
      { type: 'message_delta', delta: { stop_reason: s }, usage: { output_tokens: 1 } },
      { type: 'error', error: { type: s, message: s } },
    ]
      .map((event) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`)
      .join(''),
  gemini: (s) =>
    `data: ${JSON.stringify({ candidates: [{ content: { role: 'model', parts: [{ text: s }, { functionCall: { name: s, args: { [s]: s } } }] }, finishReason: s, index: 0 }], usageMetadata: { [s]: s } })}\r\n\r\n`,
  // Raw on the wire, not through JSON: an event type, an id, data and an unknown field name as they came.
  events: (s) => {
    const line = s.replace(/[\r\n]/g, '');
    return `event: ${line}\nid: ${line}\ndata: ${line}\n${line}: x\n\ndata: {"choices":[{"delta":{"content":${JSON.stringify(s)}}}]}\n\nevent: ${line}\n\n`;
  },
};

const RUNS: string[][] = [[], ['--frames'], ['--json'], ['--inspect'], ['--inspect', '--json'], ['--path', 'choices.0.delta.content']];

describe('what the CLI prints from the wire (issue 20, item 31)', () => {
  it.each(Object.keys(STREAMS))('shows every control character of a %s stream as a visible escape, in every report', async (kind) => {
    const input = STREAMS[kind]!(HOSTILE);
    for (const args of RUNS) {
      for (const env of [{}, { FORCE_COLOR: '1' }] as Array<Record<string, string>>) {
        const run = await runInProcess([...args, '-'], { input, env });
        expect({ args, env, raw: firstRaw(run.stdout) }).toEqual({ args, env, raw: null });
        expect(firstRaw(run.stderr)).toBeNull();
      }
    }
  });

  it('keeps --json the same value: the escapes are JSON escapes', async () => {
    const input = STREAMS.chat!(HOSTILE);
    const run = await runInProcess(['--json', '-'], { input });
    const result = JSON.parse(run.stdout) as { choices: Array<{ text: string; toolCalls: Array<{ name: string }> }> };
    expect(result.choices[0]!.text).toBe(HOSTILE);
    expect(result.choices[0]!.toolCalls[0]!.name).toBe(HOSTILE);
  });

  it('shows an escape sequence as its pictures: ESC as ␛, BEL as ␇', async () => {
    const run = await runInProcess(['-'], { input: STREAMS.chat!(HOSTILE) });
    expect(run.stdout).toContain('␛[2J␛]0;owned␇a␈b');
  });

  const control = fc.constantFrom(
    ...Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code)),
    '\u007f', '\u0085', '\u008d', '\u009b', '\u009d', '\u009f', '\u061c', '\u200e', '\u200f',
    '\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069', '\ufeff',
  );
  const hostile = fc.array(fc.oneof(control, fc.string({ unit: 'grapheme-ascii', maxLength: 3 })), { minLength: 1, maxLength: 10 }).map((parts) => parts.join(''));

  it('never lets one through, whatever the string, the stream kind and the options (property)', async () => {
    await fc.assert(
      fc.asyncProperty(hostile, fc.constantFrom(...Object.keys(STREAMS)), fc.constantFrom(...RUNS), fc.boolean(), async (s, kind, args, colour) => {
        const run = await runInProcess([...args, '-'], { input: STREAMS[kind]!(s), env: colour ? { FORCE_COLOR: '1' } : {} });
        expect(firstRaw(run.stdout)).toBeNull();
      }),
      { numRuns: 200 },
    );
  });
});

// The Responses known-string path is linear in the input (issue 13, item 4): each long frame walked every item and
// searched every long string held (n items with long frames: exponent 1.9). Now a frame's long tokens are found
// first, the held strings are asked for only then, and a walk may cost only a small part of the frame's length.
import { describe, expect, it } from 'vitest';
import { KNOWN_STRING_LENGTH, KnownStrings } from '../../../src/core/fast/known-strings.js';
import { fastSettings, reconstructWith } from '../fast/fast-session.js';

function responsesStream(shortItems: number, longText: string): string {
  const frames: string[] = [];
  let sequence = 0;
  const event = (payload: Record<string, unknown>) => frames.push(`event: ${String(payload.type)}\ndata: ${JSON.stringify({ ...payload, sequence_number: sequence++ })}\n\n`);
  const items: unknown[] = [];
  event({ type: 'response.created', response: { id: 'r', object: 'response', status: 'in_progress', output: [] } });
  const add = (index: number, text: string) => {
    const id = `msg_${index}`;
    const where = { item_id: id, output_index: index, content_index: 0 };
    const part = { type: 'output_text', annotations: [], text };
    event({ type: 'response.output_item.added', output_index: index, item: { id, type: 'message', status: 'in_progress', role: 'assistant', content: [] } });
    event({ type: 'response.content_part.added', ...where, part: { ...part, text: '' } });
    event({ type: 'response.output_text.delta', ...where, delta: text });
    event({ type: 'response.output_text.done', ...where, text });
    event({ type: 'response.content_part.done', ...where, part });
    const item = { id, type: 'message', status: 'completed', role: 'assistant', content: [part] };
    event({ type: 'response.output_item.done', output_index: index, item });
    items.push(item);
  };
  for (let i = 0; i < shortItems; i += 1) add(i, `item ${i}`);
  add(shortItems, longText);
  event({ type: 'response.completed', response: { id: 'r', object: 'response', status: 'completed', output: items } });
  return frames.join('');
}

const LONG = 'a long answer "quoted" \\ 東京 🙂\n'.repeat(Math.ceil((KNOWN_STRING_LENGTH + 500) / 30));

describe('Responses known strings', () => {
  it('offer a done event among thousands of items nothing (its walk would cost more than the frame), and response.completed its strings', () => {
    const stream = responsesStream(3000, LONG);
    const on = fastSettings();
    const fast = reconstructWith(on, stream);
    // Only response.completed, which holds every item, pays for the walk; the three done events are parsed as they are.
    expect(on.counts.knownStrings).toBe(1);
    const slow = reconstructWith(fastSettings(false), stream);
    expect(JSON.stringify({ ...fast, timing: null })).toBe(JSON.stringify({ ...slow, timing: null }));
    expect(fast.verdict).toBe('complete');
    expect(fast.choices[0]?.text.endsWith(LONG)).toBe(true);
  });

  it('still serve the done events of a stream of few items', () => {
    const fast = fastSettings();
    const result = reconstructWith(fast, responsesStream(2, LONG));
    expect(fast.counts.knownStrings).toBe(4);
    expect(result.findings).toEqual([]);
  });

  it('are asked for only when the frame holds a long string token', () => {
    let asked = 0;
    const offer = () => {
      asked += 1;
      return [LONG];
    };
    const known = new KnownStrings();
    const shortTokens = JSON.stringify({ list: Array.from({ length: 4000 }, (_, i) => `s${i}`) });
    expect(shortTokens.length).toBeGreaterThan(KNOWN_STRING_LENGTH);
    expect(known.parse(shortTokens, offer)).toBeUndefined();
    expect(asked).toBe(0);
    const data = JSON.stringify({ a: 'x', text: LONG, b: [LONG, `${LONG}!`] });
    expect(known.parse(data, offer)).toEqual(JSON.parse(data));
    expect(asked).toBe(1);
  });

  it('are compared with a token only when their literal has its length', () => {
    // Thousands of held strings, none the frame's: the frame is scanned once and each token looked up by length.
    const held = Array.from({ length: 3000 }, (_, i) => `${'z'.repeat(KNOWN_STRING_LENGTH)}${i}`);
    const data = JSON.stringify({ text: LONG });
    expect(new KnownStrings().parse(data, held)).toBeUndefined();
    expect(new KnownStrings().parse(data, [...held, LONG])).toEqual(JSON.parse(data));
  });
});

describe('Responses events that name their item by id only', () => {
  const event = (payload: Record<string, unknown>) => `event: ${String(payload.type)}\ndata: ${JSON.stringify(payload)}\n\n`;

  it('find it through the id index, after a restart and an id changed at done, as a walk would', () => {
    const stream = [
      event({ type: 'response.created', response: { id: 'r', status: 'in_progress', output: [] } }),
      event({ type: 'response.output_item.added', output_index: 0, item: { id: 'a', type: 'message', role: 'assistant', content: [] } }),
      event({ type: 'response.output_item.added', output_index: 1, item: { id: 'b', type: 'function_call', name: 'f', call_id: 'c1', arguments: '' } }),
      event({ type: 'response.function_call_arguments.delta', item_id: 'b', delta: '{"x":' }),
      event({ type: 'response.function_call_arguments.delta', item_id: 'b', delta: '1}' }),
      event({ type: 'response.function_call_arguments.delta', item_id: 'nobody', delta: '2' }),
      event({ type: 'response.output_item.done', output_index: 0, item: { id: 'a2', type: 'message', role: 'assistant', content: [] } }),
      event({ type: 'response.function_call_arguments.delta', item_id: 'a', delta: 'lost' }),
      event({ type: 'response.output_item.done', output_index: 1, item: { id: 'b', type: 'function_call', name: 'f', call_id: 'c1', arguments: '{"x":1}' } }),
      event({ type: 'response.completed', response: { id: 'r', status: 'completed' } }),
    ].join('');
    for (const enabled of [true, false]) {
      const result = reconstructWith(fastSettings(enabled), stream);
      expect(result.choices[0]?.toolCalls[0]).toMatchObject({ id: 'c1', name: 'f', arguments: '{"x":1}' });
      expect(result.findingCounts['block unstarted']).toBe(2);
    }
  });
});

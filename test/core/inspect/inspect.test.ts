import { describe, expect, it } from 'vitest';
import { inspect, MAX_HELD_CHARS, reconstruct, type Inspection } from '../../../src/index.js';
import { valueAtPath } from '../../../src/core/index.js';
import { HARBOUR, HARBOUR_PATH } from './examples.js';

const where = (result: Inspection) => result.problems.map((p) => [p.label, p.code, p.line, p.column]);

describe('the harbour example', () => {
  const result = inspect(HARBOUR, { path: HARBOUR_PATH });

  it('shows the inspector counts', () => {
    expect(result.stats).toEqual({
      events: 5,
      comments: 1,
      json: 3,
      notJson: 1,
      eventTypes: ['message', 'token'],
      lastEventId: '42',
      reassembledChars: 12,
    });
  });

  it('lists the five events with type, id, data and line', () => {
    expect(result.events.map((e) => [e.index, e.event, e.id, e.line, e.payload, e.dispatched])).toEqual([
      [0, 'message', '', 3, 'json', true],
      [1, 'message', '', 5, 'json', true],
      [2, 'token', '42', 7, 'json', true],
      [3, 'message', '42', 11, 'not json', true],
      [4, 'message', '42', 16, 'done', false],
    ]);
    expect(result.events[3]?.data).toBe('{"id":"1","choices":[{"delta":{"content":"is "}}]}\n{"id":"1","choices":[{"delta":{"content":"closed."}}]}');
  });

  it('explains why two JSON data lines are one event that is not JSON', () => {
    const note = result.events[3]?.note ?? '';
    expect(note).toMatch(/^2 `data:` lines with no blank line between them/);
    expect(note).toContain('ONE event');
    expect(note).toContain('Each line is JSON on its own; joined, they are not');
  });

  it('reports the problems with the three severities, line, column and a caret snippet', () => {
    expect(where(result)).toEqual([
      ['must fix', 'not json', 11, 1],
      ['check', 'bad retry', 14, 1],
      ['must fix', 'not dispatched', 16, 1],
      ['note', 'done sentinel', 16, 1],
    ]);
    const [notJson, retry, last, done] = result.problems;
    expect(notJson?.title).toBe('Event 3: data is not valid JSON');
    expect(notJson?.event).toBe(3);
    expect(notJson?.snippet).toEqual({ line: 'data: {"id":"1","choices":[{"delta":{"co…', caret: '^' });
    expect(retry?.title).toBe('`retry: 3s` is not a number of milliseconds');
    expect(retry?.snippet).toEqual({ line: 'retry: 3s', caret: '^' });
    expect(last?.title).toBe('The last event is never dispatched');
    expect(last?.message).toContain('does not even end with a line terminator');
    expect(last?.snippet?.line).toBe('data: [DONE]');
    expect(done?.title).toBe('`[DONE]` sentinel present');
    expect(done?.message).toContain('ordinary message whose data is the six characters `[DONE]`');
  });

  it('reassembles the text at the path', () => {
    expect(result.reassembly).toMatchObject({ text: 'The harbour ', from: 3, of: 5, events: [0, 1, 2] });
    expect(result.reassembly?.summary).toBe('Text reassembled from 3 of 5 events at `choices.0.delta.content`');
  });

  it('says the retry-only block dispatches nothing, and why', () => {
    expect(result.notDispatched).toEqual([{ line: 14, endLine: 15, start: HARBOUR.indexOf('retry'), end: HARBOUR.indexOf('data: [DONE]'), reason: 'no data', why: 'only sets the reconnection delay (legal; no event)' }]);
    for (const event of result.events) expect(HARBOUR.slice(event.start, event.end).startsWith(event.line === 7 ? 'event: token' : 'data: ')).toBe(true);
    expect(result.retry).toBeUndefined();
    expect(result.endsWithNewline).toBe(false);
  });

  it('is plain data', () => {
    expect(JSON.parse(JSON.stringify(result))).toEqual(result);
  });

  it('leaves the reconstruction of the same text as it was: its own findings, no inspector codes', () => {
    const rebuilt = reconstruct(HARBOUR);
    // Its chunks carry no choice index: each is read as choice 0 (issue 20), which then never got a finish reason.
    expect(rebuilt.findings.map((f) => f.code)).toEqual(['choice no index', 'event mismatch', 'no finish reason', 'not json', 'bad retry', 'unterminated']);
  });
});

describe('what a spec client does not dispatch', () => {
  it('an event name with no data, an id alone, unknown fields', () => {
    const result = inspect('event: ping\n\nid: 7\n\nfoo: bar\n\ndata: x\n\n');
    expect(result.events.map((e) => [e.data, e.id])).toEqual([['x', '7']]);
    expect(result.notDispatched.map((n) => [n.line, n.reason, n.why])).toEqual([
      [1, 'no data', '`event: ping` with no `data:` line: nothing is dispatched for it'],
      [3, 'no data', 'only sets the last event ID (legal; no event)'],
      [5, 'no data', 'only lines a spec client ignores (`foo`): no field it reads'],
    ]);
    expect(where(result)).toEqual([
      ['check', 'ignored line', 1, 1],
      ['check', 'ignored line', 5, 1],
    ]);
    expect(result.problems[0]?.title).toBe('`event: ping` names an event with no data');
    expect(result.problems[1]?.title).toBe('`foo: bar` is not a field a spec client reads');
  });

  it('a JSON body written without data: framing', () => {
    const result = inspect('data: {"a":1}\n\n{"error":{"code":503,\n"status":"UNAVAILABLE"}}\n\n');
    expect(result.events).toHaveLength(1);
    expect(result.notDispatched).toMatchObject([{ line: 3, endLine: 5, reason: 'not framed' }]);
    expect(result.problems[0]?.title).toBe('A JSON document without `data:` framing');
  });

  it('a last event that ends with a newline but no blank line', () => {
    const result = inspect('data: a\n\ndata: b\n');
    expect(result.events.map((e) => e.dispatched)).toEqual([true, false]);
    expect(result.problems.map((p) => p.code)).toEqual(['not dispatched']);
    expect(result.problems[0]?.message).not.toContain('line terminator');
    expect(result.endsWithNewline).toBe(true);
  });

  it('a stream cut off inside its last event: not JSON, and never dispatched', () => {
    const result = inspect('data: {"choices":[{"delta":{"content":"Hel"}}]}\n\ndata: {"choices":[{"delta":{"content":"lo');
    expect(result.events.map((e) => [e.payload, e.dispatched])).toEqual([
      ['json', true],
      ['not json', false],
    ]);
    expect(where(result)).toEqual([
      ['must fix', 'not json', 3, 1],
      ['must fix', 'not dispatched', 3, 1],
    ]);
    expect(inspect('data: {"choices":[{"delta":{"content":"Hel"}}]}\n\ndata: {"choices":[{"delta":{"content":"lo', { path: 'choices.0.delta.content' }).reassembly?.text).toBe('Hel');
  });

  it('nothing at all', () => {
    const result = inspect(': just a comment\n\n');
    expect(result.events).toEqual([]);
    expect(result.stats.comments).toBe(1);
    expect(where(result)).toEqual([['must fix', 'empty', 0, 0]]);
    expect(result.problems[0]?.snippet).toBeUndefined();
  });
});

describe('any event stream, LLM or not', () => {
  it('plain text data is text, not a parse failure', () => {
    const result = inspect('event: tick\nid: 1\ndata: 12:00\n\nevent: tick\nid: 2\ndata: 12:01\n\n');
    expect(result.events.map((e) => e.payload)).toEqual(['text', 'text']);
    expect(result.problems).toEqual([]);
    expect(result.stats).toMatchObject({ events: 2, json: 0, notJson: 0, eventTypes: ['tick'], lastEventId: '2', reassembledChars: null });
  });

  it('data that starts like JSON and breaks is a parse failure', () => {
    const result = inspect('data: {"a":\n\n');
    expect(result.events[0]?.payload).toBe('not json');
    expect(result.problems[0]?.message).toContain('starts like JSON but does not parse');
  });

  it('comments inside an event are counted, and a valid retry is kept', () => {
    const result = inspect(': open\n\ndata: a\n: inside\nretry: 3000\n\n');
    expect(result.stats.comments).toBe(2);
    expect(result.events[0]?.retry).toBe(3000);
    expect(result.retry).toBe(3000);
  });

  it('lastEventId is what Last-Event-ID carries on reconnect: the id at the last blank line', () => {
    // Dispatch copies the id buffer at every blank line, data or not; an id no blank line ended is never sent.
    expect(inspect('id: 1\ndata: a\n\nid: 2\ndata: b').stats.lastEventId).toBe('1');
    expect(inspect('id: 1\ndata: a\n\nid: 2\ndata: b\n').stats.lastEventId).toBe('1');
    expect(inspect('data: a\n\nid: 3\n\n').stats.lastEventId).toBe('3');
    expect(inspect('data: a\n\nid: 4\n').stats.lastEventId).toBeNull();
    expect(inspect('id: 5\ndata: a\n\nid:\n\n').stats.lastEventId).toBeNull();
  });

  it('eventTypes lists the types of dispatched events only', () => {
    expect(inspect('data: a\n\nevent: x\ndata: b').stats.eventTypes).toEqual(['message']);
    expect(inspect('data: a\n\nevent: x\ndata: b\n\n').stats.eventTypes).toEqual(['message', 'x']);
  });

  it('counts the comment lines a spec client reads: an unterminated last line is never read', () => {
    expect(inspect('data: a\n\n: hi').stats.comments).toBe(0);
    expect(inspect('data: a\n: hi').stats.comments).toBe(0);
    expect(inspect('data: a\n: hi\r').stats.comments).toBe(1);
    expect(inspect(': hi\n: ho').stats.comments).toBe(1);
  });

  it('retry comes from terminated lines, as the digits say', () => {
    expect(inspect('data: a\n\nretry: 5').retry).toBeUndefined();
    expect(inspect('data: a\n\nretry: 5\n').retry).toBe(5);
    expect(inspect('retry: 007\ndata: a\n\n').retry).toBe(7);
    expect(inspect('retry: 10\n\nretry: 20').retry).toBe(10);
  });

  it('strips one space after the colon and keeps the data\'s inner newlines', () => {
    const result = inspect('data:  two spaces\ndata\ndata:x\n\n');
    expect(result.events[0]?.data).toBe(' two spaces\n\nx');
  });

  it('an id persists to the next event; an event type does not', () => {
    const result = inspect('event: a\nid: 9\ndata: 1\n\ndata: 2\n\n');
    expect(result.events.map((e) => [e.event, e.id])).toEqual([
      ['a', '9'],
      ['message', '9'],
    ]);
  });

  it('reads a BOM, CRLF line ends and timestamps as the decoder does', () => {
    const result = inspect('\uFEFFdata: {"t":"a"}\r\n\r\ndata: {"t":"b"}\r\n\r\n', { path: 't' });
    expect(result.reassembly?.text).toBe('ab');
    expect(result.problems.map((p) => p.code)).toEqual(['bom', 'crlf']);
    expect(result.problems[0]?.snippet).toEqual({ line: 'data: {"t":"a"}', caret: '^' });
  });

  it('reads capture timestamps as a spec client does (part of the line) unless asked to take them off', () => {
    const text = '12:00:00 data: a\n12:00:00\n12:00:01 data: b\n12:00:01\n';
    const plain = inspect(text);
    expect(plain.timestamped).toBe(false);
    expect(plain.events).toEqual([]);
    expect(plain.notDispatched.map((block) => [block.line, block.endLine, block.reason])).toEqual([[1, 4, 'no data']]);
    expect(plain.notDispatched[0]?.why).toContain('`12`');
    const taken = inspect(text, { timestamps: true });
    expect(taken.events.map((e) => [e.data, e.time])).toEqual([
      ['a', '12:00:00'],
      ['b', '12:00:01'],
    ]);
    // Asked, it takes them off only when every non-empty line carries one.
    expect(inspect(`${text}data: c\n\n`, { timestamps: true }).events.map((e) => e.data)).toEqual(['c']);
    expect(() => inspect(text, { timestamps: 'yes' as unknown as boolean })).toThrow(/timestamps is true/);
  });

  it('gives the timing of a timestamped capture', () => {
    const text = ['12:00:00.000 data: 1', '12:00:00.000', '12:00:00.250 data: 2', '12:00:00.250', '12:00:02.250 : ping', '12:00:02.500 data: 3', '12:00:02.500', ''].join('\n');
    const result = inspect(text, { timestamps: true });
    expect(result.timestamped).toBe(true);
    expect(result.stats.comments).toBe(1);
    expect(result.events.map((e) => e.elapsedMs)).toEqual([0, 250, 2500]);
    expect(result.timing).toEqual({ firstEventMs: 0, totalMs: 2500, longestGapMs: 2250, longestGapBefore: 2 });
  });

  it('holds frames of any size unless asked to bound them, as a spec client does', () => {
    // Every browser dispatches both events: a spec client has no bound on a frame's size.
    const big = 'x'.repeat(MAX_HELD_CHARS + 10);
    const result = inspect(`data: ${big}\n\ndata: 2\n\n`);
    expect(result.stopped).toBe(false);
    expect(result.events.map((e) => [e.data.length, e.dispatched])).toEqual([
      [big.length, true],
      [1, true],
    ]);
    expect(result.problemCounts['too large']).toBeUndefined();
    expect(inspect(`data: ${big}\n\ndata: 2\n\n`, { maxHeldChars: MAX_HELD_CHARS }).stopped).toBe(true);
  });

  it('stops at the held bound like the decoder, and says so', () => {
    const result = inspect(`data: 1\n\ndata: ${'x'.repeat(100)}\n\ndata: 3\n\n`, { maxHeldChars: 50 });
    expect(result.stopped).toBe(true);
    expect(result.events).toHaveLength(1);
    expect(result.problems.map((p) => [p.code, p.label])).toEqual([['too large', 'must fix']]);
  });
});

describe('LLM conventions, explained', () => {
  it('an event that carries an error says what the error means', () => {
    const result = inspect('data: {"t":"a"}\n\nevent: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}\n\n');
    expect(where(result)).toEqual([['must fix', 'error event', 4, 1]]);
    expect(result.problems[0]?.title).toBe('Event 1 carries an error');
    expect(result.problems[0]?.message).toContain('overloaded_error (HTTP 529)');
    expect(result.problems[0]?.message).toContain('Retry: yes, with backoff.');
    expect(inspect('data: {"error":{"code":429,"message":"x","status":"RESOURCE_EXHAUSTED"}}\n\n').problems[0]?.message).toContain('RESOURCE_EXHAUSTED (HTTP 429)');
    expect(inspect('data: {"errors":[]}\n\ndata: {"error":null}\n\n').problems).toEqual([]);
  });

  it('events after [DONE] are named: a client that stops there never reads them', () => {
    const result = inspect('data: [DONE]\n\ndata: {"late":1}\n\ndata: [DONE]\n\n');
    const done = result.problems.find((p) => p.code === 'done sentinel');
    expect(done?.message).toMatch(/^2 events carry `\[DONE\]`, the first being event 0/);
    expect(done?.message).toContain('2 events come after it, which a client that stops at `[DONE]` never reads.');
  });

  it('lists the first 20 problems of a code and counts them all', () => {
    const result = inspect(Array.from({ length: 30 }, (_, i) => `data: {"broken":${i}\n\n`).join(''));
    expect(result.problems).toHaveLength(20);
    expect(result.problemCounts).toEqual({ 'not json': 30 });
    expect(result.stats.notJson).toBe(30);
  });
});

describe('the path', () => {
  it('indexes arrays with numeric segments, and objects by key', () => {
    expect(valueAtPath({ a: [{ b: 'x' }] }, ['a', '0', 'b'])).toBe('x');
    expect(valueAtPath({ a: { 0: 'y' } }, ['a', '0'])).toBe('y');
    expect(valueAtPath({ a: ['x'] }, ['a', '01'])).toBeUndefined();
    expect(valueAtPath({ a: ['x'] }, ['a', 'length'])).toBeUndefined();
  });

  it('treats keys as data: __proto__ and constructor are own keys or nothing', () => {
    const stream = 'data: {"__proto__":{"t":"p"}}\n\ndata: {"t":"q"}\n\n';
    expect(inspect(stream, { path: '__proto__.t' }).reassembly?.text).toBe('p');
    expect(inspect(stream, { path: 'constructor.name' }).reassembly).toMatchObject({ text: '', from: 0 });
    expect(inspect(stream, { path: 't.length' }).reassembly?.from).toBe(0);
  });

  it('skips values that are not strings, and counts the events it took text from', () => {
    const result = inspect('data: {"t":"a"}\n\ndata: {"t":5}\n\ndata: {"t":""}\n\ndata: nope\n\n', { path: 't' });
    expect(result.reassembly).toMatchObject({ text: 'a', from: 2, of: 4, events: [0, 2] });
    expect(result.stats.reassembledChars).toBe(1);
  });

  it('says how far a path that finds nothing got', () => {
    const result = inspect(HARBOUR, { path: 'choices.0.delta.text' });
    expect(result.reassembly?.from).toBe(0);
    expect(result.reassembly?.hint).toBe('In the first JSON event, the path stops at `choices.0.delta`: it holds an object with the keys "role", "content", with no `text`.');
    expect(inspect('data: hi\n\n', { path: 'a' }).reassembly?.hint).toBe('No event carries JSON, so there is nothing to follow the path into.');
  });

  it('an empty path reassembles nothing', () => {
    expect(inspect(HARBOUR, { path: '' }).reassembly).toBeNull();
  });
});

describe('misuse', () => {
  it('throws a TypeError that says what to pass', () => {
    expect(() => inspect(42 as unknown as string)).toThrow(TypeError);
    expect(() => inspect('data: 1\n\n', { path: 3 as unknown as string })).toThrow(/dotted path/);
    expect(() => inspect('data: 1\n\n', { maxHeldChars: -1 })).toThrow(TypeError);
  });
});

import { describe, expect, it } from 'vitest';
import { inspect, reconstruct, renderInspection, renderText } from '../../../src/index.js';
import { caretSnippet, formatSnippet, lineLookup, SEVERITY_LABELS, severityLabel } from '../../../src/core/index.js';
import { HARBOUR, HARBOUR_PATH } from '../inspect/examples.js';

describe('caretSnippet', () => {
  it('puts the caret under the column', () => {
    expect(caretSnippet('retry: 3s', 1)).toEqual({ line: 'retry: 3s', caret: '^' });
    expect(caretSnippet('data: {"a":', 7)).toEqual({ line: 'data: {"a":', caret: '      ^' });
    expect(formatSnippet(caretSnippet('ab', 2), '  ')).toBe('  ab\n   ^');
  });

  it('cuts a long line around the column, with … where it was cut', () => {
    const line = `data: ${'x'.repeat(100)}Y${'z'.repeat(100)}`;
    const snippet = caretSnippet(line, 107);
    expect(snippet.line.startsWith('…')).toBe(true);
    expect(snippet.line.endsWith('…')).toBe(true);
    expect(snippet.line[snippet.caret.length - 1]).toBe('Y');
    expect(caretSnippet('x'.repeat(50), 1).line).toBe(`${'x'.repeat(40)}…`);
  });

  it('shows control characters as pictures and keeps the caret aligned (a pair counts once)', () => {
    const snippet = caretSnippet('\u001b[31m𝄞: x', 8);
    expect(snippet.line).toBe('␛[31m𝄞: x');
    expect(snippet.line).not.toContain('\u001b');
    expect(Array.from(snippet.line)[Array.from(snippet.caret).length - 1]).toBe(':');
    expect(caretSnippet('a\u202eb', 3).line).toBe('a\ufffdb');
  });

  it('a column past the end points just after the line', () => {
    expect(caretSnippet('ab', 5)).toEqual({ line: 'ab', caret: '    ^' });
    expect(caretSnippet('', 1)).toEqual({ line: '', caret: '^' });
  });
});

describe('lineLookup', () => {
  it('counts lines as the decoder does: LF, CRLF, lone CR; a leading BOM is not part of line 1', () => {
    const line = lineLookup('\uFEFFa\r\nb\rc\n\nd');
    expect([1, 2, 3, 4, 5].map(line)).toEqual(['a', 'b', 'c', '', 'd']);
    expect(line(6)).toBeUndefined();
    expect(line(0)).toBeUndefined();
  });
});

describe('the severity table', () => {
  it('maps ours onto the inspector three', () => {
    expect(SEVERITY_LABELS).toEqual({ error: 'must fix', warning: 'check', info: 'note' });
    expect(severityLabel('warning')).toBe('check');
  });
});

describe('renderText', () => {
  it('lists findings with the three severities and, given the source, a caret snippet', () => {
    const text = renderText(reconstruct(HARBOUR), { source: HARBOUR, response: false });
    expect(text).toContain('  14:1  check     bad retry\n');
    expect(text).toContain('  11:1  must fix  not json\n');
    expect(text).toContain('        │ retry: 3s\n        │ ^\n');
    expect(renderText(reconstruct(HARBOUR), { response: false })).not.toContain('│');
  });

  it('explains the error the stream ended with', () => {
    const stream = 'event: message_start\ndata: {"type":"message_start","message":{"id":"m","type":"message","role":"assistant","content":[],"model":"c","usage":{"input_tokens":1,"output_tokens":1}}}\n\nevent: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}\n\n';
    const text = renderText(reconstruct(stream), { response: false });
    expect(text).toContain('Error: {"type":"overloaded_error","message":"Overloaded"}\n  what it means: ');
    expect(text).toContain('  retry: yes, with backoff\n');
    expect(text).toMatch(/ {2}source: https:\/\/docs\.claude\.com\/en\/api\/errors.*read \d{4}-\d{2}-\d{2}/);
  });

  it('shows the timing of a timestamped capture, and none without arrival times', () => {
    const chunk = (content: string) => `data: {"id":"c","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"${content}"},"finish_reason":null}]}`;
    const stamped = [`12:00:00.000 ${chunk('a')}`, '12:00:00.000', `12:00:01.500 ${chunk('b')}`, '12:00:01.500', '12:00:01.600 data: [DONE]', '12:00:01.600', ''].join('\n');
    expect(renderText(reconstruct(stamped), { response: false })).toContain('Timing: first content 0 ms · longest gap 1.5 s · total 1.6 s');
    expect(renderText(reconstruct(stamped.replace(/^\d\d:\d\d:\d\d\.\d+ ?/gm, '')), { response: false })).not.toContain('Timing');
  });

  it('never prints a control character a stream carries in a finding', () => {
    const text = renderText(reconstruct('\u001b[2J: x\n\ndata: [DONE]\n\n'), { response: false });
    expect(text).not.toContain('\u001b');
  });
});

describe('renderInspection', () => {
  const text = renderInspection(inspect(HARBOUR, { path: HARBOUR_PATH }));

  it('prints the inspector counts of the harbour', () => {
    for (const line of ['Events dispatched: 5', 'Comment lines (`:` …): 1', 'Events carrying JSON: 3', 'Events whose data failed to parse: 1', 'Named event types: message, token', 'Last event ID: 42', 'Characters reassembled: 12']) {
      expect(text).toContain(line);
    }
    expect(text).toContain('The text does not end with a line terminator');
  });

  it('prints the text, the events, what dispatches nothing and the problems with carets', () => {
    expect(text).toContain('Text reassembled from 3 of 5 events at `choices.0.delta.content`\n  The harbour \n');
    expect(text).toMatch(/\n2 +7 +token +42 +\{"id":"1"/);
    expect(text).toContain('⏎');
    expect(text).toContain('not dispatched: no blank line ends it');
    expect(text).toContain('14-15  only sets the reconnection delay (legal; no event)');
    expect(text).toContain('  16:1  must fix  The last event is never dispatched\n');
    expect(text).toContain('  16:1  note      `[DONE]` sentinel present\n');
    expect(text).toContain('        │ data: [DONE]\n        │ ^');
  });

  it('counts the problems past the listing bound', () => {
    const many = renderInspection(inspect(Array.from({ length: 25 }, (_, i) => `data: {"broken":${i}\n\n`).join('')), { events: false });
    expect(many).toContain('Event stream · 25 events · 25 problems (25 must fix)');
    expect(many).toContain('Problems in the stream (25)');
    expect(many).toContain('… and 5 more `not json` findings, counted but not listed');
  });

  it('paints only when asked, and can leave the events out', () => {
    expect(text).not.toContain('\u001b[');
    expect(renderInspection(inspect(HARBOUR), { color: true })).toContain('\u001b[31m');
    expect(renderInspection(inspect(HARBOUR), { events: false })).not.toContain('Events (5)');
  });
});

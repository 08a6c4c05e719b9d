// Properties of inspect() over generated streams: cutting the input anywhere changes nothing, every line is
// accounted for once, and the events it calls dispatched are exactly a plain WHATWG parser's.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inspect, type Inspection } from '../../../src/index.js';
import { lineLookup } from '../../../src/core/index.js';
import { LineIndex } from '../../../src/core/inspect/lines.js';
import { cutAt, referenceEvents, referenceState, splitLines, utf8 } from '../decode/helpers.js';

const RUNS = { numRuns: Number(process.env.FC_RUNS ?? 300) };

const json = fc.json({ maxDepth: 2 }).map((text) => text.replace(/[\r\n]/g, ''));
const line: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: json.map((v) => `data: ${v}`) },
  { weight: 2, arbitrary: fc.constantFrom('data: [DONE]', 'data: hello', 'data: {"a":', 'data:', 'data', 'data:  x') },
  { weight: 2, arbitrary: fc.constantFrom('event: token', 'event: ping', 'event:', 'id: 42', 'id:', 'id: a\u0000b') },
  { weight: 1, arbitrary: fc.constantFrom('retry: 3000', 'retry: 3s', 'retry:', 'retry: 007', 'id: 7') },
  { weight: 2, arbitrary: fc.constantFrom(': comment', ':', ': ping \u001b[31m') },
  { weight: 1, arbitrary: fc.constantFrom('Data: x', 'foo: bar', '{"error":{"code":500}}', '\uFEFFdata: x', 'data: é𝄞') },
  { weight: 6, arbitrary: fc.constant('') },
);
const eol = fc.constantFrom('\n', '\n', '\r\n', '\r');

const stream: fc.Arbitrary<string> = fc
  .record({ bom: fc.constantFrom('', '', '\uFEFF'), lines: fc.array(fc.tuple(line, eol), { maxLength: 24 }), lastEnding: fc.boolean() })
  .map(({ bom, lines, lastEnding }) => bom + lines.map(([text, ending], i) => (i === lines.length - 1 && !lastEnding ? text : text + ending)).join(''));

/** The same streams as a capture tool writes them: every line (blank ones too) after a time of day. */
const stamped: fc.Arbitrary<string> = fc
  .record({ lines: fc.array(fc.tuple(line, eol), { maxLength: 20 }), step: fc.integer({ min: 0, max: 5000 }) })
  .map(({ lines, step }) => lines.map(([text, ending], i) => `${new Date(Date.UTC(2026, 0, 1, 12) + i * step).toISOString().slice(11, 23)} ${text}${ending}`).join(''));

const paths = fc.constantFrom(undefined, 'a', '0', 'choices.0.delta.content', '__proto__', '');
const cuts = fc.array(fc.nat(), { maxLength: 10 });

const positions = (raw: readonly number[], length: number) => (length < 2 ? [] : raw.map((n) => 1 + (n % (length - 1))));
const plain = (result: Inspection): Inspection => JSON.parse(JSON.stringify(result)) as Inspection;

describe('inspect() properties', () => {
  it('any chunking of the text, or of its bytes, gives the same inspection', () => {
    fc.assert(
      fc.property(fc.oneof(stream, stamped), paths, cuts, fc.boolean(), (text, path, raw, timestamps) => {
        const options = path === undefined ? { timestamps } : { path, timestamps };
        const whole = plain(inspect(text, options));
        expect(plain(inspect(cutAt(text, positions(raw, text.length)), options))).toEqual(whole);
        const bytes = utf8(text);
        expect(plain(inspect(cutAt(bytes, positions(raw, bytes.length)), options))).toEqual(whole);
      }),
      RUNS,
    );
  });

  it('accounts for every line once: events, blocks that dispatch nothing, comments, blanks', () => {
    fc.assert(
      fc.property(stream, (text) => {
        const result = inspect(text);
        const { total, inFrames, comments, blanks, unread } = result.lines;
        expect(total).toBe(splitLines(text).length);
        expect(inFrames + comments + blanks + unread).toBe(total);
        const spans = [...result.events, ...result.notDispatched].sort((a, b) => a.line - b.line);
        let previousEnd = 0;
        let spanned = 0;
        for (const span of spans) {
          expect(span.line).toBeGreaterThan(previousEnd);
          expect(span.endLine).toBeGreaterThanOrEqual(span.line);
          previousEnd = span.endLine;
          spanned += span.endLine - span.line + 1;
        }
        expect(spanned).toBe(inFrames);
      }),
      RUNS,
    );
  });

  it("keeps a spec client's state: the id it reconnects with, its delay, the types it dispatched, the comments it read", () => {
    fc.assert(
      fc.property(stream, (text) => {
        const { stats, retry } = inspect(text);
        const reference = referenceState(text);
        expect(stats.lastEventId).toBe(reference.lastEventId === '' ? null : reference.lastEventId);
        expect(retry).toBe(reference.retry);
        expect(stats.comments).toBe(reference.comments);
        expect(stats.eventTypes).toEqual([...new Set(reference.events.map((e) => e.event))]);
      }),
      RUNS,
    );
  });

  it('calls dispatched exactly the events a plain WHATWG parser dispatches, timestamps or not', () => {
    fc.assert(
      fc.property(fc.oneof(stream, stamped), (text) => {
        const result = inspect(text);
        const dispatched = result.events.filter((e) => e.dispatched).map((e) => ({ event: e.event, data: e.data, lastEventId: e.id }));
        expect(dispatched).toEqual(referenceEvents(text));
        expect(result.events.filter((e) => !e.dispatched).length).toBeLessThanOrEqual(1);
      }),
      RUNS,
    );
  });

  it('finds every line as the grammar splits them, from the start or from any earlier line', () => {
    fc.assert(
      fc.property(stream, fc.nat(), (text, pick) => {
        const expected = splitLines(text).map((l) => l.text);
        const lookup = lineLookup(text);
        expect(expected.map((_, i) => lookup(i + 1))).toEqual(expected);
        expect(lookup(expected.length + 1)).toBeUndefined();
        const index = new LineIndex(text);
        const from = expected.length === 0 ? 1 : 1 + (pick % expected.length);
        const offset = index.start(from);
        for (let line = from; line <= expected.length; line += 1) expect(new LineIndex(text).lineNear(line, from, offset)).toBe(expected[line - 1]);
      }),
      RUNS,
    );
  });

  it('reads a timestamped capture as the same stream without its stamps, with the timing on top', () => {
    fc.assert(
      fc.property(stamped, (text) => {
        // A U+FEFF after a stamp is a character of the line; without the stamp, at the start, it would be a BOM.
        fc.pre(!text.includes('\uFEFF'));
        const result = inspect(text, { timestamps: true });
        // Every generated line has its ending: the lines without stamps, each ended by LF.
        const bare = inspect(splitLines(text).map((l) => `${l.text.replace(/^\d\d:\d\d:\d\d\.\d{3} /, '')}\n`).join(''));
        if (!result.timestamped) return;
        expect(result.events.map((e) => [e.event, e.id, e.data])).toEqual(bare.events.map((e) => [e.event, e.id, e.data]));
        expect(result.stats).toEqual(bare.stats);
        if (result.events.length > 0) expect(result.timing).not.toBeNull();
      }),
      RUNS,
    );
  });

  it('gives every problem on a line a caret inside its snippet, and the counts agree with the events', () => {
    fc.assert(
      fc.property(stream, (text) => {
        const result = inspect(text);
        for (const problem of result.problems) {
          expect(['must fix', 'check', 'note']).toContain(problem.label);
          if (problem.line === 0) continue;
          expect(problem.snippet).toBeDefined();
          expect(problem.snippet?.caret.trimStart()).toBe('^');
          expect(problem.snippet?.line).not.toMatch(/[\u0000-\u001f\u007f]/);
          expect(problem.snippet?.caret.length ?? 0).toBeLessThanOrEqual((problem.snippet?.line.length ?? 0) + 2);
        }
        const { stats, events } = result;
        expect(stats.events).toBe(events.length);
        expect(stats.json + stats.notJson).toBeLessThanOrEqual(events.length);
        expect(stats.eventTypes).toEqual([...new Set(events.filter((e) => e.dispatched).map((e) => e.event))]);
      }),
      RUNS,
    );
  });
});

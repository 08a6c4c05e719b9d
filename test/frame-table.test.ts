import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FrameTable } from '../src/core/frame-table.js';
import type { FrameRecord } from '../src/core/model.js';

const word = fc.constantFrom('message', 'content_block_delta', 'ping', 'x'.repeat(300), '');
const record = fc.record({
  event: word,
  lastEventId: fc.constantFrom('', '7', 'abc'),
  dispatched: fc.boolean(),
  startGap: fc.integer({ min: -3, max: 5_000_000_000 }),
  length: fc.integer({ min: 1, max: 100_000 }), // a frame has at least one line
  lineGap: fc.integer({ min: -2, max: 70_000 }),
  span: fc.nat(70_000),
  type: fc.option(word, { nil: null }),
  carried: fc.oneof(fc.string(), fc.constantFrom('text +1 chars to choice 0', 'usage')),
  progress: fc.boolean(),
  elapsedMs: fc.option(fc.nat(100_000), { nil: undefined }),
  retry: fc.option(fc.nat(10_000), { nil: undefined }),
});

describe('FrameTable', () => {
  it('gives back every row as it was added, whatever the numbers (a log of varints)', () => {
    fc.assert(
      fc.property(fc.array(record, { maxLength: 60 }), (specs) => {
        const table = new FrameTable(true, 0);
        const added: FrameRecord[] = [];
        let end = 0;
        let endLine = 0;
        specs.forEach((spec, index) => {
          const start = end + spec.startGap;
          const line = endLine + spec.lineGap;
          const row: FrameRecord = {
            index, event: spec.event || 'message', data: null, lastEventId: spec.lastEventId, dispatched: spec.dispatched,
            line, endLine: line + spec.span, start, end: start + spec.length, type: spec.type, carried: spec.carried, progress: spec.progress,
          };
          if (spec.retry !== undefined) row.retry = spec.retry;
          if (spec.elapsedMs !== undefined) row.elapsedMs = spec.elapsedMs;
          table.add(row, false);
          added.push(row);
          end = row.end;
          endLine = row.endLine;
        });
        expect(table.length).toBe(added.length);
        expect(table.rows()).toEqual(added);
        expect(table.timed().map((timed) => timed.index)).toEqual(added.filter((row) => row.elapsedMs !== undefined).map((row) => row.index));
      }),
    );
  });

  it('keeps what a late read set, over what the row was written with', () => {
    const table = new FrameTable(true, 0);
    const row: FrameRecord = { index: 0, event: 'message', data: null, lastEventId: '', dispatched: true, line: 1, endLine: 2, start: 0, end: 10, type: null, carried: '', progress: false };
    table.add(row, false);
    table.setRead(0, { type: 'chat.completion.chunk', carried: 'text +1 chars to choice 0', progress: true });
    expect(table.rows()[0]).toMatchObject({ type: 'chat.completion.chunk', carried: 'text +1 chars to choice 0', progress: true });
  });

  it('without rows keeps the count and the timed frames only', () => {
    const table = new FrameTable(false, 1024);
    table.addText('data: {}\n\n');
    table.add({ index: 0, event: 'message', data: '{}', lastEventId: '', dispatched: true, line: 1, endLine: 2, start: 0, end: 10, type: null, carried: '', progress: true, elapsedMs: 5 }, true);
    expect(table.length).toBe(1);
    expect(table.rows()).toEqual([]);
    expect(table.timed()).toEqual([{ index: 0, line: 1, elapsedMs: 5, progress: true }]);
  });
});

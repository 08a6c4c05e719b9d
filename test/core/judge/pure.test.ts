// The judge hands forward: it returns a new judgement and changes nothing it was given (its inputs frozen deep, it
// still judges, and judges them as it judges copies of them).
import { describe, expect, it } from 'vitest';
import { FindingList } from '../../../src/core/findings.js';
import { formatModule } from '../../../src/core/formats/registry.js';
import { classOutsideTable } from '../../../src/core/formats/finish-check.js';
import { DEFAULT_DEADLINES, judge, type JudgeInput } from '../../../src/core/judge/index.js';

/** Freezes a value and everything it reaches (typed arrays aside: their elements cannot be frozen). */
function deepFreeze<T>(value: T, seen = new Set<unknown>()): T {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null || seen.has(value) || ArrayBuffer.isView(value)) return value;
  seen.add(value);
  for (const key of Reflect.ownKeys(value as object)) deepFreeze((value as Record<PropertyKey, unknown>)[key], seen);
  return Object.freeze(value);
}

const chat = formatModule('chat-completions');

/** What the stages before the judge hand it: an error that ended the stream, a finding about it, and a stall. */
function input(kind: 'timed' | 'live'): JudgeInput {
  const findings = new FindingList();
  findings.add('error event', 'Frame 2 is an error event.', 5, 1, 2);
  findings.add('no end', 'The stream stops early.', 0, 0);
  const timed = [
    { index: 0, line: 1, elapsedMs: 0, progress: false },
    { index: 1, line: 3, elapsedMs: 40_000, progress: true },
    { index: 2, line: 5, elapsedMs: 41_000, progress: false },
  ];
  const stall = { cause: 'idleMs' as const, limitMs: 30_000, atMs: 45_000, waitedMs: 30_000, lastContent: { index: 1, line: 3, type: 'chat.completion.chunk', atMs: 15_000 }, lastFrame: { index: 2, line: 5, type: 'error', atMs: 16_000 } };
  return {
    format: chat.name,
    assembly: {
      choices: [{ index: 0, text: 'Hel', toolCalls: [{ index: 0, id: 'call_1', name: 'f', arguments: '{"a":1}' }] as never, finishReason: 'length' }],
      usage: { completion_tokens: 3 },
      response: { id: 'c1', choices: [{ message: { content: 'Hel' } }] },
      error: { error: { type: 'server_error', message: 'The server had an error' } },
      ended: true,
      missingPiece: false,
    },
    timed,
    findings,
    finishReasons: chat.finishReasons,
    classOutsideTable,
    truncated: false,
    deadlines: { ...DEFAULT_DEADLINES, idleMs: 30_000 },
    live:
      kind === 'live'
        ? {
            arrival: { origin: 100, live: true, now: 45_100, endedAt: 45_100, firstByteAt: 110, bytes: 420, stall, awaitingHeaders: false, headersStatus: 200 },
            content: { firstContentAt: 15_100, lastContentAt: 15_100, maxContentGap: 0 },
          }
        : null,
  };
}

describe('judge() mutates nothing it was given', () => {
  it.each(['timed', 'live'] as const)('%s: frozen inputs judge as fresh ones, and the findings given stay as they were', (kind) => {
    const expected = judge(input(kind));
    const frozen = deepFreeze(input(kind));
    const judged = judge(frozen);
    expect(judged).toEqual(expected);
    expect(judged.outcome).toBe('stalled');
    expect(judged.findings.listed.map((finding) => finding.code)).toEqual(['error event', 'no end', 'stalled']);
    // What the error means is added to a new finding; the one given keeps its words.
    expect(judged.findings.listed[0]?.message).toMatch(/What it means:/);
    expect(frozen.findings.listed.map((finding) => finding.message)).toEqual(['Frame 2 is an error event.', 'The stream stops early.']);
    expect(frozen.findings.counts).toEqual({ 'error event': 1, 'no end': 1 });
    expect(judged.findings).not.toBe(frozen.findings);
  });

  it('judging twice gives the same judgement', () => {
    const given = input('live');
    expect(judge(given)).toEqual(judge(given));
  });
});

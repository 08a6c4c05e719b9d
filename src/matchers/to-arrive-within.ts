import type { MatcherCheck } from './define.js';
import type { Received } from './input.js';
import { quote } from './message.js';
import { isPlainObject } from './paths.js';
import type { ArrivalLimits } from './types.js';

type Args = [limits: ArrivalLimits];
type Limit = Exclude<keyof ArrivalLimits, 'startedAt'>;

const LABELS: Record<Limit, string> = { firstByteMs: 'first byte', firstContentMs: 'first content', idleMs: 'longest idle', totalMs: 'total' };
const LIMITS = Object.keys(LABELS) as Limit[];

/** Arrival times within limits: live arrival times, or a timestamped capture's stamps. */
export const toArriveWithin: MatcherCheck<Args> = {
  name: 'toArriveWithin',
  hint: () => ({ expected: 'limits' }),
  validate([limits]) {
    if (!isPlainObject(limits)) throw new TypeError('The limits must be an object such as { firstContentMs: 500, idleMs: 2000 }.');
    const { startedAt, ...rest } = limits;
    if (startedAt !== undefined && !(typeof startedAt === 'number' && Number.isFinite(startedAt))) {
      throw new TypeError(`limits.startedAt must be a performance.now() reading taken when the request was sent; it is ${quote(startedAt)}.`);
    }
    const keys = Object.keys(rest);
    if (keys.length === 0) throw new TypeError(`Give at least one limit: ${LIMITS.join(', ')}.`);
    for (const key of keys) {
      const value = limits[key as Limit];
      if (!LIMITS.includes(key as Limit)) throw new TypeError(`${JSON.stringify(key)} is not a limit; the limits are ${LIMITS.join(', ')}.`);
      if (typeof value !== 'number' || !(value >= 0)) throw new TypeError(`limits.${key} must be a number of milliseconds ≥ 0; it is ${quote(value)}.`);
    }
  },
  // The first to read a live stream reads it with these limits as its deadlines: a hung stream stops at them.
  readOptions: ([{ startedAt, ...limits }]) => ({ deadlines: limits, ...(startedAt !== undefined ? { startedAt } : {}) }),
  evaluate(_context, received, [limits]) {
    const measured = measure(received);
    const asked = LIMITS.filter((key) => limits[key] !== undefined);
    checkMeasurable(received, asked, measured);
    const cut = cutLimits(received);
    const over = asked.filter((key) => {
      const value = measured[key];
      return value === null || value > (limits[key] ?? Infinity) || cut.has(key);
    });
    const waited = measured.totalMs ?? 0;
    const wanted = asked.map((key) => `${LABELS[key]} ≤ ${ms(limits[key] ?? 0)}`).join(', ');
    const actual: Partial<Record<Limit, number | string | null>> = pick(rounded(measured), asked);
    for (const key of asked) if (cut.has(key) && measured[key] !== null) actual[key] = `never arrived (read cut at ${ms(waited)})`;
    return {
      pass: over.length === 0,
      failure: `Expected the stream to arrive within ${wanted}; ${over.map((key) => overText(key, measured[key], waited, cut.has(key) ? received.trace?.stoppedBy ?? null : null)).join('; ')}.`,
      notFailure: `Expected the stream not to arrive within ${wanted}; it did.`,
      diff: { expected: pick(limits, asked), actual },
      details: [`Measured (${received.source ? 'live arrival times' : 'capture stamps'}): ${LIMITS.filter((key) => measured[key] !== null).map((key) => `${LABELS[key]} ${ms(measured[key] ?? 0)}`).join(' · ')}`],
    };
  },
};

function measure(received: Received): Record<Limit, number | null> {
  const timing = received.timing;
  return { firstByteMs: timing.firstByteMs ?? null, firstContentMs: timing.firstContentMs, idleMs: timing.maxIdleMs, totalMs: timing.totalMs };
}

/** Times that cannot be known are a usage error: no arrival times at all, or a first byte without a live read. */
function checkMeasurable(received: Received, asked: readonly Limit[], measured: Record<Limit, number | null>): void {
  if (measured.totalMs === null) {
    throw new TypeError('The stream has no arrival times: pass a live Response, ReadableStream or async iterable, or a capture whose lines carry timestamps.');
  }
  // A live read with no first byte waited for one (until a deadline or the end): that is a failure, not misuse.
  if (asked.includes('firstByteMs') && measured.firstByteMs === null && !received.source) {
    throw new TypeError('firstByteMs needs a live stream; a capture has no request time. Use firstContentMs for captures.');
  }
}

/**
 * The limits a live read cut short fails, whatever was measured: the one whose deadline stopped it (the time measured
 * is the deadline itself, the limit was reached), and the total (the stream never arrived whole).
 */
function cutLimits(received: Received): Set<Limit> {
  const stoppedBy = received.trace?.stoppedBy ?? null;
  if (stoppedBy === null) return new Set();
  return new Set<Limit>(stoppedBy === 'signal' ? ['totalMs'] : [stoppedBy, 'totalMs']);
}

function overText(key: Limit, value: number | null, waited: number, stoppedBy: string | null): string {
  if (stoppedBy !== null && value !== null) {
    const by = stoppedBy === 'signal' ? 'the signal' : `the ${stoppedBy} deadline`;
    return key === 'totalMs'
      ? `it never arrived whole: ${by} cut the read at ${ms(waited)}`
      : `${LABELS[key]} reached ${ms(value)}, where ${by} cut the read (${ms(waited)} in): the rest never arrived`;
  }
  if (value === null && key === 'firstByteMs') return `no first byte arrived in the ${ms(waited)} the read waited: it never arrived`;
  if (value === null) return `no content arrived, so there is no ${LABELS[key]} time`;
  return `${LABELS[key]} was ${ms(value)}`;
}

function rounded(measured: Record<Limit, number | null>): Record<Limit, number | null> {
  const out = { ...measured };
  for (const key of LIMITS) out[key] = measured[key] === null ? null : Math.round((measured[key] ?? 0) * 10) / 10;
  return out;
}

function pick<T>(record: Partial<Record<Limit | 'startedAt', T>>, keys: readonly Limit[]): Partial<Record<Limit, T>> {
  return Object.fromEntries(keys.map((key) => [key, record[key]])) as Partial<Record<Limit, T>>;
}

function ms(value: number): string {
  return `${Math.round(value * 10) / 10} ms`;
}

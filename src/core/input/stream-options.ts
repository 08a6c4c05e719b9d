import { describe } from '../decode/decoder.js';

const DEADLINE_NAMES = ['firstByteMs', 'firstContentMs', 'idleMs', 'totalMs'] as const;

/**
 * Checks the options only a live read takes (`signal`, `startedAt`) and the deadlines, which it enforces while
 * reading: a wrong one throws a TypeError that says what to pass.
 */
export function checkStreamOptions(options: unknown): void {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new TypeError(`sse-reconstruct: options must be an object such as { deadlines: { idleMs: 5000 } }; received ${describe(options)}.`);
  }
  const { signal, startedAt, deadlines } = options as { signal?: unknown; startedAt?: unknown; deadlines?: unknown };
  if (signal !== undefined && !isAbortSignal(signal)) {
    throw new TypeError(`sse-reconstruct: options.signal must be an AbortSignal (such as AbortSignal.timeout(5000) or controller.signal); received ${describe(signal)}.`);
  }
  if (startedAt !== undefined && (typeof startedAt !== 'number' || !Number.isFinite(startedAt))) {
    throw new TypeError(`sse-reconstruct: options.startedAt must be a performance.now() reading taken when the request was sent; received ${describe(startedAt)}.`);
  }
  checkDeadlines(deadlines, 'options.deadlines');
}

/** Deadlines: an object of milliseconds ≥ 0 under the four names. */
export function checkDeadlines(deadlines: unknown, where: string): void {
  if (deadlines === undefined) return;
  if (typeof deadlines !== 'object' || deadlines === null || Array.isArray(deadlines)) {
    throw new TypeError(`sse-reconstruct: ${where} must be an object such as { firstContentMs: 2000, idleMs: 2000, totalMs: 10000 }; received ${describe(deadlines)}.`);
  }
  for (const [name, value] of Object.entries(deadlines)) {
    if (!(DEADLINE_NAMES as readonly string[]).includes(name)) {
      throw new TypeError(`sse-reconstruct: ${where}.${name} is not a deadline; the deadlines are ${DEADLINE_NAMES.join(', ')}.`);
    }
    if (value !== undefined && (typeof value !== 'number' || !(value >= 0))) {
      throw new TypeError(`sse-reconstruct: ${where}.${name} must be a number of milliseconds ≥ 0 (Infinity for none); received ${describe(value)}.`);
    }
  }
}

function isAbortSignal(value: unknown): value is AbortSignal {
  const candidate = value as Partial<AbortSignal> | null;
  return typeof candidate === 'object' && candidate !== null && typeof candidate.aborted === 'boolean' && typeof candidate.addEventListener === 'function';
}

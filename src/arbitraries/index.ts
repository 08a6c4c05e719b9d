// Arbitraries for fast-check (an optional peer dependency): responses, their documented streams, faults, chunkings
// and pacing, to test a relay or a client on streams no one wrote by hand.
import * as fc from 'fast-check';
import { describeArgument, FORMAT_NAMES, reconstruct, type FormatName } from '../core/index.js';
import {
  addBOM, appendError, cutInside, delay, drop, dropEnd, dropStart, duplicate, joinDataLines, pace, relativeFault, removeIndex, renameEvent, stall,
  stripFinalBlankLine, swap, toCRLF, truncateAfter, type Fault,
} from '../faults/faults.js';
import { readingOf } from '../faults/script-of.js';
import { streamOf } from '../fixtures/stream-of.js';
import type { Fixture } from '../fixtures/types.js';
import { RESPONSE_ARBITRARIES } from './responses.js';
import { SseReconstructError } from '../core/index.js';

export type { Fault } from '../faults/faults.js';
export type { Fixture } from '../fixtures/types.js';

function checkFormat(format: unknown, call: string): FormatName {
  if (!FORMAT_NAMES.includes(format as FormatName)) {
    throw new SseReconstructError('ERR_SSE_ARGUMENT', `sse-reconstruct: ${call} takes a format, one of ${FORMAT_NAMES.join(', ')}; it received ${describeArgument(format)}.`);
  }
  return format as FormatName;
}

/** Non-streamed responses of a format, in its own shape: text, tool calls, reasoning, refusals, usage, finish reasons. */
export function responses(format: FormatName): fc.Arbitrary<Record<string, unknown>> {
  return RESPONSE_ARBITRARIES[checkFormat(format, 'responses(format)')];
}

/** Options of `streams()`. */
export interface StreamsOptions {
  /** Largest piece of text or arguments a frame carries; pieces are cut at random sizes up to it (default 1 to 16). */
  maxPieceSize?: number;
}

/**
 * Documented streams of random responses, cut into random pieces: each a fixture (`stream`, `response`, and the
 * `expected` reading the library gives it), so it goes to `applyFaults()`, a server or your relay as it is.
 */
export function streams(format: FormatName, options: StreamsOptions = {}): fc.Arbitrary<Fixture> {
  checkFormat(format, 'streams(format)');
  const max = options.maxPieceSize ?? 16;
  if (!Number.isInteger(max) || max < 1) throw new SseReconstructError('ERR_SSE_OPTION', `sse-reconstruct: streams()'s maxPieceSize is a whole number of at least 1; it received ${describeArgument(max)}.`);
  return fc.record({ response: responses(format), pieceSize: fc.integer({ min: 1, max }), seed: fc.integer() }).map(({ response, pieceSize, seed }) => {
    const stream = streamOf(response, format, { pieceSize, seed });
    // The library's reading of the stream (what scriptOf(stream, { format }) states, without cutting it into pieces).
    const expected = readingOf(reconstruct(stream, { format }));
    return { name: `${format}/generated`, format, kind: 'generated' as const, title: `pieces of up to ${pieceSize} characters, seed ${seed}`, response, stream, expected };
  });
}

/** The kinds of fault `faults()` draws from. */
export type FaultKind =
  | 'truncateAfter' | 'cutInside' | 'appendError' | 'drop' | 'duplicate' | 'swap' | 'dropEnd' | 'dropStart' | 'toCRLF' | 'addBOM'
  | 'stripFinalBlankLine' | 'joinDataLines' | 'renameEvent' | 'removeIndex' | 'stall' | 'delay';

/** Every kind of fault `faults()` can draw. */
export const FAULT_KINDS: readonly FaultKind[] = [
  'truncateAfter', 'cutInside', 'appendError', 'drop', 'duplicate', 'swap', 'dropEnd', 'dropStart', 'toCRLF', 'addBOM',
  'stripFinalBlankLine', 'joinDataLines', 'renameEvent', 'removeIndex', 'stall', 'delay',
];

/** Options of `faults()`: how long a list, and which kinds. */
export interface FaultsOptions {
  /** Longest list (default 3; lists may be empty: a clean stream is a case too). */
  maxLength?: number;
  /** Draw only these kinds (default all). */
  kinds?: readonly FaultKind[];
}

const share = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true });
const at = (value: number, size: number) => Math.min(size - 1, Math.floor(value * size));

/** One fault of a kind, placed by shares of the stream it meets, so it fits any stream; one that cannot apply leaves the stream as it is. */
function faultOf(kind: FaultKind): fc.Arbitrary<Fault> {
  const placed = (make: (frames: number[]) => Fault) => (name: string) => relativeFault(name, make);
  const pct = (value: number) => `${Math.round(value * 100)}%`;
  switch (kind) {
    case 'truncateAfter':
      return share.map((s) => placed((f) => truncateAfter(1 + at(s, Math.max(1, f.length - 1))))(`truncateAfter(at ${pct(s)})`));
    case 'cutInside':
      return fc.tuple(share, share).map(([s, t]) => placed((f) => cutInside(at(s, f.length), 1 + at(t, Math.max(1, (f[at(s, f.length)] ?? 2) - 1))))(`cutInside(at ${pct(s)}, ${pct(t)} in)`));
    case 'appendError':
      return fc.constant(placed(() => appendError())('appendError()'));
    case 'drop':
      return share.map((s) => placed((f) => drop(at(s, f.length)))(`drop(at ${pct(s)})`));
    case 'duplicate':
      return share.map((s) => placed((f) => duplicate(at(s, f.length)))(`duplicate(at ${pct(s)})`));
    case 'swap':
      return fc.tuple(share, share).map(([s, t]) => placed((f) => swap(at(s, f.length), at(t, f.length)))(`swap(at ${pct(s)}, at ${pct(t)})`));
    case 'dropEnd':
      return fc.constant(placed(() => dropEnd())('dropEnd()'));
    case 'dropStart':
      return fc.constant(placed(() => dropStart())('dropStart()'));
    case 'toCRLF':
      return fc.constant(placed(() => toCRLF())('toCRLF()'));
    case 'addBOM':
      return fc.constant(placed(() => addBOM())('addBOM()'));
    case 'stripFinalBlankLine':
      return fc.constant(placed(() => stripFinalBlankLine())('stripFinalBlankLine()'));
    case 'joinDataLines':
      return share.map((s) => placed((f) => joinDataLines(at(s, Math.max(1, f.length - 1))))(`joinDataLines(at ${pct(s)})`));
    case 'renameEvent':
      return fc.tuple(share, fc.constantFrom('message', 'error', 'delta', 'ping', 'message_stop')).map(([s, name]) => placed((f) => renameEvent(at(s, f.length), name))(`renameEvent(at ${pct(s)}, ${JSON.stringify(name)})`));
    case 'removeIndex':
      return fc.constant(placed(() => removeIndex())('removeIndex()'));
    case 'stall':
      // From before the first frame on, always with a frame after it, so a reader of any kind sees it; stall(frames, ms) hangs at the very end.
      return fc.tuple(share, fc.integer({ min: 1000, max: 120_000 })).map(([s, ms]) => placed((f) => stall(at(s, f.length), ms))(`stall(at ${pct(s)}, ${ms})`));
    case 'delay':
      return fc.tuple(share, fc.integer({ min: 0, max: 60_000 })).map(([s, ms]) => placed((f) => delay(at(s, f.length), ms))(`delay(at ${pct(s)}, ${ms})`));
  }
}

/** Lists of faults, each placed to fit whatever stream it meets: pass them to `applyFaults(stream, ...list)`. */
export function faults(options: FaultsOptions = {}): fc.Arbitrary<Fault[]> {
  const maxLength = options.maxLength ?? 3;
  if (!Number.isInteger(maxLength) || maxLength < 0) throw new SseReconstructError('ERR_SSE_OPTION', `sse-reconstruct: faults()'s maxLength is a whole number (0 or more); it received ${describeArgument(maxLength)}.`);
  const kinds = options.kinds ?? FAULT_KINDS;
  const unknown = kinds.filter((kind) => !FAULT_KINDS.includes(kind));
  if (kinds.length === 0 || unknown.length > 0) {
    throw new SseReconstructError('ERR_SSE_OPTION', `sse-reconstruct: faults()'s kinds are some of ${FAULT_KINDS.join(', ')}; it received ${describeArgument(kinds)}.`);
  }
  return fc.array(fc.oneof(...kinds.map(faultOf)), { maxLength });
}

/** A way to cut a stream into the chunks a reader receives. */
export interface Chunking {
  /** Chunk sizes, used in turn until the input is used up. */
  sizes: number[];
  /** Cuts text into chunks of these sizes (never between the two halves of a surrogate pair). */
  split(text: string): string[];
  /** Cuts bytes into chunks of these sizes (a character may be cut, as networks cut it). */
  splitBytes(bytes: Uint8Array): Uint8Array[];
}

/** Chunkings: sizes from 1 character up to `maxSize` (default 64). */
export function chunkings(maxSize = 64): fc.Arbitrary<Chunking> {
  if (!Number.isInteger(maxSize) || maxSize < 1) throw new SseReconstructError('ERR_SSE_ARGUMENT', `sse-reconstruct: chunkings(maxSize) takes a whole number of at least 1; it received ${describeArgument(maxSize)}.`);
  return fc.array(fc.integer({ min: 1, max: maxSize }), { minLength: 1, maxLength: 8 }).map(chunkingOf);
}

function chunkingOf(sizes: number[]): Chunking {
  const cut = <T extends { length: number }>(input: T, slice: (from: number, to: number) => T, keep: (end: number) => number): T[] => {
    const chunks: T[] = [];
    for (let from = 0, turn = 0; from < input.length; turn += 1) {
      const to = keep(Math.min(input.length, from + sizes[turn % sizes.length]!));
      chunks.push(slice(from, to));
      from = to;
    }
    return chunks;
  };
  const chunking: Chunking = {
    sizes,
    split: (text) => cut(text, (from, to) => text.slice(from, to), (end) => (end < text.length && /[\uD800-\uDBFF]/.test(text[end - 1]!) ? end + 1 : end)),
    splitBytes: (bytes) => cut(bytes, (from, to) => bytes.slice(from, to), (end) => end),
  };
  Object.defineProperty(chunking, Symbol.for('fast-check/toStringMethod'), { value: () => `chunking(${sizes.join(', ')})` });
  return chunking;
}

/** Paces like a model writing: a first-token wait, then content frames per second, with seeded jitter. */
export function pacings(): fc.Arbitrary<Fault> {
  return fc
    .record({ ttftMs: fc.integer({ min: 0, max: 5000 }), tokensPerSec: fc.integer({ min: 1, max: 200 }), jitter: fc.double({ min: 0, max: 1, noNaN: true }), seed: fc.integer() })
    .map((options) => pace(options));
}

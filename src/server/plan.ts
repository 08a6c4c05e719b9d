import { seededRandom } from '../fixtures/stream-of.js';
import { createFrameCutter } from '../core/index.js';
import type { NormalOptions, NormalPacing } from './options.js';

/** Bytes to write after a pause. Segments of a source are views of its bytes, never copies. */
export interface Segment {
  bytes: Uint8Array;
  delayMs: number;
  /** The wait before it holds a stall (the `stall` option's): the stream is hung there, not paced. */
  stalled?: boolean;
}

/** A segment cut at frame ends: `frames`, when its last byte ends a frame, is how many frames have ended. */
interface Part extends Segment {
  frames: number | null;
}

/** How the response ends once the last write is out: properly, by a reset, or by a close mid-body; after a wait. */
export interface Finish {
  kind: 'end' | 'reset' | 'close';
  /** Milliseconds to wait first; Infinity hangs until the client leaves or the server closes. */
  afterMs: number;
}

/** The most bytes written at once when writes are joined. */
export const WRITE_BYTES = 64 * 1024;

/**
 * The writes for one response: the source's segments cut at frame ends (only as far as an option needs frames),
 * paced, with the stall and the cut applied, then joined or split into writes. Lazy: nothing is copied but the
 * pieces joined into one write (at most 64 KiB).
 */
export function planWrites(segments: Iterable<Segment>, end: Finish, options: NormalOptions): Generator<Segment, Finish> {
  const needed = framesNeeded(options);
  const parts = needed === 'none' ? cutAtFrames(segments, []) : cutAtFrames(windows(segments), needed);
  return chunked(faulted(paced(parts, options.pace), end, options), options.chunk);
}

/** Where the writes must be cut: at every frame end, or only after the frames a fault counts. */
function framesNeeded(options: NormalOptions): 'all' | 'none' | number[] {
  if (options.chunk === 'frame' || options.pace.kind !== 'recorded') return 'all';
  const counts = [options.stall?.afterFrames ?? 0, options.destroy?.afterFrames ?? 0].filter((count) => count > 0 && Number.isFinite(count));
  return counts.length === 0 ? 'none' : [...new Set(counts)].sort((a, b) => a - b);
}

/** Large segments in 64 KiB views, so frames are found as the bytes go out, not all before the first write. */
function* windows(segments: Iterable<Segment>): Generator<Segment> {
  for (const { bytes, delayMs } of segments) {
    if (bytes.length <= WRITE_BYTES) {
      yield { bytes, delayMs };
      continue;
    }
    for (let at = 0; at < bytes.length; at += WRITE_BYTES) yield { bytes: bytes.subarray(at, at + WRITE_BYTES), delayMs: at === 0 ? delayMs : 0 };
  }
}

/** The segments cut after every frame end (`all`), or only after the frames a fault counts (`needed`, ascending). */
function* cutAtFrames(segments: Iterable<Segment>, needed: 'all' | number[]): Generator<Part> {
  const cutter = createFrameCutter();
  const targets = needed === 'all' ? null : [...needed];
  const cuts: Array<{ end: number; frames: number }> = [];
  const noteEnd = (end: number, count: number): void => {
    // Only the frame ends a fault counts cut the bytes; those between are counted, not kept.
    if (targets === null) cuts.push({ end, frames: count });
    else if (count === targets[0]) {
      cuts.push({ end, frames: count });
      targets.shift();
    }
  };
  for (const { bytes, delayMs } of segments) {
    let start = 0;
    let delay = delayMs;
    if (targets === null || targets.length > 0) cutter.push(bytes, noteEnd);
    for (const { end, frames } of cuts) {
      yield { bytes: bytes.subarray(start, end), delayMs: delay, frames };
      delay = 0;
      start = end;
    }
    cuts.length = 0;
    if (start < bytes.length || bytes.length === 0) yield { bytes: bytes.subarray(start), delayMs: delay, frames: null };
  }
}

function* paced(parts: Iterable<Part>, pace: NormalPacing): Generator<Part> {
  if (pace.kind === 'recorded') {
    for (const part of parts) yield pace.scale === 1 ? part : { ...part, delayMs: part.delayMs * pace.scale };
    return;
  }
  const random = seededRandom(pace.kind === 'model' ? pace.seed : 1);
  let atFrameStart = true;
  let frame = 0;
  for (const part of parts) {
    let delayMs = 0;
    if (atFrameStart) {
      if (pace.kind === 'fixed') delayMs = pace.delayMs;
      else if (frame === 0) delayMs = pace.ttftMs;
      else delayMs = (1000 / pace.tokensPerSec) * (1 + pace.jitter * (2 * random() - 1));
      frame += 1;
    }
    atFrameStart = part.frames !== null;
    yield { ...part, delayMs };
  }
}

function* faulted(parts: Iterable<Part>, end: Finish, options: NormalOptions): Generator<Part, Finish> {
  const { stall, destroy } = options;
  const cut: Finish | null = destroy === null ? null : { kind: destroy.how === 'end' ? 'end' : destroy.how, afterMs: 0 };
  let frames = 0;
  let bytes = 0;
  let extraDelay = 0;
  const stallAt = (count: number): Finish | null => {
    if (stall === null || stall.afterFrames !== count) return null;
    if (stall.ms === Infinity) return { kind: 'end', afterMs: Infinity };
    extraDelay += stall.ms;
    return null;
  };
  if (cut !== null && (destroy?.afterBytes === 0 || destroy?.afterFrames === 0)) return cut;
  const hung = stallAt(0);
  if (hung) return hung;
  for (const part of parts) {
    const length = part.bytes.length;
    const delayMs = part.delayMs + extraDelay;
    extraDelay = 0;
    if (cut !== null && destroy !== null && bytes + length >= destroy.afterBytes) {
      const keep = destroy.afterBytes - bytes;
      if (keep > 0) yield { bytes: part.bytes.subarray(0, keep), delayMs, frames: keep === length ? part.frames : null, stalled: delayMs !== part.delayMs };
      return cut;
    }
    yield delayMs === part.delayMs ? part : { ...part, delayMs, stalled: true };
    bytes += length;
    if (part.frames === null) continue;
    frames = part.frames;
    if (cut !== null && destroy !== null && frames >= destroy.afterFrames) return cut;
    const hang = stallAt(frames);
    if (hang) return hang;
  }
  return { kind: end.kind, afterMs: end.afterMs + extraDelay };
}

function* chunked(parts: Generator<Part, Finish>, chunk: NormalOptions['chunk']): Generator<Segment, Finish> {
  const pending: Part[] = [];
  let pendingBytes = 0;
  let pendingDelay = 0;
  let pendingStalled = false;
  const take = (): Segment => {
    const bytes = join(pending, pendingBytes);
    const write: Segment = pendingStalled ? { bytes, delayMs: pendingDelay, stalled: true } : { bytes, delayMs: pendingDelay };
    pending.length = 0;
    pendingBytes = 0;
    pendingDelay = 0;
    pendingStalled = false;
    return write;
  };
  const limit = typeof chunk === 'number' ? chunk : chunk === 'frame' ? Infinity : WRITE_BYTES;
  let next = parts.next();
  while (next.done !== true) {
    const part = next.value;
    next = parts.next();
    if (chunk === 'piece') {
      yield part;
      continue;
    }
    // A pause starts a new write, except inside a frame written whole.
    if (part.delayMs > 0 && pending.length > 0 && chunk !== 'frame') yield take();
    pendingDelay += part.delayMs;
    if (part.stalled === true) pendingStalled = true;
    let bytes = part.bytes;
    while (pendingBytes + bytes.length >= limit && limit !== Infinity) {
      const room = limit - pendingBytes;
      pending.push({ bytes: bytes.subarray(0, room), delayMs: 0, frames: null });
      pendingBytes += room;
      bytes = bytes.subarray(room);
      yield take();
    }
    if (bytes.length > 0 || (part.delayMs > 0 && pending.length === 0)) {
      pending.push({ bytes, delayMs: 0, frames: part.frames });
      pendingBytes += bytes.length;
    }
    if (chunk === 'frame' && part.frames !== null) yield take();
  }
  if (pending.length > 0 || pendingDelay > 0) yield take();
  return next.value;
}

/** The parts' bytes as one view: without a copy when they sit side by side in one buffer. */
function join(parts: readonly Part[], total: number): Uint8Array {
  if (parts.length === 1) return (parts[0] as Part).bytes;
  const first = parts[0];
  if (first === undefined) return new Uint8Array(0);
  let adjacent = true;
  let offset = first.bytes.byteOffset;
  for (const part of parts) {
    if (part.bytes.buffer !== first.bytes.buffer || part.bytes.byteOffset !== offset) {
      adjacent = false;
      break;
    }
    offset += part.bytes.byteLength;
  }
  if (adjacent) return new Uint8Array(first.bytes.buffer, first.bytes.byteOffset, total);
  const joined = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    joined.set(part.bytes, at);
    at += part.bytes.length;
  }
  return joined;
}

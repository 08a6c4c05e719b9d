// Faults on when frames come: a stall, a frame held back, a model's pace.
import { seededRandom } from '../fixtures/stream-of.js';
import { describeArgument } from '../core/index.js';
import { fault, type Fault } from './fault.js';
import { count, frameAt, milliseconds } from './fault-edits.js';
import { frameUnits } from './work.js';
import { SseReconstructError } from '../core/index.js';

/**
 * Stops sending for `ms` after the first `after` frames (0: before the first, as the server's `stall: { afterFrames }`
 * counts). Infinity stops the stream there: what comes after is never written and the connection hangs; after the last
 * frame, a finite stall hangs the connection that long before it closes. `expected.deadlines` are set below the stall,
 * so a reader with them reports `stalled`: read whole (`readScript()`), the frames all count; a live reader is
 * cancelled at the deadline (`expected.live`).
 */
export function stall(after: number, ms: number): Fault {
  const call = `stall(${String(after)}, ${String(ms)})`;
  count(after, 'how many frames go before the stall', 'stall(after, ms)');
  milliseconds(ms, 'how long it stalls', 'stall(after, ms)', true);
  if (ms === 0) throw new SseReconstructError('ERR_SSE_FAULT', 'sse-reconstruct: stall(after, ms) takes a stall longer than 0 ms.');
  return fault(call, `stops sending for ${Number.isFinite(ms) ? `${ms} ms` : 'ever'} after ${after} frames`, (work) => {
    const frames = frameUnits(work);
    if (after > frames.length) {
      throw new SseReconstructError('ERR_SSE_FAULT', `sse-reconstruct: ${call} cannot apply: the stream has ${frames.length} frames; pass 0 to ${frames.length} (the stall comes after that many).`);
    }
    // The units written before the stall: everything up to the `after`-th frame (none for 0).
    const before = after === 0 ? 0 : work.units.indexOf(frames[after - 1]!) + 1;
    const next = work.units[before];
    if (!Number.isFinite(ms)) {
      work.units.splice(before);
      work.end = { kind: 'stall', ms };
      work.restructured = true;
    } else if (next === undefined) work.end = { kind: 'stall', ms };
    else next.pieces[0]!.delayMs += ms;
    work.smallestStallMs = Math.min(work.smallestStallMs ?? Infinity, ms);
    work.paced = true;
  });
}

/**
 * Holds frame `frame` back by `ms` before sending it. The wait counts from the start of reading like every limit: past
 * the default deadlines (20 s to the first content, 30 s between content) it is a stall, and `expected.live` says
 * what a live reader, cancelled there, reads.
 */
export function delay(frame: number, ms: number): Fault {
  const call = `delay(${String(frame)}, ${String(ms)})`;
  count(frame, 'the frame to hold back (0-based)', 'delay(frame, ms)');
  milliseconds(ms, 'how long to hold it', 'delay(frame, ms)');
  return fault(call, `holds frame ${frame} back by ${ms} ms`, (work) => {
    frameAt(work, frame, call).pieces[0]!.delayMs += ms;
    work.paced = true;
  });
}

/** Options of `pace()`: the wait before the first content, the rate, the jitter and its seed. */
export interface PaceOptions {
  /** Milliseconds before the first frame that carries content (default 0). */
  ttftMs?: number;
  /** Content frames per second after the first (each counts as a token; default: no wait). */
  tokensPerSec?: number;
  /** 0 to 1: each wait varies by up to this share, drawn from `seed` (default 0). */
  jitter?: number;
  /** Seed for the jitter (default 0): the same seed gives the same pace. */
  seed?: number;
}

/**
 * Paces the stream like a model writing: a wait before the first content, then `tokensPerSec`, with seeded jitter.
 * It replaces the script's delays (a recorded pace, earlier delays and stalls): apply `stall()` and `delay()` after it.
 */
export function pace(options: PaceOptions): Fault {
  if (options === null || typeof options !== 'object') {
    throw new SseReconstructError('ERR_SSE_OPTION', `sse-reconstruct: pace() takes options such as { ttftMs: 400, tokensPerSec: 30, jitter: 0.2, seed: 1 }; it received ${describeArgument(options)}.`);
  }
  const ttft = milliseconds(options.ttftMs ?? 0, 'ttftMs', 'pace({ ttftMs })');
  const tps = options.tokensPerSec;
  if (tps !== undefined && !(typeof tps === 'number' && tps > 0 && Number.isFinite(tps))) {
    throw new SseReconstructError('ERR_SSE_OPTION', `sse-reconstruct: pace({ tokensPerSec }) takes a number above 0; it received ${describeArgument(tps)}.`);
  }
  const jitter = options.jitter ?? 0;
  if (typeof jitter !== 'number' || !(jitter >= 0 && jitter <= 1)) {
    throw new SseReconstructError('ERR_SSE_OPTION', `sse-reconstruct: pace({ jitter }) takes a share from 0 to 1; it received ${describeArgument(jitter)}.`);
  }
  const seed = options.seed ?? 0;
  if (!Number.isInteger(seed)) throw new SseReconstructError('ERR_SSE_OPTION', `sse-reconstruct: pace({ seed }) takes a whole number; it received ${describeArgument(seed)}.`);
  const shown = JSON.stringify(Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)));
  return fault(`pace(${shown})`, `paces the stream: ${ttft} ms to the first content${tps ? `, then ${tps} content frames a second` : ''}`, (work, context) => {
    const random = seededRandom(seed);
    const vary = (ms: number) => Math.round(ms * (1 + jitter * (2 * random() - 1)) * 1000) / 1000;
    let seen = false;
    for (const unit of work.units) {
      for (const piece of unit.pieces) piece.delayMs = 0;
      if (!unit.frame || !context.progressOf(unit) || unit.pieces.length === 0) continue;
      unit.pieces[0]!.delayMs = seen ? (tps ? vary(1000 / tps) : 0) : vary(ttft);
      seen = true;
    }
    work.paced = true;
  });
}

// The public decoder: the decode stage with the speed layer's frame lane and templates handed in from here, so the
// decoder itself knows nothing of the speed layer (test/house/layers.test.ts).
import { FindingList } from '../findings.js';
import type { StreamText } from '../input/chunks.js';
import { decodeWith, frameReaderWith, type DecodeOptions, type DecodeResult, type FrameCallback, type FrameReader } from '../decode/index.js';
import { handOverSpeed } from '../fast/reader-speed.js';
import { framingOf, type FramingName } from '../decode/framing.js';
import type { Frame } from '../decode/frame.js';
import { toChunks } from '../input/chunks.js';
import { checkDecodeOptions } from '../options.js';

/**
 * The decoder plus the one JSON read of each frame: names frames whose data is not JSON, and tells a stream cut
 * inside its last frame from one whose last frame only lacks the blank line after it. Leave `findings` out (the
 * pipeline passes the list it keeps); for the findings of a stream, use `decode()` or `createDecoder()`.
 */
export function createFrameReader(onFrame: FrameCallback, findings: FindingList = new FindingList(), onText?: (text: string, bytes?: Uint8Array) => void, options: DecodeOptions = {}): FrameReader {
  return frameReaderWith(onFrame, findings, onText, options, handOverSpeed);
}

/**
 * Decodes a whole event stream by the WHATWG rules: every frame with its position, and a finding for every line a
 * spec client would read differently from what its writer meant. Never throws on bad input.
 */
export function decode(input: StreamText, options: DecodeOptions = {}): DecodeResult {
  return decodeWith(input, options, handOverSpeed);
}

/**
 * `decode()` for any framing: every frame with its position and the framing's findings, the frames cut where that
 * framing's reader cuts them (an NDJSON line, an SSE frame). The writers (faults, fixtures) cut a format's stream
 * into frames with it, so they never switch on a format. SSE reads exactly as `decode()`.
 */
export function decodeAs(framing: FramingName | undefined, input: StreamText, options: DecodeOptions = {}): DecodeResult {
  const chosen = framingOf(framing);
  if (chosen.name === 'sse') return decode(input, options);
  checkDecodeOptions(options, { where: 'decodeAs' });
  const findings = new FindingList();
  const frames: Frame[] = [];
  const reader = chosen.open({ onFrame: (frame) => frames.push(frame), findings, options, speed: null, live: false });
  for (const chunk of toChunks(input, 'decodeAs')) reader.push(chunk);
  const summary = reader.end();
  const result: DecodeResult = { frames, findings: findings.sorted(), findingCounts: { ...findings.counts }, lines: summary.lines, timestamped: summary.timestamped, stopped: summary.stopped };
  if (summary.retry !== undefined) result.retry = summary.retry;
  return result;
}

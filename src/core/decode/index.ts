import { FindingList } from '../findings.js';
import { type StreamText, toChunks } from '../input/chunks.js';
import type { DecodeResult, Frame } from './frame.js';
import type { DecodeOptions } from './decoder.js';
import { openFrameReader, type FrameCallback, type FrameReader } from './payload.js';
import { checkDecodeOptions } from '../options.js';
import { handOverSpeed } from '../fast/reader-speed.js';

export { createDecoder } from './decoder.js';
export { MAX_HELD_CHARS } from './held-bound.js';
export type { DecodeOptions, DecoderCallbacks, DecoderSummary, EventStreamDecoder, FrameEnding, FrameMarks } from './decoder.js';
export type { DecodeResult, Frame, LineTally, Payload } from './frame.js';
export { readPayload } from './payload.js';
export type { FrameCallback, FrameReader } from './payload.js';

/**
 * The decoder plus the one JSON read of each frame: names frames whose data is not JSON, and tells a stream cut
 * inside its last frame from one whose last frame only lacks the blank line after it. Leave `findings` out (the
 * pipeline passes the list it keeps); for the findings of a stream, use `decode()` or `createDecoder()`.
 */
export function createFrameReader(onFrame: FrameCallback, findings: FindingList = new FindingList(), onText?: (text: string, bytes?: Uint8Array) => void, options: DecodeOptions = {}): FrameReader {
  checkDecodeOptions(options, { where: 'createFrameReader' });
  return openFrameReader(onFrame, findings, onText, options, handOverSpeed((frame, value) => onFrame(frame, { kind: 'json', value })));
}

/**
 * Decodes a whole event stream by the WHATWG rules: every frame with its position, and a finding for every line a
 * spec client would read differently from what its writer meant. Never throws on bad input.
 */
export function decode(input: StreamText, options: DecodeOptions = {}): DecodeResult {
  checkDecodeOptions(options, { where: 'decode' });
  const chunks = toChunks(input, 'decode');
  const findings = new FindingList();
  const frames: Frame[] = [];
  const reader = createFrameReader((frame) => frames.push(frame), findings, undefined, options);
  for (const chunk of chunks) reader.push(chunk);
  const summary = reader.end();
  const result: DecodeResult = {
    frames,
    findings: findings.sorted(),
    findingCounts: { ...findings.counts },
    lines: summary.lines,
    timestamped: summary.timestamped,
    stopped: summary.stopped,
  };
  if (summary.retry !== undefined) result.retry = summary.retry;
  return result;
}

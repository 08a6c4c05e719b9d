import { FindingList } from '../findings.js';
import { type StreamText, toChunks } from '../input/chunks.js';
import type { DecodeResult, Frame } from './frame.js';
import type { DecodeOptions } from './decoder.js';
import { openFrameReader, type FrameCallback, type FrameReader, type ReaderSpeed } from './payload.js';
import { checkDecodeOptions } from '../options.js';

export { createDecoder } from './decoder.js';
export { MAX_HELD_CHARS } from './held-bound.js';
export type { DecodeOptions, DecoderCallbacks, DecoderSummary, EventStreamDecoder, FrameEnding, FrameMarks } from './decoder.js';
export type { DecodeResult, Frame, LineTally, Payload } from './frame.js';
export { readPayload } from './payload.js';
export type { FrameCallback, FrameReader, ReaderSpeed } from './payload.js';

/**
 * The speed a frame reader is lent, made from outside the decoder (the speed layer's, see pipeline/decode.ts):
 * frames it takes whole are built and handed to `onValue`. Null: every frame is read line by line.
 */
export type SpeedFor = (onValue: (frame: Frame, value: unknown) => void) => ReaderSpeed | null;

const NO_SPEED: SpeedFor = () => null;

/**
 * The decoder plus the one JSON read of each frame, with the speed `speedFor` lends (none by default); `where`: the
 * public function the options were passed to, for their check.
 */
export function frameReaderWith(onFrame: FrameCallback, findings: FindingList, onText: ((text: string, bytes?: Uint8Array) => void) | undefined, options: DecodeOptions, speedFor: SpeedFor = NO_SPEED, where = 'createFrameReader'): FrameReader {
  checkDecodeOptions(options, { where });
  return openFrameReader(onFrame, findings, onText, options, speedFor((frame, value) => onFrame(frame, { kind: 'json', value })));
}

/** A whole event stream decoded by the WHATWG rules (see pipeline/decode.ts's `decode`), with the speed lent. */
export function decodeWith(input: StreamText, options: DecodeOptions, speedFor: SpeedFor = NO_SPEED): DecodeResult {
  checkDecodeOptions(options, { where: 'decode' });
  const chunks = toChunks(input, 'decode');
  const findings = new FindingList();
  const frames: Frame[] = [];
  const reader = frameReaderWith((frame) => frames.push(frame), findings, undefined, options, speedFor, 'decode');
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

// The public decoder: the decode stage with the speed layer's frame lane and templates handed in from here, so the
// decoder itself knows nothing of the speed layer (test/house/layers.test.ts).
import { FindingList } from '../findings.js';
import type { StreamText } from '../input/chunks.js';
import { decodeWith, frameReaderWith, type DecodeOptions, type DecodeResult, type FrameCallback, type FrameReader } from '../decode/index.js';
import { handOverSpeed } from '../fast/reader-speed.js';

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

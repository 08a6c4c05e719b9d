// A stream's text rendering written as its format's binary wire carries it (FormatModule.wire): each frame the wire's
// message, in order. Fixtures' `bytes`, the faults' `scriptBytes` and the fault server use it.
import type { FormatModule } from '../model.js';
import { decode } from './decode.js';
import { joinMessages } from '../decode/aws-event-stream/index.js';

/** Bytes a message ends with that a cut leaves off: the AWS event stream's message checksum. */
const CUT_BYTES = 4;

/**
 * `stream` (the format's text rendering) as the wire carries it, or null when the format's text is its wire. A last
 * frame the text cuts off (no blank line after it) becomes a message without its last bytes, so a cut stays a cut.
 */
export function wireBytes(module: FormatModule, stream: string): Uint8Array | null {
  const wire = module.wire;
  if (wire === undefined) return null;
  const cutOff = stream.length > 0 && !/(\r\n|\r|\n){2}$/.test(stream);
  const { frames } = decode(stream, { maxHeldChars: Infinity });
  const messages: Uint8Array[] = [];
  frames.forEach((frame, index) => {
    if (frame.data === '' && frame.event === 'message') return;
    const message = wire.frameBytes(frame.event, frame.data);
    messages.push(cutOff && index === frames.length - 1 ? message.subarray(0, Math.max(1, message.length - CUT_BYTES)) : message);
  });
  return joinMessages(messages);
}

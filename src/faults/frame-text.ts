// A frame's fields read from its own text: the faults (and the test oracle) work on frame texts, one at a time, and
// read each with the decoder, the package's one reading of event-stream lines.

import { createDecoder, decodeAs, isObject, type FrameFields, type FramingName } from '../core/index.js';

export type { FrameFields };

const NO_FIELDS: FrameFields = { event: 'message', data: null, json: undefined, done: false };

/**
 * A frame's event, data and JSON, read from its own text by the decoder, as a spec client reads it (no capture
 * timestamps taken off, no bound on its size). A text with no frame reads as an event with no data.
 */
export function fieldsOf(text: string, framing: FramingName = 'sse'): FrameFields {
  // Another framing's frame (an NDJSON line) is read by that framing's reader: its data is the document.
  if (framing !== 'sse') {
    const frame = decodeAs(framing, text, { maxHeldChars: Infinity }).frames[0];
    return frame === undefined ? NO_FIELDS : dataFields(frame.event, frame.data);
  }
  let fields: FrameFields | null = null;
  const decoder = createDecoder({
    timestamps: false,
    maxHeldChars: Infinity,
    onFrame(frame, _ending, hasData, marks) {
      // A bare JSON body has no `data:` line: a spec client reads no data in it.
      fields ??= hasData && !marks.bare ? dataFields(frame.event, frame.data) : { ...NO_FIELDS, event: frame.event };
    },
  });
  decoder.push(text);
  decoder.end();
  return fields ?? NO_FIELDS;
}

function dataFields(event: string, data: string): FrameFields {
  const done = data.trim() === '[DONE]';
  return { event, data, json: done ? undefined : parse(data), done };
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The JSON `type` of a frame's data, or null. */
export function typeOf(fields: FrameFields): string | null {
  return isObject(fields.json) && typeof fields.json.type === 'string' ? fields.json.type : null;
}

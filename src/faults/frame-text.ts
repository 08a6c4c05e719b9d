// A frame's fields read from its own text, as the event-stream rules read them: the oracle and the faults work on
// frame texts, not on the library's reading of them.

import { isObject, type FrameFields } from '../core/index.js';

export type { FrameFields };

const LINE = /\r\n|\n|\r/;

export function fieldsOf(text: string): FrameFields {
  let event = 'message';
  const data: string[] = [];
  for (const line of text.replace(/^\uFEFF/, '').split(LINE)) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const name = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (name === 'event') event = value;
    else if (name === 'data') data.push(value);
  }
  const joined = data.length > 0 ? data.join('\n') : null;
  const done = joined !== null && joined.trim() === '[DONE]';
  return { event, data: joined, json: done || joined === null ? undefined : parse(joined), done };
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

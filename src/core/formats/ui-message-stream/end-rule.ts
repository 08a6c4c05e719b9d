import type { EndRule } from '../format-parts.js';
import { isObject } from '../json-shape.js';

/** The `finish` part ends a finished answer (`data: [DONE]` only closes the body); taking the end away drops it. */
export const endRule: EndRule = {
  ends: (frame) => isObject(frame.json) && frame.json.type === 'finish',
  withoutEnd: () => null,
};

import type { EndRule } from '../format-parts.js';
import { isObject } from '../json-shape.js';

/** `message_stop` ends a finished answer; taking the end away drops that frame. */
export const endRule: EndRule = {
  ends: (frame) => isObject(frame.json) && frame.json.type === 'message_stop',
  withoutEnd: () => null,
};

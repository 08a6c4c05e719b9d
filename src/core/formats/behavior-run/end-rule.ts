import type { EndRule } from '../format-parts.js';
import { isObject } from '../json-shape.js';

/** `response.completed` ends a finished run; taking the end away drops that frame. */
export const endRule: EndRule = {
  ends: (frame) => isObject(frame.json) && frame.json.type === 'response.completed',
  withoutEnd: () => null,
};

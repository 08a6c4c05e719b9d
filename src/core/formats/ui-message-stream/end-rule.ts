import type { EndRule } from '../format-parts.js';
import { isObject } from '../json-shape.js';

/**
 * The `finish` part ends a finished answer, and `data: [DONE]` closes the body after it: taking the end away drops
 * both (what a dropped connection leaves).
 */
export const endRule: EndRule = {
  ends: (frame) => frame.done || (isObject(frame.json) && frame.json.type === 'finish'),
  withoutEnd: () => null,
};

import type { EndRule } from '../format-parts.js';
import { isObject } from '../json-shape.js';

/** RUN_FINISHED ends a finished run; taking the end away drops that frame. */
export const endRule: EndRule = {
  ends: (frame) => isObject(frame.json) && frame.json.type === 'RUN_FINISHED',
  withoutEnd: () => null,
};

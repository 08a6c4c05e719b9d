import type { EndRule } from '../format-parts.js';

/** `data: [DONE]` ends a finished answer; taking the end away drops that frame. */
export const endRule: EndRule = {
  ends: (frame) => frame.done,
  withoutEnd: () => null,
};

import type { EndRule } from '../format-parts.js';
import { isObject } from '../json-shape.js';

/** The terminal `response.*` events; `error` ends the stream but not a finished answer. */
const TERMINAL = new Set(['response.completed', 'response.incomplete', 'response.failed']);

/** A terminal `response.*` event ends a finished answer; taking the end away drops that frame. */
export const endRule: EndRule = {
  ends: (frame) => isObject(frame.json) && typeof frame.json.type === 'string' && TERMINAL.has(frame.json.type),
  withoutEnd: () => null,
};

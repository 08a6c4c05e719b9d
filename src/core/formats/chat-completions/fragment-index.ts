// Chat Completions' tool-call fragments name their call by `index`: the removeIndex fault asks here which frames
// carry one and how to take it off.
import type { FragmentIndex } from '../../model.js';
import { isObject, type Json } from '../json-shape.js';

/** The tool-call fragments of a chunk's choices. */
function* fragmentsOf(value: Json): Generator<Json> {
  if (!Array.isArray(value.choices)) return;
  for (const choice of value.choices) {
    if (!isObject(choice) || !isObject(choice.delta) || !Array.isArray(choice.delta.tool_calls)) continue;
    for (const fragment of choice.delta.tool_calls) if (isObject(fragment)) yield fragment;
  }
}

export const fragmentIndex: FragmentIndex = {
  carries: (value) => [...fragmentsOf(value)].some((fragment) => 'index' in fragment),
  remove: (value) => {
    for (const fragment of fragmentsOf(value)) delete fragment.index;
  },
};

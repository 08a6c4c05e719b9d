// The `behavior.run` object a streamed run stands for: what a non-streamed run returns.
import type { BehaviorStep } from '../../model.js';
import type { Json } from '../json-shape.js';

/** How `response` shows a `behavior`, `version` or `usage` that breaks the contract, or that never arrived. */
export const UNKNOWN = 'unknown';

/** What `response.started` said of the run (`created` when it said it). */
export interface RunHead {
  id: unknown;
  behavior: unknown;
  version: unknown;
  created: unknown;
}

/** What the run came to. */
export interface RunEnd {
  status: 'in_progress' | 'completed' | 'failed';
  text: string;
  steps: BehaviorStep[];
  usage: unknown;
  error: unknown;
}

/** The `behavior.run` object, in the contract's field order. */
export function runResponse(head: RunHead, end: RunEnd): Json {
  const response: Json = { object: 'behavior.run', id: head.id, behavior: head.behavior, version: head.version };
  if (head.created !== undefined) response.created = head.created;
  Object.assign(response, { status: end.status, output_text: end.text, steps: end.steps, usage: end.usage, error: end.error });
  return response;
}

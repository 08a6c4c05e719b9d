// What the assembly holds for each content block, tool call and citation of a Cohere v2 stream while it is read.
import type { Json } from '../json-shape.js';
import { PieceText } from '../piece-text.js';

/** Where something was seen, for findings raised later. */
export interface Seen {
  frame: number;
  line: number;
}

/** A content block: `text` or `thinking`, its pieces, and whether `content-end` closed it. */
export interface ContentState {
  index: number;
  type: string;
  text: PieceText;
  open: boolean;
  start: Seen;
}

/** A tool call's arguments once `tool-call-end` came: parsed, not yet, or not JSON. */
export type ArgumentsState = { kind: 'pending' } | { kind: 'parsed'; value: unknown } | { kind: 'bad' };

/** A tool call built from `tool-call-start` and its `tool-call-delta` pieces. */
export interface CallState {
  index: number;
  /** The call as `tool-call-start` gave it, without its arguments (they are in `args`). */
  call: Json;
  id: string | null;
  name: string;
  args: PieceText;
  input: ArgumentsState;
  open: boolean;
  start: Seen;
}

/** A citation from `citation-start`, and whether its `citation-end` came. */
export interface CitationState {
  index: number;
  citation: Json;
  open: boolean;
  start: Seen;
}

/** The text of a content block that a delta field fills: `text` blocks take `text`, `thinking` blocks `thinking`. */
export function fieldOf(type: string): 'text' | 'thinking' | null {
  return type === 'text' || type === 'thinking' ? type : null;
}

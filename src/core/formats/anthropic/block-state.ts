// What the assembly holds for each content block while the stream is read.
import type { Json } from '../json-shape.js';
import { PieceText } from '../piece-text.js';

/** Where something was seen, for findings raised later. */
export interface Seen {
  frame: number;
  line: number;
}

/** A tool block's input once its block stopped: parsed, left as the start gave it, or not JSON. */
export type InputState = { kind: 'pending' } | { kind: 'parsed'; value: unknown } | { kind: 'bad' };

export interface BlockState {
  index: number;
  /** The block as built so far: a copy of its `content_block`, with citations, signature, compaction applied. */
  block: Json;
  type: string;
  open: boolean;
  /** What `text_delta`s built onto the block's `text`; null until the first one (see settle). */
  text: PieceText | null;
  /** What `thinking_delta`s built onto the block's `thinking`; null until the first one. */
  thinking: PieceText | null;
  /** `input_json_delta` fragments; null until the first one arrives. */
  json: PieceText | null;
  input: InputState;
  start: Seen;
}

/** Every block state is made here, so that all of them have one shape. */
export function newBlockState(index: number, block: Json, type: string, open: boolean, input: InputState, start: Seen): BlockState {
  return { index, block, type, open, text: null, thinking: null, json: null, input, start };
}

/** The text a delta's pieces are added to: the block's own string (its start's), or none when that is no string. */
export function pieceTextOf(state: BlockState, field: 'text' | 'thinking'): PieceText {
  const held = field === 'text' ? state.text : state.thinking;
  if (held !== null) return held;
  const start = state.block[field];
  const made = new PieceText(typeof start === 'string' ? start : '');
  if (field === 'text') state.text = made;
  else state.thinking = made;
  return made;
}

/**
 * Writes the text and thinking the deltas built into the block: call before reading the block. Joining them lets
 * go of the held pieces, which may be views of the input.
 */
export function settle(state: BlockState): void {
  if (state.text !== null) state.block.text = state.text.text;
  if (state.thinking !== null) state.block.thinking = state.thinking.text;
}

/** The block's tool input as the fragments built it; null before the first. */
export function jsonOf(state: BlockState): string | null {
  return state.json === null ? null : state.json.text;
}

/** Characters built for a block: its text, thinking or tool input so far. */
export function builtLength(state: BlockState): number {
  const { block } = state;
  const text = state.text?.length ?? (typeof block.text === 'string' ? block.text.length : 0);
  const thinking = state.thinking?.length ?? (typeof block.thinking === 'string' ? block.thinking.length : 0);
  return text + thinking + (state.json?.length ?? 0);
}

export function describeTool(block: Json): string {
  const name = typeof block.name === 'string' ? block.name : 'no name';
  return typeof block.id === 'string' ? `${name}, ${block.id}` : name;
}

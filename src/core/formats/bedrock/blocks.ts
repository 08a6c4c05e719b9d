// A ConverseStream content block as it is built: text, a tool use (its input text arriving in fragments), or
// reasoning (text, then a signature; or redacted bytes as base64). A block is known by its `contentBlockIndex`;
// only a tool use opens with `contentBlockStart` (text and reasoning blocks open with their first delta).
import { parseJson } from '../../json-depth.js';
import type { ToolCall } from '../../model.js';
import type { Json } from '../json-shape.js';

/** What a block holds, once its first start or delta said. */
export type BlockKind = 'text' | 'toolUse' | 'reasoning';

/** One block as built so far. */
export interface ConverseBlock {
  index: number;
  kind: BlockKind;
  text: string;
  toolUseId: string | null;
  name: string | null;
  /** The tool input text, joined from its fragments. */
  input: string;
  signature: string | null;
  redacted: string[];
  open: boolean;
  /** The frame that opened it (its start, or its first delta). */
  firstFrame: number;
  /** The 1-based line (or frame number) of that frame, for findings. */
  firstLine: number;
}

/** A new open block. */
export function newBlock(index: number, kind: BlockKind, frame: number, line: number): ConverseBlock {
  return { index, kind, text: '', toolUseId: null, name: null, input: '', signature: null, redacted: [], open: true, firstFrame: frame, firstLine: line };
}

/** The kind of block a delta belongs to; null for a delta this library does not assemble (citations, images…). */
export function deltaKind(delta: Json): BlockKind | null {
  if (typeof delta.text === 'string') return 'text';
  if ('toolUse' in delta) return 'toolUse';
  if ('reasoningContent' in delta) return 'reasoning';
  return null;
}

/** A tool input parsed as the SDK's Converse response holds it (an object); undefined when it is not JSON. */
export function parsedInput(text: string): unknown {
  // A tool use with no input fragments takes `{}`, as the Converse response writes it.
  if (text === '') return {};
  try {
    return parseJson(text);
  } catch {
    return undefined;
  }
}

/** The blocks in index order. */
export function inOrder(blocks: ReadonlyMap<number, ConverseBlock>): ConverseBlock[] {
  return [...blocks.values()].sort((a, b) => a.index - b.index);
}

/** The Converse response's content: one entry per block, in index order. */
export function contentOf(blocks: readonly ConverseBlock[]): Json[] {
  const content: Json[] = [];
  for (const block of blocks) {
    if (block.kind === 'text') content.push({ text: block.text });
    else if (block.kind === 'toolUse') {
      const input = parsedInput(block.input);
      content.push({ toolUse: { toolUseId: block.toolUseId ?? '', name: block.name ?? '', input: input === undefined ? block.input : input } });
    } else {
      if (block.text !== '' || block.signature !== null) {
        content.push({ reasoningContent: { reasoningText: { text: block.text, ...(block.signature !== null ? { signature: block.signature } : {}) } } });
      }
      for (const redacted of block.redacted) content.push({ reasoningContent: { redactedContent: redacted } });
    }
  }
  return content;
}

/** The tool calls of the blocks, numbered in their order. */
export function toolCallsOf(blocks: readonly ConverseBlock[]): ToolCall[] {
  const calls: ToolCall[] = [];
  for (const block of blocks) {
    if (block.kind !== 'toolUse') continue;
    const call: ToolCall = { index: calls.length, id: block.toolUseId, name: block.name ?? '', arguments: block.input };
    const input = parsedInput(block.input);
    if (input !== undefined) call.input = input;
    calls.push(call);
  }
  return calls;
}

// Speed for Ollama: a plain chunk (not `done`, no error, no tool call) whose text and thinking are holes of its
// line's template is applied from those holes by the assembler's own steps, without the chunk's value being built.
// The chunk's `created_at` changes on every line: it is a hole too, and read() reads it only from the first chunk.
import type { Frame } from '../../decode/frame.js';
import { FindingList } from '../../findings.js';
import type { FrameRecord } from '../../model.js';
import type { Accelerator, HoleValues } from '../../fast/accelerator.js';
import { keepShape } from '../../keep-shapes.js';
import { isObject } from '../json-shape.js';
import { type Endpoint, OllamaAssembler } from './assembler.js';

/** Where a piece comes from: a hole's slot, or (slot -1) a constant of the shape. */
interface PieceSource {
  slot: number;
  constant: unknown;
}

/** A planned chunk shape: its endpoint, the model it names, and where its thinking and text are. */
interface ChunkPlan {
  endpoint: Endpoint;
  model: unknown;
  thinking: PieceSource;
  text: PieceSource;
}

/** The fields of each endpoint's chunk that carry thinking and text, as hole paths. */
const PIECE_PATHS: Record<Endpoint, { thinking: string; text: string }> = {
  chat: { thinking: 'message.thinking', text: 'message.content' },
  generate: { thinking: 'thinking', text: 'response' },
};

/** A hole read() does not look at past the first chunk. */
const IGNORED_HOLE = 'created_at';

function sourceOf(holes: readonly string[], path: string, constant: unknown): PieceSource {
  const slot = holes.indexOf(path);
  return { slot, constant: slot === -1 ? constant : undefined };
}

function pieceOf(source: PieceSource, values: HoleValues): unknown {
  return source.slot === -1 ? source.constant : values[source.slot];
}

export const ollamaAccelerator: Accelerator<OllamaAssembler, ChunkPlan> = {
  plan(_assembler: OllamaAssembler, _frame: Omit<Frame, 'data'>, value: unknown, holes: readonly string[]): ChunkPlan | null {
    // read() ends the answer at `done`, stops at an error, and keeps tool calls whole: those chunks are read().
    if (!isObject(value) || value.done === true || typeof value.error === 'string' || isObject(value.error)) return null;
    const message = isObject(value.message) ? value.message : null;
    const endpoint: Endpoint | null = message !== null ? 'chat' : typeof value.response === 'string' ? 'generate' : null;
    if (endpoint === null || Array.isArray(message?.tool_calls)) return null;
    const paths = PIECE_PATHS[endpoint];
    if (holes.some((path) => path !== IGNORED_HOLE && path !== paths.thinking && path !== paths.text)) return null;
    const owner = message ?? value;
    return {
      endpoint,
      model: value.model,
      thinking: sourceOf(holes, paths.thinking, owner.thinking),
      text: sourceOf(holes, paths.text, message !== null ? message.content : value.response),
    };
  },

  apply(assembler: OllamaAssembler, plan: ChunkPlan, values: HoleValues, record: FrameRecord): boolean {
    if (!assembler.takesPlainChunk(plan.endpoint, plan.model)) return false;
    record.type = 'chunk';
    record.carried = assembler.appendPieces(record, pieceOf(plan.thinking, values), pieceOf(plan.text, values));
    return true;
  },
};

keepShape(new OllamaAssembler({ findings: new FindingList() }));

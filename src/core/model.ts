import type { FormatRequest, RequestInput, SchemaValidator } from './request/types.js';
import type { Frame, LineTally, Payload } from './decode/frame.js';
import type { FramingName } from './decode/framing.js';
import type { Finding, FindingCode, FindingList } from './findings.js';
import type { ProviderErrors } from './errors/meaning.js';
import type { EndRule, ErrorFrameOptions, FormatFixtures, ResponseArbitrary } from './formats/format-parts.js';
import type { FormatName } from './formats/registry.js';
import type { Answer, FinishClass, FormatAnswer } from './answer/types.js';
import type { PlaceRecorder } from './answer/places.js';
import type { ClientProfile } from './clients/types.js';

// The format names come from the modules the registry lists: adding a format is its folder and one registry line.
export { FORMAT_NAMES, type FormatName } from './formats/registry.js';

/** Every verdict: whether the stream finished and is whole. */
export const VERDICTS = ['complete', 'did not finish', 'not the whole stream'] as const;

/**
 * `complete`: the answer finished and the whole stream is there. `did not finish`: its end is not there (no end
 * event, cut, ended in an error, or stopped at the size bound). `not the whole stream`: its end is there, but a
 * piece from before the end is missing.
 */
export type Verdict = (typeof VERDICTS)[number];

/** Every outcome, in the classifier's order of precedence reversed (`ok` first). */
export const OUTCOMES = ['ok', 'length_limit', 'filtered', 'error_event', 'dropped', 'stalled'] as const;

/** How the stream ended, by the classifier's precedence: stalled, error_event, dropped, length_limit, filtered, ok. */
export type Outcome = (typeof OUTCOMES)[number];

/**
 * What a finish reason says for the outcome (`error_event`: the reason says the upstream failed). The answer's own
 * class of finish (stop, length, tool use…) is `FinishClass` (src/core/answer/types.ts).
 */
export type FinishOutcome = 'ok' | 'length_limit' | 'filtered' | 'error_event';

/** One tool call as the stream built it: its index, id, name, arguments text and, when they are JSON, the parsed input. */
export interface ToolCall {
  index: number;
  /** The call's id as the stream carries it; null when it carries none (Gemini calls often have no id). */
  id: string | null;
  name: string;
  /** The arguments exactly as assembled from their fragments. */
  arguments: string;
  /** The arguments parsed, when they are valid JSON. */
  input?: unknown;
}

/** One answer of the stream (a choice, a candidate, or the one answer of a format that has no choices). */
export interface Choice {
  index: number;
  text: string;
  refusal?: string;
  reasoning?: string;
  toolCalls: ToolCall[];
  finishReason: string | null;
  /** What the finish reason means, from the format's finish-reason table. */
  finishMeaning: string | null;
}

/** A Behavior Run tool step. */
export interface BehaviorStep {
  step: number;
  tool: string;
  status: 'completed' | 'failed' | 'in_progress';
  input?: unknown;
  output?: unknown;
  error?: unknown;
}

/**
 * A frame as the reconstruction read it: the decoder's frame plus what it carried for the assembly. `data` is null
 * when it was not kept (past the first 1 MiB of the input, for a frame no finding names): the frame's text is the
 * input's characters `start` to `end`.
 */
export interface FrameRecord extends Omit<Frame, 'data'> {
  data: string | null;
  /** The JSON `type` (or the chunk's `object`), `[DONE]`, or null when the data is not JSON. */
  type: string | null;
  /** What it carried, in a few words: "text +12 chars to choice 0", "tool call 1 arguments +8". */
  carried: string;
  /** True when it carried content (text, reasoning, tool input): what counts as progress for stall deadlines. */
  progress: boolean;
}

/**
 * Arrival times. A live stream's count from the start of reading (or `startedAt`); a timestamped capture's from its
 * first frame.
 */
export interface Timing {
  /** Milliseconds to the first frame that carried content (pings, comments, frames without content do not count). */
  firstContentMs: number | null;
  /** The longest gap between frames that carried content (or from the last one to the end). */
  maxIdleMs: number | null;
  /** Milliseconds to the end of the stream (live: the end of the body, or where the read was stopped). */
  totalMs: number | null;
  /** Milliseconds to the first byte (live streams only). */
  firstByteMs?: number | null;
}

/** How long a stream may take before it is `stalled`, in milliseconds; `Infinity` turns one off. */
export interface Deadlines {
  /** Longest wait for the first byte (live streams). Default 20,000 ms. */
  firstByteMs?: number;
  /** Longest wait for the first content. Default 20,000 ms. */
  firstContentMs?: number;
  /** Longest wait between content frames. Default 30,000 ms. */
  idleMs?: number;
  /** Longest stream in all. Default 300,000 ms. */
  totalMs?: number;
}

/** Options of `reconstruct()` and every function that reads a stream the same way. */
export interface ReconstructOptions {
  /** Read the stream as this format instead of telling it from the frames. */
  format?: FormatName;
  /** Deadlines for `stalled`, applied to timestamped captures and live arrival times. */
  deadlines?: Deadlines;
  /**
   * Keep the frames table in the result (default true). Turn off to save memory on very large streams; then a stream
   * whose first frame names another format than most frames is read as that first format.
   */
  frames?: boolean;
  /**
   * The most characters held without a blank line before the stream stops with a `too large` finding: default
   * 1,048,576 (the common reader's bound, and the gateway's). Set your own reader's bound, or Infinity for none.
   */
  maxHeldChars?: number;
  /**
   * The request that produced the stream: the request body (an object or its JSON text), a fetch `RequestInit`
   * (its `body` a JSON string; add `url` to check the URL), or a fault server journal entry. Each thing it asked
   * that the stream does not show (usage, choices, tool choice, a JSON schema, the token limit, thinking
   * signatures, the model, streaming itself) is a finding.
   */
  request?: RequestInput;
  /**
   * Validates the final text against a request's JSON schema. The core has none of its own: the matchers and the
   * CLI pass one built on `ajv`; without one, text that parses as JSON gets `schema unchecked`.
   */
  schemaValidator?: SchemaValidator;
}

/** The whole result: plain, JSON-serialisable data. */
export interface Reconstruction {
  format: FormatName | null;
  verdict: Verdict;
  outcome: Outcome;
  /** One line that says it all: format, verdict, outcome, what the answer holds and how many findings. */
  summary: string;
  choices: Choice[];
  /** Usage as the stream carries it, in the provider's field names. */
  usage: Record<string, unknown> | null;
  /** The equivalent non-streamed response, in the same format. */
  response: unknown;
  /** The error object the stream ended with, or null. */
  error: unknown;
  /** Behavior Run tool steps (only for that format). */
  steps?: BehaviorStep[];
  findings: Finding[];
  findingCounts: Partial<Record<FindingCode, number>>;
  /** How many frames the stream had (the frames table's length, known without reading the table). */
  frameCount: number;
  /**
   * Every frame, in order (empty with `frames: false`). Built as objects when first read: checking only the answer
   * and the findings of a large stream costs no frame objects.
   */
  frames: FrameRecord[];
  lines: LineTally;
  timestamped: boolean;
  timing: Timing;
  /**
   * The answer in words no format owns (`answerOf`): text, reasoning, tool calls, finish class and usage per choice,
   * the same shape for every format. Built when first read; enumerable, so JSON holds it.
   */
  answer: Answer;
}

/** What a format's assembler hands back when the stream ends. */
export interface Assembly {
  choices: Omit<Choice, 'finishMeaning'>[];
  usage: Record<string, unknown> | null;
  response: unknown;
  error: unknown;
  steps?: BehaviorStep[];
  /** The frame that ends a finished answer (or an error that ends the stream) arrived. */
  ended: boolean;
  /** A piece from before the end is missing: no start event, a block never closed, restarted or unstarted. */
  missingPiece: boolean;
  /** Extra finish class when the choices' reasons do not say it (a blocked Gemini prompt, an incomplete response). */
  finishClass?: FinishOutcome;
}

/** What an assembler is given to work with: where to raise findings, and the reading's settings. */
export interface AssemblyContext {
  findings: FindingList;
  /** Where the assembler records each part of the answer as it reads it (the pipeline's; absent outside it). */
  places?: PlaceRecorder;
}

/** A format's assembler: reads each frame the format recognised, then hands back the assembly at the end. */
export interface Assembler {
  /** Reads one frame; sets `frame.type`, `frame.carried` and `frame.progress`, and raises findings by code. */
  read(frame: FrameRecord, payload: Payload): void;
  finish(): Assembly;
}

/** One finish reason of a format: what it means and its finish class. */
export interface FinishReasonEntry {
  meaning: string;
  /** What the reason says for the outcome. */
  class: FinishOutcome;
  /** The answer's class of finish, in the vocabulary every format shares (`compareStreams` compares it). */
  finish: FinishClass;
}

/** A format's finish reasons: what each means, where that was read, and when. */
export interface FinishReasonTable {
  source: string;
  read: string;
  reasons: Readonly<Record<string, FinishReasonEntry>>;
}

/** Options of `synthesize()`: how the text and arguments are cut into pieces. */
export interface SynthesizeOptions {
  /** Cuts text and arguments into pieces of at most this many characters (default 8). */
  pieceSize?: number;
  /** Picks piece sizes; pass a seeded function for random fragmenting. Returns an integer in [1, max]. */
  random?: (max: number) => number;
}

/**
 * One format, from its folder: how to recognise its frames, assemble them, and write a documented stream back; and
 * what the faces ask of it (errors, end rule, fixtures, arbitrary, accelerator), so none of them names a format.
 */
export interface FormatModule<Name extends string = FormatName, ErrorTable extends ProviderErrors = ProviderErrors> {
  /** Its name, as `format` options and results spell it (chat-completions, gemini, …). */
  name: Name;
  /** A short label: "Chat Completions". */
  title: string;
  /** The frame that ends a finished answer, as a finding names it: "`data: [DONE]`". */
  endFrame: string;
  /**
   * How sure we are that a frame is one of this format's: 0 not at all, 1 it could be, 2 it names this format.
   * Frames that score 0 everywhere (e.g. `[DONE]`) do not vote.
   */
  recognise(frame: Omit<Frame, 'data'>, payload: Payload): 0 | 1 | 2;
  createAssembler(context: AssemblyContext): Assembler;
  /** A documented stream that stands for the non-streamed `response`: the inverse of the assembly. */
  synthesize(response: unknown, options?: SynthesizeOptions): string;
  /**
   * A non-streamed response of this format that holds `answer` (how a relay from another format writes it), as far
   * as the format can carry it; `base`, a response of this format, lends its identifiers (id, model, created).
   */
  responseOf(answer: Answer, base?: unknown): Record<string, unknown>;
  finishReasons: FinishReasonTable;
  /** Its part of the answer model (answer.ts): its non-streamed response read in the shared vocabulary. */
  answer: FormatAnswer;
  /** What its requests ask of the stream (request.ts), for `options.request`; and the model its stream names. */
  request: FormatRequest;
  // ── what the faces ask of it ──
  /** Its in-stream error frame's styles, the default first; empty when it has one shape. */
  errorStyles: readonly string[];
  /** The message its error frame carries when none is given. */
  errorMessage: string;
  /** The frame (with its blank line) a stream of this format ends a failure with, in its own error shape. */
  errorFrame(options: ErrorFrameOptions): string;
  /** The JSON body its API answers a request that failed before any stream with. */
  httpErrorBody(status: number, message: string): unknown;
  /** Which frame ends a finished answer, and how to take that end away. */
  endRule: EndRule;
  /** Whose errors its streams carry, in the order `explainError` tries them. */
  errorProviders: readonly string[];
  /** The parts of the error table this folder holds (a provider's entries live in one folder; others list it). */
  errorTables: readonly ErrorTable[];
  fixtures: FormatFixtures;
  /** Its non-streamed responses drawn at random, for `sse-reconstruct/arbitraries`. */
  arbitrary: ResponseArbitrary;
  /**
   * Speed beside its assembler, for the speed layer (its type is internal, so opaque here); a format without one is
   * read by its specification alone.
   */
  accelerator?: object;
  /** Where the usage counts the answer's output tokens, for `usage without content`; absent when it has no count. */
  output?: OutputCount;
  /** How its tool-call fragments name their call by an index, for the `removeIndex` fault; absent when they do not. */
  fragmentIndex?: FragmentIndex;
  /** Its real clients, modelled (clients.ts): what each hands its caller for a stream, for `clientsOf`. */
  clients?: readonly ClientProfile[];
  /**
   * The framing that carries its frames (src/core/decode/framing.ts): `sse` when absent. A forced `format` reads
   * with it; detection tells framings apart from the first bytes.
   */
  framing?: FramingName;
  /**
   * Other framings that carry it besides `framing` (Bedrock: its events as SSE frames, or AWS event-stream
   * messages). A forced `format` tells these apart from the first bytes, as detection does, and reads with the one
   * they show; the rest read with `framing`.
   */
  alsoFramings?: readonly FramingName[];
  /**
   * The body as the wire carries it, for a format whose wire is binary (Bedrock: AWS event-stream messages) while its
   * fixtures, faults and `synthesize` write a text rendering of the same events: absent when the text is the wire.
   */
  wire?: WireWriter;
}

/** How a format whose wire is binary writes its text rendering as the bytes the service sends (fixtures' `bytes`, `scriptBytes`). */
export interface WireWriter {
  /** The binary framing the bytes are in (its media type is the one a server sends them with). */
  framing: FramingName;
  /** One frame of the text rendering, its event name (`message` when it names none) and data, as the wire's message. */
  frameBytes(event: string, data: string): Uint8Array;
}

/** A format whose streamed tool-call fragments say which call they extend by an `index`. */
export interface FragmentIndex {
  /** True when a frame's JSON carries a tool-call fragment with an index. */
  carries(value: Record<string, unknown>): boolean;
  /** Takes the index off every tool-call fragment of a frame's JSON (a copy the caller owns). */
  remove(value: Record<string, unknown>): void;
}

/** A format's count of output tokens, and the output it can hold besides text, reasoning and tool calls. */
export interface OutputCount {
  /** The usage field that counts output tokens, as a finding names it: `completion_tokens`. */
  field: string;
  /** The tokens the answer should show: the count less hidden reasoning; null when the usage has no count. */
  visibleTokens(usage: Record<string, unknown>): number | null;
  /** True when the response holds output that is not text, reasoning or a tool call (a server tool's block, an image). */
  holdsOther(response: unknown): boolean;
}

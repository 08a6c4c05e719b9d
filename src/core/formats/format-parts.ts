// The parts of a format module that the faces ask for (fixtures, faults, the server, arbitraries): each format's
// folder fills them, so no face switches on a format's name.
import type { FindingCode } from '../findings.js';
import type { Assembly, Outcome, Verdict } from '../model.js';

/** What a format's in-stream error frame is made with. */
export interface ErrorFrameOptions {
  /** One of the format's `errorStyles` (its first when left out; formats with one shape have none). */
  style?: string;
  /** The message the error carries (the format's `errorMessage` when left out). */
  message?: string;
  /** For numbered events (Responses): the `sequence_number` the frame takes, one more than the last. */
  sequence?: number;
  /** For an error that carries the response (Responses `response.failed`): that response, before its error is set. */
  response?: Record<string, unknown>;
}

/** A frame's fields, as the event-stream rules read them from its text. */
export interface FrameFields {
  /** The last `event:` value, or `message`. */
  event: string;
  /** The `data:` values joined with `\n`, or null when the frame has no `data:` line. */
  data: string | null;
  /** The data as JSON, or undefined when it is not JSON (or is `[DONE]`). */
  json: unknown;
  /** True when the data is `[DONE]`. */
  done: boolean;
}

/** Which frame ends a finished answer in a format, and how a fault takes that end away. */
export interface EndRule {
  /** Whether the frame is one that ends a finished answer. */
  ends(frame: FrameFields): boolean;
  /** The frame's JSON once its end is taken away, or null when the whole frame goes (the end is a frame of its own). */
  withoutEnd(frame: FrameFields): Record<string, unknown> | null;
  /**
   * What the format can say when its end frame is missing, beyond "what arrived may be partial" (Chat Completions:
   * every choice finished, so only the sentinel is missing); null when it has nothing to add.
   */
  noEnd?(assembly: Assembly): string | null;
}

/** The kinds of stream a fixture stands for; not every format has every kind. */
export type FixtureKind =
  | 'text'
  | 'tool-call'
  | 'parallel-tool-calls'
  | 'reasoning'
  | 'refusal'
  | 'content-filter'
  | 'usage'
  | 'length-limit'
  | 'error-mid-stream'
  | 'prompt-blocked'
  | 'tool-failed'
  /** Drawn at random by `sse-reconstruct/arbitraries`. */
  | 'generated';

/** One fixture of a format, as data: the response it stands for and what the library reads from its stream. */
export interface FixtureSpec {
  kind: FixtureKind;
  title: string;
  response: Record<string, unknown>;
  /**
   * For a stream that ends in an error: the first `keep` frames of `response`'s documented stream, then the
   * format's error frame. Else the stream is `response`'s documented stream.
   */
  endsInError?: { response: Record<string, unknown>; keep: number };
  /** Defaults: `complete`, `ok`, and the format's `findings`. */
  verdict?: Verdict;
  outcome?: Outcome;
  findings?: FindingCode[];
}

/** A format's fixtures. */
export interface FormatFixtures {
  specs: readonly FixtureSpec[];
  /** The findings a fixture that names none is read with (Gemini: `crlf`). */
  findings: readonly FindingCode[];
}

/** The text the fixtures cut short (length limits, errors mid-stream). */
export const FIXTURE_STORY = 'Once upon a time, in a land far';

/**
 * Draws the format's non-streamed responses: given the fast-check module, an arbitrary of them. Typed without
 * fast-check's types, which the package's types must not need (fast-check is an optional peer); each folder's
 * arbitrary.ts is typed with them, and src/arbitraries hands fast-check in.
 */
export type ResponseArbitrary = (fastCheck: never) => unknown;

import type { FindingCode, FormatName, Outcome, RequestInput, Severity, UsageComparison, Verdict } from '../core/index.js';

/**
 * The request that produced the stream the matcher reads (for `toRelay`, the downstream one: the client's request):
 * the request body, a fetch `RequestInit` whose body is a JSON string, or a fault server journal entry. What it
 * asked and the stream does not show is a finding (a JSON schema is validated with `ajv` when it is installed).
 * Read when the matcher reads the stream; a reconstruction already made is checked by `reconstruct(body, { request })`.
 */
export interface RequestOption {
  request?: RequestInput;
}

/** Something that matches a value in `equals`: `expect.any(String)`, `expect.objectContaining({...})`, … */
export interface AsymmetricMatcherLike {
  asymmetricMatch(other: unknown, ...rest: unknown[]): boolean;
}

/** Options of `toReconstructAs()`. */
export interface ToReconstructAsOptions extends RequestOption {
  /**
   * Paths left out of both sides before comparing: fields that vary between calls. Dots and brackets, `*` for any
   * key or index: `'id'`, `'created'`, `'choices[*].message.tool_calls[*].id'`.
   */
  ignore?: readonly string[];
  /** Read the stream as this format instead of telling it from the frames (raw inputs only). */
  format?: FormatName;
}

/** Options of `toHaveNoFindings()`: codes to ignore, and the least severity that counts. */
export interface ToHaveNoFindingsOptions extends RequestOption {
  /** Finding codes that are expected here and do not fail the check. */
  ignore?: readonly FindingCode[];
  /**
   * Count only findings of this severity or worse: `'warning'` lets `info` findings (such as `crlf`) pass,
   * `'error'` lets warnings pass too. Default `'info'`: every finding counts.
   */
  severity?: Severity;
}

/** Options of `toHaveFinding()`: how many findings of the code, and where. */
export interface ToHaveFindingOptions extends RequestOption {
  /** Exactly this many findings of the code (with the other filters applied) instead of at least one. */
  count?: number;
  /** At this 1-based input line (0 for findings about the whole stream). */
  line?: number;
  /** About this frame (0-based index into `frames`). */
  frame?: number;
  /** Its message contains this text, matches this RegExp, or matches this asymmetric matcher. */
  message?: string | RegExp | AsymmetricMatcherLike;
}

/** Options of `toHaveText()`: which choice. */
export interface ToHaveTextOptions extends RequestOption {
  /** Which choice (default 0). */
  choice?: number;
}

/** Options of `toStopWith()`: which choice. */
export interface ToStopWithOptions extends RequestOption {
  /** Check only this choice; by default every choice must stop with the reason. */
  choice?: number;
}

/** One expected tool call: its name, or its name with the input (the parsed arguments) and id to compare. */
export type ExpectedToolCall = string | { name: string | AsymmetricMatcherLike; input?: unknown; id?: string | AsymmetricMatcherLike };

/**
 * Limits on arrival times. A live stream's count from the start of reading (or `startedAt`), and a matcher that is
 * the first to read it stops the read at them; a timestamped capture's count from its first frame.
 */
export interface ArrivalLimits {
  /** To the first byte (a comment counts); live streams only. */
  firstByteMs?: number;
  /** To the first frame that carried content (pings, comments and frames without content do not count). */
  firstContentMs?: number;
  /** The longest gap between content frames (or from the last one to the end). */
  idleMs?: number;
  /** To the end of the stream. */
  totalMs?: number;
  /**
   * Not a limit: `performance.now()` taken when the request was sent. The limits count from it (the first byte
   * includes the wait for headers) when this matcher is the first to read the stream.
   */
  startedAt?: number;
}

/** Options of `toBeEventStream()`. */
export interface ToBeEventStreamOptions {
  /** Require `x-accel-buffering: no` (default true); false when no nginx-like proxy stands in front. */
  xAccelBuffering?: boolean;
}

/** How `toRelay` and `toMatchNonStreamed` compare the two answers (the options of `compareStreams`). */
export interface AnswerComparisonOptions {
  /**
   * Answer paths not compared, `*` for any index: `'choices.*.citations'`, `'usage.cacheRead'`,
   * `'choices.*.toolCalls.*.arguments'`. A path leaves out everything under it.
   */
  ignore?: readonly string[];
  /**
   * Token counts: `'consistent'` (default) fails only on counts that contradict each other, `'exact'` on any count
   * that differs, `'ignore'` leaves usage out.
   */
  usage?: UsageComparison;
  /** Compare tool-call ids too (formats make them up, so by default they are not). */
  ids?: boolean;
}

/** Options of `toRelay(upstream, options)`: what to compare, and how to read each side. */
export interface ToRelayOptions extends AnswerComparisonOptions, RequestOption {
  /** Read a side as this format instead of telling it from its frames (raw inputs only). */
  format?: { upstream?: FormatName; downstream?: FormatName };
}

/** Options of `toMatchNonStreamed(response, options)`: what to compare, and how to read the stream and the reply. */
export interface ToMatchNonStreamedOptions extends AnswerComparisonOptions, RequestOption {
  /** Read the stream as this format instead of telling it from its frames (raw inputs only). */
  format?: FormatName;
  /** The format of the non-streamed response, when telling it from its shape picks the wrong one. */
  responseFormat?: FormatName;
}

/** Options of `toBeReadableBy(clients, options)`: how to read the stream. */
export interface ToBeReadableByOptions {
  /** Read the stream as this format instead of telling it from its frames. */
  format?: FormatName;
}

/**
 * The matchers, for one runner's return type `R`. On text, bytes, chunks or a reconstruction they check at once;
 * on a `Response`, `ReadableStream` or async iterable they read the stream and return a Promise: `await` them.
 */
export interface SseMatchers<R> {
  /** The equivalent non-streamed response equals `expected` (asymmetric matchers work inside it). */
  toReconstructAs(expected: unknown, options?: ToReconstructAsOptions): R | Promise<void>;
  /** No findings at all (or none of `severity` or worse), apart from the codes in `ignore`. */
  toHaveNoFindings(options?: ToHaveNoFindingsOptions): R | Promise<void>;
  /** At least one finding of `code` (or exactly `count`), optionally at a line, a frame, with a message. */
  toHaveFinding(code: FindingCode, options?: ToHaveFindingOptions): R | Promise<void>;
  /** The verdict is `complete`: the answer finished and the whole stream is there. */
  toBeComplete(): R | Promise<void>;
  toHaveVerdict(verdict: Verdict): R | Promise<void>;
  toHaveOutcome(outcome: Outcome): R | Promise<void>;
  toBeFormat(format: FormatName): R | Promise<void>;
  /** The text of a choice (default 0): equal to a string, matching a RegExp or an asymmetric matcher. */
  toHaveText(text: string | RegExp | AsymmetricMatcherLike, options?: ToHaveTextOptions): R | Promise<void>;
  /** Some choice has a tool call of this name (and, when given, this input: the parsed arguments). */
  toHaveToolCall(name: string, input?: unknown): R | Promise<void>;
  /** The tool calls of all choices, in order, are exactly these. */
  toHaveToolCalls(calls: readonly ExpectedToolCall[]): R | Promise<void>;
  /** Every choice (or the one named) stopped with this finish reason, as the provider wrote it. */
  toStopWith(reason: string | AsymmetricMatcherLike, options?: ToStopWithOptions): R | Promise<void>;
  /** The usage holds these fields (a partial match, in the provider's field names). */
  toHaveUsage(usage: Record<string, unknown>): R | Promise<void>;
  /** Arrival times (live, or a timestamped capture's stamps) are within these limits. */
  toArriveWithin(limits: ArrivalLimits): R | Promise<void>;
  /**
   * A `Response` a client and the proxies between read as an event stream as it arrives: 2xx, `text/event-stream`,
   * `cache-control: no-cache`, `x-accel-buffering: no`, no `content-length`, no compression.
   */
  toBeEventStream(options?: ToBeEventStreamOptions): R | Promise<void>;
  /**
   * This stream (a relay's downstream) carries the answer of `upstream`, in any two formats: the same text, reasoning
   * and signatures, tool calls, finish class, usage and failure. Either side may be live: `await` it.
   */
  toRelay(upstream: unknown, options?: ToRelayOptions): R | Promise<void>;
  /**
   * This stream carries the answer of `response`, the non-streamed reply to the same request (a JSON object, its
   * text, or a fetch `Response`) in any format the library reads.
   */
  toMatchNonStreamed(response: unknown, options?: ToMatchNonStreamedOptions): R | Promise<void>;
  /**
   * Each named client that reads the stream's format (`openai-node`, `@anthropic-ai/sdk`…, see `clientProfiles()`)
   * hands its caller the documented answer, whole: the stream is whole, and none throws, waits, returns part of it
   * quietly or another answer. A failure says which failed: the stream (and why), the clients, or both. Pass the
   * stream itself (text, bytes, a `Response`): a client reads its bytes, not a reconstruction.
   */
  toBeReadableBy(clients: readonly string[], options?: ToBeReadableByOptions): R | Promise<void>;
}

/** The name of one of the matchers (`toBeComplete`, `toHaveFinding`…). */
export type SseMatcherName = keyof SseMatchers<void>;

// The conformance kit's public shapes: what it is given (the relay, its routes, bounds, filters) and what it hands
// back (the matrix of route × case cells). The CLI's HTML report and any other runner read only these.
import type { Answer, Difference, FormatName, Severity } from '../core/index.js';

/**
 * A relay served in this process as a fetch-style handler: given the client's `Request`, its `Response`. The kit
 * calls it directly; a client that leaves is the request's `signal` aborting and the body's read being cancelled.
 */
export type RelayHandler = (request: Request) => Response | Promise<Response>;

/**
 * A Node `http.Server` (or anything with the same `listen`/`address`/`close`): listening or not. One that is not
 * listening is started on 127.0.0.1, port 0, and closed by the kit when it is done.
 */
export interface RelayServer {
  readonly listening: boolean;
  address(): unknown;
  listen(port: number, host: string, callback: () => void): unknown;
  close(callback?: (error?: Error) => void): unknown;
  once(event: 'error', listener: (error: Error) => void): unknown;
  off(event: 'error', listener: (error: Error) => void): unknown;
}

/** The relay under test: its base URL (`http://127.0.0.1:8787`), a fetch-style handler, or a Node `http.Server`. */
export type RelayTarget = string | RelayHandler | RelayServer;

/**
 * How the relay reaches the upstream the kit serves: a callback given the kit's base URL before any case runs (set
 * an environment variable or a client's `baseURL`), or the name of a header the kit sets on each request it sends to
 * the upstream base URL for that request (`'x-upstream-base-url'`).
 */
export type UpstreamWiring = ((baseUrl: string) => void | Promise<void>) | string;

/** The request the kit sends a route, instead of (or on top of) what a client of the `to` format sends. */
export interface RouteRequest {
  /** `POST` unless told. */
  method?: string;
  /** The JSON body; by default the one the `to` format's clients send (its request.ts says how). */
  body?: Record<string, unknown>;
  /** Headers added to the default ones (`content-type: application/json`, and the `to` format's own). */
  headers?: Record<string, string>;
}

/** How two answers are compared: as `compareStreams` takes them. */
export interface RouteCompareOptions {
  /** Answer paths not compared, `*` for any index: `['usage.cacheRead']`. */
  ignore?: readonly string[];
  /** `'consistent'` (default), `'exact'` or `'ignore'`. */
  usage?: 'consistent' | 'exact' | 'ignore';
  /** Compare tool-call ids too (off by default: formats make them up). */
  ids?: boolean;
}

/** One route of the relay: where the kit sends its client's request, and the formats on each side. */
export interface ConformanceRoute {
  /** The path (and query) on the relay: `/v1/chat/completions`. */
  path: string;
  /** The format the relay reads from its upstream: what the kit serves it. */
  from: FormatName;
  /** The format the relay writes to its client: what the kit reads back. */
  to: FormatName;
  /** How the relay reaches the kit's upstream: a callback given its base URL, or a header name the kit sets. */
  upstream: UpstreamWiring;
  /**
   * The longest silence, in milliseconds, after which the relay writes a heartbeat or comment while upstream is
   * quiet (`true`: 1000). Keep it short under test (the case waits about twice as long); without it the heartbeat
   * case is skipped.
   */
  heartbeat?: number | boolean;
  /** The request the kit sends, when the default client request of the `to` format does not fit. */
  request?: RouteRequest;
  /** The route's name in the matrix (`from → to path` by default). */
  name?: string;
  /** How the upstream and downstream answers are compared. */
  compare?: RouteCompareOptions;
}

/** How long the kit waits, in milliseconds. Short by default: a relay under test on loopback answers at once. */
export interface ConformanceBounds {
  /** The relay's first content may come at most this long after upstream's (default 500). */
  firstContentMs?: number;
  /** The relay cancels its upstream request at most this long after its client left (default 1000). */
  cancelMs?: number;
  /** How long an upstream stall lasts before the kit stops reading the relay (the idle limit; default 1000). */
  idleMs?: number;
  /** The longest a case may take in all (default 15000). */
  caseMs?: number;
}

/** Options of `runRelayConformance()` and `relayConformance()`. */
export interface ConformanceOptions {
  /** The relay: its base URL, a fetch-style handler, or a Node `http.Server` (listening or not). */
  relay: RelayTarget;
  /** The routes to test; every case runs on each. */
  routes: readonly ConformanceRoute[];
  /** Run only these cases (their names, their rule ids, or case-name prefixes such as `framing:`). */
  cases?: readonly string[];
  /** Skip these cases (names, rule ids or prefixes, as `cases`); each shows as `skipped` with the reason. */
  skip?: readonly string[];
  bounds?: ConformanceBounds;
  /** How many cases run at once (default 4). */
  concurrency?: number;
  /**
   * Whether a clean stream's response must say `x-accel-buffering: no` (default true, as `toBeEventStream()`): set
   * false when no nginx-like proxy sits in front of the relay.
   */
  xAccelBuffering?: boolean;
}

/** Options of `relayConformance()`: the kit's, plus where the matrix goes and the runner's functions. */
export interface RelayConformanceOptions extends ConformanceOptions {
  /**
   * A path to write the matrix to as JSON once every case ran (the environment variable
   * `SSE_RECONSTRUCT_CONFORMANCE_REPORT` does the same when this is left out).
   */
  report?: string;
  /** Print the matrix once every case ran (default true). */
  print?: boolean;
  /** The describe block's title (`relay conformance` by default). */
  title?: string;
  /**
   * The runner's functions, when they are not globals (Vitest without `globals: true` is found by itself; Jest with
   * `injectGlobals: false` needs them): `{ describe, it, beforeAll, afterAll }` from `vitest` or `@jest/globals`.
   */
  runner?: ConformanceRunner;
}

type RunnerFunction = (...args: never[]) => unknown;

/** The test runner's functions the kit registers its cases with. */
export interface ConformanceRunner {
  describe: RunnerFunction;
  it: RunnerFunction;
  beforeAll: RunnerFunction;
  afterAll: RunnerFunction;
}

/** What a rule of the kit checks, and why a relay must keep it. */
export interface ConformanceRule {
  /** `relays-clean-stream`, `never-looks-whole`, … */
  id: ConformanceRuleId;
  /** What the rule checks, in a few words. */
  title: string;
  /** Why a relay must keep it, in one line. */
  reason: string;
}

/** The rules the cases check. */
export type ConformanceRuleId =
  | 'relays-clean-stream'
  | 'never-looks-whole'
  | 'carries-the-error'
  | 'answers-errors-with-status'
  | 'survives-framing'
  | 'cancels-upstream'
  | 'sends-heartbeats';

/** How a cell ended. */
export type CellStatus = 'pass' | 'fail' | 'skipped';

/** A finding as a cell shows it. */
export interface CellFinding {
  code: string;
  severity: Severity;
  message: string;
  /** 1-based line in its stream, or null. */
  line: number | null;
}

/** One side of a failing cell: what the library read from it. */
export interface CellSide {
  /** The reading in one line (format, verdict, outcome, what the answer holds). */
  summary: string;
  /** Its findings, at most 20 (the rest counted in `findingsLeft`). */
  findings: CellFinding[];
  findingsLeft: number;
}

/** What the relay sent back in a failing cell, bounded. */
export interface CapturedDownstream extends CellSide {
  status: number | null;
  /** Response headers, names in lower case. */
  headers: Record<string, string>;
  /** The bytes as text (UTF-8): the whole when short, else the first and last KiBs with a marker between. */
  text: string;
  /** How many bytes arrived in all. */
  byteLength: number;
  /** True when `text` leaves bytes out. */
  truncated: boolean;
}

/** What a failing cell shows: the differences, the findings of both sides and the captured downstream. */
export interface CellDetails {
  /** The answers' differences (`compareStreams`), at most 8, the rest counted in `differencesLeft`. */
  differences?: Array<Pick<Difference, 'code' | 'severity' | 'path' | 'message'>>;
  differencesLeft?: number;
  upstream?: CellSide;
  downstream?: CapturedDownstream;
  /** Times the case measured, in milliseconds from the kit's request. */
  timings?: CellTimings;
  /** The upstream's answer and the downstream's, for the report (absent when too large). */
  answers?: { upstream: Answer | null; downstream: Answer | null };
}

/** Times a case measured: when upstream received the relay's request, when each side's content first came. */
export interface CellTimings {
  upstreamRequestMs: number | null;
  downstreamFirstContentMs: number | null;
  /** The longest gap between two reads of the downstream, for the heartbeat case. */
  downstreamLongestGapMs?: number | null;
  /** When the relay's upstream request closed after the kit's client left (the cancel case). */
  upstreamClosedMs?: number | null;
}

/** One cell of the matrix: a case run on a route. */
export interface ConformanceCell {
  /** The route's name. */
  route: string;
  /** The case's name: `clean: anthropic/tool-call`, `fault: cut mid-text`, `framing: CRLF`, `connection: cancel`. */
  case: string;
  /** The rule it checks. */
  rule: ConformanceRuleId;
  /** Why the rule holds, in one line. */
  reason: string;
  status: CellStatus;
  /** What passed, what failed, or why it was skipped, in one line. */
  why: string;
  /** How long the case ran, in milliseconds (0 for a skipped one). */
  durationMs: number;
  /** For a failing cell: what shows the failure. */
  details?: CellDetails;
}

/** A route as the matrix names it. */
export interface MatrixRoute {
  name: string;
  path: string;
  from: FormatName;
  to: FormatName;
}

/** The result of a conformance run: every route × case cell, with the rules and a tally. */
export interface ConformanceMatrix {
  /** The shape's version: 1. */
  version: 1;
  /** When the run started (ISO 8601). */
  startedAt: string;
  durationMs: number;
  routes: MatrixRoute[];
  rules: ConformanceRule[];
  cells: ConformanceCell[];
  totals: { pass: number; fail: number; skipped: number };
}

import type { Frame, Payload } from '../decode/frame.js';
import type { FrameReader } from '../decode/payload.js';
import { framingOf, hasFraming, type FrameReaderSetup } from '../decode/framing.js';
import { openSniffingReader, type NdjsonClaim, type SniffingReader } from '../decode/framing-sniff.js';
import { readerSpeed } from '../fast/reader-speed.js';
import { FindingList, type FindingCode } from '../findings.js';
import { classOutsideTable } from '../formats/finish-check.js';
import { formatModule, FORMAT_MODULES } from '../formats/registry.js';
import { type StreamText, toChunks } from '../input/chunks.js';
import { ArrivalClock, type ContentProgress } from '../input/arrival-clock.js';
import { deadlinesOf, judge, summaryLine, type Judgement } from '../judge/index.js';
import type { Assembly, FormatModule, FrameRecord, Reconstruction, ReconstructOptions } from '../model.js';
import { checkOptions } from '../options.js';
import type { LiveSession } from '../input/stream.js';
import { FrameDispatch } from './dispatch.js';
import { FrameTable } from './frame-table.js';
import { FrameTimes } from './frame-times.js';
import { keepFrameLines } from './frame-lines.js';
import { defaultFastSettings, type FastSettings } from '../fast/settings.js';
import { checkUsageWithoutContent } from '../judge/usage.js';
import { answerOf } from '../answer/answer-of.js';
import { keepPlaces } from '../answer/place-book.js';
import type { Answer } from '../answer/types.js';
import { readRequest } from '../request/read.js';
import type { RequestView } from '../request/types.js';
import { checkAgainstRequest } from './request-stage.js';

/** Characters of the input the frames table keeps to give frames their data; past it, only frames that need it. */
export const FRAME_DATA_BUDGET = 1024 * 1024;

/** Marks reconstructions so matchers and the serializer know them, across duplicate copies of this package. */
export const RECONSTRUCTION_BRAND = Symbol.for('sse-reconstruct.reconstruction');

/** True for a reconstruction made by this library (by any copy of it), so matchers and the serializer know one. */
export function isReconstruction(value: unknown): value is Reconstruction {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[RECONSTRUCTION_BRAND] === true;
}

/**
 * Puts a raw stream back together as its format's documentation says a client assembles it: the answer, the
 * equivalent non-streamed response, every frame, findings, a verdict and an outcome. Never throws on bad input;
 * only a wrong argument type throws.
 */
export function reconstruct(input: StreamText, options: ReconstructOptions = {}): Reconstruction {
  checkOptions(options, { where: 'reconstruct' });
  const session = createReconstruction(options);
  for (const chunk of toChunks(input, 'reconstruct')) session.push(chunk);
  return session.end();
}

/** The incremental form of `reconstruct()`: push chunks (with their arrival times, if known), then `end()`. */
export interface ReconstructionSession {
  /** Feeds the next chunk; `arrivedMs` is when it arrived (for live streams), in ms on any monotonic clock. */
  push(chunk: string | Uint8Array, arrivedMs?: number): void;
  end(): Reconstruction;
}

/** The incremental form of `reconstruct()`: push chunks as they arrive, then `end()`. */
export function createReconstruction(options: ReconstructOptions = {}): ReconstructionSession {
  checkOptions(options, { where: 'createReconstruction' });
  const { push, end } = openSession(options);
  return { push, end };
}

/**
 * A session, its options already checked by the caller; `clock`: a live read's arrival clock, which the reader
 * writes and the session only reads (else the session keeps its own, from the first `arrivedMs` pushed, if any);
 * `fast`: its speed settings (tests turn them off and read the counts); `live`: the bytes come from a live read (a
 * last frame no blank line ends is then never dispatched).
 */
export function openSession(options: ReconstructOptions, clock?: ArrivalClock, fast: FastSettings = defaultFastSettings(), live = clock?.live ?? false): LiveSession {
  const decodeFindings = new FindingList();
  const keepFrames = options.frames !== false;
  const table = new FrameTable(keepFrames, FRAME_DATA_BUDGET);
  const timing = new SessionTiming(table, options, clock ?? null);
  const dispatch = new FrameDispatch(options.format ? formatModule(options.format) : null, table, decodeFindings);
  const setup: FrameReaderSetup = { onFrame: (frame: Frame, payload: Payload | null) => dispatch.frame(frame, payload), findings: decodeFindings, onText: (text, bytes) => table.addText(text, bytes), options, speed: readerSpeed(dispatch, fast), live };
  // The framing seam: a format named reads with its framing; else the first bytes tell it (decode/framing-sniff.ts).
  const reader = openReader(setup, options.format ? formatModule(options.format) : null);
  // A request the library cannot read is a misuse: it throws here, before any stream is read.
  const request = options.request === undefined ? null : readRequest(options.request);
  const session: Session = { options, keepFrames, decodeFindings, table, timing, dispatch, reader, terminalSeen: false, request };
  return {
    push(chunk, arrivedMs) {
      if (arrivedMs === undefined) return reader.push(chunk);
      const times = timing.arrived(chunk, arrivedMs);
      reader.push(chunk);
      times.settle();
    },
    stopped: () => decodeFindings.has('too large'),
    note: (code, message) => decodeFindings.add(code, message, 0, 0),
    keptText: () => table.keptText(),
    progress: () => timing.progress(),
    terminalSeen: () => session.terminalSeen,
    mediaTypes: () => reader.possible().map((name) => framingOf(name).mediaType),
    end: () => endSession(session),
  };
}

/**
 * The reader of a session: a forced format's framing (told from the first bytes among its framings when it has
 * more than one), else the framing the first bytes tell.
 */
function openReader(setup: FrameReaderSetup, module: FormatModule | null): SniffingReader {
  if (module === null) return openSniffingReader(setup, NDJSON_CLAIM);
  const framing = module.framing ?? 'sse';
  const accepted = [framing, ...(module.alsoFramings ?? [])].filter((name, at, all) => hasFraming(name) && all.indexOf(name) === at);
  if (accepted.length > 1) return openSniffingReader(setup, NDJSON_CLAIM, accepted);
  const reader = framingOf(framing).open(setup);
  const name = framingOf(framing).name;
  return { push: (chunk) => reader.push(chunk), end: () => reader.end(), framing: () => name, possible: () => [name] };
}

/** The formats NDJSON carries, asked whether a first line is theirs (null when none is registered). */
const NDJSON_CLAIM: NdjsonClaim | null = ndjsonClaim(FORMAT_MODULES.filter((module) => module.framing === 'ndjson'));

function ndjsonClaim(modules: readonly FormatModule[]): NdjsonClaim | null {
  if (modules.length === 0) return null;
  const first: Omit<Frame, 'data'> = { index: 0, event: 'message', lastEventId: '', dispatched: true, line: 1, endLine: 1, start: 0, end: 0 };
  return (value) => modules.some((module) => module.recognise(first, { kind: 'json', value }) === 2);
}

/** Nothing timed: no frame, no content. */
const UNTIMED: ContentProgress = { lastContentAt: null, lastFrame: () => null, lastContent: () => null };

/**
 * A session's times: the frames' (its own, written as chunks come) and the arrival clock's (a live read's, only read
 * here; or, when a caller pushes arrival times, the session's own, started at the first).
 */
class SessionTiming {
  times: FrameTimes | null = null;
  /** The clock the session started itself (a caller pushes arrival times): the session alone writes it. */
  private ownClock: ArrivalClock | null = null;

  constructor(
    private readonly table: FrameTable,
    private readonly options: ReconstructOptions,
    private clock: ArrivalClock | null,
  ) {
    if (clock !== null) this.timeFrames(clock.origin);
  }

  /** The arrival clock, when the stream is timed. */
  get arrival(): ArrivalClock | null {
    return this.clock;
  }

  /** A chunk arrived at `at`: timed, and the frames it completes with it. */
  arrived(chunk: string | Uint8Array, at: number): FrameTimes {
    if (this.clock === null) {
      this.ownClock = this.clock = new ArrivalClock(at, deadlinesOf(this.options), false);
      this.ownClock.follow(this.timeFrames(at));
    }
    if (this.ownClock !== null) {
      this.ownClock.passed(at);
      this.ownClock.chunk(at, chunk);
    }
    const times = this.times as FrameTimes;
    times.chunk(at);
    this.table.textArrived(at);
    return times;
  }

  progress(): ContentProgress {
    return this.times ?? UNTIMED;
  }

  /** The stream ended: a clock of the session's own ends at its last chunk (a live read's reader ends its own). */
  end(): void {
    this.times?.settle();
    this.ownClock?.end(this.ownClock.now);
  }

  private timeFrames(origin: number): FrameTimes {
    const times = new FrameTimes(this.table, origin);
    this.times = times;
    this.table.frameTimes = times;
    return times;
  }
}

interface Session {
  options: ReconstructOptions;
  keepFrames: boolean;
  decodeFindings: FindingList;
  table: FrameTable;
  timing: SessionTiming;
  dispatch: FrameDispatch;
  reader: FrameReader;
  /** The assembly saw the frame that ends the stream (known once the session ended). */
  terminalSeen: boolean;
  /** The request that produced the stream (options.request), read; null when none was given. */
  request: RequestView | null;
}

/** The stream ended: the assembly finishes, the findings of both stages merge, and the judge gives the verdict. */
function endSession(session: Session): Reconstruction {
  const { options, keepFrames, decodeFindings, table, timing, dispatch, reader } = session;
  const summary = reader.end();
  timing.end();
  const { module, assembly, findings: assembled, places } = dispatch.finish(keepFrames);
  session.terminalSeen = assembly.ended;
  const arrival = timing.arrival;
  // A live read stopped before any frame came: the stall says what did not come, and `empty` would blame the body.
  const stopped = arrival?.live === true && arrival.stall !== null;
  const findings = mergeFindings(decodeFindings, assembled, stopped ? 'empty' : null);
  if (module && !assembly.ended && !summary.stopped && assembly.error == null && summary.readableFrames > 0) {
    findings.add('no end', noEndMessage(module, assembly), 0, 0);
  }
  checkUsageWithoutContent(module, assembly, findings);
  const judgement = judge({
    format: module?.name ?? null,
    assembly,
    timed: table.timed(),
    findings,
    finishReasons: module?.finishReasons ?? null,
    classOutsideTable,
    truncated: summary.stopped || decodeFindings.has('cut') || decodeFindings.has('frame cut') || decodeFindings.has('not dispatched'),
    ...(options.deadlines ? { deadlines: options.deadlines } : {}),
    live: arrival === null || timing.times === null ? null : { arrival, content: timing.times },
  });
  const answerPlaces = places.places(table.length);
  if (module && session.request !== null) {
    const source = { format: module.name, choices: judgement.choices, response: assembly.response, error: assembly.error ?? null, verdict: judgement.verdict, outcome: judgement.outcome };
    checkAgainstRequest({ module, request: session.request, source, places: answerPlaces, findings: judgement.findings, linesOf: (frames) => table.linesOf(frames), validator: options.schemaValidator });
  }
  const result = resultOf(module, assembly, judgement, table.length, summary);
  if (keepFrames) {
    framesOnFirstRead(result, table);
    keepFrameLines(result, (frames) => table.linesOf(frames));
  }
  answerOnFirstRead(result);
  keepPlaces(result, answerPlaces);
  return brand(result);
}

function resultOf(
  module: FormatModule | null,
  assembly: Assembly,
  judgement: Judgement,
  frameCount: number,
  summary: Pick<Reconstruction, 'lines' | 'timestamped'>,
): Reconstruction {
  const format = module?.name ?? null;
  const { verdict, outcome, choices, findings } = judgement;
  return {
    format,
    verdict,
    outcome,
    summary: summaryLine({ format, verdict, outcome, choices, findingTotal: total(findings) }),
    choices,
    usage: assembly.usage,
    response: assembly.response,
    error: assembly.error ?? null,
    ...(assembly.steps ? { steps: assembly.steps } : {}),
    findings: findings.sorted(),
    findingCounts: { ...findings.counts },
    frameCount,
    frames: [] as FrameRecord[],
    lines: summary.lines,
    timestamped: summary.timestamped,
    timing: judgement.timing,
    answer: undefined as unknown as Answer,
  };
}

/**
 * The frames table becomes objects when it is first read: a caller who checks the answer and the findings of a
 * large stream never pays for a million frame objects. Reading `frames` gives a plain array, the same every time.
 */
function framesOnFirstRead(result: { frames: FrameRecord[] }, table: FrameTable): void {
  Object.defineProperty(result, 'frames', {
    enumerable: true,
    configurable: true,
    get(this: { frames: FrameRecord[] }) {
      const rows = table.rows();
      Object.defineProperty(this, 'frames', { value: rows, enumerable: true, writable: true, configurable: true });
      return rows;
    },
    set(this: { frames: FrameRecord[] }, rows: FrameRecord[]) {
      Object.defineProperty(this, 'frames', { value: rows, enumerable: true, writable: true, configurable: true });
    },
  });
}

/**
 * The answer is built when first read (from the result's own fields, so a caller who changes them first sees the
 * answer of what they hold), then kept as a plain value: JSON and `toEqual` see it like any other field.
 */
function answerOnFirstRead(result: Reconstruction): void {
  Object.defineProperty(result, 'answer', {
    enumerable: true,
    configurable: true,
    get(this: Reconstruction) {
      const answer = answerOf(this);
      Object.defineProperty(this, 'answer', { value: answer, enumerable: true, writable: true, configurable: true });
      return answer;
    },
    set(this: Reconstruction, answer: Answer) {
      Object.defineProperty(this, 'answer', { value: answer, enumerable: true, writable: true, configurable: true });
    },
  });
}

/** The findings of both stages in one list, without `left` (a code the caller knows is not so). */
function mergeFindings(decoded: FindingList, assembled: FindingList, left: FindingCode | null): FindingList {
  const merged = new FindingList();
  for (const list of [decoded, assembled]) {
    for (const finding of list.listed) if (finding.code !== left) merged.listed.push(finding);
    for (const [code, count] of Object.entries(list.counts) as Array<[FindingCode, number]>) {
      if (code !== left) merged.counts[code] = (merged.counts[code] ?? 0) + count;
    }
  }
  return merged;
}

function noEndMessage(module: FormatModule, assembly: Assembly): string {
  const missing = `The stream stops without ${module.endFrame}, the frame that ends a finished ${module.title} answer.`;
  const told = module.endRule.noEnd?.(assembly) ?? null;
  return told !== null ? `${missing} ${told}` : `${missing} What arrived is shown and may be partial; find where the stream was closed early.`;
}

function total(findings: FindingList): number {
  return Object.values(findings.counts).reduce((sum, count) => sum + (count ?? 0), 0);
}

function brand(result: Reconstruction): Reconstruction {
  Object.defineProperty(result, RECONSTRUCTION_BRAND, { value: true, enumerable: false });
  return result;
}


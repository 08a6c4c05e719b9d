import type { Frame, Payload } from './decode/frame.js';
import { checkOptions } from './options.js';
import { createSinkReader, readPayload } from './decode/payload.js';
import type { LaneFrame, LaneSink } from './fast/lane.js';
import { keepShape } from './fast/keep-shapes.js';
import { FindingList, type FindingCode } from './findings.js';
import { formatModule, FORMAT_MODULES } from './formats/registry.js';
import { type StreamText, toChunks } from './input/chunks.js';
import { deadlinesOf, judge, summaryLine } from './judge/index.js';
import { ArrivalClock, byteLength } from './input/arrival-clock.js';
import type { Assembler, Assembly, FormatModule, FormatName, FrameRecord, Reconstruction, ReconstructOptions } from './model.js';
import type { Accelerator, HoleValues, MakerAt } from './fast/accelerator.js';
import { acceleratorOf } from './fast/accelerators.js';
import { defaultFastSettings, type FastSettings } from './fast/settings.js';
import { FrameTable } from './frame-table.js';
import { errorShape } from './formats/error-body.js';

/** Characters of the input the frames table keeps to give frames their data; past it, only frames that need it. */
export const FRAME_DATA_BUDGET = 1024 * 1024;

/** Marks reconstructions so matchers and the serializer know them, across duplicate copies of this package. */
export const RECONSTRUCTION_BRAND = Symbol.for('sse-reconstruct.reconstruction');

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

export interface ReconstructionSession {
  /** Feeds the next chunk; `arrivedMs` is when it arrived (for live streams), in ms on any monotonic clock. */
  push(chunk: string | Uint8Array, arrivedMs?: number): void;
  end(): Reconstruction;
}

/** The session a live read drives (not exported from the package): arrival times, the held bound, the kept text. */
export interface LiveSession extends ReconstructionSession {
  /** The reader stopped at the held bound: nothing more will be read. */
  stopped(): boolean;
  /** Raises a finding about the whole stream (the HTTP facts of a Response). */
  note(code: FindingCode, message: string): void;
  /** The input's text as kept for the frames table, and whether it is all of it; null with `frames: false`. */
  keptText(): { text: string; whole: boolean } | null;
}

/** The incremental form of `reconstruct()`: push chunks as they arrive, then `end()`. */
export function createReconstruction(options: ReconstructOptions = {}): ReconstructionSession {
  checkOptions(options, { where: 'createReconstruction' });
  const { push, end } = openSession(options);
  return { push, end };
}

/**
 * A session, its options already checked by the caller; `clock`: a live read's arrival clock (else one starts at
 * the first `arrivedMs` pushed, if any); `fast`: its speed settings (tests turn them off and read the counts).
 */
export function openSession(options: ReconstructOptions, clock?: ArrivalClock, fast: FastSettings = defaultFastSettings()): LiveSession {
  const decodeFindings = new FindingList();
  const keepFrames = options.frames !== false;
  const table = new FrameTable(keepFrames, FRAME_DATA_BUDGET);
  if (clock) startClock(table, clock.origin, options, clock);
  // Frames that waited for the format are read after their row was written: write what they carried again.
  const router = new Router(options.format ? formatModule(options.format) : null, table);
  const sink = new ReconstructSink(router, table, decodeFindings);
  const reader = createSinkReader((frame, payload) => sink.frame(frame, payload), decodeFindings, (text, bytes) => table.addText(text, bytes), sink, options, fast);

  return {
    push(chunk, arrivedMs) {
      if (arrivedMs === undefined) return reader.push(chunk);
      const timed = table.clock ?? startClock(table, arrivedMs, options);
      timed.passed(arrivedMs);
      timed.chunk(arrivedMs, byteLength(chunk));
      reader.push(chunk);
      timed.settle();
    },
    stopped: () => decodeFindings.has('too large'),
    note: (code, message) => decodeFindings.add(code, message, 0, 0),
    keptText: () => table.keptText(),
    end() {
      const summary = reader.end();
      table.clock?.settle();
      const routed = router.finish(keepFrames ? table : null);
      const truncated = summary.stopped || decodeFindings.has('cut');
      const findings = mergeFindings(decodeFindings, routed.findings);
      const { module, assembly } = routed;
      if (module && !assembly.ended && !summary.stopped && assembly.error == null && summary.readableFrames > 0) {
        findings.add('no end', noEndMessage(module, assembly), 0, 0);
      }
      const judgement = judge({
        format: module?.name ?? null,
        assembly,
        timed: table.timed(),
        findings,
        finishReasons: module?.finishReasons ?? null,
        truncated,
        ...(options.deadlines ? { deadlines: options.deadlines } : {}),
        clock: table.clock,
      });
      const result = {
        format: module?.name ?? null,
        verdict: judgement.verdict,
        outcome: judgement.outcome,
        summary: summaryLine({
          format: module?.name ?? null,
          verdict: judgement.verdict,
          outcome: judgement.outcome,
          choices: judgement.choices,
          findingTotal: total(findings),
        }),
        choices: judgement.choices,
        usage: assembly.usage,
        response: assembly.response,
        error: assembly.error ?? null,
        ...(assembly.steps ? { steps: assembly.steps } : {}),
        findings: findings.sorted(),
        findingCounts: { ...findings.counts },
        frameCount: table.length,
        frames: [] as FrameRecord[],
        lines: summary.lines,
        timestamped: summary.timestamped,
        timing: judgement.timing,
      };
      if (keepFrames) framesOnFirstRead(result, table);
      return brand(result);
    },
  };
}

/** Times the table's frames by chunk: `clock`, a live read's, or one from the first chunk's arrival (`at`). */
function startClock(table: FrameTable, at: number, options: ReconstructOptions, clock = new ArrivalClock(at, deadlinesOf(options), false)): ArrivalClock {
  table.clock = clock;
  clock.frames = table;
  return clock;
}

/**
 * Where the reader's frames go: each frame becomes a record, is routed to the assembler, and gets its row in the
 * frames table. Frames the lane takes whole are applied by the assembler's plan when it has one.
 */
class ReconstructSink implements LaneSink {
  /** One record for every frame a plan applies: the assembler keeps none, and the table copies what it says. */
  private readonly record: FrameRecord = toRecord({ index: 0, event: 'message', data: '', lastEventId: '', dispatched: true, line: 0, endLine: 0, start: 0, end: 0 });

  constructor(
    private readonly router: Router,
    private readonly table: FrameTable,
    private readonly decodeFindings: FindingList,
  ) {}

  frame(frame: Frame, payload: Payload | null): void {
    const record = toRecord(frame);
    const listedBefore = this.router.listed();
    this.router.route(record, payload);
    // Past the text the table keeps, only frames a listed finding names keep their data: held, every frame's would
    // keep the whole input alive (a stream of bad frames too: only the first few of each code are listed).
    // The decoder lists its findings about a frame (`not json`) before handing it over.
    const named = this.router.listed() !== listedBefore || this.decodeFindings.listed[this.decodeFindings.listed.length - 1]?.frame === frame.index;
    this.table.add(record, named, payload !== null && payload.kind !== 'not json');
    // The assembly may hold the record for its place (a tool call's first frame); its data is a view of the input
    // chunk and would keep that whole chunk alive. The table has its own copy when it keeps one.
    record.data = null;
  }

  plan(frame: Frame, value: unknown, holes: readonly string[], makerAt: MakerAt): object | null {
    return this.router.fastPlan(frame, value, holes, makerAt);
  }

  apply(plan: object, values: HoleValues, taken: LaneFrame): boolean {
    const record = this.record;
    record.index = taken.index;
    record.event = taken.event;
    record.lastEventId = taken.lastEventId;
    record.line = taken.line;
    record.endLine = taken.endLine;
    record.start = taken.start;
    record.end = taken.end;
    record.type = null;
    record.carried = '';
    record.progress = false;
    if (!this.router.applyFast(plan, values, record)) return false;
    this.table.add(record, false);
    return true;
  }

  generic(frame: Frame, value: unknown): void {
    this.frame(frame, { kind: 'json', value });
  }

  knownStrings(frameLength: number): readonly string[] {
    return this.router.knownStrings(frameLength);
  }
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
 * The frame as the frames table keeps it: one object literal with every field in a fixed order, so every record
 * shares one shape (adding fields to the decoder's frame would grow each one a second time).
 */
function toRecord(frame: Frame): FrameRecord {
  const record: FrameRecord = {
    index: frame.index,
    event: frame.event,
    data: frame.data,
    lastEventId: frame.lastEventId,
    dispatched: frame.dispatched,
    line: frame.line,
    endLine: frame.endLine,
    start: frame.start,
    end: frame.end,
    type: null,
    carried: frame.dispatched ? '' : 'not dispatched',
    progress: false,
  };
  if (frame.retry !== undefined) record.retry = frame.retry;
  if (frame.time !== undefined) record.time = frame.time;
  if (frame.elapsedMs !== undefined) record.elapsedMs = frame.elapsedMs;
  return record;
}

interface Routed {
  module: FormatModule | null;
  assembly: Assembly;
  findings: FindingList;
}

const NO_FRAMES: Assembly = { choices: [], usage: null, response: null, error: null, ended: false, missingPiece: false };

/**
 * Tells the format from what the frames carry and hands each frame to its assembler. The first frame that names a
 * format picks the assembler; frames before it wait. When the stream ends, the format most frames name wins; if
 * that is not the one picked, the frames are read again with the right assembler (unless the frames table is off,
 * or past its data budget: then nothing is kept to read again, and the first format named stays).
 */
class Router {
  /** Frames each format names, by its position in FORMAT_MODULES. */
  private readonly votes: number[] = FORMAT_MODULES.map(() => 0);
  /** Those positions in the order each format was first named (the first named wins a tie). */
  private readonly voted: number[] = [];
  private readonly waiting: Array<[FrameRecord, Payload]> = [];
  /** Each frame's best format, as its position in FORMAT_MODULES plus one (0: none, or not read). */
  private bestOf = new Uint8Array(1024);
  private chosen: FormatModule | null;
  /** The chosen format's position in FORMAT_MODULES plus one (0 until one is chosen). */
  private chosenPosition = 0;
  private findings = new FindingList();
  private assembler: Assembler | null;
  /** The chosen format's accelerator, asked for the plans and steps of the frames the lane takes whole. */
  private accelerator: Accelerator | null;

  /** `table`: where frames read late (they waited for the format) get what they carried written again. */
  constructor(
    private readonly given: FormatModule | null,
    private readonly table: FrameTable,
  ) {
    this.chosen = given;
    this.assembler = given ? given.createAssembler({ findings: this.findings }) : null;
    this.accelerator = given ? acceleratorOf(given.name) : null;
  }

  /** How many findings the assembly has listed so far. */
  listed(): number {
    return this.findings.listed.length;
  }

  route(record: FrameRecord, payload: Payload | null): void {
    if (payload === null || payload.kind === 'not json') {
      if (payload !== null) record.carried = 'not JSON: not read';
      else if (!record.dispatched && record.data !== '') record.carried = 'cut off inside the frame: not read';
      return;
    }
    if (this.given !== null) {
      this.assembler?.read(record, payload);
      return;
    }
    const best = this.bestModule(record, payload);
    this.remember(record.index, best);
    if (best) this.vote(FORMAT_MODULES.indexOf(best));
    if (this.chosen === null) {
      if (best === null) return void this.waiting.push([record, payload]);
      this.choose(best);
    }
    if (this.assembler && this.chosen) this.deliver(record, payload, best, this.assembler, this.chosen, this.findings);
  }

  /**
   * The assembler's plan for frames shaped like this one, when the chosen format reads them as its own (the format
   * a frame names depends on its shape, never on its holes); null otherwise.
   */
  fastPlan(frame: Frame, value: unknown, holes: readonly string[], makerAt: MakerAt): object | null {
    const { assembler, accelerator } = this;
    if (assembler === null || accelerator === null || this.chosen === null) return null;
    if (this.given === null && this.bestModule(frame as FrameRecord, { kind: 'json', value }) !== this.chosen) return null;
    return accelerator.plan(assembler, frame, value, holes, makerAt);
  }

  /** The long strings the assembly holds, which a coming frame may repeat whole. */
  knownStrings(frameLength: number): readonly string[] {
    const { assembler, accelerator } = this;
    if (assembler === null || accelerator?.knownStrings === undefined) return [];
    return accelerator.knownStrings(assembler, frameLength);
  }

  /** Applies a planned frame, counted as route() counts the frames it reads. */
  applyFast(plan: object, values: HoleValues, record: FrameRecord): boolean {
    const { assembler, accelerator } = this;
    if (assembler === null || accelerator === null || !accelerator.apply(assembler, plan, values, record)) return false;
    if (this.given === null) {
      this.remember(record.index, this.chosen);
      this.vote(this.chosenPosition - 1);
    }
    return true;
  }

  /** `table`: the frames, when kept (to read them again if another format wins). */
  finish(table: FrameTable | null): Routed {
    const findings = this.findings;
    if (this.given !== null) return { module: this.given, assembly: this.assembler?.finish() ?? NO_FRAMES, findings };
    const named = new Map<FormatName, number>(this.voted.map((position) => [(FORMAT_MODULES[position] as FormatModule).name, this.votes[position] ?? 0]));
    const majority = majorityOf(named);
    if (majority === null || this.chosen === null) return this.finishUnnamed();
    if (majority !== this.chosen && table !== null && table.hasAllData()) this.reread(table, majority);
    if (named.size > 1) {
      const counts = [...named.entries()].sort((a, b) => b[1] - a[1]).map(([name, count]) => `${count} ${formatModule(name).title}`).join(', ');
      this.findings.add(
        'mixed',
        `The frames name more than one format (${counts}); the stream was read as ${this.chosen.title}, the format most frames name. Pass \`format\` to read it as another.`,
        0,
        0,
      );
    }
    return { module: this.chosen, assembly: this.assembler?.finish() ?? NO_FRAMES, findings: this.findings };
  }

  /**
   * No frame named a format. A stream that is only an error document is read as the format its error shape names
   * (an error sent before streaming began, often as a bare JSON body); otherwise a finding says what the frames hold.
   */
  private finishUnnamed(): Routed {
    const findings = this.findings;
    const errorFrame = this.waiting.find(([, payload]) => payload.kind === 'json' && errorShape(payload.value) !== null);
    const shape = errorFrame === undefined || errorFrame[1].kind !== 'json' ? null : errorShape(errorFrame[1].value);
    if (errorFrame === undefined || shape === null) {
      if (this.waiting.length > 0) noFormat(this.waiting, findings);
      return { module: null, assembly: NO_FRAMES, findings };
    }
    const [record] = errorFrame;
    findings.add(
      'error body',
      `Frame ${record.index} is ${shape.shape}${shape.detail === '' ? '' : ` (${shape.detail})`}, and no event of any format came: the request failed before streaming began. \`error\` holds it. Fix what the error names; a server should send such an error with a non-2xx status and \`content-type: application/json\`, not as an event stream.`,
      record.line,
      1,
      record.index,
    );
    if (shape.format === null) return { module: null, assembly: { ...NO_FRAMES, error: shape.error }, findings };
    const module = formatModule(shape.format);
    this.choose(module);
    return { module, assembly: this.assembler?.finish() ?? NO_FRAMES, findings: this.findings };
  }

  private choose(best: FormatModule): void {
    this.chosen = best;
    this.chosenPosition = FORMAT_MODULES.indexOf(best) + 1;
    const assembler = best.createAssembler({ findings: this.findings });
    this.assembler = assembler;
    this.accelerator = acceleratorOf(best.name);
    for (const [early, earlyPayload] of this.waiting.splice(0)) {
      this.deliver(early, earlyPayload, this.bestAt(early.index), assembler, best, this.findings);
      this.table.setRead(early.index, early);
    }
  }

  private bestModule(frame: FrameRecord, payload: Payload): FormatModule | null {
    // The chosen format usually names its own frames: ask it first.
    if (this.chosen !== null && this.chosen.recognise(frame, payload) === 2) return this.chosen;
    let best: FormatModule | null = null;
    let bestScore = 0;
    for (const module of FORMAT_MODULES) {
      const score = module.recognise(frame, payload);
      if (score > bestScore) {
        best = module;
        bestScore = score;
        if (score === 2) break;
      }
    }
    return best;
  }

  private vote(position: number): void {
    if (this.votes[position] === 0) this.voted.push(position);
    this.votes[position] = (this.votes[position] ?? 0) + 1;
  }

  private remember(index: number, best: FormatModule | null): void {
    if (index >= this.bestOf.length) {
      const grown = new Uint8Array(Math.max(this.bestOf.length * 2, index + 1));
      grown.set(this.bestOf);
      this.bestOf = grown;
    }
    this.bestOf[index] = best === null ? 0 : best === this.chosen && this.chosenPosition > 0 ? this.chosenPosition : FORMAT_MODULES.indexOf(best) + 1;
  }

  private bestAt(index: number): FormatModule | null {
    const position = this.bestOf[index] ?? 0;
    return position === 0 ? null : (FORMAT_MODULES[position - 1] ?? null);
  }

  private deliver(record: FrameRecord, payload: Payload, best: FormatModule | null, reader: Assembler, module: FormatModule, list: FindingList): void {
    if (this.given === null && best !== null && best !== module && module.recognise(record, payload) === 0) {
      record.carried = `a ${best.title} frame: not read`;
      list.add(
        'unknown event',
        `Frame ${record.index} is a ${best.title} frame in a ${module.title} stream; it was not read. Pass \`format: '${best.name}'\` to read the stream as ${best.title}.`,
        record.line,
        1,
        record.index,
      );
      return;
    }
    reader.read(record, payload);
  }

  /** Reads the kept frames again with the format most frames name. */
  private reread(table: FrameTable, majority: FormatModule): void {
    this.chosen = majority;
    this.chosenPosition = FORMAT_MODULES.indexOf(majority) + 1;
    this.findings = new FindingList();
    const assembler = majority.createAssembler({ findings: this.findings });
    this.assembler = assembler;
    this.accelerator = acceleratorOf(majority.name);
    for (const record of table.rows()) {
      if (record.data === null) continue;
      record.type = null;
      record.carried = '';
      record.progress = false;
      const payload = readPayload(record.data);
      if (payload.kind === 'not json') continue;
      this.deliver(record, payload, this.bestAt(record.index), assembler, majority, this.findings);
      table.setRead(record.index, record);
    }
  }
}

/** Why no format was chosen: every format was tried, and what the frames carry instead. */
function noFormat(frames: ReadonlyArray<[FrameRecord, Payload]>, findings: FindingList): void {
  const first = frames[0]?.[0];
  if (first === undefined) return;
  findings.add(
    'no format',
    `No frame is one of the formats this library reads: each was tried against ${FORMAT_MODULES.map((module) => module.title).join(', ')}, and none names one. The ${frames.length === 1 ? 'frame carries' : `${frames.length} frames carry`} ${carriedByAll(frames)}. Nothing was assembled. Check that this is the body of an LLM stream, or pass \`format\` to read it as one of them.`,
    first.line,
    1,
    first.index,
  );
}

/** "1 JSON object (keys `hello`) and 1 `[DONE]`": what frames no format names hold, by kind. */
function carriedByAll(frames: ReadonlyArray<[FrameRecord, Payload]>): string {
  let done = 0;
  let objects = 0;
  let others = 0;
  const keys = new Set<string>();
  const types = new Set<string>();
  for (const [, payload] of frames) {
    if (payload.kind === 'done') done += 1;
    else if (payload.kind !== 'json') continue;
    else if (typeof payload.value !== 'object' || payload.value === null || Array.isArray(payload.value)) others += 1;
    else {
      objects += 1;
      const value = payload.value as Record<string, unknown>;
      for (const key of Object.keys(value).slice(0, 6)) if (keys.size < 6) keys.add(key);
      if (typeof value.type === 'string' && types.size < 4) types.add(value.type);
    }
  }
  const quoted = (names: Set<string>) => [...names].map((name) => `\`${name.slice(0, 40)}\``).join(', ');
  const parts: string[] = [];
  if (objects > 0) {
    const what = [keys.size > 0 ? `keys ${quoted(keys)}` : 'no keys', types.size > 0 ? `type ${quoted(types)}` : ''].filter(Boolean).join('; ');
    parts.push(`${objects} JSON object${objects === 1 ? '' : 's'} (${what})`);
  }
  if (others > 0) parts.push(`${others} JSON value${others === 1 ? '' : 's'} that ${others === 1 ? 'is' : 'are'} not an object`);
  if (done > 0) parts.push(`${done} \`[DONE]\``);
  return parts.join(' and ');
}

function majorityOf(votes: Map<FormatName, number>): FormatModule | null {
  let best: FormatName | null = null;
  let bestCount = 0;
  for (const [name, count] of votes) {
    if (count > bestCount) {
      best = name;
      bestCount = count;
    }
  }
  return best === null ? null : formatModule(best);
}

function mergeFindings(decoded: FindingList, assembled: FindingList): FindingList {
  const merged = new FindingList();
  for (const list of [decoded, assembled]) {
    for (const finding of list.listed) merged.listed.push(finding);
    for (const [code, count] of Object.entries(list.counts) as Array<[keyof typeof list.counts, number]>) {
      merged.counts[code] = (merged.counts[code] ?? 0) + count;
    }
  }
  return merged;
}

function noEndMessage(module: FormatModule, assembly: Assembly): string {
  const missing = `The stream stops without ${module.endFrame}, the frame that ends a finished ${module.title} answer.`;
  const finished = assembly.choices.length > 0 && assembly.choices.every((choice) => choice.finishReason !== null);
  if (module.name === 'chat-completions' && finished) {
    const every = assembly.choices.length === 1 ? 'The one choice has' : `Every choice (${assembly.choices.length}) has`;
    return assembly.usage !== null
      ? `${missing} ${every} a finish reason and the usage arrived, so the answer is probably whole and only the sentinel is missing (some providers never send it). A client that waits for \`[DONE]\` hangs or drops the answer: send \`data: [DONE]\` after the last chunk.`
      : `${missing} ${every} a finish reason, but no usage chunk came (with \`stream_options.include_usage\` it is the last chunk), so the stream may have been cut just before it. A client that waits for \`[DONE]\` hangs or drops the answer: find where the stream was closed.`;
  }
  return `${missing} What arrived is shown and may be partial; find where the stream was closed early.`;
}

function total(findings: FindingList): number {
  return Object.values(findings.counts).reduce((sum, count) => sum + (count ?? 0), 0);
}

function brand(result: Reconstruction): Reconstruction {
  Object.defineProperty(result, RECONSTRUCTION_BRAND, { value: true, enumerable: false });
  return result;
}

keepShape(new ReconstructSink(new Router(null, new FrameTable(true, 1)), new FrameTable(true, 1), new FindingList()));

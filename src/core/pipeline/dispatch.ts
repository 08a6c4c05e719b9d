import type { Frame, Payload } from '../decode/frame.js';
import { readPayload } from '../decode/payload.js';
import type { LaneFrame, LaneSink } from '../fast/lane.js';
import { FormatDetector, majorityOf, noteErrorBody, noteMixed, noteNoFormat } from '../detect/index.js';
import type { Accelerator, HoleValues, MakerAt } from '../fast/accelerator.js';
import { acceleratorOf } from '../fast/accelerators.js';
import { keepShape } from '../keep-shapes.js';
import { FindingList } from '../findings.js';
import { formatModule } from '../formats/registry.js';
import type { Assembler, Assembly, AssemblyContext, FormatModule, FrameRecord } from '../model.js';
import { PlaceBook } from '../answer/place-book.js';
import { FrameTable } from './frame-table.js';
import { WAITING_FRAMES, WaitingFrames } from './waiting.js';
import { grouped } from '../words.js';

/** What the frames made: the format read, its assembly, and the assembly's findings. */
export interface Dispatched {
  module: FormatModule | null;
  assembly: Assembly;
  findings: FindingList;
  /** Where the assembler read each part of the answer. */
  places: PlaceBook;
}

const NO_FRAMES: Assembly = { choices: [], usage: null, response: null, error: null, ended: false, missingPiece: false };

/**
 * The one place frames go. Each frame becomes a record, goes to the chosen format's assembler, and gets its row in
 * the frames table. Frames before the first that names a format wait for it. A frame the lane took whole is applied
 * by the format's accelerator when it has a plan for its shape. When the stream ends and most frames name another
 * format than the one chosen, the kept frames are read again with it (unless the frames table is off, or past its
 * data budget: then nothing is kept to read again, and the first format named stays).
 */
export class FrameDispatch implements LaneSink {
  private readonly detector = new FormatDetector();
  /** Frames before the first that names a format, kept within a budget (past it, counted). */
  private readonly waiting = new WaitingFrames();
  /** Frames that waited past the budget and were not read when a format was named (none after a reread). */
  private unreadEarly = 0;
  private findings = new FindingList();
  /** The places the current assembler records (a new book when another assembler starts over). */
  private book = new PlaceBook();
  private assembler: Assembler | null;
  /** The chosen format's accelerator, asked for the plans and steps of the frames the lane takes whole. */
  private accelerator: Accelerator | null;
  /** The frame being routed was another format's, not read by the chosen one (its data is kept for a re-read). */
  private foreign = false;
  /** Errors the transport carried around the format's frames, by frame (see withTransportErrors). */
  private readonly transportErrors: Array<{ index: number; error: NonNullable<Frame['transportError']>; offset: number | undefined }> = [];
  /** One record for every frame an accelerator applies: the assembly keeps none, and the table copies what it says. */
  private readonly record: FrameRecord = toRecord({ index: 0, event: 'message', data: '', lastEventId: '', dispatched: true, line: 0, endLine: 0, start: 0, end: 0 });

  /** `given`: the format the caller named, if any; `table`: where every frame gets its row. */
  constructor(
    private readonly given: FormatModule | null,
    private readonly table: FrameTable,
    private readonly decodeFindings: FindingList,
  ) {
    this.assembler = given ? given.createAssembler(this.context()) : null;
    this.accelerator = given ? acceleratorOf(given.name) : null;
    if (given) this.detector.choose(given);
  }

  /** A fresh context for a new assembler: the current findings, and a new place book. */
  private context(): AssemblyContext {
    this.book = new PlaceBook();
    return { findings: this.findings, places: this.book };
  }

  /** How many frames wait for a format now. */
  get waitingFrames(): number {
    return this.waiting.length;
  }

  /** A frame the decoder read, with its payload (null when it has no data to read). */
  frame(frame: Frame, payload: Payload | null): void {
    const record = toRecord(frame);
    const listedBefore = this.findings.listed.length;
    this.foreign = false;
    if (frame.transportError === undefined) this.route(record, payload);
    else this.takeTransportError(record, frame.transportError, frame.byteOffset);
    // Past the text the table keeps, only frames a listed finding names keep their data: held, every frame's would
    // keep the whole input alive (a stream of bad frames too: only the first few of each code are listed).
    // The decoder lists its findings about a frame (`not json`) before handing it over.
    const named = this.findings.listed.length !== listedBefore || this.decodeFindings.listed[this.decodeFindings.listed.length - 1]?.frame === frame.index;
    // Another format's frame keeps its data too: were the stream read again as that format, it is what it would read,
    // whatever the size of the stream; so does `[DONE]` (a few bytes, and what ends a stream in some formats). The
    // chosen format's own frames need none: another format would not read them.
    const own = this.given === null && this.detector.chosen !== null && this.detector.bestAt(record.index) === this.detector.chosen;
    this.table.add(record, named || this.foreign || payload?.kind === 'done', payload !== null && payload.kind !== 'not json' && !own);
    // The assembly may hold the record for its place (a tool call's first frame); its data is a view of the input
    // chunk and would keep that whole chunk alive. The table has its own copy when it keeps one.
    record.data = null;
  }

  /**
   * The accelerator's plan for frames shaped like this one, when the chosen format reads them as its own (the format
   * a frame names depends on its shape, never on its holes); null otherwise.
   */
  plan(frame: Frame, value: unknown, holes: readonly string[], makerAt: MakerAt): object | null {
    const { assembler, accelerator } = this;
    const chosen = this.detector.chosen;
    if (assembler === null || accelerator === null || chosen === null) return null;
    if (this.given === null && this.detector.best(frame as FrameRecord, { kind: 'json', value }) !== chosen) return null;
    return accelerator.plan(assembler, frame, value, holes, makerAt);
  }

  /** A frame of a planned shape, from its holes' values: false, having done nothing, when it must be read. */
  apply(plan: object, values: HoleValues, taken: LaneFrame): boolean {
    const { assembler, accelerator, record } = this;
    if (assembler === null || accelerator === null) return false;
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
    if (!accelerator.apply(assembler, plan, values, record)) return false;
    if (this.given === null) this.detector.nameChosen(record.index);
    this.table.add(record, false);
    return true;
  }

  /** A frame the lane took whole and built, read as any frame. */
  generic(frame: Frame, value: unknown): void {
    this.frame(frame, { kind: 'json', value });
  }

  /** The long strings the assembly holds, which a coming frame may repeat whole. */
  knownStrings(frameLength: number): readonly string[] {
    const { assembler, accelerator } = this;
    if (assembler === null || accelerator?.knownStrings === undefined) return [];
    return accelerator.knownStrings(assembler, frameLength);
  }

  /** `keepFrames`: whether the table's frames may be read again if another format wins. */
  finish(keepFrames: boolean): Dispatched {
    const done = this.finishFrames(keepFrames);
    return this.transportErrors.length === 0 ? done : this.withTransportErrors(done);
  }

  /** An error the transport carried (frame.transportError): listed, never given to a format's assembler. */
  private takeTransportError(record: FrameRecord, error: NonNullable<Frame['transportError']>, offset: number | undefined): void {
    record.type = error.type;
    record.carried = `exception: ${error.type}`;
    this.transportErrors.push({ index: record.index, error, offset });
  }

  /**
   * The transport's errors, each an `error event` at its frame (added now, so a re-read keeps them); the first is the
   * stream's error when the format's own frames carried none.
   */
  private withTransportErrors(done: Dispatched): Dispatched {
    for (const { index, error, offset } of this.transportErrors) {
      const said = typeof error.message === 'string' ? `: ${error.message}` : '';
      const message = `The stream ended in an error at frame ${index} (${error.type}${said}), an exception of the event stream around the model's events, after the response had started. What arrived before it is partial: treat the call as failed.`;
      done.findings.add('error event', message, 0, 0, index, offset);
    }
    const first = this.transportErrors[0]?.error ?? null;
    return done.assembly.error == null ? { ...done, assembly: { ...done.assembly, error: first } } : done;
  }

  private finishFrames(keepFrames: boolean): Dispatched {
    const given = this.given;
    if (given !== null) return { module: given, assembly: this.assembler?.finish() ?? NO_FRAMES, findings: this.findings, places: this.book };
    const named = this.detector.named();
    const majority = majorityOf(named);
    const chosen = this.detector.chosen;
    if (majority === null || chosen === null) return this.finishUnnamed();
    if (majority !== chosen && keepFrames && this.table.hasAllData()) this.reread(majority);
    const read = this.detector.chosen ?? chosen;
    noteMixed(named, read, this.findings);
    const assembly = this.assembler?.finish() ?? NO_FRAMES;
    if (this.unreadEarly === 0) return { module: read, assembly, findings: this.findings, places: this.book };
    this.noteUnreadEarly(read);
    return { module: read, assembly: { ...assembly, missingPiece: true }, findings: this.findings, places: this.book };
  }

  private route(record: FrameRecord, payload: Payload | null): void {
    if (payload === null || payload.kind === 'not json') {
      if (payload !== null) record.carried = 'not JSON: not read';
      else if (!record.dispatched && record.data !== '') record.carried = 'cut off inside the frame: not read';
      return;
    }
    if (this.given !== null) {
      this.assembler?.read(record, payload);
      return;
    }
    const best = this.detector.name(record, payload);
    if (this.detector.chosen === null) {
      if (best === null) return this.waiting.add(record, payload);
      this.choose(best);
    }
    const { assembler } = this;
    const chosen = this.detector.chosen;
    if (assembler !== null && chosen !== null) this.deliver(record, payload, best, assembler, chosen);
  }

  /**
   * No frame named a format. A stream that is only an error document is read as the format its error shape names
   * (an error sent before streaming began, often as a bare JSON body); otherwise a finding says what the frames hold.
   */
  private finishUnnamed(): Dispatched {
    const findings = this.findings;
    const errorFrame = this.waiting.errorFrame;
    if (errorFrame === null) {
      noteNoFormat(this.waiting.tally, findings);
      return { module: null, assembly: NO_FRAMES, findings, places: this.book };
    }
    noteErrorBody(errorFrame, findings);
    const { shape } = errorFrame;
    if (shape.format === null) return { module: null, assembly: { ...NO_FRAMES, error: shape.error }, findings, places: this.book };
    const module = formatModule(shape.format);
    this.choose(module);
    return { module, assembly: this.assembler?.finish() ?? NO_FRAMES, findings: this.findings, places: this.book };
  }

  private choose(module: FormatModule): void {
    this.detector.choose(module);
    const assembler = module.createAssembler(this.context());
    this.assembler = assembler;
    this.accelerator = acceleratorOf(module.name);
    this.unreadEarly = this.waiting.dropped;
    for (const [early, earlyPayload] of this.waiting.take()) {
      this.deliver(early, earlyPayload, this.detector.bestAt(early.index), assembler, module);
      // Frames that waited for the format are read after their row was written: write what they carried again.
      this.table.setRead(early.index, early);
    }
  }

  private deliver(record: FrameRecord, payload: Payload, best: FormatModule | null, assembler: Assembler, module: FormatModule): void {
    if (this.given === null && best !== null && best !== module && module.recognise(record, payload) === 0) return this.notRead(record, best, module);
    assembler.read(record, payload);
  }

  /** A frame of format `best` in a stream read as `module`: listed, not read. */
  private notRead(record: FrameRecord, best: FormatModule, module: FormatModule): void {
    this.foreign = true;
    record.carried = `a ${best.title} frame: not read`;
    this.findings.add(
      'unknown event',
      `Frame ${record.index} is a ${best.title} frame in a ${module.title} stream; it was not read. Pass \`format: '${best.name}'\` to read the stream as ${best.title}.`,
      record.line,
      1,
      record.index,
    );
  }

  /** The `unread before format` finding: frames that waited past the budget were counted, not read. */
  private noteUnreadEarly(module: FormatModule): void {
    const first = this.waiting.firstDropped;
    const count = this.unreadEarly;
    this.findings.add(
      'unread before format',
      `${count} frame${count === 1 ? '' : 's'} from frame ${first?.index ?? 0} on came before any frame named a format, past the ${grouped(WAITING_FRAMES)} frames (or 1 MiB) kept waiting for one: ${count === 1 ? 'it was' : 'they were'} counted, not read as ${module.title}, so the answer may lack what ${count === 1 ? 'it' : 'they'} carried. Pass \`format: '${module.name}'\` to read every frame as it comes.`,
      first?.line ?? 0,
      1,
      first?.index,
    );
  }

  /** Reads the kept frames again with the format most frames name (every frame: none is left unread). */
  private reread(majority: FormatModule): void {
    this.unreadEarly = 0;
    this.detector.choose(majority);
    this.findings = new FindingList();
    const assembler = majority.createAssembler(this.context());
    this.assembler = assembler;
    this.accelerator = acceleratorOf(majority.name);
    for (const record of this.table.rows()) {
      const best = this.detector.bestAt(record.index);
      // Past the text kept, the format first chosen kept no data of its own frames: they are that format's, not read.
      if (record.data === null && best !== null && best !== majority) {
        this.notRead(record, best, majority);
        this.table.setRead(record.index, record);
      }
      if (record.data === null) continue;
      record.type = null;
      record.carried = '';
      record.progress = false;
      const payload = readPayload(record.data);
      if (payload.kind === 'not json') continue;
      this.deliver(record, payload, this.detector.bestAt(record.index), assembler, majority);
      this.table.setRead(record.index, record);
    }
  }
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

keepShape(new FrameDispatch(null, new FrameTable(true, 1), new FindingList()));

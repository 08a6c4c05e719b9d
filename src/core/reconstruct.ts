import type { Frame, Payload } from './decode/frame.js';
import { createFrameReader, readPayload } from './decode/payload.js';
import { FindingList } from './findings.js';
import { formatModule, FORMAT_MODULES } from './formats/registry.js';
import { type StreamText, toChunks } from './input/chunks.js';
import { judge, summaryLine } from './judge/index.js';
import type { Assembler, Assembly, FastAction, FormatModule, MakerAt, FormatName, FrameRecord, Reconstruction, ReconstructOptions } from './model.js';
import { FORMAT_NAMES } from './model.js';
import { describe } from './decode/decoder.js';
import { FrameTable } from './frame-table.js';

/** For tests and the bench only (not exported from the package): turn the template fast path off, count its frames. */
export { fastPathCounters as fastPathForTests } from './formats/fast-template.js';

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
  const session = createReconstruction(options);
  for (const chunk of toChunks(input, 'reconstruct')) session.push(chunk);
  return session.end();
}

export interface ReconstructionSession {
  /** Feeds the next chunk; `arrivedMs` is when it arrived (for live streams), in ms on any monotonic clock. */
  push(chunk: string | Uint8Array, arrivedMs?: number): void;
  end(): Reconstruction;
}

/** The incremental form of `reconstruct()`: push chunks as they arrive, then `end()`. */
export function createReconstruction(options: ReconstructOptions = {}): ReconstructionSession {
  checkOptions(options);
  const decodeFindings = new FindingList();
  const keepFrames = options.frames !== false;
  const table = new FrameTable(keepFrames, FRAME_DATA_BUDGET);
  // Frames that waited for the format are read after their row was written: write what they carried again.
  const router = createRouter(options.format ? formatModule(options.format) : null, (late) => table.setRead(late.index, late));
  let firstArrival: number | undefined;
  let arrival: number | undefined;

  const reader = createFrameReader(
    (frame, payload) => {
      const record = toRecord(frame, arrival, firstArrival);
      const listedBefore = decodeFindings.listed.length + router.listed();
      router.route(record, payload);
      // Past the text the table keeps, a healthy frame's data is not kept: held, it would keep the whole input alive.
      // Frames that findings name, or that were not read, keep theirs.
      const healthy = payload !== null && payload.kind !== 'not json' && decodeFindings.listed.length + router.listed() === listedBefore;
      table.add(record, keepFrames && !healthy);
    },
    decodeFindings,
    (text) => table.addText(text),
    (frame, value, holes, makerAt) => {
      const fast = router.fastAction(frame, value, holes, makerAt);
      if (fast === null) return null;
      // One record for every frame the action takes: the action keeps none, and the table copies what it says.
      const record = toRecord({ ...frame, data: '' }, undefined, undefined);
      return (values, taken) => {
        if (arrival !== undefined) return false;
        record.index = taken.index;
        record.lastEventId = taken.lastEventId;
        record.line = taken.line;
        record.endLine = taken.endLine;
        record.start = taken.start;
        record.end = taken.end;
        record.type = null;
        record.carried = '';
        record.progress = false;
        if (!fast(values, record)) return false;
        router.countFast(taken.index);
        table.add(record, false);
        return true;
      };
    },
  );

  return {
    push(chunk, arrivedMs) {
      if (arrivedMs !== undefined) {
        firstArrival ??= arrivedMs;
        arrival = arrivedMs;
      }
      reader.push(chunk);
    },
    end() {
      const summary = reader.end();
      const routed = router.finish(keepFrames ? table : null);
      const truncated = summary.stopped || decodeFindings.has('cut');
      const findings = mergeFindings(decodeFindings, routed.findings);
      const { module, assembly } = routed;
      if (module && !assembly.ended && !summary.stopped && assembly.error == null && summary.readableFrames > 0) {
        findings.add('no end', noEndMessage(module), 0, 0);
      }
      const judgement = judge({
        format: module?.name ?? null,
        assembly,
        timed: table.timed(),
        findings,
        finishReasons: module?.finishReasons ?? null,
        truncated,
        ...(options.deadlines ? { deadlines: options.deadlines } : {}),
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
function toRecord(frame: Frame, arrival: number | undefined, firstArrival: number | undefined): FrameRecord {
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
  else if (arrival !== undefined && firstArrival !== undefined) record.elapsedMs = arrival - firstArrival;
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
function createRouter(given: FormatModule | null, readLate: (record: FrameRecord) => void) {
  /** Frames each format names, by its position in FORMAT_MODULES. */
  const votes: number[] = FORMAT_MODULES.map(() => 0);
  /** Those positions in the order each format was first named (the first named wins a tie). */
  const voted: number[] = [];
  const waiting: Array<[FrameRecord, Payload]> = [];
  /** Each frame's best format, as its position in FORMAT_MODULES plus one (0: none, or not read). */
  let bestOf = new Uint8Array(1024);
  let chosen = given;
  let findings = new FindingList();
  let assembler: Assembler | null = given ? given.createAssembler({ findings }) : null;

  function bestModule(frame: FrameRecord, payload: Payload): FormatModule | null {
    // The chosen format usually names its own frames: ask it first.
    if (chosen !== null && chosen.recognise(frame, payload) === 2) return chosen;
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

  function remember(index: number, best: FormatModule | null): void {
    if (index >= bestOf.length) {
      const grown = new Uint8Array(Math.max(bestOf.length * 2, index + 1));
      grown.set(bestOf);
      bestOf = grown;
    }
    bestOf[index] = best === null ? 0 : best === chosen && chosenPosition > 0 ? chosenPosition : FORMAT_MODULES.indexOf(best) + 1;
  }

  function vote(position: number): void {
    if (votes[position] === 0) voted.push(position);
    votes[position] = (votes[position] ?? 0) + 1;
  }

  /** The chosen format's position in FORMAT_MODULES plus one (0 until one is chosen). */
  let chosenPosition = 0;

  function bestAt(index: number): FormatModule | null {
    const position = bestOf[index] ?? 0;
    return position === 0 ? null : (FORMAT_MODULES[position - 1] ?? null);
  }

  function deliver(record: FrameRecord, payload: Payload, best: FormatModule | null, reader: Assembler, module: FormatModule, list: FindingList): void {
    if (given === null && best !== null && best !== module && module.recognise(record, payload) === 0) {
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
  function reread(table: FrameTable, majority: FormatModule): void {
    chosen = majority;
    chosenPosition = FORMAT_MODULES.indexOf(majority) + 1;
    findings = new FindingList();
    assembler = majority.createAssembler({ findings });
    for (const record of table.rows()) {
      if (record.data === null) continue;
      record.type = null;
      record.carried = '';
      record.progress = false;
      const payload = readPayload(record.data);
      if (payload.kind === 'not json') continue;
      deliver(record, payload, bestAt(record.index), assembler, majority, findings);
      table.setRead(record.index, record);
    }
  }

  return {
    /** How many findings the assembly has listed so far. */
    listed: () => findings.listed.length,
    /**
     * The assembler's action for frames shaped like this one, when the chosen format reads them as theirs (the
     * format a frame names depends on the shape, never on its holes); null otherwise.
     */
    fastAction(frame: Frame, value: unknown, holes: readonly string[], makerAt: MakerAt): FastAction | null {
      if (assembler?.fastAction === undefined || chosen === null) return null;
      if (given === null && bestModule(frame as FrameRecord, { kind: 'json', value }) !== chosen) return null;
      return assembler.fastAction(frame, value, holes, makerAt);
    },
    /** Counts a frame a fast action read, as route() counts the frames it reads. */
    countFast(index: number): void {
      if (given !== null || chosen === null) return;
      remember(index, chosen);
      vote(chosenPosition - 1);
    },
    route(record: FrameRecord, payload: Payload | null): void {
      if (payload === null || payload.kind === 'not json') {
        if (payload !== null) record.carried = 'not JSON: not read';
        else if (!record.dispatched && record.data !== '') record.carried = 'cut off inside the frame: not read';
        return;
      }
      if (given !== null) {
        assembler?.read(record, payload);
        return;
      }
      const best = bestModule(record, payload);
      remember(record.index, best);
      if (best) vote(FORMAT_MODULES.indexOf(best));
      if (chosen === null) {
        if (best === null) return void waiting.push([record, payload]);
        chosen = best;
        chosenPosition = FORMAT_MODULES.indexOf(best) + 1;
        assembler = best.createAssembler({ findings });
        for (const [early, earlyPayload] of waiting.splice(0)) {
          deliver(early, earlyPayload, bestAt(early.index), assembler, best, findings);
          readLate(early);
        }
      }
      if (assembler && chosen) deliver(record, payload, best, assembler, chosen, findings);
    },
    /** `table`: the frames, when kept (to read them again if another format wins). */
    finish(table: FrameTable | null): Routed {
      if (given !== null) return { module: given, assembly: assembler?.finish() ?? NO_FRAMES, findings };
      const named = new Map<FormatName, number>(voted.map((position) => [(FORMAT_MODULES[position] as FormatModule).name, votes[position] ?? 0]));
      const majority = majorityOf(named);
      if (majority === null || chosen === null) {
        return { module: null, assembly: NO_FRAMES, findings };
      }
      if (majority !== chosen && table !== null && table.hasAllData()) reread(table, majority);
      if (named.size > 1) {
        const counts = [...named.entries()].sort((a, b) => b[1] - a[1]).map(([name, count]) => `${count} ${formatModule(name).title}`).join(', ');
        findings.add(
          'mixed',
          `The frames name more than one format (${counts}); the stream was read as ${chosen.title}, the format most frames name. Pass \`format\` to read it as another.`,
          0,
          0,
        );
      }
      return { module: chosen, assembly: assembler?.finish() ?? NO_FRAMES, findings };
    },
  };
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

function noEndMessage(module: FormatModule): string {
  return `The stream stops without ${module.endFrame}, the frame that ends a finished ${module.title} answer. What arrived is shown and may be partial; find where the stream was closed early.`;
}

function total(findings: FindingList): number {
  return Object.values(findings.counts).reduce((sum, count) => sum + (count ?? 0), 0);
}

function brand(result: Reconstruction): Reconstruction {
  Object.defineProperty(result, RECONSTRUCTION_BRAND, { value: true, enumerable: false });
  return result;
}

function checkOptions(options: unknown): asserts options is ReconstructOptions {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new TypeError(`sse-reconstruct: options must be an object such as { format: 'anthropic' }; received ${describe(options)}.`);
  }
  const format = (options as ReconstructOptions).format;
  if (format !== undefined && !FORMAT_NAMES.includes(format)) {
    throw new TypeError(`sse-reconstruct: options.format must be one of ${FORMAT_NAMES.map((name) => `'${name}'`).join(', ')}; received ${JSON.stringify(format)}.`);
  }
}

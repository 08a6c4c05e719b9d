import type { Payload } from '../decode/frame.js';
import type { FindingList } from '../findings.js';
import type { ErrorShape } from '../formats/error-body.js';
import { formatModule, FORMAT_MODULES } from '../formats/registry.js';
import type { FormatModule, FormatName, FrameRecord } from '../model.js';
import { grouped, plural } from '../words.js';

/**
 * Tells the format from what the frames carry. Each frame names the format that recognises it best; the first frame
 * that names one chooses it, and every naming frame is a vote. When the stream ends the format most frames name is
 * the majority; the first named wins a tie.
 */
export class FormatDetector {
  /** The format chosen so far: the first one a frame named, or the majority once the stream was read again. */
  chosen: FormatModule | null = null;
  /** Frames each format names, by its position in FORMAT_MODULES. */
  private readonly votes: number[] = FORMAT_MODULES.map(() => 0);
  /** Those positions in the order each format was first named. */
  private readonly voted: number[] = [];
  /** Each frame's best format, as its position in FORMAT_MODULES plus one (0: none, or not read). */
  private bestOf = new Uint8Array(1024);
  /** The chosen format's position in FORMAT_MODULES plus one (0 until one is chosen). */
  private chosenPosition = 0;

  choose(module: FormatModule): void {
    this.chosen = module;
    this.chosenPosition = FORMAT_MODULES.indexOf(module) + 1;
  }

  /** The format that recognises this frame best, remembered for it and counted as its vote. */
  name(record: FrameRecord, payload: Payload): FormatModule | null {
    const best = this.best(record, payload);
    this.remember(record.index, best);
    if (best !== null) this.vote(best === this.chosen ? this.chosenPosition - 1 : FORMAT_MODULES.indexOf(best));
    return best;
  }

  /** A frame the chosen format's accelerator took whole: it names the chosen format. */
  nameChosen(index: number): void {
    this.remember(index, this.chosen);
    this.vote(this.chosenPosition - 1);
  }

  best(frame: FrameRecord, payload: Payload): FormatModule | null {
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

  /** The format a frame named when it was read. */
  bestAt(index: number): FormatModule | null {
    const position = this.bestOf[index] ?? 0;
    return position === 0 ? null : (FORMAT_MODULES[position - 1] ?? null);
  }

  /** Each format named, with how many frames named it, in the order they were first named. */
  named(): Map<FormatName, number> {
    return new Map(this.voted.map((position) => [(FORMAT_MODULES[position] as FormatModule).name, this.votes[position] ?? 0]));
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
}

/** The format most frames name; the first named wins a tie. */
export function majorityOf(votes: Map<FormatName, number>): FormatModule | null {
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

/** The `mixed` finding, when more than one format was named. */
export function noteMixed(named: Map<FormatName, number>, chosen: FormatModule, findings: FindingList): void {
  if (named.size <= 1) return;
  const counts = [...named.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([name, count]) => `${count} ${formatModule(name).title}`)
    .join(', ');
  findings.add(
    'mixed',
    `The frames name more than one format (${counts}); the stream was read as ${chosen.title}, the format most frames name. Pass \`format\` to read it as another.`,
    0,
    0,
  );
}

/** A frame that no format named and that holds an error document, with that error's shape. */
export interface ErrorFrame {
  record: FrameRecord;
  shape: ErrorShape;
}

/** The `error body` finding: the stream is only an error sent before streaming began. */
export function noteErrorBody({ record, shape }: ErrorFrame, findings: FindingList): void {
  findings.add(
    'error body',
    `Frame ${record.index} is ${shape.shape}${shape.detail === '' ? '' : ` (${shape.detail})`}, and no event of any format came: the request failed before streaming began. \`error\` holds it. Fix what the error names; a server should send such an error with a non-2xx status and \`content-type: application/json\`, not as an event stream.`,
    record.line,
    1,
    record.index,
  );
}

/** What the frames no format names carry, by kind, counted as they come (they need not be kept). */
export interface UnnamedTally {
  frames: number;
  first: FrameRecord | null;
  done: number;
  objects: number;
  others: number;
  keys: Set<string>;
  types: Set<string>;
}

export function emptyUnnamedTally(): UnnamedTally {
  return { frames: 0, first: null, done: 0, objects: 0, others: 0, keys: new Set(), types: new Set() };
}

export function countUnnamed(tally: UnnamedTally, record: FrameRecord, payload: Payload): void {
  tally.frames += 1;
  tally.first ??= record;
  if (payload.kind === 'done') tally.done += 1;
  else if (payload.kind !== 'json') return;
  else if (typeof payload.value !== 'object' || payload.value === null || Array.isArray(payload.value)) tally.others += 1;
  else {
    tally.objects += 1;
    const value = payload.value as Record<string, unknown>;
    for (const key of Object.keys(value).slice(0, 6)) if (tally.keys.size < 6) tally.keys.add(key);
    if (typeof value.type === 'string' && tally.types.size < 4) tally.types.add(value.type);
  }
}

/** Why no format was chosen: every format was tried, and what the frames carry instead. */
export function noteNoFormat(tally: UnnamedTally, findings: FindingList): void {
  const first = tally.first;
  if (first === null) return;
  findings.add(
    'no format',
    `No frame is one of the formats this library reads: each was tried against ${FORMAT_MODULES.map((module) => module.title).join(', ')}, and none names one. The ${tally.frames === 1 ? 'frame carries' : `${grouped(tally.frames)} frames carry`} ${carriedByAll(tally)}. Nothing was assembled. Check that this is the body of an LLM stream, or pass \`format\` to read it as one of them.`,
    first.line,
    1,
    first.index,
  );
}

/** "1 JSON object (keys `hello`) and 1 `[DONE]`": what frames no format names hold, by kind. */
function carriedByAll({ done, objects, others, keys, types }: UnnamedTally): string {
  const quoted = (names: Set<string>) => [...names].map((name) => `\`${name.slice(0, 40)}\``).join(', ');
  const parts: string[] = [];
  if (objects > 0) {
    const what = [keys.size > 0 ? `keys ${quoted(keys)}` : 'no keys', types.size > 0 ? `type ${quoted(types)}` : ''].filter(Boolean).join('; ');
    parts.push(`${plural(objects, 'JSON object')} (${what})`);
  }
  if (others > 0) parts.push(`${plural(others, 'JSON value')} that ${others === 1 ? 'is' : 'are'} not an object`);
  if (done > 0) parts.push(`${done} \`[DONE]\``);
  return parts.join(' and ');
}

// The frames read before any frame names a format: kept to be read once one does, within a budget; past it,
// counted. An endless stream of frames no format names (`data: {}`) then holds bounded memory.
import type { Payload } from '../decode/frame.js';
import { countUnnamed, emptyUnnamedTally, type ErrorFrame, type UnnamedTally } from '../detect/index.js';
import { errorShape } from '../formats/error-body.js';
import type { FrameRecord } from '../model.js';

/** The most frames kept waiting for a format (about 300 bytes each, held until one is named). */
export const WAITING_FRAMES = 4096;
/** The most characters of input those frames may span. */
export const WAITING_CHARS = 1024 * 1024;

export class WaitingFrames {
  private kept: Array<[FrameRecord, Payload]> = [];
  private chars = 0;
  /** Frames past the budget: counted, not kept. */
  dropped = 0;
  /** The first of them, for the finding that says so. */
  firstDropped: FrameRecord | null = null;
  /** What every frame that named no format carries, kept or not. */
  readonly tally: UnnamedTally = emptyUnnamedTally();
  /** The first frame that holds an error document: kept even past the budget, so the error is read. */
  errorFrame: ErrorFrame | null = null;

  get length(): number {
    return this.kept.length;
  }

  add(record: FrameRecord, payload: Payload): void {
    countUnnamed(this.tally, record, payload);
    const shape = this.errorFrame === null && payload.kind === 'json' ? errorShape(payload.value) : null;
    if (shape !== null) this.errorFrame = { record, shape };
    const size = record.end - record.start;
    if (shape !== null || (this.kept.length < WAITING_FRAMES && this.chars + size <= WAITING_CHARS)) {
      this.kept.push([record, payload]);
      this.chars += size;
      return;
    }
    this.dropped += 1;
    this.firstDropped ??= record;
  }

  /** The frames kept, in order; none are kept after. */
  take(): Array<[FrameRecord, Payload]> {
    const kept = this.kept;
    this.kept = [];
    this.chars = 0;
    return kept;
  }
}

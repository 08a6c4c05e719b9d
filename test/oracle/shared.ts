// What the format oracles share: the state they read into, and small readings of frame data.
import type { FindingCode } from '../../src/core/index.js';
import type { FrameFields } from '../../src/faults/frame-text.js';

/** A frame's JSON object. */
export type Json = Record<string, unknown>;

/** One format's rules over frames, read in order; `finish()` says how the stream ended. */
export interface FormatOracle {
  read(frame: FrameFields): void;
  finish(): { ended: boolean; error: boolean; reasons: string[]; blocked?: boolean };
}

/** What a format oracle reads into: the codes it states, and whether a piece from before the end is missing. */
export interface Shared {
  codes: Set<FindingCode>;
  missing: boolean;
}

/** True when `text` is JSON. */
export function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Something from before the end was lost: `code` says what. */
export function lost(shared: Shared, code: FindingCode): void {
  shared.codes.add(code);
  shared.missing = true;
}

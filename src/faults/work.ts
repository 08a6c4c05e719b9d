// The working form of a script while faults apply: frames and the text between them as units, each remembering the
// source frame it came from, so the expectation is stated from what changed.
import { formatModule, type FindingCode, type FormatName, type FramingName, type Reconstruction } from '../core/index.js';
import { fieldsOf, type FrameFields } from './frame-text.js';
import type { ScriptEnd, ScriptPiece, StreamScript } from './script.js';

export interface Unit {
  /** A frame (with the blank line that ends it), or text between frames. */
  frame: boolean;
  pieces: ScriptPiece[];
  /** The source frame it is (or copies), or null for one a fault wrote. */
  origin: number | null;
  /** The stream was cut inside this frame: it is the last, and its end is missing. */
  cut?: boolean;
}

export interface Work {
  format: FormatName | null;
  /** The framing the format's frames come in (SSE for a stream of no known format): how frames are read and written. */
  framing: FramingName;
  units: Unit[];
  end: ScriptEnd;
  /** What a timing fault asked for: the smallest stall, when any. */
  smallestStallMs: number | null;
  /** Some fault changed the pace. */
  paced: boolean;
  /** A fault changed frames (not only the pace or the framing bytes). */
  restructured: boolean;
}

export function unitText(unit: Unit): string {
  let text = '';
  for (const piece of unit.pieces) text += piece.text;
  return text;
}

export function workOf(script: StreamScript): Work {
  const units: Unit[] = [];
  let last: number | null = null;
  for (const piece of script.pieces) {
    const copy = { ...piece };
    const unit = units[units.length - 1];
    if (piece.frame !== null && piece.frame === last && unit?.frame) unit.pieces.push(copy);
    else if (piece.frame === null && unit && !unit.frame) unit.pieces.push(copy);
    else units.push({ frame: piece.frame !== null, pieces: [copy], origin: piece.frame });
    last = piece.frame;
  }
  return { format: script.format, framing: framingOfFormat(script.format), units, end: { ...script.end }, smallestStallMs: null, paced: false, restructured: false };
}

/** The frame units in order. */
export function frameUnits(work: Work): Unit[] {
  return work.units.filter((unit) => unit.frame);
}

/** Pieces with frames numbered as `decode()` numbers the text they join to. */
export function piecesOf(work: Work): ScriptPiece[] {
  const pieces: ScriptPiece[] = [];
  let index = 0;
  for (const unit of work.units) {
    if (unit.pieces.length === 0) continue;
    const frame = unit.frame ? index : null;
    if (unit.frame) index += 1;
    for (const piece of unit.pieces) if (piece.text !== '' || piece.delayMs > 0) pieces.push({ ...piece, frame });
  }
  return pieces;
}

export function fieldsOfUnit(unit: Unit, framing: FramingName = 'sse'): FrameFields {
  return fieldsOf(unitText(unit), framing);
}

/** The framing a format's streams come in: SSE unless its module names another. */
export function framingOfFormat(format: FormatName | null): FramingName {
  return format === null ? 'sse' : (formatModule(format).framing ?? 'sse');
}

/** The codes the source reading raised at each of its frames, and those about the whole stream. */
export function codesByFrame(reading: Reconstruction): { perFrame: Map<number, Set<FindingCode>>; whole: Set<FindingCode> } {
  const perFrame = new Map<number, Set<FindingCode>>();
  const whole = new Set<FindingCode>();
  for (const finding of reading.findings) {
    if (finding.frame === undefined) whole.add(finding.code);
    else {
      const codes = perFrame.get(finding.frame) ?? new Set<FindingCode>();
      codes.add(finding.code);
      perFrame.set(finding.frame, codes);
    }
  }
  // Codes counted past the listed ones cannot be placed: they are about the stream for this purpose.
  for (const code of Object.keys(reading.findingCounts) as FindingCode[]) {
    if (![...perFrame.values()].some((codes) => codes.has(code))) whole.add(code);
  }
  return { perFrame, whole };
}

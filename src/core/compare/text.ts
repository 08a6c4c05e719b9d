// The text parts of a choice (text, reasoning, refusal) compared: aligned, then said in plain words with the span on
// both sides and the frames that carried it.
import type { DifferenceCode } from './catalogue.js';
import { placeOfPart, type ComparePlaces } from './places.js';
import { alignTexts, type TextShape, type TextShapeKind } from './text-align.js';
import { makeDifference } from './difference.js';
import type { Difference } from './types.js';
import { grouped } from '../words.js';

/** A part of a choice that holds text. */
export type TextPart = 'text' | 'reasoning' | 'refusal';

const TEXT_CODES: Record<TextShapeKind, DifferenceCode> = {
  'dropped at start': 'text dropped at start',
  'dropped at end': 'text dropped at end',
  'missing inside': 'text missing inside',
  added: 'text added',
  duplicated: 'text duplicated',
  collapsed: 'repeats collapsed',
  reordered: 'text reordered',
  changed: 'text changed',
};

const PART_WORDS: Record<TextPart, string> = { text: 'answer', reasoning: 'reasoning', refusal: 'refusal' };

/** The one difference between two texts of a choice's `part`, or null when they are equal. */
export function compareText(part: TextPart, choice: number, up: string, down: string, places: ComparePlaces): Difference | null {
  const shape = alignTexts(up, down);
  if (shape === null) return null;
  const code = codeFor(part, shape, down);
  const message = describeShape(shape, up, down, PART_WORDS[part]);
  const upstream = { value: spanText(up, shape.upstream), at: placeOfPart(places.upstream, choice, part, shape.upstream.offset) };
  const downstream = { value: spanText(down, shape.downstream), at: placeOfPart(places.downstream, choice, part, shape.downstream.offset) };
  return makeDifference(code, `choices[${choice}].${part}`, message, upstream, downstream);
}

/** Text has a code per shape; reasoning is dropped (some or all of it missing) or changed; a refusal, changed. */
function codeFor(part: TextPart, shape: TextShape, down: string): DifferenceCode {
  if (part === 'text') return TEXT_CODES[shape.kind];
  if (part === 'refusal') return 'refusal changed';
  const lost = shape.downstream.length === 0 && ['dropped at start', 'dropped at end', 'missing inside'].includes(shape.kind);
  return lost || down === '' ? 'reasoning dropped' : 'reasoning changed';
}

/** At most this many characters of a span are quoted in a message. */
const QUOTED = 40;

function quote(text: string): string {
  return JSON.stringify(text.length > QUOTED ? `${text.slice(0, QUOTED)}…` : text);
}

function spanText(text: string, span: { offset: number; length: number }): string {
  return text.slice(span.offset, span.offset + span.length);
}

function characters(count: number): string {
  return count === 1 ? '1 character' : `${grouped(count)} characters`;
}

/** The shape in plain words: what is missing, added or moved, and where. */
export function describeShape(shape: TextShape, up: string, down: string, part: string): string {
  const upSpan = spanText(up, shape.upstream);
  const downSpan = spanText(down, shape.downstream);
  const after = (offset: number) => (offset === 0 ? 'at the start' : `after character ${grouped(offset)}`);
  switch (shape.kind) {
    case 'dropped at start':
      return down === ''
        ? `all of upstream's ${part} is missing (${characters(up.length)}): ${quote(upSpan)}`
        : `the first ${characters(upSpan.length)} of upstream's ${part} are missing: ${quote(upSpan)}`;
    case 'dropped at end':
      return down === ''
        ? `all of upstream's ${part} is missing (${characters(up.length)}): ${quote(upSpan)}`
        : `the last ${characters(upSpan.length)} of upstream's ${part} are missing: ${quote(upSpan)}`;
    case 'missing inside':
      return `${characters(upSpan.length)} of upstream's ${part} are missing ${after(shape.upstream.offset)}: ${quote(upSpan)}`;
    case 'added':
      return `downstream's ${part} has ${characters(downSpan.length)} upstream did not send, ${after(shape.downstream.offset)}: ${quote(downSpan)}`;
    case 'duplicated':
      return `downstream's ${part} repeats ${characters(downSpan.length)} ${after(shape.downstream.offset)}: ${quote(downSpan)}`;
    case 'collapsed':
      if (downSpan === '') return `downstream's ${part} leaves out ${characters(upSpan.length)} that repeat the piece before ${after(shape.upstream.offset)}: ${quote(upSpan)}`;
      return `downstream's ${part} has repeated pieces merged ${after(shape.upstream.offset)}: upstream has ${quote(upSpan)} there, downstream ${quote(downSpan)}`;
    case 'reordered':
      return `downstream's ${part} has the same ${characters(upSpan.length)} in another order ${after(shape.upstream.offset)}: upstream ${quote(upSpan)}, downstream ${quote(downSpan)}`;
    case 'changed':
      return `upstream's and downstream's ${part} part ${after(shape.upstream.offset)}: upstream has ${quote(upSpan)}, downstream ${quote(downSpan)}`;
  }
}

// `sequence_number` must rise by exactly one per event; streams that carry none are not checked.
import type { FindingList } from '../../findings.js';
import type { FrameRecord } from '../../model.js';
import { type Json, isIndex } from './shapes.js';

export interface SequenceState {
  /** The highest number seen so far. */
  last: number | null;
  /** Some event carried a number: from then on every event must. */
  numbered: boolean;
}

const FIX = 'Find where events are dropped or reordered (a relay that buffers, a retry that replays).';

function gap(findings: FindingList, frame: FrameRecord, message: string): void {
  findings.add('sequence gap', `${message} ${FIX}`, frame.line, 1, frame.index);
}

/** Checks one event's number; true when it shows an event missing before it. */
export function checkSequence(state: SequenceState, frame: FrameRecord, value: Json, findings: FindingList): boolean {
  const number = value.sequence_number;
  if (!isIndex(number)) {
    if (!('sequence_number' in value) && !state.numbered) return false;
    const what = 'sequence_number' in value ? `a sequence_number that is not a whole number (${JSON.stringify(number)})` : 'no sequence_number';
    gap(findings, frame, `Frame ${frame.index} has ${what}, though ${state.numbered ? 'the events before it are numbered' : 'it should be numbered'}.`);
    // It stood for the next number: the events after it are checked against that.
    if (state.last !== null) state.last += 1;
    return false;
  }
  const last = state.last;
  state.numbered = true;
  state.last = last === null ? number : Math.max(last, number);
  if (last === null || number === last + 1) return false;
  if (number > last + 1) {
    const missing = number === last + 2 ? `event ${last + 1} is missing` : `events ${last + 1} to ${number - 1} are missing`;
    gap(findings, frame, `Frame ${frame.index} has sequence_number ${number}, but the highest before it was ${last}: ${missing}.`);
    return true;
  }
  gap(findings, frame, `Frame ${frame.index} has sequence_number ${number}, which is not after the highest before it (${last}): it is ${number === last ? 'repeated' : 'out of order'}.`);
  return false;
}

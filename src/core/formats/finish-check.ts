// A finish reason outside its format's documented set: the finding each assembler raises where it reads one, and
// the class the judge gives it (never `ok`: a client cannot tell how such an answer ended).
import type { FindingList } from '../findings.js';
import type { FinishOutcome, FinishReasonTable } from '../model.js';
import { ownEntry } from '../own-copy.js';
import { preview } from '../words.js';
import { finishReasons as ANTHROPIC_STOP_REASONS } from './anthropic/stop-reasons.js';
import { finishReasons as CHAT_FINISH_REASONS } from './chat-completions/finish-reasons.js';
import { GEMINI_FINISH_REASONS } from './gemini/finish-reasons.js';

/** The formats whose reasons a relay most often passes on untranslated, by the name a message gives them. */
const OTHER_TABLES: ReadonlyArray<readonly [string, FinishReasonTable, string]> = [
  ['Chat Completions', CHAT_FINISH_REASONS, 'finish_reason'],
  ['Anthropic', ANTHROPIC_STOP_REASONS, 'stop_reason'],
  ['Gemini', GEMINI_FINISH_REASONS, 'finishReason'],
];

/** Whether `reason` is one the table documents. */
export function isKnownReason(table: FinishReasonTable, reason: string): boolean {
  return ownEntry(table.reasons, reason) !== undefined;
}

/**
 * The class of a reason the format's table does not have, never `ok`: `error_event` when it names an error; the
 * class another format gives it when that says the answer was cut (`max_tokens` in a Chat stream is still a length
 * stop); else what the format itself could tell (`formatSays`: a Responses `incomplete` with an unknown reason is a
 * partial answer), else `error_event`. `end_turn` in a Chat stream may end a whole answer, but nothing says so.
 */
export function classOutsideTable(reason: string, formatSays?: FinishOutcome): FinishOutcome {
  if (namesAnError(reason)) return 'error_event';
  for (const [, table] of OTHER_TABLES) {
    const entry = ownEntry(table.reasons, reason);
    if (entry !== undefined && entry.class !== 'ok') return entry.class;
  }
  return formatSays !== undefined && formatSays !== 'ok' ? formatSays : 'error_event';
}

/** Where a reason was read, for the finding. */
export interface ReasonPlace {
  line: number;
  index: number;
}

/**
 * Raises `unknown finish reason` when `reason` is outside `table`; true when it did. `field` names the field as the
 * format spells it, `whose` the choice or candidate it ended (or '' for a format with one answer).
 */
export function checkFinishReason(findings: FindingList, table: FinishReasonTable, reason: string, at: ReasonPlace, field: string, whose: string): boolean {
  if (isKnownReason(table, reason)) return false;
  if (!findings.lists('unknown finish reason')) {
    findings.add('unknown finish reason', '', at.line, 1, at.index);
    return true;
  }
  const documented = Object.keys(table.reasons).map((name) => `\`${name}\``).join(', ');
  const message = `Frame ${at.index} ends ${whose === '' ? 'the answer' : whose} with \`${field}\` ${preview(reason, 60)}, which is not one this format documents (${documented}). ${whatItIs(reason, field)} The outcome is not \`ok\`.`;
  findings.add('unknown finish reason', message, at.line, 1, at.index);
  return true;
}

/** What an undocumented reason most likely is: another format's, an error's name, or unknown. */
function whatItIs(reason: string, field: string): string {
  const other = OTHER_TABLES.find(([, table, otherField]) => otherField !== field && ownEntry(table.reasons, reason) !== undefined);
  if (other !== undefined) {
    const [name, table] = other;
    return `It is ${name}'s \`${other[2]}\` (${ownEntry(table.reasons, reason)?.meaning ?? ''}): a relay passed it on without translating it. Map it to this format's own reason.`;
  }
  if (namesAnError(reason)) {
    return "It names an error: the upstream failed, and the relay passed the failure off as an ending. Send the error as the format's error event instead.";
  }
  return "Clients compare the reason with the documented ones; this one is treated as abnormal. Map it to the format's own set, or check the provider's current documentation.";
}

/** `overloaded_error`, `api_error`, `ERROR`, `internal-error`: a reason that says the upstream failed. */
export function namesAnError(reason: string): boolean {
  return /error|exception|fail|overloaded|unavailable|timeout|timed_out/i.test(reason);
}

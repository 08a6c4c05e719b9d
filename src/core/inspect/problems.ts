import { preview } from '../decode/payload.js';
import { FINDINGS, type Finding } from '../findings.js';
import { caretSnippet } from '../render/snippet.js';
import { SEVERITY_LABELS } from '../render/severity.js';
import type { InspectedEvent, InspectionProblem } from './model.js';

/**
 * A finding, with its label, a title that names this occurrence and the caret snippet of its line. The decoder's
 * frame index is replaced by the index of the event (an inspection lists events, not frames).
 */
export function toProblem(finding: Finding, lineText: string | undefined, event?: number): InspectionProblem {
  // A BOM alone is named at line 1 of a text with no line: its snippet is an empty line.
  const text = finding.line > 0 ? (lineText ?? '') : undefined;
  const { frame: _frame, ...rest } = finding;
  const problem: InspectionProblem = {
    ...rest,
    label: SEVERITY_LABELS[finding.severity],
    title: titleOf(finding, text, event),
  };
  if (event !== undefined) problem.event = event;
  if (text !== undefined) problem.snippet = caretSnippet(text, finding.column);
  return problem;
}

function titleOf(finding: Finding, text: string | undefined, event: number | undefined): string {
  const field = text === undefined ? '' : shorten(text.slice(Math.max(0, finding.column - 1)));
  switch (finding.code) {
    case 'bad retry':
      return `\`${field}\` is not a number of milliseconds`;
    case 'ignored line':
      if (finding.message.startsWith('`event:')) return `\`${field}\` names an event with no data`;
      if (finding.message.startsWith('Lines ')) return 'A JSON document without `data:` framing';
      return `\`${field}\` is not a field a spec client reads`;
    case 'not json':
      return `Event ${event ?? '?'}: data is not valid JSON`;
    case 'error event':
      return `Event ${event ?? '?'} carries an error`;
    case 'done sentinel':
      return '`[DONE]` sentinel present';
    case 'empty':
      return 'No event is dispatched';
    default:
      return FINDINGS[finding.code].title;
  }
}

function shorten(text: string, max = 40): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** Why an event's data is not JSON, in the words the event needs; null when it is JSON or not meant to be. */
export function notJsonMessage(event: InspectedEvent): string | null {
  if (event.payload !== 'not json') return null;
  const joined = joinedLinesNote(event);
  if (joined !== null) return joined;
  if (parsesAsJson(event.data)) {
    return `Event ${event.index}'s data is JSON nested more than 512 levels deep; it is not read, because copying or printing it would overflow the stack.`;
  }
  return `Event ${event.index}'s data starts like JSON but does not parse (${preview(event.data)}). A client that parses it fails here. Send one whole JSON document per event.`;
}

/** The note for data whose lines are each JSON but not together: the lines were meant as separate events. */
export function joinedLinesNote(event: Pick<InspectedEvent, 'data' | 'payload'>): string | null {
  if (event.payload !== 'not json') return null;
  const lines = event.data.split('\n');
  if (lines.length < 2 || !lines.every(parses)) return null;
  return `${lines.length} \`data:\` lines with no blank line between them. By the specification they make ONE event, whose data is the lines joined with newlines, not ${lines.length} events. Each line is JSON on its own; joined, they are not. Write a blank line after every event.`;
}

function parses(text: string): boolean {
  return text.trim() === '[DONE]' || parsesAsJson(text);
}

/** JSON.parse reads it (at any depth: readPayload refuses more than MAX_NESTING levels). */
function parsesAsJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

import type { Inspection, InspectedEvent, InspectionProblem } from '../core/index.js';
import { oneLine } from './report-model.js';

/** The inspector's report without the events' rows, as plain JSON: rendered by `inspectionHtml`. */
export interface InspectionReport {
  kind: 'inspection';
  stats: Inspection['stats'];
  problems: InspectionProblem[];
  notDispatched: Inspection['notDispatched'];
  reassembly: Inspection['reassembly'];
  lines: Inspection['lines'];
  endsWithNewline: boolean;
  timestamped: boolean;
  timing: Inspection['timing'];
  stopped: boolean;
  retry: number | null;
  eventCount: number;
  inputChars: number;
  readMs: number;
}

export function buildInspectionReport(inspection: Inspection, text: string, readMs: number): InspectionReport {
  return {
    kind: 'inspection',
    stats: inspection.stats,
    problems: inspection.problems,
    notDispatched: inspection.notDispatched,
    reassembly: inspection.reassembly,
    lines: inspection.lines,
    endsWithNewline: inspection.endsWithNewline,
    timestamped: inspection.timestamped,
    timing: inspection.timing,
    stopped: inspection.stopped,
    retry: inspection.retry ?? null,
    eventCount: inspection.events.length,
    inputChars: text.length,
    readMs,
  };
}

/** One row of the decoded events table. */
export interface EventRow {
  index: number;
  event: string;
  id: string;
  line: number;
  endLine: number;
  payload: InspectedEvent['payload'];
  dispatched: boolean;
  time: string | null;
  elapsedMs: number | null;
  data: string;
  note: string | null;
}

export function eventRow(event: InspectedEvent): EventRow {
  return {
    index: event.index,
    event: event.event,
    id: event.id,
    line: event.line,
    endLine: event.endLine,
    payload: event.payload,
    dispatched: event.dispatched,
    time: event.time ?? null,
    elapsedMs: event.elapsedMs ?? null,
    data: oneLine(event.data),
    note: event.note ?? null,
  };
}

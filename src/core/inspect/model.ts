import type { LineTally } from '../decode/frame.js';
import type { Finding, FindingCode } from '../findings.js';
import type { SeverityLabel } from '../render/severity.js';
import type { CaretSnippet } from '../render/snippet.js';
import type { Reassembly } from './path.js';

/** Options of `inspect()` and `createInspection()`. */
export interface InspectOptions {
  /**
   * A dotted path into each event's JSON whose strings are joined in order (`choices.0.delta.content`; a numeric
   * segment indexes an array). Left out or empty: no text is reassembled.
   */
  path?: string;
  /**
   * The most characters held without a blank line before reading stops, as a reader with that bound stops. Left
   * out: no bound, as in a spec client (every browser dispatches a frame of any size). 1,048,576 is the common bound.
   */
  maxHeldChars?: number;
  /**
   * Take off capture timestamps (ISO 8601 or a time of day) when every non-empty line starts with one, as
   * `reconstruct()` does. Left out: every line is read as it is, as a spec client reads it.
   */
  timestamps?: boolean;
}

/** What an event's data holds. `text` is data that does not try to be JSON; `not json` looks like JSON and fails. */
export type EventPayload = 'json' | 'done' | 'text' | 'not json';

/** One event of the stream as a spec client dispatches it. */
export interface InspectedEvent {
  /** 0-based position among the events. */
  index: number;
  /** The event type: the last `event:` value, or `message`. */
  event: string;
  /** The last event ID when it was dispatched (it persists from earlier events); empty when none was set. */
  id: string;
  /** The `data:` values joined with `\n`. */
  data: string;
  /** 1-based line of its first field line, and the line that ends it. */
  line: number;
  endLine: number;
  /** UTF-16 offsets of its text in the input (timestamps included): from its first line to past its last. */
  start: number;
  end: number;
  /** 1-based line and column of its first `data:` line. */
  dataLine: number;
  dataColumn: number;
  payload: EventPayload;
  /**
   * False only for a last event with no blank line after it: a spec client discards it. It is listed (and counted)
   * anyway, with a `not dispatched` problem, because that is the bug to see.
   */
  dispatched: boolean;
  /** A valid `retry:` in the event, in milliseconds. */
  retry?: number;
  /** Capture timestamp of its first line, as written, and milliseconds since the capture's first one. */
  time?: string;
  elapsedMs?: number;
  /** Why the data reads as it does, when that needs saying (several JSON `data:` lines joined into one value). */
  note?: string;
}

/** Why a block of lines a spec client reads dispatches nothing. */
export type NotDispatchedReason = 'no data' | 'not framed';

/** A block of field lines, up to a blank line, that dispatches no event. */
export interface NotDispatched {
  line: number;
  endLine: number;
  /** UTF-16 offsets of its text in the input. */
  start: number;
  end: number;
  reason: NotDispatchedReason;
  /** In plain words: "`event: ping` with no `data:` line", "only sets the last event ID (legal)". */
  why: string;
}

/** A finding about the stream, in the inspector's words. */
export interface InspectionProblem extends Omit<Finding, 'frame'> {
  /** The severity as a person acts on it: `must fix`, `check` or `note`. */
  label: SeverityLabel;
  /** One line naming this occurrence: "`retry: 3s` is not a number of milliseconds". */
  title: string;
  /** Index of the event it is about, when it is about one. */
  event?: number;
  /** The offending line with a caret under the column (absent for whole-stream problems). */
  snippet?: CaretSnippet;
}

/** The counts of an inspection: events, comments, JSON and other data, event types, the last event ID. */
export interface InspectionStats {
  /** Events listed: every event with data, the undispatched last one included (its problem says so). */
  events: number;
  /** Comment lines (`:` …), inside events or between them, that a line ending ended (a spec client reads no other). */
  comments: number;
  /** Events whose data is JSON. */
  json: number;
  /** Events whose data looks like JSON and does not parse. */
  notJson: number;
  /** The types of the events dispatched (not an undispatched last one), in order of first appearance. */
  eventTypes: string[];
  /**
   * The last event ID a reconnecting client sends as `Last-Event-ID`: the one set when the last blank line was read
   * (an `id:` line no blank line followed is never sent); null when it is empty.
   */
  lastEventId: string | null;
  /** Characters of reassembled text (null without a path). */
  reassembledChars: number | null;
}

/** When events arrived, for a timestamped capture. */
export interface InspectionTiming {
  /** Milliseconds from the first timestamp to the first event, and to the last. */
  firstEventMs: number;
  totalMs: number;
  /** The longest wait between two events, and the index of the event that ended it (null with one event). */
  longestGapMs: number;
  longestGapBefore: number | null;
  /** Milliseconds from the request to the first byte, for a live stream (`inspectStream()` with `startedAt`, else from when reading began). */
  firstByteMs?: number | null;
}

/** Everything `inspect()` finds: plain, JSON-serialisable data. */
export interface Inspection {
  events: InspectedEvent[];
  notDispatched: NotDispatched[];
  /** The first 20 problems of each code, in input order (whole-stream ones last); `problemCounts` counts them all. */
  problems: InspectionProblem[];
  problemCounts: Partial<Record<FindingCode, number>>;
  stats: InspectionStats;
  /** The text pulled out at `path`, or null when no path was given. */
  reassembly: Reassembly | null;
  /** How every line was read (the counts add up to `total`). */
  lines: LineTally;
  /** Whether the text ends with a line terminator (a live connection that does not has a buffer left). */
  endsWithNewline: boolean;
  /** True when capture timestamps were taken off (`timestamps: true`, and every non-empty line started with one). */
  timestamped: boolean;
  timing: InspectionTiming | null;
  /** True when reading stopped at the held-characters bound (`too large`). */
  stopped: boolean;
  /** The reconnection delay in milliseconds: the last valid `retry:` of a line that was ended, if any. */
  retry?: number;
}

import type { Finding, FindingCode } from '../findings.js';

/** One frame of an event stream: the field lines up to a blank line, as the WHATWG rules read them. */
export interface Frame {
  /** 0-based position among the frames of the stream. */
  index: number;
  /** The dispatched event type: the last `event:` value, or `"message"` when there is none. */
  event: string;
  /** The `data:` values joined with `\n`. */
  data: string;
  /** The last event ID as the spec keeps it: it persists until an `id:` line changes it. */
  lastEventId: string;
  /** Set when the frame has a valid `retry:` line. */
  retry?: number;
  /**
   * Whether a spec client dispatches it. False for a frame with no `data:` line and for a last frame that no
   * blank line ends (the spec discards it; the library still reads it when it parses, and says so).
   */
  dispatched: boolean;
  /** 1-based line of its first field line. */
  line: number;
  /** 1-based line that ends it: the blank line, or its last line at the end of the input. */
  endLine: number;
  /** UTF-16 offset of its first line in the decoded text (timestamps included). */
  start: number;
  /** UTF-16 offset just past its last line's end. */
  end: number;
  /** Capture timestamp of its first line, as written. */
  time?: string;
  /** Milliseconds since the capture's first timestamp. */
  elapsedMs?: number;
  /**
   * A binary framing's frame (the AWS event stream): its byte offset in the stream; `line` and `endLine` are 0 there,
   * and `index` is its frame number (see decode/framing.ts).
   */
  byteOffset?: number;
  /**
   * An error the transport carried, not the format read inside it: an AWS event-stream exception (or error) message
   * in an InvokeModelWithResponseStream body, whose other messages wrap another format's events. Its type (the
   * exception's name) and the members of its payload, as Bedrock's ConverseStream gives an exception.
   */
  transportError?: { type: string } & Record<string, unknown>;
}

/** How every line of the input was read: the counts add up to `total`. */
export interface LineTally {
  total: number;
  /** Lines inside a frame's `line`…`endLine` range (comments inside a frame included). */
  inFrames: number;
  /** Comment lines (`:` …) outside any frame. */
  comments: number;
  /** Blank lines that end no frame. */
  blanks: number;
  /** Lines after the decoder stopped at the size bound; named by the `too large` finding. */
  unread: number;
}

/** What `decode()` gives: every frame with its position, the findings about the framing, and how every line was read. */
export interface DecodeResult {
  frames: Frame[];
  findings: Finding[];
  findingCounts: Partial<Record<FindingCode, number>>;
  lines: LineTally;
  /** True when the capture's lines carry timestamps, which were taken off before reading. */
  timestamped: boolean;
  /** True when reading stopped at the 1,048,576-character bound. */
  stopped: boolean;
  /** The last valid `retry:` value of the stream, if any. */
  retry?: number;
}

/** What a frame's data holds, read once for everyone downstream. */
export type Payload =
  | { kind: 'json'; value: unknown }
  | { kind: 'done' }
  | { kind: 'not json' };

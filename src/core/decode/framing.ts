// The framing seam: how a stream's bytes become frames with positions. Every framing hands the pipeline the same
// thing, a FrameReader (push chunks as they arrive, text or bytes; `end()`), which calls back with each Frame and
// its payload read once; the pipeline, the detector and the assemblers never know which framing made the frames.
//
// Three framings: server-sent events (the WHATWG decoder, unchanged), NDJSON (one JSON document per line) and the
// AWS event stream (binary frames). A format names the framing that carries it (FormatModule.framing, default SSE);
// when no format is named, `sniffFraming` tells them apart from the first bytes.
import type { FindingList } from '../findings.js';
import type { DecodeOptions } from './decoder-model.js';
import { openNdjsonReader } from './ndjson.js';
import { AWS_EVENT_STREAM } from './aws-event-stream/framing.js';
import { openFrameReader, type FrameCallback, type FrameReader, type ReaderSpeed } from './payload.js';

/** The framings a stream can come in: server-sent events, newline-delimited JSON, AWS's binary event stream. */
export type FramingName = 'sse' | 'ndjson' | 'aws-event-stream';

/** What a framing's reader is opened with: the same for every framing. */
export interface FrameReaderSetup {
  /** Called with each frame as it ends, and its payload read once (null: nothing to read, e.g. cut off). */
  onFrame: FrameCallback;
  /** Where framing findings go (shared with the pipeline). */
  findings: FindingList;
  /**
   * Told the decoded text of each chunk before its frames (frame offsets count its characters); `bytes`: the chunk
   * it came from. A binary framing has no text of the stream: it tells the text of each frame's payload instead, so
   * that `start`/`end` of its frames count those characters and the frames table keeps their data as it does text.
   */
  onText?: (text: string, bytes?: Uint8Array) => void;
  /** The held bound (`maxHeldChars`): for a text framing, per line or frame; for a binary one, per frame. */
  options: DecodeOptions;
  /**
   * The speed layer's help: SSE's frame lane and payload templates; a framing whose frames come whole (NDJSON, the
   * AWS event stream) uses its `wholeFrames` lane and payload reader. A framing may ignore it: the result is the same.
   */
  speed: ReaderSpeed | null;
  /** A live read: the end rules of a spec client apply to a last frame with no terminator. */
  live: boolean;
}

/**
 * One framing: its read half (bytes in, frames with positions out) and what its writers need to know. A framing
 * never throws on bad input, holds at most its bound per frame, and gives the same frames and findings however the
 * input is cut into chunks.
 *
 * Positions: a text framing places frames and findings by 1-based line and column (`Frame.line`, `Finding.line`);
 * a binary framing has no lines: its frames carry `line: 0` and their byte offset in `Frame.byteOffset`, and its
 * findings `line: 0`, `column: 0`, the byte offset in `Finding.offset` and the frame number in `Finding.frame`.
 */
export interface Framing {
  readonly name: FramingName;
  /** How a finding or a document names it: "server-sent events". */
  readonly title: string;
  /** The media type a server sends it with (the fault server's `content-type`). */
  readonly mediaType: string;
  /** True for a binary framing: its streams are bytes, not text (fixtures carry `bytes`). */
  readonly binary: boolean;
  /** Opens a reader of one stream (the read half). */
  open(setup: FrameReaderSetup): FrameReader;
  /**
   * The write half, for a text framing: one frame carrying `data` (a JSON document), with what ends it (SSE: an
   * `event:` line when `event` is given, `data:`, a blank line; NDJSON: the line and its LF). Faults, fixtures and
   * the server write frames through it. A binary framing writes bytes instead (its module's own writer) and leaves
   * this null.
   */
  frameText: ((data: string, event?: string) => string) | null;
  /** What ends the last frame of a text stream (SSE: the blank line, `\n\n`; NDJSON: `\n`); '' for a binary one. */
  readonly terminator: string;
}

const SSE: Framing = {
  name: 'sse',
  title: 'server-sent events',
  mediaType: 'text/event-stream',
  binary: false,
  open: ({ onFrame, findings, onText, options, speed, live }) => openFrameReader(onFrame, findings, onText, options, speed, live),
  frameText: (data, event) => `${event === undefined ? '' : `event: ${event}\n`}data: ${data}\n\n`,
  terminator: '\n\n',
};

const NDJSON: Framing = {
  name: 'ndjson',
  title: 'NDJSON (one JSON document per line)',
  mediaType: 'application/x-ndjson',
  binary: false,
  open: openNdjsonReader,
  // A line has no event name: the document says what it is.
  frameText: (data) => `${data}\n`,
  terminator: '\n',
};

/** The framings this build reads: a stream whose first byte is 0 is read as an AWS event stream (framing-sniff.ts). */
const FRAMINGS: Partial<Record<FramingName, Framing>> = { sse: SSE, ndjson: NDJSON, 'aws-event-stream': AWS_EVENT_STREAM };

/** The framing named, or SSE when this build has no reader for it. */
export function framingOf(name: FramingName | undefined): Framing {
  return (name === undefined ? undefined : FRAMINGS[name]) ?? SSE;
}

/** The framings this build reads, by name. */
export function framingNames(): FramingName[] {
  return Object.keys(FRAMINGS) as FramingName[];
}

/** Whether this build has a reader for the framing. */
export function hasFraming(name: FramingName): boolean {
  return FRAMINGS[name] !== undefined;
}

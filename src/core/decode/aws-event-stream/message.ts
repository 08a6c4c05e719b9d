// What the AWS event-stream reader hands on: one binary message, its typed headers and its payload, with where it
// was in the byte stream.

/** A header value's type, by the names the AWS SDKs give the ten type bytes (0 and 1 are both `boolean`). */
export type HeaderType = 'boolean' | 'byte' | 'short' | 'integer' | 'long' | 'binary' | 'string' | 'timestamp' | 'uuid';

/**
 * One header: its name and typed value. `long` is a decimal string (64 bits do not fit a number); `timestamp` is
 * milliseconds since 1970 as a number; `binary` the bytes; `uuid` the 8-4-4-4-12 hex form.
 */
export interface EventStreamHeader {
  name: string;
  type: HeaderType;
  value: boolean | number | string | Uint8Array;
}

/** One binary message of an AWS event stream. */
export interface EventStreamMessage {
  /** 0-based position among the messages of the stream. */
  index: number;
  /** Byte offset of its prelude in the stream. */
  offset: number;
  /** Its total length in bytes, prelude and checksums included. */
  length: number;
  /**
   * Every header, in the order written (a name written twice is listed twice; the lookups take the last). Messages
   * whose header bytes are the same share one list: read it, do not change it.
   */
  headers: EventStreamHeader[];
  /** `:message-type`: `event`, `exception` or `error`; null when absent or not a string. */
  messageType: string | null;
  /** `:event-type` (events), null when absent. */
  eventType: string | null;
  /** `:exception-type` (exceptions), null when absent. */
  exceptionType: string | null;
  /** `:error-code` (errors), null when absent. */
  errorCode: string | null;
  /** `:content-type`, null when absent. */
  contentType: string | null;
  /** The payload bytes: the reader's own copy, or with `payloadViews` a view valid only while `onMessage` runs. */
  payload: Uint8Array;
  /** False when its message checksum did not match (the bytes are handed on as they came, and a finding says so). */
  intact: boolean;
}

/** What the reader read: how many messages and bytes, and whether it stopped early. */
export interface EventStreamSummary {
  messages: number;
  bytes: number;
  /** Bytes read past, in no message: skipped while finding the next prelude, or an oversized message skipped. */
  skipped: number;
}

/** The string a header holds, or null when absent or of another type; the last of a repeated name. */
export function headerText(headers: readonly EventStreamHeader[], name: string): string | null {
  for (let at = headers.length - 1; at >= 0; at -= 1) {
    const header = headers[at] as EventStreamHeader;
    if (header.name === name) return typeof header.value === 'string' && header.type === 'string' ? header.value : null;
  }
  return null;
}

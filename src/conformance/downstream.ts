// Reading the relay's answer live: every read is timed and its bytes kept in a bounded capture (the first and last
// KiBs), while the library reconstructs the stream as it arrives, under the case's deadlines.
import { reconstructStream, type Deadlines, type FormatName, type StreamReconstruction } from '../core/index.js';

/** How many bytes of the start and of the end of a downstream a cell keeps. */
export const CAPTURE_BYTES = 2048;

/** What the relay sent: its status, headers, the bounded bytes and when each read came. */
export interface Captured {
  status: number;
  headers: Record<string, string>;
  head: Uint8Array[];
  headBytes: number;
  /** The latest reads, up to CAPTURE_BYTES beyond the head. */
  tail: Uint8Array[];
  tailBytes: number;
  byteLength: number;
  /** When each non-empty read came (performance.now()). */
  readTimes: number[];
}

/** The relay's response read to its end (or to a deadline or `signal`), reconstructed as the `to` format. */
export interface Downstream {
  captured: Captured;
  reading: StreamReconstruction;
}

export function headersOf(response: Response): Record<string, string> {
  const headers: Record<string, string> = Object.create(null) as Record<string, string>;
  response.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  return headers;
}

/** A new capture of a response's status and headers. */
export function captureOf(response: Response): Captured {
  return { status: response.status, headers: headersOf(response), head: [], headBytes: 0, tail: [], tailBytes: 0, byteLength: 0, readTimes: [] };
}

/** Keeps a read in the capture: its time, and its bytes while the head has room, else in the tail's window. */
export function keep(captured: Captured, bytes: Uint8Array): void {
  if (bytes.length === 0) return;
  captured.readTimes.push(performance.now());
  captured.byteLength += bytes.length;
  if (captured.headBytes < CAPTURE_BYTES) {
    const room = CAPTURE_BYTES - captured.headBytes;
    captured.head.push(bytes.slice(0, room));
    captured.headBytes += Math.min(room, bytes.length);
    bytes = bytes.subarray(room);
    if (bytes.length === 0) return;
  }
  captured.tail.push(bytes.slice(-CAPTURE_BYTES));
  captured.tailBytes += Math.min(bytes.length, CAPTURE_BYTES);
  while (captured.tail.length > 1 && captured.tailBytes - (captured.tail[0] as Uint8Array).length >= CAPTURE_BYTES) {
    captured.tailBytes -= (captured.tail.shift() as Uint8Array).length;
  }
}

/** The captured bytes as text: whole when short, else the head and the tail with a marker saying what is left out. */
export function capturedText(captured: Captured): { text: string; truncated: boolean } {
  const decoder = new TextDecoder();
  const join = (parts: Uint8Array[]) => decoder.decode(concat(parts));
  const kept = captured.headBytes + captured.tailBytes;
  if (kept >= captured.byteLength) return { text: join([...captured.head, ...captured.tail]), truncated: false };
  let tail = concat(captured.tail);
  if (tail.length > CAPTURE_BYTES) tail = tail.subarray(tail.length - CAPTURE_BYTES);
  const left = captured.byteLength - captured.headBytes - tail.length;
  return { text: `${join(captured.head)}\n… ${left} bytes left out …\n${new TextDecoder().decode(tail)}`, truncated: true };
}

function concat(parts: Uint8Array[]): Uint8Array {
  const total = parts.reduce((sum, part) => sum + part.length, 0);
  const joined = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    joined.set(part, at);
    at += part.length;
  }
  return joined;
}

/** A copy of the body whose reads are captured as they pass; cancelling it cancels the relay's body. */
export function tapped(body: ReadableStream<Uint8Array>, captured: Captured): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          controller.close();
          return;
        }
        const bytes = value instanceof Uint8Array ? value : new TextEncoder().encode(String(value));
        keep(captured, bytes);
        controller.enqueue(bytes);
      } catch (error) {
        controller.error(error);
      }
    },
    cancel(reason) {
      return reader.cancel(reason).catch(() => {});
    },
  });
}

/** Reads the relay's response live, as `format`, under `deadlines`, timed from `startedAt`. */
export async function readDownstream(response: Response, options: { format: FormatName; deadlines: Deadlines; startedAt: number; signal?: AbortSignal }): Promise<Downstream> {
  const captured = captureOf(response);
  const body = response.body ?? new ReadableStream<Uint8Array>({ start: (controller) => controller.close() });
  // The headers go along as the relay sent them, so the reading judges the status and the content type.
  const copy = new Response(tapped(body, captured), { status: response.status, headers: response.headers });
  const reading = await reconstructStream(copy, { format: options.format, deadlines: options.deadlines, startedAt: options.startedAt, ...(options.signal ? { signal: options.signal } : {}) });
  return { captured, reading };
}

/** Reads a short answer (an HTTP error's body) whole, at most `limit` bytes, giving up after `timeoutMs`. */
export async function readBody(response: Response, captured: Captured, timeoutMs: number): Promise<string> {
  if (response.body === null) return '';
  const reader = response.body.getReader();
  const timer = setTimeout(() => void reader.cancel().catch(() => {}), timeoutMs);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      keep(captured, value);
      if (captured.byteLength > 64 * 1024) {
        await reader.cancel().catch(() => {});
        break;
      }
    }
  } catch {
    // A body that failed mid-way: what arrived is what the cell shows.
  } finally {
    clearTimeout(timer);
  }
  return capturedText(captured).text;
}

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describeArgument, matchStamp, reconstruct, type FormatName } from '../core/index.js';
import { isFixture, isScript } from '../faults/checks.js';
import { scriptOf } from '../faults/script-of.js';
import type { StreamScript } from '../faults/script.js';
import type { Fixture } from '../fixtures/types.js';
import type { Finish, Segment } from './plan.js';
import { SseReconstructError } from '../core/index.js';

/**
 * What the server can serve: a script (faults applied), a fixture, a capture's text (a string with a line break),
 * its bytes, or a capture file (a `file:` URL, or a string path: a string without a line break).
 */
export type ServedSource = StreamScript | Fixture | string | Uint8Array | ArrayBuffer | URL;

/** A source ready to be written, any number of times: its segments, how it ends, its format when known. */
export interface ServedBody {
  segments(): Iterable<Segment>;
  end: Finish;
  format(): FormatName | null;
  /** The bytes are the format's binary wire (a fixture's `bytes`, a binary capture): sent with that framing's media type. */
  binary(): boolean;
}

function fail(message: string): never {
  throw new SseReconstructError('ERR_SSE_ARGUMENT', `sse-reconstruct: serveStream: ${message}`);
}

const SOURCE_KINDS =
  'a script (from scriptOf() or a fault), a fixture, a capture\'s text (a string with line breaks), its bytes (a Uint8Array), a capture file (a path or a file: URL), or a route table such as { "POST /v1/chat/completions": source }';

/** Reads a source once, so each request writes the same bytes without reading or converting them again. */
export function bodyOf(source: unknown, where = 'the source'): ServedBody {
  if (isScript(source)) return scriptBody(source);
  if (isFixture(source)) return source.bytes instanceof Uint8Array ? wireBody(source.bytes, source.format) : scriptBody(scriptOf(source));
  if (source instanceof URL) return captureBody(fileBytes(source));
  if (typeof source === 'string') return captureBody(/[\r\n]/.test(source) ? new TextEncoder().encode(source) : fileBytes(source));
  if (source instanceof Uint8Array) return captureBody(source);
  if (source instanceof ArrayBuffer) return captureBody(new Uint8Array(source));
  return fail(`${where} must be ${SOURCE_KINDS}; it is ${describeArgument(source)}.`);
}

function fileBytes(path: string | URL): Uint8Array {
  const name = path instanceof URL ? fileURLToPath(path) : path;
  try {
    return readFileSync(name);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') fail(`no such capture file: ${name}. A string without a line break is read as a file path; pass the capture's text with its line breaks, or an existing file.`);
    return fail(`cannot read the capture file ${name} (${code ?? String(error)}).`);
  }
}

function scriptBody(script: StreamScript): ServedBody {
  const encoder = new TextEncoder();
  const bytes = script.pieces.map((piece) => ({ bytes: encoder.encode(piece.text), delayMs: piece.delayMs }));
  const end: Finish =
    script.end.kind === 'stall'
      ? { kind: 'end', afterMs: script.end.ms }
      : script.end.kind === 'reset'
        ? { kind: 'reset', afterMs: script.end.afterMs ?? 0 }
        : { kind: 'end', afterMs: 0 };
  return { segments: () => bytes, end, format: () => script.format, binary: () => false };
}

/** A fixture's body as its format's wire carries it (Bedrock's binary messages), served whole. */
function wireBody(bytes: Uint8Array, format: FormatName): ServedBody {
  return { segments: () => [{ bytes, delayMs: 0 }], end: { kind: 'end', afterMs: 0 }, format: () => format, binary: () => true };
}

/** A capture's bytes, served as they are; a timestamped capture becomes a script (stamps off, its pace kept). */
function captureBody(bytes: Uint8Array): ServedBody {
  const head = new TextDecoder().decode(bytes.subarray(0, 64 * 1024));
  if (isTimestamped(head)) return scriptBody(scriptOf(bytes));
  let reading: { format: FormatName | null; binary: boolean } | undefined;
  // Read from the bytes, not their text: a binary capture (Bedrock's event stream) is told by its framing.
  const read = () => {
    if (reading !== undefined) return reading;
    const { format, frames } = reconstruct(bytes.subarray(0, 64 * 1024));
    // A binary framing's frames have no lines (line 0).
    return (reading = { format, binary: frames[0]?.line === 0 });
  };
  return { segments: () => [{ bytes, delayMs: 0 }], end: { kind: 'end', afterMs: 0 }, format: () => read().format, binary: () => read().binary };
}

function isTimestamped(head: string): boolean {
  const firstLine = head.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/).find((line) => line !== '');
  return firstLine !== undefined && matchStamp(firstLine) !== null;
}

// openai-go's reading of a streaming response, modelled from openai/openai-go packages/ssestream/ssestream.go at
// v3.42.0 and v3.52.0 (the v3 line; v1 and v2 wrap named events differently and are not modelled):
// - lines are bufio.Scanner lines (ScanLines): they end at LF, a CR before it is dropped, a lone CR ends nothing; a
//   line over 32 MiB fails the stream; no byte-order mark is dropped (a first `\ufeffdata:` line is ignored);
// - eventStreamDecoder.Next: a line that starts with `:` is a comment and is skipped (v3.52.0 line 103), `id` and
//   `retry` are ignored; data lines are joined, each followed by a newline. A blank line dispatches (line 82). Before
//   v3.43.0 it dispatched even with no data (v3.42.0 line 84), so a `: ping` block, an `event:` line alone or an extra
//   blank line became an event with empty data, which fails json.Unmarshal and ends the stream with an error; from
//   v3.43.0 (114224d, "skip SSE blocks without data") such a block is skipped.
// - Stream.Next: data starting `[DONE]` marks the stream done, but the body is still read to its end with every later
//   event skipped (v3.52.0 line 177; 71a7aef, not yet in a release, stops reading there instead); data with a top-level `error` key (any value, null too: gjson Exists) ends the
//   stream with a StreamError (line 183); other data goes through json.Unmarshal (line 212); when the body ends, the
//   body's read error, if any, is the stream's error (line 221). The caller checks `stream.Err()` after the loop.
// Not modelled: events named `thread.*` (wrapped as `{ event, data }`), and gjson finding an `error` key in data that
// is not valid JSON (here such data is a SyntaxError).
import { ClientThrow, field } from './run.js';

/** What `stream.Err()` holds when the body's read fails (a connection cut mid-body). */
export const GO_BODY_FAILED = 'ErrUnexpectedEOF: unexpected EOF';

/** Which of the two v3 readers: before v3.43.0 a block without data is an event with empty data. */
export type GoStreamVersion = 'dispatches-empty' | 'skips-empty';

/** The data of each event the decoder dispatches, in order. */
export function goEventDataOf(text: string, version: GoStreamVersion): string[] {
  const dispatched: string[] = [];
  let data: string[] | null = null;
  const pieces = text.split('\n');
  // ScanLines returns what follows the last LF as a line only when it is not empty.
  if (pieces[pieces.length - 1] === '') pieces.pop();
  for (const piece of pieces) {
    const line = piece.endsWith('\r') ? piece.slice(0, -1) : piece;
    if (line === '') {
      if (data === null && version === 'skips-empty') continue;
      dispatched.push((data ?? []).map((value) => `${value}\n`).join(''));
      data = null;
      continue;
    }
    const colon = line.indexOf(':');
    const name = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (name === 'data') (data ??= []).push(value);
  }
  return dispatched;
}

/** The items `for stream.Next()` hands the caller; it throws what `stream.Err()` returns after the loop. */
export function* goStreamItems(text: string, version: GoStreamVersion): Generator<unknown> {
  let done = false;
  for (const data of goEventDataOf(text, version)) {
    if (done) continue;
    if (data.startsWith('[DONE]')) {
      done = true;
      continue;
    }
    const value = parseGo(data);
    if (value !== null && typeof value === 'object' && !Array.isArray(value) && Object.prototype.hasOwnProperty.call(value, 'error')) {
      throw new ClientThrow(`StreamError: received error while streaming: ${gjsonString(field(value, 'error'))}`);
    }
    yield value;
  }
}

/** json.Unmarshal's validity check: invalid JSON (empty data too) is a *json.SyntaxError. */
function parseGo(data: string): unknown {
  try {
    return JSON.parse(data) as unknown;
  } catch {
    throw new ClientThrow(data.trim() === '' ? 'SyntaxError: unexpected end of JSON input' : `SyntaxError: invalid JSON: ${data.slice(0, 40)}`);
  }
}

/** gjson's Result.String(): a string as is, null as empty, anything else as its JSON. */
function gjsonString(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null) return '';
  return JSON.stringify(value);
}

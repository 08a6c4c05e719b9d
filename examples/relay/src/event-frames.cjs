// Reading an upstream event stream frame by frame, as the SSE rules say: a line ends at CRLF, LF or CR (a CR at the
// end of one read may be the first half of a CRLF), a blank line ends a frame, and text is decoded as one stream so
// a character split across reads stays whole. Two flaws, switched on by name, are the bugs gateways ship instead.
/**
 * @typedef {{ crlfWhole?: boolean, decodesEachRead?: boolean }} ReaderFlaws
 * @typedef {{ text: string, data: string | null }} Frame  text: the frame's lines, LF-ended; data: its data lines
 *   joined with LF, or null when it has none (a comment or a heartbeat)
 */

/**
 * The frames of `body` as they arrive. `idleMs`: when upstream sends nothing for this long, the read fails.
 * @param {ReadableStream<Uint8Array>} body
 * @param {ReaderFlaws & { idleMs: number }} options
 * @returns {AsyncGenerator<Frame>}
 */
async function* framesOf(body, { idleMs, crlfWhole = false, decodesEachRead = false }) {
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let buffer = '';
  let heldCr = false;
  try {
    for (;;) {
      const { done, value } = await readWithin(reader, idleMs);
      if (done) break;
      // The flaw: a fresh decoder per read turns a character split across two reads into two U+FFFD.
      let text = decodesEachRead ? new TextDecoder().decode(value) : decoder.decode(value, { stream: true });
      if (crlfWhole) {
        // The flaw: frames end at "\n\n" only, so a CRLF stream is one frame that ends with the connection.
        buffer += text;
      } else {
        text = (heldCr ? '\r' : '') + text;
        heldCr = text.endsWith('\r');
        if (heldCr) text = text.slice(0, -1);
        buffer += text.replace(/\r\n?/g, '\n');
      }
      let end;
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const frameText = buffer.slice(0, end + 1);
        buffer = buffer.slice(end + 2);
        if (frameText.trim() !== '') yield frameOf(frameText);
      }
    }
    if (crlfWhole && buffer.trim() !== '') yield frameOf(buffer);
    // Without crlfWhole, a frame with no blank line after it was cut with the connection: it is not dispatched.
  } finally {
    // Done, stalled or left by its client: either way nothing more is read, so upstream may stop sending.
    reader.cancel().catch(() => {});
  }
}

/** @param {string} text @returns {Frame} */
function frameOf(text) {
  const data = text
    .split(/\r\n|\r|\n/)
    .filter((line) => line === 'data' || line.startsWith('data:'))
    .map((line) => line.slice(5).replace(/^ /, ''));
  return { text: text.endsWith('\n') ? text : `${text}\n`, data: data.length === 0 ? null : data.join('\n') };
}

/**
 * One read, or a failure when nothing came for `ms` (the upstream stalled: the relay stops waiting).
 * @param {ReadableStreamDefaultReader<Uint8Array>} reader
 * @param {number} ms
 */
function readWithin(reader, ms) {
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const stalled = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`upstream sent nothing for ${ms} ms`)), ms);
  });
  return /** @type {Promise<ReadableStreamReadResult<Uint8Array>>} */ (Promise.race([reader.read(), stalled])).finally(() => clearTimeout(timer));
}

module.exports = { framesOf };

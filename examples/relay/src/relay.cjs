// The code under test: a relay between a chat-completions provider and a browser, as the seed's step 8 asks for.
// It flushes each frame as it arrives, sends a heartbeat while upstream is quiet, cancels the upstream request
// when its client leaves, and ends with an explicit terminal event: `data: [DONE]` when upstream finished, an error
// frame when it did not. `flaw` switches one of those off, to show the test that catches it.
const { createServer } = require('node:http');

/**
 * @typedef {'buffers' | 'no-heartbeat' | 'keeps-upstream' | 'no-done'} Flaw
 * @typedef {{ flaw?: Flaw, heartbeatMs?: number }} RelayOptions
 * @typedef {{ url: string, close(): Promise<void> }} Running
 */

const FRAME_END = /\r\n\r\n|\n\n|\r\r/;

/**
 * Starts the relay on 127.0.0.1 in front of `upstreamUrl` (a chat-completions base URL).
 * @param {string} upstreamUrl
 * @param {RelayOptions} [options]
 * @returns {Promise<Running>}
 */
function startRelay(upstreamUrl, options = {}) {
  const server = createServer((request, response) => {
    relay(upstreamUrl, request, response, options).catch(() => response.destroy());
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = /** @type {import('node:net').AddressInfo} */ (server.address());
      resolve({
        url: `http://127.0.0.1:${address.port}`,
        close: () => new Promise((done) => {
          server.close(() => done());
          server.closeAllConnections();
        }),
      });
    });
  });
}

/**
 * @param {string} upstreamUrl
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 * @param {RelayOptions} options
 */
async function relay(upstreamUrl, request, response, { flaw, heartbeatMs = 200 }) {
  const body = await readBody(request);
  const upstreamCall = new AbortController();
  response.on('close', () => {
    // The user left: stop paying for tokens (unless this relay is the one that forgets to).
    if (!response.writableFinished && flaw !== 'keeps-upstream') upstreamCall.abort();
  });
  let upstream;
  try {
    upstream = await fetch(`${upstreamUrl}/v1/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body, signal: upstreamCall.signal });
  } catch {
    return sendJson(response, 502, { error: { message: 'upstream unreachable', type: 'upstream_error' } });
  }
  if (!upstream.ok || upstream.body === null) return sendJson(response, upstream.status, await upstream.json().catch(() => ({})));
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'x-accel-buffering': 'no' });
  response.flushHeaders();
  const out = new Output(response, flaw === 'buffers');
  const heartbeat = flaw === 'no-heartbeat' ? null : setInterval(() => out.heartbeat(heartbeatMs), heartbeatMs / 4);
  try {
    const sawDone = await forwardFrames(upstream.body, out);
    if (sawDone && flaw !== 'no-done') out.write('data: [DONE]\n\n');
    else if (!sawDone) out.write(errorFrame('the upstream stream ended before [DONE]'));
  } catch (error) {
    if (upstreamCall.signal.aborted) return;
    out.write(errorFrame(`the upstream stream failed: ${error instanceof Error ? error.message : String(error)}`));
  } finally {
    if (heartbeat) clearInterval(heartbeat);
  }
  out.end();
}

/**
 * Writes each whole frame on at once; keeps `[DONE]` back for the relay to decide on. Resolves with whether it came.
 * @param {ReadableStream<Uint8Array>} body
 * @param {Output} out
 */
async function forwardFrames(body, out) {
  const decoder = new TextDecoder();
  let buffer = '';
  let sawDone = false;
  for await (const chunk of /** @type {AsyncIterable<Uint8Array>} */ (/** @type {unknown} */ (body))) {
    buffer += decoder.decode(chunk, { stream: true });
    let match;
    while ((match = FRAME_END.exec(buffer)) !== null) {
      const frame = buffer.slice(0, match.index + match[0].length);
      buffer = buffer.slice(frame.length);
      if (dataOf(frame) === '[DONE]') sawDone = true;
      else out.write(frame);
    }
  }
  return sawDone;
}

/**
 * A frame's data as a reader sees it: its `data` lines joined with line feeds. Only a frame whose whole data is
 * `[DONE]` ends the stream (a `data: [DONE]` line among others does not: fast-check found that one).
 * @param {string} frame
 */
function dataOf(frame) {
  const lines = frame.split(/\r\n|\r|\n/).filter((line) => line === 'data' || line.startsWith('data:'));
  return lines.map((line) => line.slice(5).replace(/^ /, '')).join('\n');
}

/** The client's side: written at once, or held to the end by the relay that buffers. */
class Output {
  /**
   * @param {import('node:http').ServerResponse} response
   * @param {boolean} buffers
   */
  constructor(response, buffers) {
    this.response = response;
    this.buffers = buffers;
    /** @type {string[]} */
    this.held = [];
    this.lastWrite = Date.now();
  }

  /** @param {string} text */
  write(text) {
    this.lastWrite = Date.now();
    if (this.buffers) this.held.push(text);
    else this.response.write(text);
  }

  /** A comment keeps proxies between us and the browser from closing a quiet connection. @param {number} everyMs */
  heartbeat(everyMs) {
    if (Date.now() - this.lastWrite >= everyMs) this.write(': keepalive\n\n');
  }

  end() {
    this.response.end(this.held.join(''));
  }
}

/** @param {string} message */
function errorFrame(message) {
  return `data: ${JSON.stringify({ error: { message, type: 'upstream_error' } })}\n\n`;
}

/**
 * @param {import('node:http').ServerResponse} response
 * @param {number} status
 * @param {unknown} value
 */
function sendJson(response, status, value) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(value));
}

/** @param {import('node:http').IncomingMessage} request @returns {Promise<string>} */
function readBody(request) {
  return new Promise((resolve, reject) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => resolve(text));
    request.on('error', reject);
  });
}

module.exports = { startRelay };

// The code under test for the conformance kit: a gateway with two Chat Completions routes, one passed through from a
// Chat Completions provider (POST /v1/chat/completions) and one translated from Claude (POST /claude/v1/chat/completions).
// It flushes each frame as it comes, sends a heartbeat while upstream is quiet, gives up on an upstream silent for too
// long, cancels the upstream request when its client leaves, passes provider errors on in the client's error shape,
// and ends with `[DONE]` only when upstream finished. `flaw` switches on one of the bugs real gateways ship.
const { createServer } = require('node:http');
const { AnthropicToChat, ERROR_TYPE } = require('./anthropic-to-chat.cjs');
const { framesOf } = require('./event-frames.cjs');

/**
 * @typedef {'keeps-upstream' | 'no-heartbeat' | 'done-after-cut' | 'swallows-error' | 'empty-on-comment' | 'crlf-whole'
 *   | 'decodes-each-read' | import('./anthropic-to-chat.cjs').TranslationFlaw} GatewayFlaw
 * @typedef {{ chat?: string, anthropic?: string }} Upstreams  the providers' base URLs, set before requests come
 * @typedef {{ flaw?: GatewayFlaw, upstreams?: Upstreams, heartbeatMs?: number, upstreamIdleMs?: number }} GatewayOptions
 * @typedef {import('./anthropic-to-chat.cjs').Json} Json
 * @typedef {{ frame(data: string, text: string): void, finish(): void, cut(message: string): void }} Downstream
 * @typedef {{ provider: keyof Upstreams, path: string, body(chat: Json): Json, headers: Record<string, string>,
 *   errorOf(status: number, text: string): { status: number, body: Json }, downstream(write: (text: string) => void, chat: Json, flaw?: GatewayFlaw): Downstream }} Route
 */

/** The header a request may name its provider's base URL in, instead of `upstreams`. */
const UPSTREAM_HEADER = 'x-upstream-url';

/**
 * The gateway as a Node http.Server, not yet listening; `upstreams` is read on each request, so it can be set later.
 * @param {GatewayOptions} [options]
 */
function createGateway(options = {}) {
  const settings = { upstreams: options.upstreams ?? {}, heartbeatMs: options.heartbeatMs ?? 15_000, upstreamIdleMs: options.upstreamIdleMs ?? 60_000, flaw: options.flaw };
  return createServer((request, response) => {
    const route = request.method === 'POST' ? ROUTES[(request.url ?? '').split('?')[0] ?? ''] : undefined;
    if (route === undefined) return sendJson(response, 404, openAiError(`no route ${request.method} ${request.url}`, 'invalid_request_error'));
    serve(route, request, response, settings).catch(() => response.destroy());
  });
}

/**
 * The gateway listening on 127.0.0.1 at a free port.
 * @param {GatewayOptions} [options]
 * @returns {Promise<{ url: string, upstreams: Upstreams, close(): Promise<void> }>}
 */
function startGateway(options = {}) {
  const upstreams = options.upstreams ?? {};
  const server = createGateway({ ...options, upstreams });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = /** @type {import('node:net').AddressInfo} */ (server.address());
      resolve({
        url: `http://127.0.0.1:${address.port}`,
        upstreams,
        close: () => new Promise((done) => {
          server.close(() => done());
          server.closeAllConnections();
        }),
      });
    });
  });
}

/**
 * @param {Route} route
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 * @param {Required<Omit<GatewayOptions, 'flaw'>> & { flaw?: GatewayFlaw }} settings
 */
async function serve(route, request, response, { upstreams, heartbeatMs, upstreamIdleMs, flaw }) {
  /** @type {Json} */
  const chat = JSON.parse((await readBody(request)) || '{}');
  const header = request.headers[UPSTREAM_HEADER];
  const base = typeof header === 'string' ? header : upstreams[route.provider];
  if (base === undefined) return sendJson(response, 502, openAiError(`no ${route.provider} upstream configured`, 'server_error'));
  const upstreamCall = new AbortController();
  response.on('close', () => {
    // The client left: stop the upstream request, so nobody pays for tokens no one reads.
    if (!response.writableFinished && flaw !== 'keeps-upstream') upstreamCall.abort();
  });
  let upstream;
  try {
    upstream = await fetch(`${base.replace(/\/$/, '')}${route.path}`, { method: 'POST', headers: route.headers, body: JSON.stringify(route.body(chat)), signal: upstreamCall.signal });
  } catch {
    if (upstreamCall.signal.aborted) return;
    return sendJson(response, 502, openAiError('the upstream could not be reached', 'server_error'));
  }
  if (!upstream.ok || upstream.body === null) {
    const { status, body } = route.errorOf(upstream.status, await upstream.text().catch(() => ''));
    const retryAfter = upstream.headers.get('retry-after');
    return sendJson(response, status, body, retryAfter === null ? {} : { 'retry-after': retryAfter });
  }
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'x-accel-buffering': 'no' });
  response.flushHeaders();
  const out = new Output(response, flaw === 'no-heartbeat' ? null : heartbeatMs);
  const downstream = route.downstream((text) => out.write(text), chat, flaw);
  try {
    for await (const frame of framesOf(upstream.body, { idleMs: upstreamIdleMs, crlfWhole: flaw === 'crlf-whole', decodesEachRead: flaw === 'decodes-each-read' })) {
      if (frame.data !== null) downstream.frame(frame.data, frame.text);
      // The flaw: a frame without data read as "the model said nothing", answered with an empty 200.
      else if (flaw === 'empty-on-comment') return upstreamCall.abort();
      else out.write(`${frame.text}\n`);
    }
    downstream.finish();
  } catch (error) {
    if (response.destroyed) return;
    downstream.cut(`the upstream stream failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    out.end();
  }
}

/** The client's side: every write goes out at once; a comment goes out whenever nothing else did for `heartbeatMs`. */
class Output {
  /**
   * @param {import('node:http').ServerResponse} response
   * @param {number | null} heartbeatMs
   */
  constructor(response, heartbeatMs) {
    this.response = response;
    this.lastWrite = Date.now();
    this.timer = heartbeatMs === null ? null : setInterval(() => {
      if (Date.now() - this.lastWrite >= heartbeatMs) this.write(': keepalive\n\n');
    }, Math.max(10, heartbeatMs / 4));
  }

  /** @param {string} text */
  write(text) {
    this.lastWrite = Date.now();
    if (!this.response.destroyed) this.response.write(text);
  }

  end() {
    if (this.timer !== null) clearInterval(this.timer);
    if (!this.response.destroyed) this.response.end();
  }
}

/** @type {Record<string, Route>} */
const ROUTES = {
  '/v1/chat/completions': {
    provider: 'chat',
    path: '/v1/chat/completions',
    headers: { 'content-type': 'application/json' },
    body: (chat) => chat,
    // Same format on both sides: the provider's status and error body are already what the client expects.
    errorOf: (status, text) => ({ status, body: parseJson(text) ?? openAiError(text || `upstream answered ${status}`, 'server_error') }),
    downstream: passThrough,
  },
  '/claude/v1/chat/completions': {
    provider: 'anthropic',
    path: '/v1/messages',
    headers: { 'content-type': 'application/json', 'anthropic-version': '2023-06-01' },
    body: anthropicRequest,
    errorOf: anthropicErrorAsOpenAi,
    downstream: translated,
  },
};

/**
 * Chat Completions frames passed on as they are; `[DONE]` is held back until the relay knows upstream finished.
 * @param {(text: string) => void} write @param {Json} _chat @param {GatewayFlaw} [flaw]
 * @returns {Downstream}
 */
function passThrough(write, _chat, flaw) {
  let sawDone = false;
  let sawError = false;
  return {
    frame(data, text) {
      if (data === '[DONE]') sawDone = true;
      else if (parseJson(data)?.error !== undefined) {
        sawError = true;
        if (flaw !== 'swallows-error') write(`${text}\n`);
      } else write(`${text}\n`);
    },
    finish() {
      if (sawDone || (sawError && flaw === 'swallows-error')) write('data: [DONE]\n\n');
      else if (!sawError) this.cut('the upstream stream ended before [DONE]');
    },
    cut(message) {
      write(flaw === 'done-after-cut' ? 'data: [DONE]\n\n' : frameOf(openAiError(message, 'server_error')));
    },
  };
}

/**
 * Anthropic events translated into Chat Completions chunks.
 * @param {(text: string) => void} write @param {Json} chat @param {GatewayFlaw} [flaw]
 * @returns {Downstream}
 */
function translated(write, chat, flaw) {
  const translator = new AnthropicToChat(write, { includeUsage: chat.stream_options?.include_usage === true, flaw });
  let swallowed = false;
  return {
    frame(data) {
      const event = parseJson(data);
      if (event === null) return;
      if (event.type === 'error' && flaw === 'swallows-error') swallowed = true;
      else translator.event(event);
    },
    finish() {
      if (swallowed) translator.stop();
      else if (!translator.ended) this.cut('the upstream stream ended before message_stop');
    },
    cut(message) {
      if (translator.ended) return;
      if (flaw === 'done-after-cut') write('data: [DONE]\n\n');
      else translator.fail(message);
    },
  };
}

/** The Messages request for a Chat Completions one: system messages move to `system`. @param {Json} chat */
function anthropicRequest(chat) {
  const messages = Array.isArray(chat.messages) ? chat.messages : [];
  const system = messages.filter((message) => message.role === 'system').map((message) => String(message.content)).join('\n');
  return {
    model: chat.model,
    max_tokens: chat.max_completion_tokens ?? chat.max_tokens ?? 1024,
    stream: true,
    ...(system === '' ? {} : { system }),
    messages: messages.filter((message) => message.role !== 'system'),
  };
}

/**
 * Claude's HTTP error as the OpenAI error a Chat Completions client retries or reports: 529 (overloaded) has no
 * OpenAI twin, so it goes out as 503, which OpenAI's SDKs retry.
 * @param {number} status @param {string} text
 */
function anthropicErrorAsOpenAi(status, text) {
  const error = parseJson(text)?.error ?? {};
  const type = ERROR_TYPE[error.type ?? ''] ?? (status === 429 ? 'rate_limit_exceeded' : 'server_error');
  return { status: status === 529 ? 503 : status, body: openAiError(String(error.message ?? `upstream answered ${status}`), type) };
}

/** @param {string} message @param {string} type */
function openAiError(message, type) {
  return { error: { message, type, param: null, code: null } };
}

/** @param {Json} value */
function frameOf(value) {
  return `data: ${JSON.stringify(value)}\n\n`;
}

/** @param {string} text @returns {Json | null} */
function parseJson(text) {
  try {
    const value = JSON.parse(text);
    return typeof value === 'object' && value !== null ? value : null;
  } catch {
    return null;
  }
}

/**
 * @param {import('node:http').ServerResponse} response @param {number} status @param {Json} value
 * @param {Record<string, string>} [headers]
 */
function sendJson(response, status, value, headers = {}) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
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

module.exports = { createGateway, startGateway, UPSTREAM_HEADER };

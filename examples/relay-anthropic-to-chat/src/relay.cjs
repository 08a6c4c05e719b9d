// The code under test: a gateway that takes Chat Completions requests, asks an Anthropic Messages upstream, and
// translates its stream into Chat Completions chunks as they come. `defect` switches on one of the translation bugs
// public gateway trackers report, to show that comparing the two streams (toRelay) catches each one.
const { createServer } = require('node:http');

/**
 * @typedef {'drops-first-delta' | 'repeats-answer' | 'collapses-repeats' | 'drops-tool-call' | 'loses-arguments'
 *   | 'drops-thinking' | 'zeroes-cache' | 'refusal-to-stop' | 'hides-error' | 'drops-usage'} Defect
 * @typedef {{ defect?: Defect }} RelayOptions
 * @typedef {{ url: string, close(): Promise<void> }} Running
 * @typedef {Record<string, any>} Json
 */

/** Every defect the relay can be switched to, with what it gets wrong. */
const DEFECTS = /** @type {const} */ ({
  'drops-first-delta': 'drops the first text delta',
  'repeats-answer': 'sends the whole text again at the end',
  'collapses-repeats': 'skips a text delta equal to the one before',
  'drops-tool-call': 'forwards only the first tool call',
  'loses-arguments': 'forwards tool calls without their arguments',
  'drops-thinking': 'drops the thinking and its signature',
  'zeroes-cache': 'reports cached_tokens as 0',
  'refusal-to-stop': 'maps the refusal stop reason to stop',
  'hides-error': 'ends a failed upstream with a clean stop and [DONE]',
  'drops-usage': 'leaves the usage chunk out although include_usage was asked',
});

/** Anthropic's stop reasons as Chat Completions finish reasons (what LiteLLM and the AI SDK map them to). */
const FINISH = /** @type {Record<string, string>} */ ({
  end_turn: 'stop',
  stop_sequence: 'stop',
  pause_turn: 'stop',
  max_tokens: 'length',
  model_context_window_exceeded: 'length',
  tool_use: 'tool_calls',
  refusal: 'content_filter',
});

const FRAME_END = /\r\n\r\n|\n\n|\r\r/;

/**
 * Starts the relay on 127.0.0.1 in front of `upstreamUrl` (an Anthropic Messages base URL).
 * @param {string} upstreamUrl
 * @param {RelayOptions} [options]
 * @returns {Promise<Running>}
 */
function startRelay(upstreamUrl, options = {}) {
  const server = createServer((request, response) => {
    relay(upstreamUrl, request, response, options.defect).catch(() => response.destroy());
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = /** @type {import('node:net').AddressInfo} */ (server.address());
      resolve({
        url: `http://127.0.0.1:${address.port}`,
        close: () =>
          new Promise((done) => {
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
 * @param {Defect | undefined} defect
 */
async function relay(upstreamUrl, request, response, defect) {
  /** @type {Json} */
  const chat = JSON.parse(await readBody(request));
  const upstream = await fetch(`${upstreamUrl}/v1/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'anthropic-version': '2023-06-01' },
    body: JSON.stringify({ model: chat.model, max_tokens: chat.max_tokens ?? 1024, stream: true, messages: chat.messages }),
  });
  if (!upstream.ok || upstream.body === null) {
    response.writeHead(upstream.status, { 'content-type': 'application/json' });
    return response.end(JSON.stringify({ error: { message: 'upstream failed', type: 'upstream_error' } }));
  }
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const translator = new Translator((text) => response.write(text), defect, chat.stream_options?.include_usage === true);
  for await (const event of eventsOf(upstream.body)) translator.event(event);
  translator.end();
  response.end();
}

/** Anthropic events in, Chat Completions chunks out. */
class Translator {
  /**
   * @param {(text: string) => void} write
   * @param {Defect | undefined} defect
   * @param {boolean} includeUsage
   */
  constructor(write, defect, includeUsage) {
    this.write = write;
    this.defect = defect;
    this.includeUsage = includeUsage;
    /** @type {Json} */
    this.base = {};
    /** @type {Json} */
    this.usage = {};
    this.text = '';
    this.lastDelta = /** @type {string | null} */ (null);
    this.textDeltas = 0;
    /** Anthropic block index → Chat tool call index, for the blocks forwarded. */
    this.calls = /** @type {Map<number, number>} */ (new Map());
    this.stopReason = /** @type {string | null} */ (null);
    this.finished = false;
  }

  /** @param {Json} event */
  event(event) {
    if (this.finished) return;
    if (event.type === 'message_start') this.start(event.message);
    else if (event.type === 'content_block_start') this.blockStart(event.index, event.content_block);
    else if (event.type === 'content_block_delta') this.delta(event.index, event.delta);
    else if (event.type === 'message_delta') {
      this.stopReason = event.delta?.stop_reason ?? null;
      Object.assign(this.usage, event.usage ?? {});
    } else if (event.type === 'message_stop') this.stop();
    else if (event.type === 'error') this.fail(event.error?.message ?? 'upstream error', event.error?.type);
  }

  /** @param {Json} message */
  start(message) {
    this.base = { id: `chatcmpl-${message.id}`, object: 'chat.completion.chunk', created: 1764500000, model: message.model };
    Object.assign(this.usage, message.usage ?? {});
    this.chunk({ role: 'assistant', content: '' });
  }

  /** @param {number} index @param {Json} block */
  blockStart(index, block) {
    if (block.type !== 'tool_use') return;
    if (this.defect === 'drops-tool-call' && this.calls.size > 0) return;
    const position = this.calls.size;
    this.calls.set(index, position);
    this.chunk({ tool_calls: [{ index: position, id: block.id, type: 'function', function: { name: block.name, arguments: '' } }] });
  }

  /** @param {number} index @param {Json} delta */
  delta(index, delta) {
    if (delta.type === 'text_delta') this.textDelta(delta.text);
    else if (delta.type === 'thinking_delta' && this.defect !== 'drops-thinking') this.chunk({ reasoning_content: delta.thinking });
    else if (delta.type === 'signature_delta' && this.defect !== 'drops-thinking') {
      // OpenRouter's convention for a signature in Chat Completions: a reasoning_details entry.
      this.chunk({ reasoning_details: [{ type: 'reasoning.text', text: '', signature: delta.signature }] });
    } else if (delta.type === 'input_json_delta' && this.calls.has(index) && this.defect !== 'loses-arguments') {
      this.chunk({ tool_calls: [{ index: this.calls.get(index), function: { arguments: delta.partial_json } }] });
    }
  }

  /** @param {string} text */
  textDelta(text) {
    this.textDeltas += 1;
    const repeated = text === this.lastDelta;
    this.lastDelta = text;
    if (this.defect === 'drops-first-delta' && this.textDeltas === 1) return;
    if (this.defect === 'collapses-repeats' && repeated) return;
    this.text += text;
    this.chunk({ content: text });
  }

  stop() {
    if (this.defect === 'repeats-answer') this.chunk({ content: this.text });
    const reason = this.stopReason === 'refusal' && this.defect === 'refusal-to-stop' ? 'stop' : (FINISH[this.stopReason ?? ''] ?? 'stop');
    this.chunk({}, reason);
    if (this.includeUsage && this.defect !== 'drops-usage') this.write(frame({ ...this.base, choices: [], usage: this.chatUsage() }));
    this.write('data: [DONE]\n\n');
    this.finished = true;
  }

  /** Anthropic's input_tokens leave the cache out; Chat's prompt_tokens count it. */
  chatUsage() {
    const read = this.usage.cache_read_input_tokens ?? 0;
    const prompt = (this.usage.input_tokens ?? 0) + read + (this.usage.cache_creation_input_tokens ?? 0);
    const completion = this.usage.output_tokens ?? 0;
    const cached = this.defect === 'zeroes-cache' ? 0 : read;
    return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion, prompt_tokens_details: { cached_tokens: cached } };
  }

  /**
   * Passes the failure on in OpenAI's shape, with a type that keeps its meaning: an overloaded or failing upstream
   * is a `server_error` (retry with backoff), a rate limit a `rate_limit_exceeded`.
   * @param {string} message @param {string} [type]
   */
  fail(message, type) {
    if (this.defect === 'hides-error') return this.stop();
    const openAiType = type === 'rate_limit_error' ? 'rate_limit_exceeded' : type === 'invalid_request_error' ? 'invalid_request_error' : 'server_error';
    this.write(frame({ error: { message, type: openAiType, param: null, code: null } }));
    this.finished = true;
  }

  /** The upstream ended: without message_stop, it was cut. */
  end() {
    if (!this.finished) this.fail('the upstream stream ended before message_stop');
  }

  /** @param {Json} delta @param {string | null} [finish] */
  chunk(delta, finish = null) {
    this.write(frame({ ...this.base, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] }));
  }
}

/** @param {Json} value */
function frame(value) {
  return `data: ${JSON.stringify(value)}\n\n`;
}

/**
 * The upstream's events, parsed from its `data:` lines.
 * @param {ReadableStream<Uint8Array>} body
 * @returns {AsyncGenerator<Json>}
 */
async function* eventsOf(body) {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of /** @type {AsyncIterable<Uint8Array>} */ (/** @type {unknown} */ (body))) {
    buffer += decoder.decode(chunk, { stream: true });
    let match;
    while ((match = FRAME_END.exec(buffer)) !== null) {
      const text = buffer.slice(0, match.index);
      buffer = buffer.slice(match.index + match[0].length);
      const data = text
        .split(/\r\n|\r|\n/)
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).replace(/^ /, ''))
        .join('\n');
      if (data !== '') yield JSON.parse(data);
    }
  }
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

module.exports = { startRelay, DEFECTS };

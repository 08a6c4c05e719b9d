// Anthropic Messages events in, Chat Completions chunks out, one event at a time: what a gateway that serves an
// OpenAI-style endpoint in front of Claude writes. Three flaws, switched on by name, are translation bugs public
// gateway trackers report.
/**
 * @typedef {'drops-first-characters' | 'refusal-to-stop' | 'drops-usage'} TranslationFlaw
 * @typedef {Record<string, any>} Json
 */

/** Anthropic's stop reasons as Chat Completions finish reasons. */
const FINISH = /** @type {Record<string, string>} */ ({
  end_turn: 'stop',
  stop_sequence: 'stop',
  pause_turn: 'stop',
  max_tokens: 'length',
  model_context_window_exceeded: 'length',
  tool_use: 'tool_calls',
  refusal: 'content_filter',
});

/** Anthropic error types as the OpenAI error types a Chat Completions client acts on. */
const ERROR_TYPE = /** @type {Record<string, string>} */ ({
  rate_limit_error: 'rate_limit_exceeded',
  invalid_request_error: 'invalid_request_error',
  authentication_error: 'invalid_request_error',
  permission_error: 'invalid_request_error',
  not_found_error: 'invalid_request_error',
  request_too_large: 'invalid_request_error',
});

class AnthropicToChat {
  /**
   * @param {(text: string) => void} write  takes each Chat Completions frame
   * @param {{ includeUsage: boolean, flaw?: string }} options
   */
  constructor(write, { includeUsage, flaw }) {
    this.write = write;
    this.includeUsage = includeUsage;
    this.flaw = flaw;
    /** @type {Json} */
    this.base = { id: 'chatcmpl-relay', object: 'chat.completion.chunk', created: 0, model: '' };
    /** @type {Json} */
    this.usage = {};
    /** Anthropic block index → Chat tool call index. */
    this.toolCalls = /** @type {Map<number, number>} */ (new Map());
    this.stopReason = /** @type {string | null} */ (null);
    this.sentText = false;
    /** Whether the stream has ended, well (message_stop) or not (an error). */
    this.ended = false;
  }

  /** @param {Json} event */
  event(event) {
    if (this.ended) return;
    if (event.type === 'message_start') this.start(event.message ?? {});
    else if (event.type === 'content_block_start') this.blockStart(event.index, event.content_block ?? {});
    else if (event.type === 'content_block_delta') this.delta(event.index, event.delta ?? {});
    else if (event.type === 'message_delta') {
      this.stopReason = event.delta?.stop_reason ?? this.stopReason;
      Object.assign(this.usage, event.usage ?? {});
    } else if (event.type === 'message_stop') this.stop();
    else if (event.type === 'error') this.fail(event.error?.message ?? 'upstream error', event.error?.type);
  }

  /** @param {Json} message */
  start(message) {
    this.base = { id: `chatcmpl-${message.id ?? 'relay'}`, object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model: message.model ?? '' };
    Object.assign(this.usage, message.usage ?? {});
    this.chunk({ role: 'assistant', content: '' });
  }

  /** @param {number} index @param {Json} block */
  blockStart(index, block) {
    if (block.type !== 'tool_use') return;
    const position = this.toolCalls.size;
    this.toolCalls.set(index, position);
    this.chunk({ tool_calls: [{ index: position, id: block.id, type: 'function', function: { name: block.name, arguments: '' } }] });
  }

  /** @param {number} index @param {Json} delta */
  delta(index, delta) {
    if (delta.type === 'text_delta') this.text(String(delta.text ?? ''));
    else if (delta.type === 'thinking_delta') this.chunk({ reasoning_content: delta.thinking });
    // A signature has no field in Chat Completions; OpenRouter's reasoning_details carries it.
    else if (delta.type === 'signature_delta') this.chunk({ reasoning_details: [{ type: 'reasoning.text', text: '', signature: delta.signature }] });
    else if (delta.type === 'input_json_delta' && this.toolCalls.has(index)) this.chunk({ tool_calls: [{ index: this.toolCalls.get(index), function: { arguments: delta.partial_json } }] });
  }

  /** @param {string} text */
  text(text) {
    // The flaw: trimming what looked like a leading separator off the first piece eats the answer's first characters.
    const first = !this.sentText;
    this.sentText = true;
    this.chunk({ content: first && this.flaw === 'drops-first-characters' ? text.slice(2) : text });
  }

  stop() {
    const refusal = this.stopReason === 'refusal' && this.flaw === 'refusal-to-stop';
    this.chunk({}, refusal ? 'stop' : (FINISH[this.stopReason ?? ''] ?? 'stop'));
    if (this.includeUsage && this.flaw !== 'drops-usage') this.write(frame({ ...this.base, choices: [], usage: this.chatUsage() }));
    this.write('data: [DONE]\n\n');
    this.ended = true;
  }

  /** Anthropic's input_tokens leave cache reads and writes out; Chat's prompt_tokens count them. */
  chatUsage() {
    const cached = this.usage.cache_read_input_tokens ?? 0;
    const prompt = (this.usage.input_tokens ?? 0) + cached + (this.usage.cache_creation_input_tokens ?? 0);
    const completion = this.usage.output_tokens ?? 0;
    return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion, prompt_tokens_details: { cached_tokens: cached } };
  }

  /**
   * The failure, in OpenAI's in-stream error shape; an overloaded or failing upstream becomes `server_error`.
   * @param {string} message @param {string} [type]
   */
  fail(message, type) {
    this.write(frame({ error: { message, type: ERROR_TYPE[type ?? ''] ?? 'server_error', param: null, code: null } }));
    this.ended = true;
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

module.exports = { AnthropicToChat, ERROR_TYPE };

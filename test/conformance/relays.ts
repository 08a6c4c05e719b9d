// Relays the kit's tests run against, written here and kept small: a pass-through one (same format both sides) and
// broken variants of it, each with one defect a real gateway was seen to have.
import { createParser } from 'eventsource-parser';
import type { RelayHandler } from '../../src/conformance/index.js';

/** A relay under test, as a fetch-style handler. */
export type { RelayHandler };

const SSE_HEADERS = { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'x-accel-buffering': 'no' };

/** Where the relay finds its upstream: the header the kit sets, or the base URL a callback stored. */
export interface UpstreamPlace {
  baseUrl: string | null;
  header: string | null;
}

function upstreamUrl(request: Request, place: UpstreamPlace, path: string): string {
  const base = (place.header === null ? null : request.headers.get(place.header)) ?? place.baseUrl;
  if (base === null) throw new Error('no upstream base URL');
  return `${base}${path}`;
}

/** What a broken relay does wrong. */
export type Defect = 'none' | 'no-cancel' | 'done-after-cut' | 'empty-200-on-comment' | 'ok-on-http-error' | 'buffer-whole';

/** A relay that passes the upstream's bytes through as they come, with one defect when asked. */
export function passThrough(place: UpstreamPlace, upstreamPath: string, defect: Defect = 'none', doneMarker = 'data: [DONE]\n\n'): RelayHandler {
  return async (request) => {
    const body = await request.text();
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    for (const name of ['anthropic-version', 'x-sse-reconstruct-case']) {
      const value = request.headers.get(name);
      if (value !== null) headers[name] = value;
    }
    const upstream = await fetch(upstreamUrl(request, place, upstreamPath), { method: 'POST', headers, body, ...(defect === 'no-cancel' ? {} : { signal: request.signal }) });
    if (!upstream.ok && defect !== 'ok-on-http-error') return new Response(await upstream.text(), { status: upstream.status, headers: { 'content-type': 'application/json' } });
    if (defect === 'buffer-whole') return new Response(await upstream.text(), { status: 200, headers: SSE_HEADERS });
    const reader = (upstream.body as ReadableStream<Uint8Array>).getReader();
    let sawComment = false;
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          const { done, value } = await reader.read();
          if (done) return controller.close();
          if (defect === 'empty-200-on-comment' && !sawComment && new TextDecoder().decode(value).startsWith(': keepalive')) {
            sawComment = true;
            return controller.close();
          }
          controller.enqueue(value);
        } catch (error) {
          if (defect !== 'done-after-cut') return controller.error(error);
          controller.enqueue(new TextEncoder().encode(doneMarker));
          controller.close();
        }
      },
      cancel: (reason) => (defect === 'no-cancel' ? undefined : reader.cancel(reason)),
    });
    return new Response(stream, { status: 200, headers: SSE_HEADERS });
  };
}

/** What the translating relay does wrong, when asked. */
export type TranslationDefect = 'none' | 'drop-first-characters';

const STOP_REASONS: Record<string, string> = { end_turn: 'stop', stop_sequence: 'stop', tool_use: 'tool_calls', max_tokens: 'length', refusal: 'content_filter' };

interface AnthropicEvent {
  type?: string;
  index?: number;
  message?: { id?: string; model?: string; usage?: { input_tokens?: number; output_tokens?: number } };
  content_block?: { type?: string; id?: string; name?: string };
  delta?: { type?: string; text?: string; partial_json?: string; stop_reason?: string };
  usage?: { output_tokens?: number };
  error?: { type?: string; message?: string };
}

/** Anthropic Messages in, Chat Completions out, chunk by chunk as upstream's events arrive (text and tool calls). */
export function anthropicToChat(place: UpstreamPlace, defect: TranslationDefect = 'none'): RelayHandler {
  return async (request) => {
    const asked = (await request.json()) as { messages?: unknown; model?: string };
    const body = JSON.stringify({ model: 'claude-sonnet-4-5', max_tokens: 1024, stream: true, messages: asked.messages });
    const upstream = await fetch(upstreamUrl(request, place, '/v1/messages'), { method: 'POST', headers: { 'content-type': 'application/json', 'anthropic-version': '2023-06-01' }, body, signal: request.signal });
    if (!upstream.ok) return new Response(JSON.stringify({ error: { message: `upstream answered ${upstream.status}`, type: 'upstream_error', param: null, code: null } }), { status: upstream.status, headers: { 'content-type': 'application/json' } });
    const encoder = new TextEncoder();
    const reader = (upstream.body as ReadableStream<Uint8Array>).getReader();
    const state = { id: 'chatcmpl-relay', model: 'relay', input: 0, tools: new Map<number, number>(), dropped: defect !== 'drop-first-characters' };
    const chunk = (delta: Record<string, unknown>, finish: string | null = null, usage?: unknown) =>
      encoder.encode(`data: ${JSON.stringify({ id: state.id, object: 'chat.completion.chunk', created: 1, model: state.model, choices: usage ? [] : [{ index: 0, delta, finish_reason: finish }], ...(usage ? { usage } : {}) })}\n\n`);
    const translate = (event: AnthropicEvent): Uint8Array[] => {
      if (event.type === 'message_start') {
        state.id = event.message?.id ?? state.id;
        state.model = event.message?.model ?? state.model;
        state.input = event.message?.usage?.input_tokens ?? 0;
        return [chunk({ role: 'assistant', content: '' })];
      }
      if (event.type === 'content_block_start' && event.content_block?.type === 'tool_use') {
        const at = state.tools.size;
        state.tools.set(event.index ?? 0, at);
        return [chunk({ tool_calls: [{ index: at, id: event.content_block.id, type: 'function', function: { name: event.content_block.name, arguments: '' } }] })];
      }
      if (event.type === 'content_block_delta' && event.delta?.type === 'text_delta') {
        let text = event.delta.text ?? '';
        if (!state.dropped) [state.dropped, text] = [true, text.slice(3)];
        return [chunk({ content: text })];
      }
      if (event.type === 'content_block_delta' && event.delta?.type === 'input_json_delta') {
        return [chunk({ tool_calls: [{ index: state.tools.get(event.index ?? 0) ?? 0, function: { arguments: event.delta.partial_json ?? '' } }] })];
      }
      if (event.type === 'message_delta') {
        const output = event.usage?.output_tokens ?? 0;
        return [chunk({}, STOP_REASONS[event.delta?.stop_reason ?? ''] ?? 'stop'), chunk({}, null, { prompt_tokens: state.input, completion_tokens: output, total_tokens: state.input + output })];
      }
      if (event.type === 'message_stop') return [encoder.encode('data: [DONE]\n\n')];
      if (event.type === 'error') return [encoder.encode(`data: ${JSON.stringify({ error: { message: event.error?.message ?? 'error', type: event.error?.type ?? 'server_error', param: null, code: null } })}\n\n`)];
      return [];
    };
    let parsed: Uint8Array[] = [];
    const parser = createParser({ onEvent: (event) => void (parsed = parsed.concat(translate(JSON.parse(event.data) as AnthropicEvent))) });
    const decoder = new TextDecoder();
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return controller.close();
          parser.feed(decoder.decode(value, { stream: true }));
          if (parsed.length === 0) continue;
          for (const piece of parsed) controller.enqueue(piece);
          parsed = [];
          return;
        }
      },
      cancel: (reason) => reader.cancel(reason),
    });
    return new Response(stream, { status: 200, headers: SSE_HEADERS });
  };
}

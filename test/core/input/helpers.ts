// Live streams for the tests: ReadableStreams written on timers, that record how they were read and cancelled.

export const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export type Step = string | Uint8Array | { waitMs: number } | 'hang';

export interface ScriptedStream {
  stream: ReadableStream<Uint8Array | string>;
  /** Why the reader cancelled the stream, once it did (undefined until then). */
  cancelled: { reason: unknown } | null;
  /** Chunks handed to the reader. */
  pulled: number;
  /** Timers still pending in the script (0 after a cancel or the end). */
  pending(): number;
}

/**
 * A stream that writes its steps in order: a chunk, a wait, or 'hang' (never another chunk, never an end). A
 * cancel clears its timers, as a server's socket would close.
 */
export function scripted(steps: readonly Step[]): ScriptedStream {
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let at = 0;
  const state: ScriptedStream = {
    cancelled: null,
    pulled: 0,
    pending: () => timers.size,
    stream: new ReadableStream<Uint8Array | string>({
      async pull(controller) {
        for (;;) {
          const step = steps[at++];
          if (step === undefined) return controller.close();
          if (step === 'hang') return new Promise<void>(() => undefined);
          if (typeof step === 'object' && 'waitMs' in step) {
            await new Promise<void>((resolve) => {
              const timer = setTimeout(() => {
                timers.delete(timer);
                resolve();
              }, step.waitMs);
              timers.add(timer);
            });
            if (state.cancelled) return;
            continue;
          }
          state.pulled += 1;
          controller.enqueue(step);
          return;
        }
      },
      cancel(reason) {
        state.cancelled = { reason };
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
      },
    }),
  };
  return state;
}

/** Anthropic frames. */
export const anthropic = {
  start: 'event: message_start\ndata: {"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","model":"claude-sonnet-4","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":5,"output_tokens":1}}}\n\n',
  blockStart: 'event: content_block_start\ndata: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}\n\n',
  delta: (text: string) => `event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":${JSON.stringify(text)}}}\n\n`,
  ping: 'event: ping\ndata: {"type": "ping"}\n\n',
  blockStop: 'event: content_block_stop\ndata: {"type":"content_block_stop","index":0}\n\n',
  messageDelta: 'event: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"end_turn","stop_sequence":null},"usage":{"output_tokens":3}}\n\n',
  stop: 'event: message_stop\ndata: {"type":"message_stop"}\n\n',
};

/** A whole Anthropic answer of these text pieces. */
export function anthropicAnswer(pieces: readonly string[]): string {
  return anthropic.start + anthropic.blockStart + pieces.map(anthropic.delta).join('') + anthropic.blockStop + anthropic.messageDelta + anthropic.stop;
}

/** Chat Completions frames. */
export const chat = {
  role: 'data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"role":"assistant","content":""},"finish_reason":null}]}\n\n',
  delta: (text: string) => `data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"content":${JSON.stringify(text)}},"finish_reason":null}]}\n\n`,
  finish: 'data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\n',
  done: 'data: [DONE]\n\n',
};

export function chatAnswer(pieces: readonly string[]): string {
  return chat.role + pieces.map(chat.delta).join('') + chat.finish + chat.done;
}

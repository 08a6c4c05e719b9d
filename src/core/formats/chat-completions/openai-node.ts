// openai-node's `for await` over a Chat Completions stream, modelled from openai@6.49.0: the items of
// Stream.fromSSEResponse (clients/openai-stream.ts), joined as the README's loop joins them.
import { openaiStreamItems } from '../../clients/openai-stream.js';
import { ClientThrow, endOfBody, field, isArrayIndex, runModel, type Handed } from '../../clients/run.js';
import type { ClientBody, ClientProfile, ClientRun, ClientToolCall } from '../../clients/types.js';

const VERSIONS = '>=6.0.0 <7';

/** `for await (const chunk of await client.chat.completions.create({ stream: true }))`, joined as the README's loop joins it. */
export const openaiNodeLoop: ClientProfile = {
  client: 'openai-node',
  reader: 'for await (chunk of stream), text from chunk.choices[0]?.delta?.content',
  versions: VERSIONS,
  source: 'openai/openai-node@v6.49.0 src/core/streaming.ts (Stream.fromSSEResponse); README "Streaming responses"',
  installable: true,
  read(body: ClientBody): ClientRun {
    const handed: Handed = { text: '', toolCalls: [], notes: [] };
    const calls = new ToolCallJoin();
    return runModel(handed, () => {
      for (const chunk of openaiStreamItems(body.text)) {
        const choices = field(chunk, 'choices');
        if (choices === undefined || choices === null) throw new ClientThrow(`TypeError: Cannot read properties of ${String(choices)} (reading '0')`);
        const delta = field(field(choices, '0'), 'delta');
        const content = field(delta, 'content');
        if (content) handed.text += String(content);
        calls.add(field(delta, 'tool_calls'));
        handed.toolCalls = calls.list();
      }
      // After `[DONE]` the SDK still reads the body to its end: a reset after it throws, a body left open hangs.
      return endOfBody(body.ending, handed);
    });
  },
};

/**
 * Tool-call fragments joined by their `index`, the way the SDK's snapshot joins them (and users copy). Other SDKs'
 * callers key a fragment differently (`keyOf`: Go reads a missing index as 0) and list the calls in another order.
 */
export class ToolCallJoin {
  private readonly calls = new Map<string, ClientToolCall>();

  constructor(
    private readonly keyOf: (fragment: unknown) => string = (fragment) => String(field(fragment, 'index')),
    /** `array`: the calls a JavaScript array holds, by index; `added`: every call in the order first seen (a dict's values). */
    private readonly order: 'array' | 'added' = 'array',
  ) {}

  add(fragments: unknown): void {
    if (!Array.isArray(fragments)) return;
    for (const fragment of fragments) {
      const key = this.keyOf(fragment);
      let call = this.calls.get(key);
      if (call === undefined) this.calls.set(key, (call = { id: null, name: '', arguments: '' }));
      const id = field(fragment, 'id');
      const fn = field(fragment, 'function');
      if (id) call.id = String(id);
      const name = field(fn, 'name');
      if (name) call.name = String(name);
      const args = field(fn, 'arguments');
      if (args) call.arguments += String(args);
    }
  }

  /** The calls the caller ends up with (with `array`, a call under a key such as `undefined` is not among them). */
  list(): ClientToolCall[] {
    const entries = [...this.calls.entries()];
    if (this.order === 'added') return entries.map(([, call]) => ({ ...call }));
    return entries
      .filter(([key]) => isArrayIndex(key))
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([, call]) => ({ ...call }));
  }
}

// openai-node's readers of a Chat Completions stream, modelled from openai@6.49.0: `core/streaming.js`
// (Stream.fromSSEResponse: `[DONE]` ends the loop, a JSON `error` member throws APIError, a frame that is not JSON
// throws), and `lib/ChatCompletionStream.js` (the snapshot `finalChatCompletion()` builds, and what it throws).
import { sdkEventsOf } from '../../clients/sdk-events.js';
import { ClientThrow, endOfBody, field, isArrayIndex, parseLikeClient, runModel, type Handed } from '../../clients/run.js';
import type { ClientBody, ClientProfile, ClientRun, ClientToolCall } from '../../clients/types.js';

const VERSIONS = '>=6.0.0 <7';

/** The chunks the SDK's `for await` yields, in order; a frame it throws on stops the model there. */
export function* chunksOf(body: ClientBody): Generator<unknown> {
  for (const event of sdkEventsOf(body.text)) {
    if (event.data.startsWith('[DONE]')) return;
    const chunk = parseLikeClient(event.data);
    const error = field(chunk, 'error');
    if (error) throw new ClientThrow(`APIError: ${apiErrorMessage(error)}`);
    yield chunk;
  }
}

/** openai's `APIError.makeMessage` for an error with no status. */
export function apiErrorMessage(error: unknown): string {
  const message = field(error, 'message');
  if (message) return typeof message === 'string' ? message : JSON.stringify(message);
  return JSON.stringify(error);
}

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
      for (const chunk of chunksOf(body)) {
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

/** Tool-call fragments joined by their `index`, the way the SDK's snapshot joins them (and users copy). */
class ToolCallJoin {
  private readonly calls = new Map<string, ClientToolCall>();

  add(fragments: unknown): void {
    if (!Array.isArray(fragments)) return;
    for (const fragment of fragments) {
      const key = String(field(fragment, 'index'));
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

  /** The calls a JavaScript array holds, in index order (a call under a key such as `undefined` is not in it). */
  list(): ClientToolCall[] {
    return [...this.calls.entries()]
      .filter(([key]) => isArrayIndex(key))
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([, call]) => ({ ...call }));
  }
}

// openai-node's `for await` over a Responses stream, modelled from openai@6.49.0: the items of Stream.fromSSEResponse
// (clients/openai-stream.ts), read as OpenAI's function-calling guide reads them: text from each
// `response.output_text.delta`, a function call kept by `output_index` from `response.output_item.added` (when the item
// is a `function_call`) with each `response.function_call_arguments.delta` added to its `arguments`. The SDK hands
// `error` and `response.failed` events to the loop like any other (only a truthy top-level `error` member throws), so
// the loop the guide shows ends quietly on them.
import { openaiStreamItems } from '../../clients/openai-stream.js';
import { member, plus } from '../../clients/js-values.js';
import { endOfBody, isArrayIndex, runModel, type Handed } from '../../clients/run.js';
import type { ClientBody, ClientProfile, ClientRun, ClientToolCall } from '../../clients/types.js';

/** `finalToolCalls[event.output_index]`: a plain object, so its keys list as JavaScript lists an object's keys. */
class CallsByOutputIndex {
  private readonly items = new Map<string, unknown>();

  set(index: unknown, item: unknown): void {
    this.items.set(String(index), item);
  }

  get(index: unknown): unknown {
    return this.items.get(String(index));
  }

  /** `Object.values(finalToolCalls)`: integer keys in ascending order, then the others as they were added. */
  list(): ClientToolCall[] {
    const keys = [...this.items.keys()];
    const numeric = keys.filter(isArrayIndex).sort((a, b) => Number(a) - Number(b));
    return [...numeric, ...keys.filter((key) => !isArrayIndex(key))].map((key) => handedCall(this.items.get(key)));
  }
}

/** A function call item as the caller hands it on: `call_id`, `name` and `arguments` when they are strings. */
export function handedCall(item: unknown): ClientToolCall {
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return { id: text(member(item, 'call_id')), name: text(member(item, 'name')) ?? '', arguments: text(member(item, 'arguments')) ?? '' };
}

/** What one event does in the guide's loop; the notes say what a caller would not see. */
function readEvent(event: unknown, handed: Handed, calls: CallsByOutputIndex): void {
  const type = member(event, 'type');
  if (type === 'response.output_text.delta') handed.text = String(plus(handed.text, member(event, 'delta')));
  else if (type === 'response.output_item.added' && member(member(event, 'item'), 'type') === 'function_call') {
    calls.set(member(event, 'output_index'), member(event, 'item'));
  } else if (type === 'response.function_call_arguments.delta') {
    const call = calls.get(member(event, 'output_index'));
    if (call) Object.defineProperty(call, 'arguments', { value: plus(member(call, 'arguments'), member(event, 'delta')), writable: true, enumerable: true, configurable: true });
  } else if (type === 'error' || type === 'response.failed') {
    handed.notes.push(`the SDK handed the loop the ${String(type)} event as an event, without throwing: a loop that does not check for it ends quietly`);
  }
}

/** `for await (const event of await client.responses.create({ stream: true }))`, read as the function-calling guide reads it. */
export const openaiNodeResponsesLoop: ClientProfile = {
  client: 'openai-node',
  reader: 'for await (event of responses.create({ stream: true })), text from response.output_text.delta',
  versions: '>=6.0.0 <7',
  source: 'openai/openai-node@v6.49.0 src/core/streaming.ts (Stream.fromSSEResponse); OpenAI function calling guide, "Streaming"',
  installable: true,
  read(body: ClientBody): ClientRun {
    const handed: Handed = { text: '', toolCalls: [], notes: [] };
    const calls = new CallsByOutputIndex();
    return runModel(handed, () => {
      for (const event of openaiStreamItems(body.text)) {
        readEvent(event, handed, calls);
        handed.toolCalls = calls.list();
      }
      return endOfBody(body.ending, handed);
    });
  },
};

// openai-python's `for event in stream` over a Responses stream (openai/openai-python@v3.3.1, the reading the same
// since v1.97.2: clients/openai-python-stream.ts), read as OpenAI's streaming and function-calling guides read it in
// Python: text from each `response.output_text.delta`, a `function_call` item kept by `output_index` from
// `response.output_item.added`, and each `response.function_call_arguments.delta` added with
// `if final_tool_calls[index]: final_tool_calls[index].arguments += event.delta` (a KeyError for an index never
// added). `error` and `response.failed` events reach the loop as events. Not run here (no Python oracle).
import { PYTHON_BODY_FAILED, pythonStreamItems } from '../../clients/openai-python-stream.js';
import { ClientThrow, endOfBody, field, runModel, type Handed } from '../../clients/run.js';
import type { ClientBody, ClientProfile, ClientRun } from '../../clients/types.js';
import { handedCall } from './openai-node.js';

/** `a += b` on two Python str values: anything else raises. */
function concatenated(a: unknown, b: unknown): string {
  if (typeof a === 'string' && typeof b === 'string') return a + b;
  const kind = (value: unknown) => (value === null || value === undefined ? 'NoneType' : typeof value === 'number' ? 'int' : typeof value);
  throw new ClientThrow(`TypeError: can only concatenate str (not "${kind(typeof a === 'string' ? b : a)}") to str`);
}

function readEvent(event: unknown, handed: Handed, calls: Map<string, Record<string, unknown>>): void {
  const type = field(event, 'type');
  if (type === 'response.output_text.delta') handed.text = concatenated(handed.text, field(event, 'delta'));
  else if (type === 'response.output_item.added') {
    const item = field(event, 'item');
    if (field(item, 'type') === 'function_call') calls.set(JSON.stringify(field(event, 'output_index') ?? null), { ...(item as Record<string, unknown>) });
  } else if (type === 'response.function_call_arguments.delta') {
    const index = JSON.stringify(field(event, 'output_index') ?? null);
    const call = calls.get(index);
    if (call === undefined) throw new ClientThrow(`KeyError: ${index}`);
    call.arguments = concatenated(field(call, 'arguments'), field(event, 'delta'));
  } else if (type === 'error' || type === 'response.failed') {
    handed.notes.push(`the SDK handed the loop the ${String(type)} event as an event, without raising: a loop that does not check for it ends quietly`);
  }
  handed.toolCalls = [...calls.values()].map(handedCall);
}

/** `for event in client.responses.create(..., stream=True)`, read as the guides read it. */
export const openaiPythonResponsesLoop: ClientProfile = {
  client: 'openai-python',
  reader: 'for event in responses.create(stream=True), text from response.output_text.delta',
  versions: '>=1.97.2 <=3.3.1',
  source: 'openai/openai-python@v3.3.1 src/openai/_streaming.py (Stream.__stream__, SSEDecoder.decode); OpenAI function calling guide; modelled from the source, not run',
  installable: false,
  read(body: ClientBody): ClientRun {
    const handed: Handed = { text: '', toolCalls: [], notes: [] };
    const calls = new Map<string, Record<string, unknown>>();
    return runModel(handed, () => {
      const items = pythonStreamItems(body.text);
      for (let next = items.next(); ; next = items.next()) {
        if (next.done) return next.value === 'done' ? { ends: 'returns', thrown: null, ...handed } : endOfBody(body.ending, handed, PYTHON_BODY_FAILED);
        readEvent(next.value, handed, calls);
      }
    });
  },
};

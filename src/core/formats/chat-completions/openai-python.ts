// openai-python's `for chunk in stream` over a Chat Completions stream (openai/openai-python@v3.3.1, the same since
// v1.97.2): the items of its `Stream` (clients/openai-python-stream.ts), joined as a caller joins them:
// `if chunk.choices: text += chunk.choices[0].delta.content or ""`, tool calls by `index` in a dict. No oracle runs
// here (Python): the tests are hand-written bodies, each citing the source line it follows.
import { PYTHON_BODY_FAILED, pythonStreamItems } from '../../clients/openai-python-stream.js';
import { ClientThrow, endOfBody, field, runModel, type Handed } from '../../clients/run.js';
import type { ClientBody, ClientProfile, ClientRun } from '../../clients/types.js';
import { ToolCallJoin } from './openai-node.js';

/** A chunk read as the caller's loop reads it: the models are built without validation, so a missing field is None. */
function readChunk(chunk: unknown, handed: Handed, calls: ToolCallJoin): void {
  const choices = field(chunk, 'choices');
  if (!Array.isArray(choices) || choices.length === 0) return;
  const delta = field(choices[0], 'delta');
  if (delta === null || delta === undefined) throw new ClientThrow("AttributeError: 'NoneType' object has no attribute 'content'");
  const content = field(delta, 'content');
  if (typeof content === 'string') handed.text += content;
  else if (content) throw new ClientThrow(`TypeError: can only concatenate str (not "${typeof content}") to str`);
  calls.add(field(delta, 'tool_calls'));
  handed.toolCalls = calls.list();
}

/** `for chunk in client.chat.completions.create(..., stream=True)`. */
export const openaiPythonLoop: ClientProfile = {
  client: 'openai-python',
  reader: 'for chunk in stream, text from chunk.choices[0].delta.content',
  versions: '>=1.97.2 <=3.3.1',
  source:
    'openai/openai-python@v3.3.1 src/openai/_streaming.py (Stream.__stream__ lines 56-112, SSEDecoder.decode lines 339-381); ' +
    'openai/openai-python#2722; modelled from the source, not run (no Python oracle here)',
  installable: false,
  read(body: ClientBody): ClientRun {
    const handed: Handed = { text: '', toolCalls: [], notes: [] };
    // A Python dict keeps its keys in the order they were added; a missing index is the key None.
    const calls = new ToolCallJoin((fragment) => JSON.stringify(field(fragment, 'index') ?? null), 'added');
    return runModel(handed, () => {
      const items = pythonStreamItems(body.text);
      for (let next = items.next(); ; next = items.next()) {
        if (next.done) return next.value === 'done' ? { ends: 'returns', thrown: null, ...handed } : endOfBody(body.ending, handed, PYTHON_BODY_FAILED);
        readChunk(next.value, handed, calls);
      }
    });
  },
};

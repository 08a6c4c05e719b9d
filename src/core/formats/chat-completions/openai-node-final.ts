// openai-node's `chat.completions.stream(params).finalChatCompletion()`, modelled from openai@6.49.0
// `lib/ChatCompletionStream.js`: #accumulateChatCompletion (choices and tool calls kept in arrays by their `index`),
// #addChunk (a tool call's "done" event needs its `type`), and finalizeChatCompletion (every choice needs a finish
// reason and a role; a tool call without an id gets a made-up one).
import { ClientThrow, endOfBody, field, isArrayIndex, runModel, type Handed } from '../../clients/run.js';
import { asOpenAiError, openaiStreamItems } from '../../clients/openai-stream.js';
import type { ClientBody, ClientProfile, ClientRun, ClientToolCall } from '../../clients/types.js';

interface CallSnapshot {
  id: string | null;
  type: unknown;
  /** Null until a fragment carried `function`. */
  fn: { name: string; arguments: string } | null;
}

interface ChoiceSnapshot {
  index: unknown;
  finishReason: unknown;
  role: unknown;
  content: string | null;
  calls: Map<string, CallSnapshot> | null;
  /** The index of the tool call being streamed (the SDK's `current_tool_call_index`), and those it closed. */
  current: unknown;
  done: Set<string>;
}

/** The snapshot the stream helper builds, as far as the caller sees it. */
class ChatSnapshot {
  readonly choices = new Map<string, ChoiceSnapshot>();

  add(chunk: unknown): void {
    if (chunk === null || chunk === undefined) throw new ClientThrow(`TypeError: Cannot destructure 'chunk' as it is ${String(chunk)}.`);
    const choices = field(chunk, 'choices');
    if (!isIterable(choices)) throw new ClientThrow('TypeError: chunk.choices is not iterable');
    for (const choice of choices) this.accumulate(choice);
    for (const choice of choices) this.closeCalls(choice);
  }

  private accumulate(choice: unknown): void {
    if (choice === null || choice === undefined) throw new ClientThrow(`TypeError: Cannot destructure '${String(choice)}' as it is ${String(choice)}.`);
    const key = String(field(choice, 'index'));
    let snapshot = this.choices.get(key);
    const finishReason = field(choice, 'finish_reason');
    if (snapshot === undefined) {
      snapshot = { index: field(choice, 'index'), finishReason, role: undefined, content: null, calls: null, current: null, done: new Set() };
      this.choices.set(key, snapshot);
    }
    if (finishReason) snapshot.finishReason = finishReason;
    const delta = field(choice, 'delta');
    if (!delta) return;
    const role = field(delta, 'role');
    const content = field(delta, 'content');
    if (role) snapshot.role = role;
    if (content) snapshot.content = (snapshot.content || '') + String(content);
    const calls = field(delta, 'tool_calls');
    if (calls) addCalls(snapshot, calls);
  }

  /** #addChunk's events: a finish reason, or a fragment of another call, closes the call being streamed. */
  private closeCalls(choice: unknown): void {
    const snapshot = this.choices.get(String(field(choice, 'index')))!;
    if (snapshot.finishReason && snapshot.current !== null && snapshot.current !== undefined) closeCall(snapshot, snapshot.current);
    const calls = field(field(choice, 'delta'), 'tool_calls');
    for (const fragment of isIterable(calls) ? calls : []) {
      const index = field(fragment, 'index');
      if (snapshot.current !== index && snapshot.current !== null && snapshot.current !== undefined) closeCall(snapshot, snapshot.current);
      snapshot.current = index;
    }
  }
}

function addCalls(snapshot: ChoiceSnapshot, calls: unknown): void {
  if (!isIterable(calls)) throw new ClientThrow('TypeError: tool_calls is not iterable');
  snapshot.calls ??= new Map();
  for (const fragment of calls) {
    if (fragment === null || fragment === undefined) throw new ClientThrow(`TypeError: Cannot destructure '${String(fragment)}' as it is ${String(fragment)}.`);
    const key = String(field(fragment, 'index'));
    let call = snapshot.calls.get(key);
    if (call === undefined) snapshot.calls.set(key, (call = { id: null, type: undefined, fn: null }));
    const id = field(fragment, 'id');
    const type = field(fragment, 'type');
    const fn = field(fragment, 'function');
    if (id) call.id = String(id);
    if (type) call.type = type;
    if (fn) call.fn ??= { name: stringOr(field(fn, 'name'), ''), arguments: '' };
    const name = field(fn, 'name');
    if (name && call.fn) call.fn.name = String(name);
    const args = field(fn, 'arguments');
    if (args && call.fn) call.fn.arguments += String(args);
  }
}

function closeCall(snapshot: ChoiceSnapshot, index: unknown): void {
  const key = String(index);
  if (snapshot.done.has(key)) return;
  const call = snapshot.calls?.get(key);
  if (call === undefined) throw new ClientThrow('Error: no tool call snapshot');
  if (!call.type) throw new ClientThrow('Error: tool call snapshot missing `type`');
  snapshot.done.add(key);
}

function isIterable(value: unknown): value is Iterable<unknown> {
  return typeof value === 'string' || Array.isArray(value);
}

function stringOr(value: unknown, fallback: string): string {
  return value === undefined || value === null ? fallback : String(value);
}

/** finalizeChatCompletion: what the caller gets, or what it throws, for the choices a JavaScript array holds. */
function finalize(snapshot: ChatSnapshot, handed: Handed): ClientRun {
  const ordered = [...snapshot.choices.entries()].filter(([key]) => isArrayIndex(key)).sort(([a], [b]) => Number(a) - Number(b));
  const lost = snapshot.choices.size - ordered.length;
  if (lost > 0) handed.notes.push(`${lost} choice(s) without a numeric index are not in the completion`);
  let text = '';
  let toolCalls: ClientToolCall[] = [];
  for (const [key, choice] of ordered) {
    if (!choice.finishReason) throw new ClientThrow(`OpenAIError: missing finish_reason for choice ${String(choice.index)}`);
    if (!choice.role) throw new ClientThrow(`OpenAIError: missing role for choice ${String(choice.index)}`);
    const calls = finalCalls(choice, handed);
    // The caller reads `completion.choices[0]`: the choice whose index is 0.
    if (key === '0') [text, toolCalls] = [choice.content ?? '', calls];
  }
  // The promise resolves only here: a throw above hands the caller nothing.
  return { ends: 'returns', thrown: null, ...handed, text, toolCalls };
}

function finalCalls(choice: ChoiceSnapshot, handed: Handed): ClientToolCall[] {
  if (choice.calls === null) return [];
  const ordered = [...choice.calls.entries()].filter(([key]) => isArrayIndex(key)).sort(([a], [b]) => Number(a) - Number(b));
  return ordered.map(([, call], position) => {
    const where = `choices[${String(choice.index)}].tool_calls[${position}]`;
    if (call.type === undefined || call.type === null) throw new ClientThrow(`OpenAIError: missing ${where}.type`);
    if (call.fn === null) throw new ClientThrow(`OpenAIError: missing ${where}.function.name`);
    if (call.id === null) handed.notes.push(`${where} has no id: the SDK made one up (call_<uuid>)`);
    return { id: call.id, name: call.fn.name, arguments: call.fn.arguments };
  });
}

/** `client.chat.completions.stream(params)` then `await stream.finalChatCompletion()`. */
export const openaiNodeFinal: ClientProfile = {
  client: 'openai-node',
  reader: 'chat.completions.stream().finalChatCompletion()',
  versions: '>=6.0.0 <7',
  source: 'openai/openai-node@v6.49.0 src/lib/ChatCompletionStream.ts (#accumulateChatCompletion, #addChunk, finalizeChatCompletion)',
  installable: true,
  read(body: ClientBody): ClientRun {
    const handed: Handed = { text: '', toolCalls: [], notes: [] };
    const snapshot = new ChatSnapshot();
    let chunks = 0;
    const run = runModel(handed, () => {
      for (const chunk of openaiStreamItems(body.text)) {
        snapshot.add(chunk);
        chunks++;
      }
      const ended = endOfBody(body.ending, handed);
      if (ended.ends !== 'returns') return ended;
      if (chunks === 0) throw new ClientThrow('OpenAIError: request ended without sending any chunks');
      return finalize(snapshot, handed);
    });
    return { ...run, thrown: asOpenAiError(run.thrown) };
  },
};


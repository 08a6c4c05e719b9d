// openai-node's `accumulateResponse` (openai@6.49.0 src/lib/responses/ResponseAccumulator.ts), which
// `responses.stream()` runs on every event to build the Response `finalResponse()` resolves with. Ported event by event:
// the first event must be `response.created`; lifecycle events replace the snapshot with their `response`; deltas and
// dones edit the output item at `output_index` (a missing item or content part throws, a part of the wrong type
// throws); an event type it does not list throws. `output_text` is kept as the SDK keeps it: deltas add to it, and the
// events that change a message recount it from the message parts (addOutputText in src/lib/ResponsesParser.ts).
import { ClientThrow } from '../../clients/run.js';
import { assign, iterate, member, plus, push } from '../../clients/js-values.js';

/** The Response being built, as wire data. */
export type ResponseSnapshot = Record<string, unknown>;

type Apply = (snapshot: ResponseSnapshot, event: unknown) => ResponseSnapshot | void;

const fail = (message: string): never => {
  throw new ClientThrow(`OpenAIError: ${message}`);
};

/** One event applied to the snapshot (undefined before the first): the snapshot to keep. */
export function accumulateResponse(event: unknown, snapshot: ResponseSnapshot | undefined): ResponseSnapshot {
  const type = member(event, 'type');
  if (snapshot === undefined) {
    if (type !== 'response.created') fail(`When snapshot hasn't been set yet, expected 'response.created' event, got ${String(type)}`);
    return cloneResponse(member(event, 'response'));
  }
  const apply = typeof type === 'string' ? APPLY.get(type) : undefined;
  if (apply === undefined) return fail(`Unhandled response stream event: ${JSON.stringify(event)}`);
  return apply(snapshot, event) ?? snapshot;
}

/** cloneResponse: the event's response, given an `output_text` when it has none. */
function cloneResponse(response: unknown): ResponseSnapshot {
  if (response === null || response === undefined) throw new ClientThrow('TypeError: Cannot convert undefined or null to object');
  const snapshot = response as ResponseSnapshot;
  const own = typeof response === 'object' && Object.prototype.hasOwnProperty.call(response, 'output_text');
  if (!own || member(snapshot, 'output_text') === null || member(snapshot, 'output_text') === undefined) addOutputText(snapshot);
  return snapshot;
}

/** addOutputText: the text of every `output_text` part of every message, joined. */
export function addOutputText(response: unknown): void {
  const texts: unknown[] = [];
  for (const output of iterate(member(response, 'output'))) {
    if (member(output, 'type') !== 'message') continue;
    for (const content of iterate(member(output, 'content'))) {
      if (member(content, 'type') === 'output_text') texts.push(member(content, 'text'));
    }
  }
  // Array.join writes null and undefined as nothing.
  assign(response, 'output_text', texts.map((text) => (text === null || text === undefined ? '' : String(text))).join(''));
}

function getOutput(snapshot: ResponseSnapshot, event: unknown): unknown {
  const index = member(event, 'output_index');
  const output = member(member(snapshot, 'output'), index);
  if (!output) fail(`missing output at index ${String(index)}`);
  return output;
}

function getContent(content: unknown, index: unknown): unknown {
  const part = member(content, index);
  if (!part) fail(`missing content at index ${String(index)}`);
  return part;
}

/** The content part an `output_text`/`refusal` event names in a message, checked to be of `kind`; null for other items. */
function messagePart(snapshot: ResponseSnapshot, event: unknown, kind: string): unknown {
  const output = getOutput(snapshot, event);
  if (member(output, 'type') !== 'message') return null;
  const content = getContent(member(output, 'content'), member(event, 'content_index'));
  if (member(content, 'type') !== kind) fail(`expected content to be '${kind}', got ${String(member(content, 'type'))}`);
  return content;
}

/** The `reasoning_text` part a reasoning event names; null for other items. */
function reasoningPart(snapshot: ResponseSnapshot, event: unknown): unknown {
  const output = getOutput(snapshot, event);
  if (member(output, 'type') !== 'reasoning') return null;
  const content = member(output, 'content');
  if (!content) fail(`missing content at index ${String(member(event, 'content_index'))}`);
  const part = getContent(content, member(event, 'content_index'));
  if (member(part, 'type') !== 'reasoning_text') fail(`expected content to be 'reasoning_text', got ${String(member(part, 'type'))}`);
  return part;
}

/** The summary part a reasoning summary event names; null for other items. */
function summaryPart(snapshot: ResponseSnapshot, event: unknown): unknown {
  const output = getOutput(snapshot, event);
  if (member(output, 'type') !== 'reasoning') return null;
  return getContent(member(output, 'summary'), member(event, 'summary_index'));
}

function itemAdded(snapshot: ResponseSnapshot, event: unknown): void {
  const item = member(event, 'item');
  push(member(snapshot, 'output'), item);
  if (member(item, 'type') === 'message') addOutputText(snapshot);
}

function itemDone(snapshot: ResponseSnapshot, event: unknown): void {
  getOutput(snapshot, event);
  const item = member(event, 'item');
  assign(member(snapshot, 'output'), member(event, 'output_index'), item);
  if (member(item, 'type') === 'message') addOutputText(snapshot);
}

function partAdded(snapshot: ResponseSnapshot, event: unknown): void {
  const output = getOutput(snapshot, event);
  const part = member(event, 'part');
  const type = member(output, 'type');
  const partType = member(part, 'type');
  if (type === 'message' && partType !== 'reasoning_text') {
    push(member(output, 'content'), part);
    if (partType === 'output_text') addOutputText(snapshot);
  } else if (type === 'reasoning' && partType === 'reasoning_text') {
    if (!member(output, 'content')) assign(output, 'content', []);
    push(member(output, 'content'), part);
  }
}

function partDone(snapshot: ResponseSnapshot, event: unknown): void {
  const output = getOutput(snapshot, event);
  const part = member(event, 'part');
  const index = member(event, 'content_index');
  const partType = member(part, 'type');
  if (member(output, 'type') === 'message' && partType !== 'reasoning_text') {
    getContent(member(output, 'content'), index);
    assign(member(output, 'content'), index, part);
    if (partType === 'output_text') addOutputText(snapshot);
  } else if (member(output, 'type') === 'reasoning' && partType === 'reasoning_text') {
    const content = member(output, 'content');
    if (!content) fail(`missing content at index ${String(index)}`);
    getContent(content, index);
    assign(content, index, part);
  }
}

function textDelta(snapshot: ResponseSnapshot, event: unknown): void {
  const part = messagePart(snapshot, event, 'output_text');
  if (part === null) return;
  const delta = member(event, 'delta');
  assign(part, 'text', plus(member(part, 'text'), delta));
  assign(snapshot, 'output_text', plus(member(snapshot, 'output_text'), delta));
}

function textDone(snapshot: ResponseSnapshot, event: unknown): void {
  const part = messagePart(snapshot, event, 'output_text');
  if (part === null) return;
  assign(part, 'text', member(event, 'text'));
  addOutputText(snapshot);
}

/** An event that adds to (`delta`) or replaces (`done`) one field of an output item of one type. */
function itemField(itemType: string, name: string, doneKey: string, kind: 'delta' | 'done', from?: unknown): Apply {
  return (snapshot, event) => {
    const output = getOutput(snapshot, event);
    if (member(output, 'type') !== itemType) return;
    const current = member(output, name);
    const start = from !== undefined && (current === null || current === undefined) ? from : current;
    assign(output, name, kind === 'delta' ? plus(start, member(event, 'delta')) : member(event, doneKey));
  };
}

/** A status event of an output item of one type (`response.web_search_call.searching`). */
function itemStatus(itemType: string, status: string): Apply {
  return (snapshot, event) => {
    const output = getOutput(snapshot, event);
    if (member(output, 'type') === itemType) assign(output, 'status', status);
  };
}

/** A field of the part `locate` finds, added to or replaced from the event's `key`. */
function partField(locate: (snapshot: ResponseSnapshot, event: unknown) => unknown, name: string, key: string, adds: boolean): Apply {
  return (snapshot, event) => {
    const part = locate(snapshot, event);
    if (part !== null) assign(part, name, adds ? plus(member(part, name), member(event, key)) : member(event, key));
  };
}

function summaryPartAdded(snapshot: ResponseSnapshot, event: unknown): void {
  const output = getOutput(snapshot, event);
  if (member(output, 'type') === 'reasoning') push(member(output, 'summary'), member(event, 'part'));
}

function summaryPartDone(snapshot: ResponseSnapshot, event: unknown): void {
  const output = getOutput(snapshot, event);
  if (member(output, 'type') !== 'reasoning') return;
  getContent(member(output, 'summary'), member(event, 'summary_index'));
  assign(member(output, 'summary'), member(event, 'summary_index'), member(event, 'part'));
}

function annotationAdded(snapshot: ResponseSnapshot, event: unknown): void {
  const part = messagePart(snapshot, event, 'output_text');
  if (part !== null) assign(member(part, 'annotations'), member(event, 'annotation_index'), member(event, 'annotation'));
}

const replaceSnapshot: Apply = (_snapshot, event) => cloneResponse(member(event, 'response'));
const noState: Apply = () => undefined;
const refusal = (snapshot: ResponseSnapshot, event: unknown) => messagePart(snapshot, event, 'refusal');

/** The events the accumulator lists, each with what it does to the snapshot. */
const APPLY = new Map<string, Apply>([
  ['response.output_item.added', itemAdded],
  ['response.output_item.done', itemDone],
  ['response.content_part.added', partAdded],
  ['response.content_part.done', partDone],
  ['response.output_text.delta', textDelta],
  ['response.output_text.done', textDone],
  ['response.output_text.annotation.added', annotationAdded],
  ['response.refusal.delta', partField(refusal, 'refusal', 'delta', true)],
  ['response.refusal.done', partField(refusal, 'refusal', 'refusal', false)],
  ['response.function_call_arguments.delta', itemField('function_call', 'arguments', 'arguments', 'delta')],
  ['response.function_call_arguments.done', itemField('function_call', 'arguments', 'arguments', 'done')],
  ['response.reasoning_text.delta', partField(reasoningPart, 'text', 'delta', true)],
  ['response.reasoning_text.done', partField(reasoningPart, 'text', 'text', false)],
  ['response.reasoning_summary_part.added', summaryPartAdded],
  ['response.reasoning_summary_part.done', summaryPartDone],
  ['response.reasoning_summary_text.delta', partField(summaryPart, 'text', 'delta', true)],
  ['response.reasoning_summary_text.done', partField(summaryPart, 'text', 'text', false)],
  ['response.custom_tool_call_input.delta', itemField('custom_tool_call', 'input', 'input', 'delta')],
  ['response.custom_tool_call_input.done', itemField('custom_tool_call', 'input', 'input', 'done')],
  ['response.mcp_call_arguments.delta', itemField('mcp_call', 'arguments', 'arguments', 'delta')],
  ['response.mcp_call_arguments.done', itemField('mcp_call', 'arguments', 'arguments', 'done')],
  ['response.code_interpreter_call_code.delta', itemField('code_interpreter_call', 'code', 'code', 'delta', '')],
  ['response.code_interpreter_call_code.done', itemField('code_interpreter_call', 'code', 'code', 'done')],
  ...statusEvents('code_interpreter_call', ['in_progress', 'interpreting', 'completed']),
  ...statusEvents('file_search_call', ['in_progress', 'searching', 'completed']),
  ...statusEvents('web_search_call', ['in_progress', 'searching', 'completed']),
  ...statusEvents('image_generation_call', ['in_progress', 'generating', 'completed']),
  ...statusEvents('mcp_call', ['in_progress', 'completed', 'failed']),
  ...['created', 'queued', 'in_progress', 'completed', 'failed', 'incomplete'].map((name) => [`response.${name}`, replaceSnapshot] as const),
  ...[
    'response.audio.delta', 'response.audio.done', 'response.audio.transcript.delta', 'response.audio.transcript.done',
    'response.image_generation_call.partial_image', 'response.mcp_list_tools.in_progress', 'response.mcp_list_tools.completed',
    'response.mcp_list_tools.failed', 'keepalive', 'error',
  ].map((name) => [name, noState] as const),
]);

function statusEvents(itemType: string, statuses: string[]): Array<readonly [string, Apply]> {
  return statuses.map((status) => [`response.${itemType}.${status}`, itemStatus(itemType, status)] as const);
}

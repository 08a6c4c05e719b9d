// The messages and state a client holds as it applies AG-UI events (reference.md, C3: the client's default apply).
// The assembler decides whether an event is in order; this file only applies it.
import { isObject, type Json } from '../json-shape.js';
import { applyPatch } from './json-patch.js';

/** A message as the conversation holds it (the protocol's Message: id, role, content, toolCalls…). */
export type Message = Json & { id: string; role: string };

/** A tool call on an assistant message: `{id, type: 'function', function: {name, arguments}}`. */
export interface MessageToolCall extends Json {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

function toolCallsOf(message: Message): MessageToolCall[] {
  return Array.isArray(message.toolCalls) ? (message.toolCalls as MessageToolCall[]) : [];
}

/** The conversation a run builds: its messages in order, and the agent state. */
export class Conversation {
  readonly messages: Message[] = [];
  state: unknown = {};
  /** Whether any state event arrived (a run that sends none has no state to show). */
  stateSent = false;
  /** Tool calls started in the current run, and those a result answered, for the run's pending calls. */
  readonly startedCalls: string[] = [];
  readonly answeredCalls = new Set<string>();
  /** The first message with each id, and the first call with each id: a long run is read in one pass, not a search per event. */
  private readonly byId = new Map<string, Message>();
  private readonly calls = new Map<string, MessageToolCall>();

  find(id: string): Message | undefined {
    return this.byId.get(id);
  }

  findCall(toolCallId: string): MessageToolCall | undefined {
    return this.calls.get(toolCallId);
  }

  private index(message: Message): void {
    if (!this.byId.has(message.id)) this.byId.set(message.id, message);
    for (const call of toolCallsOf(message)) if (typeof call.id === 'string' && !this.calls.has(call.id)) this.calls.set(call.id, call);
  }

  private push(message: Message): void {
    this.messages.push(message);
    this.index(message);
  }

  /** After messages were replaced or moved: the indexes made again, in message order. */
  private reindex(): void {
    this.byId.clear();
    this.calls.clear();
    for (const message of this.messages) this.index(message);
  }

  /** A new run: its pending calls are counted afresh. */
  startRun(input: unknown): void {
    this.startedCalls.length = 0;
    this.answeredCalls.clear();
    if (!isObject(input) || !Array.isArray(input.messages)) return;
    for (const message of input.messages) {
      if (isMessage(message) && !this.find(message.id)) this.push(withoutNullOwner(message));
    }
  }

  /** TEXT_MESSAGE_START / REASONING_MESSAGE_START: the message, made empty when it is new. False for an activity id. */
  open(id: string, role: string, name?: string): boolean {
    const found = this.find(id);
    if (found) return found.role !== 'activity';
    this.push({ id, role, content: '', ...(name !== undefined ? { name } : {}) });
    return true;
  }

  /** Appends a delta to a message's content; false when there is no such message to append to. */
  append(id: string, delta: string): boolean {
    const message = this.find(id);
    if (!message || message.role === 'activity') return false;
    message.content = `${typeof message.content === 'string' ? message.content : ''}${delta}`;
    return true;
  }

  /** TOOL_CALL_START: the call on its parent assistant message (a new one when the parent is not an assistant message). */
  startCall(toolCallId: string, name: string, parentMessageId: string | undefined): void {
    if (!this.startedCalls.includes(toolCallId)) this.startedCalls.push(toolCallId);
    const existing = this.findCall(toolCallId);
    if (existing) {
      existing.function.name = name;
      return;
    }
    const parent = this.parentFor(parentMessageId, toolCallId);
    const calls = toolCallsOf(parent);
    const call: MessageToolCall = { id: toolCallId, type: 'function', function: { name, arguments: '' } };
    calls.push(call);
    parent.toolCalls = calls;
    this.calls.set(toolCallId, call);
  }

  private parentFor(parentMessageId: string | undefined, toolCallId: string): Message {
    if (parentMessageId !== undefined) {
      const found = this.find(parentMessageId);
      if (found?.role === 'assistant') return found;
      const made: Message = { id: found ? toolCallId : parentMessageId, role: 'assistant', toolCalls: [] };
      this.push(made);
      return made;
    }
    const made: Message = { id: toolCallId, role: 'assistant', toolCalls: [] };
    this.push(made);
    return made;
  }

  /** Appends to a call's arguments; false when no message holds the call. */
  appendArgs(toolCallId: string, delta: string): boolean {
    const call = this.findCall(toolCallId);
    if (!call) return false;
    call.function.arguments += delta;
    return true;
  }

  /** TOOL_CALL_RESULT: a tool message, placed after the assistant message holding the call and its earlier results. */
  result(messageId: string, toolCallId: string, content: unknown): void {
    this.answeredCalls.add(toolCallId);
    const message: Message = { id: messageId, toolCallId, role: 'tool', content };
    const holder = this.messages.findIndex((candidate) => candidate.role === 'assistant' && toolCallsOf(candidate).some((call) => call.id === toolCallId));
    if (holder === -1) {
      this.push(message);
      return;
    }
    let at = holder + 1;
    while (at < this.messages.length && this.messages[at]?.role === 'tool') at++;
    this.messages.splice(at, 0, message);
    this.reindex();
  }

  /** MESSAGES_SNAPSHOT: the snapshot's messages replace those with their ids, in place; new ones go last. */
  snapshot(messages: readonly unknown[]): void {
    const given = messages.filter(isMessage).map(withoutNullOwner);
    const byId = new Map(given.map((message) => [message.id, message]));
    const hasActivity = given.some((message) => message.role === 'activity');
    const hasReasoning = given.some((message) => message.role === 'reasoning');
    // Activity and reasoning messages the producer does not track survive a snapshot that names none of their kind.
    const kept = this.messages
      .filter((message) => byId.has(message.id) || (message.role === 'activity' && !hasActivity) || (message.role === 'reasoning' && !hasReasoning))
      .map((message) => byId.get(message.id) ?? message);
    const ids = new Set(kept.map((message) => message.id));
    for (const message of given) if (!ids.has(message.id)) kept.push(message);
    this.messages.splice(0, this.messages.length, ...kept);
    this.reindex();
  }

  /** STATE_SNAPSHOT. */
  replaceState(snapshot: unknown): void {
    this.state = snapshot;
    this.stateSent = true;
  }

  /** STATE_DELTA: the patch applied whole, or the reason it does not apply (the state is then unchanged). */
  patchState(delta: readonly unknown[]): string | null {
    this.stateSent = true;
    const patched = applyPatch(this.state, delta);
    if (!patched.ok) return patched.reason;
    this.state = patched.document;
    return null;
  }

  /** ACTIVITY_SNAPSHOT: an activity message made or (unless `replace` is false) overwritten. */
  activity(messageId: string, activityType: string, content: Json, replace: boolean): void {
    const at = this.messages.findIndex((message) => message.id === messageId);
    const made: Message = { id: messageId, role: 'activity', activityType, content: structuredCopy(content) };
    if (at === -1) this.push(made);
    else if (replace && this.messages[at]?.role === 'activity') {
      this.messages[at] = made;
      this.reindex();
    }
  }

  /** ACTIVITY_DELTA: the patch applied to an activity message's content; the reason it does not apply, or null. */
  patchActivity(messageId: string, patch: readonly unknown[]): string | null {
    const message = this.find(messageId);
    if (!message || message.role !== 'activity') return 'no activity message has its id';
    const patched = applyPatch(message.content, patch);
    if (!patched.ok) return patched.reason;
    message.content = patched.document;
    return null;
  }

  /** REASONING_ENCRYPTED_VALUE: stored on the tool call or the message it names. */
  encrypted(subtype: string, entityId: string, value: string): void {
    if (subtype === 'tool-call') {
      const call = this.findCall(entityId);
      if (call) call.encryptedValue = value;
      return;
    }
    const message = this.find(entityId);
    if (message && message.role !== 'activity') message.encryptedValue = value;
  }

  /** The run's calls no result answered, in the order they started. */
  pendingCalls(): string[] {
    return this.startedCalls.filter((id) => !this.answeredCalls.has(id));
  }
}

function isMessage(value: unknown): value is Message {
  return isObject(value) && typeof value.id === 'string' && typeof value.role === 'string';
}

function withoutNullOwner(message: Message): Message {
  if (message.subagentRunId !== null) return message;
  const copy = { ...message };
  delete copy.subagentRunId;
  return copy;
}

function structuredCopy(value: Json): Json {
  return JSON.parse(JSON.stringify(value)) as Json;
}

// The AG-UI assembly: each event checked as the official client checks it (schema, then chunk expansion, then the
// order rules; reference.md C2 and C3), then applied to the conversation as the client applies it. A rule the client
// throws on is a finding at that event; unlike the client, the reading goes on, so nothing after it is lost.
import { NO_PLACES, type PlaceRecorder } from '../../answer/places.js';
import type { Payload } from '../../decode/frame.js';
import type { FindingCode, FindingList } from '../../findings.js';
import type { Assembler, Assembly, AssemblyContext, FrameRecord, ToolCall } from '../../model.js';
import { isObject, type Json } from '../json-shape.js';
import { phraseFamily } from '../phrases.js';
import { ChunkLanes, type LogicalEvent } from './chunks.js';
import { Conversation } from './conversation.js';
import { EVENT_SHAPES, fieldProblem } from './events.js';
import { RunOrder } from './order.js';
import { runResponse, turnOf, usageSum, type RunEnd, type Turn } from './response.js';

const TEXT = phraseFamily((_index, count) => `text +${count} chars`);
const ARGS = phraseFamily((_index, count) => `tool call arguments +${count}`);
const REASONING = phraseFamily((_index, count) => `reasoning +${count} chars`);

type Handler = (run: AgUiAssembler, frame: FrameRecord, event: Json) => void;

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** One AG-UI stream: its runs' order, and the conversation the events build. */
export class AgUiAssembler implements Assembler {
  // A Map: a type read from the wire (`constructor`, `__proto__`) finds nothing an object would inherit.
  private static readonly HANDLERS = new Map<string, Handler>([
    ['RUN_STARTED', (run, frame, event) => run.readRunStarted(frame, event)],
    ['RUN_FINISHED', (run, frame, event) => run.readRunFinished(frame, event)],
    ['RUN_ERROR', (run, frame, event) => run.readRunError(frame, event)],
    ['TEXT_MESSAGE_START', (run, frame, event) => run.readMessageStart(frame, event, text(event.role) ?? 'assistant')],
    ['TEXT_MESSAGE_CONTENT', (run, frame, event) => run.readContent(frame, event, 'text')],
    ['REASONING_MESSAGE_START', (run, frame, event) => run.readMessageStart(frame, event, 'reasoning')],
    ['REASONING_MESSAGE_CONTENT', (run, frame, event) => run.readContent(frame, event, 'reasoning')],
    ['TOOL_CALL_START', (run, frame, event) => run.readToolStart(frame, event)],
    ['TOOL_CALL_ARGS', (run, frame, event) => run.readToolArgs(frame, event)],
    ['TOOL_CALL_RESULT', (run, frame, event) => run.readToolResult(frame, event)],
    ['STATE_SNAPSHOT', (run, frame, event) => run.readStateSnapshot(frame, event)],
    ['STATE_DELTA', (run, frame, event) => run.readPatch(frame, event.delta, 'state')],
    ['ACTIVITY_DELTA', (run, frame, event) => run.readPatch(frame, event.patch, text(event.messageId))],
    ['MESSAGES_SNAPSHOT', (run, _frame, event) => Array.isArray(event.messages) && run.conversation.snapshot(event.messages)],
    ['ACTIVITY_SNAPSHOT', (run, _frame, event) => run.readActivity(event)],
    ['REASONING_ENCRYPTED_VALUE', (run, _frame, event) => run.readEncrypted(event)],
  ]);

  private readonly findings: FindingList;
  private readonly places: PlaceRecorder;
  readonly conversation = new Conversation();
  private readonly order = new RunOrder();
  private readonly lanes = new ChunkLanes();
  private head: { threadId: string | null; runId: string | null } = { threadId: null, runId: null };
  private end: RunEnd = { status: 'running' };
  private missingPiece = false;
  /** Characters of assistant text and reasoning read so far, for the places of the answer's parts. */
  private textChars = 0;
  private reasoningChars = 0;
  /** The frame each tool call started at, by its id. */
  private readonly callFrames = new Map<string, number>();
  private lastFrame: FrameRecord | null = null;

  constructor(context: AssemblyContext) {
    this.findings = context.findings;
    this.places = context.places ?? NO_PLACES;
  }

  private raise(code: FindingCode, frame: FrameRecord, message: string): void {
    this.findings.add(code, message, frame.line, 1, frame.index);
  }

  read(frame: FrameRecord, payload: Payload): void {
    this.lastFrame = frame;
    const value = payload.kind === 'json' ? payload.value : undefined;
    const type = isObject(value) && typeof value.type === 'string' ? value.type : null;
    frame.type = payload.kind === 'done' ? '[DONE]' : type;
    if (!isObject(value) || type === null || !EVENT_SHAPES.has(type)) {
      frame.carried = 'not an AG-UI event: not read';
      const what = payload.kind === 'done' ? 'is `data: [DONE]`, which AG-UI does not have (a run ends with RUN_FINISHED or RUN_ERROR)' : type === null ? 'has no string `type`' : `has type \`${type}\`, which is not an AG-UI 1.0 event`;
      this.raise('unknown event', frame, `Frame ${frame.index} ${what}; the client drops it, and it was not read.`);
      return;
    }
    const problem = fieldProblem(type, value);
    if (problem !== null) this.raise('invalid event', frame, `Frame ${frame.index} (${type}): ${problem}. The client rejects the event and fails the run here.`);
    frame.carried = type;
    if (!ChunkLanes.isChunk(type)) {
      // The ends of the chunk streams this event closes come first, as the client expands them.
      for (const logical of this.lanes.closedBy(type, value)) this.readLogical(frame, logical);
      this.readLogical(frame, { type, event: value });
      return;
    }
    for (const logical of this.expandChunk(frame, type, value)) this.readLogical(frame, logical);
  }

  /** The events a client checks for a chunk: the ends of chunk streams it closes, then its start and content. */
  private expandChunk(frame: FrameRecord, type: string, event: Json): LogicalEvent[] {
    const { events, problem } = this.lanes.expand(type, event);
    if (problem) {
      if (problem.code === 'block unstarted') this.missingPiece = true;
      this.raise(problem.code, frame, `Frame ${frame.index} (${type}) ${problem.message}; the client fails the run here, and the chunk was not read.`);
    }
    return events;
  }

  private readLogical(frame: FrameRecord, { type, event }: LogicalEvent): void {
    const arrival = this.order.arrival(type);
    if (arrival) {
      this.raise(arrival.code, frame, `Frame ${frame.index} ${arrival.message}.`);
      if (arrival.code === 'after run end') {
        frame.carried = `${type} after the end: not read`;
        return;
      }
      this.missingPiece = true;
    }
    const broken = this.order.pair(type, event, frame.index) ?? this.order.step(type, event, frame.index) ?? this.order.subagent(type, event, frame.index);
    if (broken) {
      if (broken.code === 'block unstarted') this.missingPiece = true;
      this.raise(broken.code, frame, `Frame ${frame.index} ${broken.message}. The client fails the run here.`);
    }
    AgUiAssembler.HANDLERS.get(type)?.(this, frame, event);
  }

  // ------------------------------------------------------------------------ run

  private readRunStarted(frame: FrameRecord, event: Json): void {
    this.head = { threadId: text(event.threadId) ?? null, runId: text(event.runId) ?? null };
    this.end = { status: 'running' };
    this.conversation.startRun(event.input);
    frame.carried = `run ${this.head.runId ?? '?'} started`;
  }

  private readRunFinished(frame: FrameRecord, event: Json): void {
    for (const open of this.order.finishRun(frame.index)) {
      this.missingPiece = true;
      this.raise('block open', frame, `Frame ${frame.index} is RUN_FINISHED while ${open.what} ${JSON.stringify(open.id)} (opened at frame ${open.frame}) is still open; the client fails the run here. Close it before finishing the run.`);
    }
    const outcome = isObject(event.outcome) ? event.outcome : undefined;
    this.end = { status: 'finished', outcome, result: event.result, usage: Array.isArray(event.usage) ? event.usage : undefined };
    if (text(event.runId) !== undefined) this.head.runId = text(event.runId) ?? null;
    if (text(event.threadId) !== undefined) this.head.threadId = text(event.threadId) ?? null;
    this.places.finish(0, frame.index);
    if (this.end.usage) this.places.usage(frame.index);
    frame.carried = `run finished${outcome && typeof outcome.type === 'string' ? `: ${outcome.type}` : ''}`;
  }

  private readRunError(frame: FrameRecord, event: Json): void {
    this.order.failRun(frame.index);
    const error: Json = { message: text(event.message) ?? null };
    if (text(event.code) !== undefined) error.code = event.code;
    this.end = { status: 'error', error, usage: Array.isArray(event.usage) ? event.usage : undefined };
    this.places.finish(0, frame.index);
    this.places.error(frame.index);
    if (this.end.usage) this.places.usage(frame.index);
    frame.carried = 'end: RUN_ERROR';
    const message = text(event.message);
    this.raise('error event', frame, `Frame ${frame.index} is RUN_ERROR${message !== undefined ? `: ${JSON.stringify(message)}` : ''}; the run failed and what arrived before it is partial.`);
  }

  // ------------------------------------------------------------------------ messages

  private readMessageStart(frame: FrameRecord, event: Json, role: string): void {
    const id = text(event.messageId);
    if (id === undefined) return;
    this.conversation.open(id, role, text(event.name));
    frame.carried = `${role} message ${id} started`;
  }

  private readContent(frame: FrameRecord, event: Json, part: 'text' | 'reasoning'): void {
    const id = text(event.messageId);
    const delta = text(event.delta);
    if (id === undefined || delta === undefined) return;
    if (!this.conversation.append(id, delta)) {
      // The client drops content for a message it does not hold; kept here, in a message of its own.
      this.conversation.open(id, part === 'text' ? 'assistant' : 'reasoning');
      this.conversation.append(id, delta);
    }
    if (delta === '') return;
    const role = this.conversation.find(id)?.role;
    if (part === 'reasoning' || role === 'reasoning') {
      this.places.appended('reasoning', 0, this.reasoningChars, frame.index);
      this.reasoningChars += delta.length;
      frame.carried = REASONING(0, delta.length);
    } else {
      if (role === 'assistant') this.places.appended('text', 0, this.textChars, frame.index);
      if (role === 'assistant') this.textChars += delta.length;
      frame.carried = TEXT(0, delta.length);
    }
    frame.progress = true;
  }

  // ------------------------------------------------------------------------ tool calls

  private readToolStart(frame: FrameRecord, event: Json): void {
    const id = text(event.toolCallId);
    const name = text(event.toolCallName);
    if (id === undefined || name === undefined) return;
    this.conversation.startCall(id, name, text(event.parentMessageId));
    if (!this.callFrames.has(id)) this.callFrames.set(id, frame.index);
    frame.carried = `tool call ${id} started: ${name}`;
    frame.progress = true;
  }

  private readToolArgs(frame: FrameRecord, event: Json): void {
    const id = text(event.toolCallId);
    const delta = text(event.delta);
    if (id === undefined || delta === undefined) return;
    if (!this.conversation.appendArgs(id, delta)) {
      this.raise('not assembled', frame, `Frame ${frame.index}: TOOL_CALL_ARGS for ${JSON.stringify(id)}, a call no message holds; its ${delta.length} characters were not assembled.`);
      return;
    }
    frame.carried = ARGS(0, delta.length);
    if (delta !== '') frame.progress = true;
  }

  private readToolResult(frame: FrameRecord, event: Json): void {
    const messageId = text(event.messageId);
    const toolCallId = text(event.toolCallId);
    if (messageId === undefined || toolCallId === undefined) return;
    this.conversation.result(messageId, toolCallId, event.content);
    frame.carried = `tool result for ${toolCallId}`;
    frame.progress = true;
  }

  // ------------------------------------------------------------------------ state, activity, reasoning values

  private readStateSnapshot(frame: FrameRecord, event: Json): void {
    if (!Object.hasOwn(event, 'snapshot')) return;
    this.conversation.replaceState(event.snapshot);
    frame.carried = 'state snapshot';
  }

  /** STATE_DELTA (`target` 'state') or ACTIVITY_DELTA (`target` the activity message's id). */
  private readPatch(frame: FrameRecord, patch: unknown, target: string | undefined): void {
    if (!Array.isArray(patch) || target === undefined) return;
    const failed = target === 'state' ? this.conversation.patchState(patch) : this.conversation.patchActivity(target, patch);
    frame.carried = target === 'state' ? `state delta: ${patch.length} operations` : `activity ${target} delta`;
    if (failed === null) return;
    const what = target === 'state' ? 'the state' : `activity ${JSON.stringify(target)}`;
    this.raise('delta mismatch', frame, `Frame ${frame.index}: the JSON Patch for ${what} does not apply (${failed}); the client keeps ${what} as it was, so this change is lost.`);
  }

  private readActivity(event: Json): void {
    const id = text(event.messageId);
    const kind = text(event.activityType);
    if (id === undefined || kind === undefined || !isObject(event.content)) return;
    this.conversation.activity(id, kind, event.content, event.replace !== false);
  }

  private readEncrypted(event: Json): void {
    const subtype = text(event.subtype);
    const entity = text(event.entityId);
    const value = text(event.encryptedValue);
    if (subtype !== undefined && entity !== undefined && value !== undefined) this.conversation.encrypted(subtype, entity, value);
  }

  // ------------------------------------------------------------------------ end

  finish(): Assembly {
    // The end of the stream closes open chunk streams, as the client's expansion does when its input completes.
    if (this.lastFrame) for (const logical of this.lanes.closeAll()) this.order.pair(logical.type, logical.event, this.lastFrame.index);
    const { messages } = this.conversation;
    const turn = turnOf(messages);
    turn.calls.forEach((call) => this.places.toolCall(0, this.callFrames.get(call.id ?? '') ?? this.lastFrame?.index ?? 0));
    const response = runResponse(this.head, messages, this.conversation.stateSent ? this.conversation.state : undefined, this.end);
    const usage = this.end.status === 'running' ? null : usageSum(this.end.usage);
    return {
      // A call a TOOL_CALL_RESULT answered was run by the agent: the answer lists it as a server call, and the
      // choice, like a Behavior run's steps, holds only the calls left for the application.
      choices: [{ index: 0, text: turn.text, ...(turn.reasoning !== '' ? { reasoning: turn.reasoning } : {}), toolCalls: clientCalls(turn), finishReason: finishReasonOf(this.end, turn.pending) }],
      usage,
      response,
      error: this.end.status === 'error' ? this.end.error : null,
      ended: this.end.status !== 'running',
      missingPiece: this.missingPiece,
    };
  }
}

function clientCalls(turn: Turn): ToolCall[] {
  return turn.calls.filter((call) => call.id === null || !turn.answered.has(call.id)).map((call, index) => ({ ...call, index }));
}

/** The finish reason this library names for how the run ended (AG-UI has no finish reason field: see finish-reasons.ts). */
export function finishReasonOf(end: RunEnd, pendingInTurn: readonly string[]): string | null {
  if (end.status === 'running') return null;
  if (end.status === 'error') return 'error';
  const outcome = end.outcome?.type;
  if (outcome === 'interrupt' || outcome === 'cancelled') return outcome;
  const named = Array.isArray(end.outcome?.pendingToolCallIds) && end.outcome.pendingToolCallIds.length > 0;
  return named || pendingInTurn.length > 0 ? 'tool_calls' : 'success';
}

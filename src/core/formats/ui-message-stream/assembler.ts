// One AI SDK UI message stream assembled as the `ai` client assembles it (`processUIMessageStream`, see
// reference.md): the message's parts in order, text and reasoning by id, tool calls by `toolCallId`, the last
// `finish` part's reason. A part the client would throw on is a finding here, and what it carried is kept.
import { NO_PLACES } from '../../answer/places.js';
import { RunningPlaces } from '../../answer/place-book.js';
import type { Payload } from '../../decode/frame.js';
import type { FindingCode, FindingList } from '../../findings.js';
import type { Assembler, Assembly, AssemblyContext, FrameRecord, ToolCall } from '../../model.js';
import { preview } from '../../words.js';
import { isObject, type Json } from '../json-shape.js';
import { phraseFamily } from '../phrases.js';
import { copiedPart, type ToolState } from './message.js';
import { isDataPart, schemaProblem } from './parts.js';
import { ToolParts } from './tool-parts.js';

const TEXT_PIECE = phraseFamily((_index, count) => `text +${count} chars`);
const REASONING_PIECE = phraseFamily((_index, count) => `reasoning +${count} chars`);

/** Where a part was read. */
export interface Seen {
  frame: number;
  line: number;
}

/** A text or reasoning part open under its id. */
interface OpenText {
  part: Json;
  kind: 'text' | 'reasoning';
}

export class UiMessageStreamAssembler implements Assembler {
  private readonly findings: FindingList;
  private readonly places: RunningPlaces;
  private readonly parts: Json[] = [];
  private readonly open = new Map<string, OpenText>();
  /** Every text and reasoning part with the id it started under: a step's end forgets the id, not the part. */
  private readonly idOf = new Map<Json, string>();
  private readonly tools: ToolParts;
  private messageId: string | null = null;
  private metadata: unknown = undefined;
  private finishReason: string | null = null;
  private finishAt: Seen | null = null;
  private doneAt: Seen | null = null;
  private error: string | null = null;
  private missingPiece = false;

  constructor(context: AssemblyContext) {
    this.findings = context.findings;
    this.places = new RunningPlaces(context.places ?? NO_PLACES);
    this.tools = new ToolParts(this.parts, (code, at, message) => this.add(code, at, message), () => this.markMissing());
  }

  read(frame: FrameRecord, payload: Payload): void {
    if (payload.kind === 'done') return this.readDone(frame);
    if (payload.kind !== 'json') return;
    const value = payload.value;
    const type = isObject(value) && typeof value.type === 'string' ? value.type : null;
    frame.type = type;
    if (this.doneAt !== null) return this.readAfterDone(frame);
    if (!isObject(value) || type === null) return this.rejected(frame, 'it is not an object with a string `type`', value);
    const problem = schemaProblem(value, type);
    if (problem !== null) return this.rejected(frame, problem, value);
    if (this.finishAt !== null && type !== 'finish') this.afterFinish(frame, type);
    this.dispatch(frame, type, value);
  }

  private dispatch(frame: FrameRecord, type: string, value: Json): void {
    switch (type) {
      case 'text-start':
      case 'reasoning-start':
        return this.readStart(frame, type === 'text-start' ? 'text' : 'reasoning', value.id as string);
      case 'text-delta':
      case 'reasoning-delta':
        return this.readDelta(frame, type === 'text-delta' ? 'text' : 'reasoning', value.id as string, value.delta as string);
      case 'text-end':
      case 'reasoning-end':
        return this.readEnd(frame, type === 'text-end' ? 'text' : 'reasoning', value.id as string);
      case 'start':
        return this.readMessageStart(frame, value);
      case 'start-step':
        this.parts.push({ type: 'step-start' });
        frame.carried = 'step started';
        return;
      case 'finish-step':
        // The client forgets the open text and reasoning ids at a step's end.
        this.open.clear();
        frame.carried = 'step finished';
        return;
      case 'finish':
        return this.readFinish(frame, value);
      case 'message-metadata':
        this.mergeMetadata(value.messageMetadata);
        frame.carried = 'message metadata';
        return;
      case 'error':
        return this.readError(frame, value.errorText as string, `an \`error\` part: ${preview(value.errorText as string, 80)}`);
      case 'abort':
        return this.readError(frame, typeof value.reason === 'string' ? `aborted: ${value.reason}` : 'aborted', 'an `abort` part: the server stopped the answer');
      default:
        return this.readOther(frame, type, value);
    }
  }

  private readOther(frame: FrameRecord, type: string, value: Json): void {
    const at = { frame: frame.index, line: frame.line };
    if (type.startsWith('tool-')) {
      const started = this.tools.read(frame, type, value, at);
      if (started) this.places.recorder.toolCall(0, frame.index);
      return;
    }
    if (isDataPart(type)) return this.readData(frame, type, value);
    // source-url, source-document, file
    this.parts.push(copiedPart(value));
    frame.carried = type;
  }

  private readStart(frame: FrameRecord, kind: 'text' | 'reasoning', id: string): void {
    const part: Json = kind === 'text' ? { type: 'text', text: '', state: 'streaming' } : { type: 'reasoning', text: '', state: 'streaming' };
    this.parts.push(part);
    this.open.set(id, { part, kind });
    this.idOf.set(part, id);
    frame.carried = `${kind} ${preview(id, 24)} started`;
  }

  private readDelta(frame: FrameRecord, kind: 'text' | 'reasoning', id: string, delta: string): void {
    let open = this.open.get(id);
    if (open === undefined || open.kind !== kind) {
      this.add('block unstarted', frame, `Frame ${frame.index} is a \`${kind}-delta\` for id ${preview(JSON.stringify(id), 40)}, which no open \`${kind}-start\` named${this.lastDeltaNote(kind)}. The \`ai\` client throws here and the response fails; it is read here as a new ${kind} part.`);
      this.markMissing();
      this.readStart(frame, kind, id);
      open = this.open.get(id) as OpenText;
    }
    open.part.text = `${open.part.text as string}${delta}`;
    this.places.append(kind, 0, delta, frame.index);
    frame.carried = (kind === 'text' ? TEXT_PIECE : REASONING_PIECE)(0, delta.length);
    frame.progress = delta !== '';
  }

  /** A hint when the stream looks like one that gives every delta a new id. */
  private lastDeltaNote(kind: 'text' | 'reasoning'): string {
    const openOfKind = [...this.open.values()].filter((open) => open.kind === kind).length;
    return openOfKind > 0 ? ` (another ${kind} part is open: a writer that makes a new id per delta sends this)` : '';
  }

  private readEnd(frame: FrameRecord, kind: 'text' | 'reasoning', id: string): void {
    const open = this.open.get(id);
    frame.carried = `${kind} ${preview(id, 24)} ended`;
    if (open === undefined || open.kind !== kind) {
      this.add('block unstarted', frame, `Frame ${frame.index} is a \`${kind}-end\` for id ${preview(JSON.stringify(id), 40)}, which no open \`${kind}-start\` named. The \`ai\` client throws here and the response fails.`);
      this.markMissing();
      return;
    }
    open.part.state = 'done';
    this.open.delete(id);
  }

  private readMessageStart(frame: FrameRecord, value: Json): void {
    if (typeof value.messageId === 'string') this.messageId = value.messageId;
    this.mergeMetadata(value.messageMetadata);
    frame.carried = 'message start';
  }

  private readFinish(frame: FrameRecord, value: Json): void {
    const reason = typeof value.finishReason === 'string' ? value.finishReason : null;
    if (this.finishAt !== null) this.add('after finish', frame, `Frame ${frame.index} is a second \`finish\` part (the first was frame ${this.finishAt.frame}). The client keeps the last reason it was given.`);
    this.finishAt = { frame: frame.index, line: frame.line };
    if (reason !== null) {
      this.finishReason = reason;
      this.places.recorder.finish(0, frame.index);
    } else if (this.finishReason === null) {
      this.add('finish without reason', frame, `Frame ${frame.index} is a \`finish\` part without \`finishReason\`: the schema allows it, but the client cannot tell a whole answer from one cut at the token limit or by a filter.`);
    }
    this.mergeMetadata(value.messageMetadata);
    frame.carried = reason === null ? 'finish' : `finish: ${reason}`;
  }

  /** The stream's error is the part's `errorText` (the text its writer's `onError` made), or `aborted`. */
  private readError(frame: FrameRecord, error: string, what: string): void {
    this.error = error;
    this.places.recorder.error(frame.index);
    frame.carried = frame.type === 'abort' ? 'abort' : 'error';
    this.add('error event', frame, `Frame ${frame.index} is ${what}. What arrived before it is partial.`);
  }

  private readData(frame: FrameRecord, type: string, value: Json): void {
    frame.carried = `${type}${value.transient === true ? ' (transient: not kept)' : ''}`;
    if (value.transient === true) return;
    const id = value.id;
    const same = typeof id === 'string' ? this.parts.find((part) => part.type === type && part.id === id) : undefined;
    if (same !== undefined) same.data = value.data;
    else this.parts.push(copiedPart(value));
  }

  private mergeMetadata(metadata: unknown): void {
    if (metadata === undefined || metadata === null) return;
    this.metadata = isObject(this.metadata) && isObject(metadata) ? { ...this.metadata, ...metadata } : metadata;
  }

  private readDone(frame: FrameRecord): void {
    frame.type = '[DONE]';
    if (this.doneAt !== null) return this.readAfterDone(frame);
    this.doneAt = { frame: frame.index, line: frame.line };
    frame.carried = '[DONE]';
  }

  private readAfterDone(frame: FrameRecord): void {
    frame.carried = 'after [DONE]: not read';
    if (this.findings.has('after end')) return;
    this.add('after end', frame, `Frame ${frame.index} comes after \`data: [DONE]\` (frame ${this.doneAt?.frame ?? 0}), which ends the stream. It was not read.`);
  }

  private afterFinish(frame: FrameRecord, type: string): void {
    if (this.findings.has('after finish')) return;
    this.add('after finish', frame, `Frame ${frame.index} (\`${type}\`) comes after the \`finish\` part (frame ${this.finishAt?.frame ?? 0}). The \`ai\` client still applies it, but a writer that sends parts after \`finish\` has lost track of its answer; other readers stop at \`finish\`.`);
  }

  private rejected(frame: FrameRecord, problem: string, value: unknown): void {
    frame.carried = 'rejected by the client schema: not read';
    this.add('part rejected', frame, `Frame ${frame.index} fails the \`ai\` client's part schema: ${problem} (${preview(JSON.stringify(value) ?? '', 80)}). \`useChat\` throws at this part and the response fails there; it was not read.`);
  }

  private markMissing(): void {
    this.missingPiece = true;
  }

  private add(code: FindingCode, at: Seen | FrameRecord, message: string): void {
    const frame = 'frame' in at ? at.frame : at.index;
    this.findings.add(code, message, at.line, 1, frame);
  }

  finish(): Assembly {
    this.reportOpen();
    const calls = this.tools.calls();
    const toolCalls: ToolCall[] = calls.map((state, index) => toolCallOf(state, index));
    const text = this.joined('text');
    const reasoning = this.joined('reasoning');
    const ended = this.finishAt !== null;
    const message: Json = { id: this.messageId ?? '', role: 'assistant', ...(this.metadata !== undefined ? { metadata: this.metadata } : {}), parts: this.parts };
    return {
      choices: [{ index: 0, text, ...(reasoning !== '' ? { reasoning } : {}), toolCalls, finishReason: this.finishReason }],
      usage: null,
      response: { ...message, finishReason: this.finishReason },
      error: this.error,
      ended,
      missingPiece: this.missingPiece,
    };
  }

  private reportOpen(): void {
    if (this.finishAt === null) return;
    // A part is open while the client shows it streaming: never ended, whether or not a `finish-step` forgot its id.
    for (const [part, id] of this.idOf) {
      if (part.state !== 'streaming') continue;
      const kind = part.type as string;
      this.add('block open', this.finishAt, `The ${kind} part ${preview(JSON.stringify(id), 40)} got no \`${kind}-end\` for the part it started (the \`finish\` part is frame ${this.finishAt.frame}): the client shows it as still streaming.`);
    }
    this.tools.reportOpen(this.finishAt);
  }

  private joined(kind: 'text' | 'reasoning'): string {
    let joined = '';
    for (const part of this.parts) if (part.type === kind && typeof part.text === 'string') joined += part.text;
    return joined;
  }
}

function toolCallOf(state: ToolState, index: number): ToolCall {
  const input = state.part.input;
  const call: ToolCall = { index, id: state.callId, name: state.name, arguments: input === undefined ? state.raw : (JSON.stringify(input) ?? '') };
  if (input !== undefined) call.input = input;
  return call;
}

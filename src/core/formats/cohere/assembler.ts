// One Cohere v2 Chat stream assembled as its documentation says a client does it, frame by frame (reference.md):
// `message-start`, content blocks and tool calls built at their index, the tool plan, citations, and `message-end`
// with the finish reason, the usage and, on failure, the error.
import { NO_PLACES } from '../../answer/places.js';
import { RunningPlaces } from '../../answer/place-book.js';
import type { Payload } from '../../decode/frame.js';
import type { FindingCode, FindingList } from '../../findings.js';
import { MAX_NESTING, parseJson } from '../../json-depth.js';
import type { Assembler, Assembly, AssemblyContext, FrameRecord, ToolCall } from '../../model.js';
import { preview } from '../../words.js';
import { checkFinishReason } from '../finish-check.js';
import { isIndex, isObject, type Json } from '../json-shape.js';
import { phraseFamily } from '../phrases.js';
import { PieceText } from '../piece-text.js';
import { type CallState, type CitationState, type ContentState, fieldOf, type Seen } from './content-state.js';
import { reportAfterEnd, reportFinishMismatch, reportIncomplete, reportOpen, type AfterEnd } from './end-findings.js';
import { finishReasons } from './finish-reasons.js';
import { choiceOf, type MessageFacts, responseOf, toolCallOf } from './response.js';

const TEXT_TO_BLOCK = phraseFamily((index, count) => `text +${count} chars to block ${index}`);
const THINKING_TO_BLOCK = phraseFamily((index, count) => `thinking +${count} chars to block ${index}`);
const TOOL_ARGUMENTS = phraseFamily((index, count) => `tool call ${index} arguments +${count} chars`);
const PLAN = phraseFamily((_index, count) => `tool plan +${count} chars`);

/** The path from an event to what its delta carries: `delta.message`. */
function messageOf(value: Json): Json | null {
  return isObject(value.delta) && isObject(value.delta.message) ? value.delta.message : null;
}

export class CohereAssembler implements Assembler {
  private readonly findings: FindingList;
  private readonly places: RunningPlaces;
  private readonly contents = new Map<number, ContentState>();
  private readonly calls = new Map<number, CallState>();
  private readonly citations = new Map<number, CitationState>();
  private readonly facts: MessageFacts = { id: null, finishReason: null, toolPlan: null, usage: null };
  private plan: PieceText | null = null;
  private started: Seen | null = null;
  private noStartRaised = false;
  private ended: Seen | null = null;
  private done: Seen | null = null;
  private error: Json | null = null;
  private missingPiece = false;
  private after: AfterEnd | null = null;

  constructor(context: AssemblyContext) {
    this.findings = context.findings;
    this.places = new RunningPlaces(context.places ?? NO_PLACES);
  }

  read(frame: FrameRecord, payload: Payload): void {
    if (payload.kind === 'done') return this.readDone(frame);
    if (payload.kind !== 'json') return;
    const value = payload.value;
    const type = isObject(value) && typeof value.type === 'string' ? value.type : null;
    frame.type = type;
    if (this.ended !== null || this.done !== null) return this.readAfterEnd(frame);
    if (!isObject(value) || type === null) return this.notAnEvent(frame, value);
    this.checkEventName(frame, type);
    this.dispatch(frame, type, value);
  }

  /** The open content block a `text`/`thinking` delta at `index` goes to when read() would apply it and raise nothing. */
  contentTarget(index: number, field: 'text' | 'thinking'): ContentState | null {
    if (this.started === null || this.ended !== null || this.done !== null) return null;
    const state = this.contents.get(index);
    return state !== undefined && state.open && fieldOf(state.type) === field ? state : null;
  }

  /** The open tool call an arguments piece at `index` goes to when read() would apply it and raise nothing. */
  callTarget(index: number): CallState | null {
    if (this.started === null || this.ended !== null || this.done !== null) return null;
    const state = this.calls.get(index);
    return state !== undefined && state.open ? state : null;
  }

  /** Whether a tool plan piece would be read with nothing raised. */
  planReady(): boolean {
    return this.started !== null && this.ended === null && this.done === null;
  }

  private dispatch(frame: FrameRecord, type: string, value: Json): void {
    switch (type) {
      case 'content-delta':
        return this.readContentDelta(frame, value);
      case 'tool-call-delta':
        return this.readCallDelta(frame, value);
      case 'tool-plan-delta':
        return this.readPlan(frame, value);
      case 'content-start':
        return this.readContentStart(frame, value);
      case 'content-end':
        return this.readEnd(frame, value, this.contents, 'content block');
      case 'tool-call-start':
        return this.readCallStart(frame, value);
      case 'tool-call-end':
        return this.readCallEnd(frame, value);
      case 'citation-start':
        return this.readCitationStart(frame, value);
      case 'citation-end':
        return this.readEnd(frame, value, this.citations, 'citation');
      case 'message-start':
        return this.readMessageStart(frame, value);
      case 'message-end':
        return this.readMessageEnd(frame, value);
      case 'debug':
        frame.carried = 'debug: not part of the answer';
        return;
      default:
        return this.unknownType(frame, type);
    }
  }

  private add(code: FindingCode, at: Seen, message: string): void {
    this.findings.add(code, message, at.line, 1, at.frame);
  }

  private at(frame: FrameRecord): Seen {
    return { frame: frame.index, line: frame.line };
  }

  // ── frames that are not events of this stream ──────────────────────────────────────────────────────────

  /** `data: [DONE]` follows `message-end` in real streams; the SDK's reader stops at it wherever it comes. */
  private readDone(frame: FrameRecord): void {
    frame.type = '[DONE]';
    if (this.done !== null) return this.readAfterEnd(frame);
    this.done = this.at(frame);
    frame.carried = this.ended !== null ? '[DONE] after message-end' : '[DONE] before message-end';
  }

  private notAnEvent(frame: FrameRecord, value: unknown): void {
    frame.carried = 'not an event object: not read';
    this.add('unknown event', this.at(frame), `Frame ${frame.index}'s data is JSON but not a Cohere event (an object with a string \`type\`): ${preview(JSON.stringify(value) ?? String(value))}. It was not read.`);
  }

  private unknownType(frame: FrameRecord, type: string): void {
    frame.carried = `unknown event ${type}: not read`;
    this.add(
      'unknown event',
      this.at(frame),
      `Frame ${frame.index} has type \`${type}\`, which is not a Cohere v2 chat stream event. The SDK hands it on as it is and nothing assembles it; check the name if it was meant to carry part of the answer.`,
    );
  }

  /** After `message-end` (or `[DONE]`) a client has stopped reading. */
  private readAfterEnd(frame: FrameRecord): void {
    frame.carried = 'after the end: not read';
    const end = this.done ?? this.ended;
    if (end === null) return;
    this.after ??= { first: this.at(frame), count: 0, end, byDone: this.done !== null && (this.ended === null || this.done.frame < this.ended.frame) };
    this.after.count += 1;
  }

  /** Cohere names every event twice: the `event:` line and the JSON `type`. The SDK reads the type. */
  private checkEventName(frame: FrameRecord, type: string): void {
    if (frame.event === type || frame.event === 'message') return;
    this.add(
      'event mismatch',
      this.at(frame),
      `Frame ${frame.index} says \`event: ${frame.event}\` but its data's type is \`${type}\`. It was read by its type, as the SDK reads it; a client that dispatches on the event name reads \`${frame.event}\`. Write the same name in both.`,
    );
  }

  private badShape(frame: FrameRecord, what: string): void {
    frame.carried = `${frame.type ?? 'event'}: not assembled`;
    this.add('not assembled', this.at(frame), `Frame ${frame.index} (\`${frame.type ?? '?'}\`) has ${what}; it was not assembled.`);
  }

  // ── the message ───────────────────────────────────────────────────────────────────────────────────────

  private readMessageStart(frame: FrameRecord, value: Json): void {
    if (this.started !== null) {
      const built = this.contents.size + this.calls.size;
      if (built > 0) this.missingPiece = true;
      this.add(
        'block restarted',
        this.at(frame),
        `Frame ${frame.index} is a second \`message-start\` (the first was frame ${this.started.frame}); Cohere sends one per stream. ${built > 0 ? `The ${built} content block(s) and tool call(s) built so far are replaced by the new message: its end is missing.` : 'Nothing was built yet, so nothing was lost.'}`,
      );
      this.contents.clear();
      this.calls.clear();
      this.citations.clear();
      this.plan = null;
    }
    this.started = this.at(frame);
    this.facts.id = typeof value.id === 'string' ? value.id : null;
    frame.carried = `message start${this.facts.id !== null ? `: ${this.facts.id}` : ''}`;
  }

  /** Every event after `message-start` needs a message to go into. */
  private needMessage(frame: FrameRecord): void {
    if (this.started !== null || this.noStartRaised) return;
    this.noStartRaised = true;
    this.missingPiece = true;
    this.add('no start', this.at(frame), `The stream has no \`message-start\` before frame ${frame.index}, so the message's id is missing: this is not the whole stream. Capture it from its first byte.`);
  }

  private readMessageEnd(frame: FrameRecord, value: Json): void {
    this.needMessage(frame);
    this.ended = this.at(frame);
    const delta = isObject(value.delta) ? value.delta : {};
    if (!isObject(value.delta)) this.badShape(frame, 'no `delta` object (its finish reason and usage are unknown)');
    const carried = ['end: message-end'];
    const reason = delta.finish_reason;
    if (typeof reason === 'string') {
      this.facts.finishReason = reason;
      carried.push(`finish reason: ${reason}`);
      this.places.recorder.finish(0, frame.index);
      checkFinishReason(this.findings, finishReasons, reason, frame, 'finish_reason', '');
    }
    if (isObject(delta.usage)) {
      this.facts.usage = delta.usage;
      this.places.recorder.usage(frame.index);
      carried.push('usage');
    }
    if (reason === 'ERROR' || reason === 'TIMEOUT' || (delta.error !== undefined && delta.error !== null)) this.readError(frame, delta, typeof reason === 'string' ? reason : null);
    frame.carried = carried.join(', ');
  }

  /** A failed generation ends with `finish_reason: "ERROR"` and its message in `delta.error` (reference.md §7). */
  private readError(frame: FrameRecord, delta: Json, reason: string | null): void {
    const message = typeof delta.error === 'string' ? delta.error : null;
    const type = typeof delta.error_type === 'string' ? delta.error_type : reason;
    this.error = { type, message, ...(reason !== null ? { finish_reason: reason } : {}) };
    this.places.recorder.error(frame.index);
    this.add(
      'error event',
      this.at(frame),
      `The stream ended in an error at frame ${frame.index} (${type ?? 'error'}${message !== null ? `: ${preview(message, 200)}` : ''}), after the response had started. What arrived before it is partial: treat the call as failed.`,
    );
  }

  // ── content blocks ────────────────────────────────────────────────────────────────────────────────────

  private readContentStart(frame: FrameRecord, value: Json): void {
    this.needMessage(frame);
    const content = messageOf(value)?.content;
    if (!isIndex(value.index) || !isObject(content)) return this.badShape(frame, 'no `index` or no `delta.message.content` object');
    const type = typeof content.type === 'string' ? content.type : 'text';
    const earlier = this.contents.get(value.index);
    if (earlier !== undefined) this.restarted(frame, 'content block', earlier.index, earlier.start, earlier.text.length);
    const field = fieldOf(type);
    const first = field !== null && typeof content[field] === 'string' ? content[field] : '';
    const state: ContentState = { index: value.index, type, text: new PieceText(), open: true, start: this.at(frame) };
    this.contents.set(value.index, state);
    if (field === null) this.add('not assembled', this.at(frame), `Content block ${value.index} (frame ${frame.index}) has type \`${type}\`, which is not \`text\` or \`thinking\`; its text is kept as it arrives.`);
    frame.carried = `content block ${value.index} start (${type})`;
    if (first !== '') this.appendContent(frame, state, first);
  }

  private restarted(frame: FrameRecord, what: string, index: number, start: Seen, chars: number): void {
    this.missingPiece = true;
    this.add('block restarted', this.at(frame), `Frame ${frame.index} starts ${what} ${index} again; it was started at frame ${start.frame}. The later start replaces it: ${chars} chars built for it are dropped. Give every ${what} its own index.`);
  }

  /** The open entry an event at `index` is for, or a finding saying it is not open. */
  private openAt<State extends { open: boolean }>(frame: FrameRecord, value: Json, map: Map<number, State>, what: string, event: string): State | null {
    const state = isIndex(value.index) ? map.get(value.index) : undefined;
    if (state?.open) return state;
    const stopped = state !== undefined;
    if (!stopped || event === 'delta') this.missingPiece = true;
    const name = isIndex(value.index) ? `${what} ${value.index}` : `a ${what} with index ${preview(JSON.stringify(value.index) ?? 'undefined')}`;
    frame.carried = `${event} for ${name}: not read`;
    this.add(
      'block unstarted',
      this.at(frame),
      stopped
        ? `Frame ${frame.index} is a ${event} for ${name}, which already ended at an earlier frame; it was not assembled.`
        : `Frame ${frame.index} is a ${event} for ${name}, which no start event opened; it was not assembled and a piece of the stream is missing.`,
    );
    return null;
  }

  private readContentDelta(frame: FrameRecord, value: Json): void {
    this.needMessage(frame);
    const state = this.openAt(frame, value, this.contents, 'content block', 'delta');
    if (state === null) return;
    const content = messageOf(value)?.content;
    if (!isObject(content)) return this.badShape(frame, 'no `delta.message.content` object');
    const field = fieldOf(state.type) ?? 'text';
    const piece = content[field];
    if (typeof piece === 'string') return this.appendContent(frame, state, piece);
    const other = field === 'text' ? 'thinking' : 'text';
    if (typeof content[other] === 'string') {
      this.missingPiece = true;
      frame.carried = `${other} for ${state.type} block ${state.index}: not read`;
      return this.add('delta mismatch', this.at(frame), `Frame ${frame.index} carries \`${other}\` into content block ${state.index}, a \`${state.type}\` block: the SDK's readers take \`${field}\` there, so ${(content[other] as string).length} chars are lost. Start a block of its own type for it.`);
    }
    this.badShape(frame, `a content delta without a string \`${field}\``);
  }

  /** Also the accelerator's step for a planned content delta. */
  appendContent(frame: FrameRecord, state: ContentState, piece: string): void {
    state.text.push(piece);
    const thinking = state.type === 'thinking';
    this.places.append(thinking ? 'reasoning' : 'text', 0, piece, frame.index);
    frame.carried = thinking ? THINKING_TO_BLOCK(state.index, piece.length) : TEXT_TO_BLOCK(state.index, piece.length);
    frame.progress = piece.length > 0;
  }

  private readEnd(frame: FrameRecord, value: Json, map: Map<number, { open: boolean; index: number }>, what: string): void {
    this.needMessage(frame);
    const state = this.openAt(frame, value, map, what, 'end');
    if (state === null) return;
    state.open = false;
    frame.carried = `${what} ${state.index} end`;
  }

  // ── the tool plan, tool calls and citations ──────────────────────────────────────────────────────────

  private readPlan(frame: FrameRecord, value: Json): void {
    this.needMessage(frame);
    const piece = messageOf(value)?.tool_plan;
    if (typeof piece !== 'string') return this.badShape(frame, 'no string `delta.message.tool_plan`');
    this.appendPlan(frame, piece);
  }

  /** Also the accelerator's step for a planned tool plan piece. */
  appendPlan(frame: FrameRecord, piece: string): void {
    (this.plan ??= new PieceText()).push(piece);
    this.places.append('reasoning', 0, piece, frame.index);
    frame.carried = PLAN(0, piece.length);
    frame.progress = piece.length > 0;
  }

  private readCallStart(frame: FrameRecord, value: Json): void {
    this.needMessage(frame);
    const call = messageOf(value)?.tool_calls;
    if (!isIndex(value.index) || !isObject(call)) return this.badShape(frame, 'no `index` or no `delta.message.tool_calls` object');
    const earlier = this.calls.get(value.index);
    if (earlier !== undefined) this.restarted(frame, 'tool call', earlier.index, earlier.start, earlier.args.length);
    const fn = isObject(call.function) ? call.function : {};
    const state: CallState = {
      index: value.index,
      call: { ...call },
      id: typeof call.id === 'string' ? call.id : null,
      name: typeof fn.name === 'string' ? fn.name : '',
      args: new PieceText(typeof fn.arguments === 'string' ? fn.arguments : ''),
      input: { kind: 'pending' },
      open: true,
      start: this.at(frame),
    };
    this.calls.set(value.index, state);
    frame.carried = `tool call ${value.index} start: ${state.name || 'no name'}`;
    frame.progress = true;
  }

  private readCallDelta(frame: FrameRecord, value: Json): void {
    this.needMessage(frame);
    const state = this.openAt(frame, value, this.calls, 'tool call', 'delta');
    if (state === null) return;
    const calls = messageOf(value)?.tool_calls;
    const piece = isObject(calls) && isObject(calls.function) ? calls.function.arguments : undefined;
    if (typeof piece !== 'string') return this.badShape(frame, 'no string `delta.message.tool_calls.function.arguments`');
    this.appendArguments(frame, state, piece);
  }

  /** Also the accelerator's step for a planned arguments piece. */
  appendArguments(frame: FrameRecord, state: CallState, piece: string): void {
    state.args.push(piece);
    frame.carried = TOOL_ARGUMENTS(state.index, piece.length);
    frame.progress = piece.length > 0;
  }

  private readCallEnd(frame: FrameRecord, value: Json): void {
    this.needMessage(frame);
    const state = this.openAt(frame, value, this.calls, 'tool call', 'end');
    if (state === null) return;
    state.open = false;
    frame.carried = `tool call ${state.index} end`;
    this.parseArguments(frame, state);
  }

  /** The arguments are JSON text once the call ends; an empty text means no arguments (`{}`). */
  private parseArguments(frame: FrameRecord, state: CallState): void {
    const json = state.args.text;
    if (json.trim() === '') {
      state.input = { kind: 'parsed', value: {} };
      return;
    }
    try {
      state.input = { kind: 'parsed', value: parseJson(json) };
    } catch (error) {
      state.input = { kind: 'bad' };
      const deep = error instanceof RangeError;
      this.add(
        deep ? 'too deep' : 'arguments not json',
        this.at(frame),
        deep
          ? `The arguments of tool call ${state.index} (${state.name || 'no name'}) are JSON nested more than ${MAX_NESTING} levels deep when it ends at frame ${frame.index}; they are shown as assembled.`
          : `The arguments of tool call ${state.index} (${state.name || 'no name'}) do not parse as JSON when it ends at frame ${frame.index}: ${preview(json)}. They are shown as assembled; validate them before running the tool.`,
      );
    }
  }

  private readCitationStart(frame: FrameRecord, value: Json): void {
    this.needMessage(frame);
    const citation = messageOf(value)?.citations;
    if (!isIndex(value.index) || !isObject(citation)) return this.badShape(frame, 'no `index` or no `delta.message.citations` object');
    const earlier = this.citations.get(value.index);
    if (earlier !== undefined) this.restarted(frame, 'citation', earlier.index, earlier.start, 0);
    this.citations.set(value.index, { index: value.index, citation: { ...citation }, open: true, start: this.at(frame) });
    frame.carried = `citation ${value.index}`;
    frame.progress = true;
  }

  // ── the end ───────────────────────────────────────────────────────────────────────────────────────────

  finish(): Assembly {
    reportAfterEnd(this.findings, this.after);
    const contents = [...this.contents.values()].sort((a, b) => a.index - b.index);
    const calls = [...this.calls.values()].sort((a, b) => a.index - b.index);
    const citations = [...this.citations.values()].sort((a, b) => a.index - b.index);
    for (const state of [...contents, ...calls, ...citations]) {
      if (!state.open) continue;
      if (this.ended !== null) this.missingPiece = true;
      reportOpen(this.findings, state, this.ended !== null);
    }
    const toolCalls = this.toolCalls(calls);
    if (this.ended !== null && this.facts.finishReason === null && this.error === null) {
      this.add('no finish reason', this.ended, `The \`message-end\` at frame ${this.ended.frame} has no \`finish_reason\`: the stream does not say why the answer stopped.`);
    }
    if (this.ended !== null && reportFinishMismatch(this.findings, this.ended, this.facts.finishReason, toolCalls.length)) this.missingPiece = true;
    this.facts.toolPlan = this.plan === null ? null : this.plan.text;
    const error = this.error;
    if (this.started === null && this.ended === null && contents.length + calls.length === 0) {
      return { choices: [], usage: this.facts.usage, response: null, error, ended: false, missingPiece: this.missingPiece };
    }
    return {
      choices: [choiceOf(contents, this.facts, toolCalls)],
      usage: this.facts.usage,
      response: responseOf(contents, calls, citations, this.facts),
      error,
      ended: this.ended !== null,
      missingPiece: this.missingPiece,
    };
  }

  /** The calls the caller can run: those with an id and a name; the others are findings. */
  private toolCalls(calls: readonly CallState[]): ToolCall[] {
    const out: ToolCall[] = [];
    for (const state of calls) {
      const call = toolCallOf(state);
      if (call.id !== null && call.id !== '' && call.name !== '') {
        out.push(call);
        this.places.recorder.toolCall(0, state.start.frame);
      } else reportIncomplete(this.findings, state);
    }
    return out;
  }
}

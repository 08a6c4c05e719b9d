// The Chat Completions assembly: chunks read per choice index, as OpenAI's SDK joins them, until `data: [DONE]`.
import { NO_PLACES } from '../../answer/places.js';
import type { Payload } from '../../decode/frame.js';
import { type FindingCode, FindingList, FindingTally } from '../../findings.js';
import type { Assembler, Assembly, AssemblyContext, Choice, FrameRecord } from '../../model.js';
import { setOwn } from '../../own-copy.js';
import { kindOf, plural, preview } from '../../words.js';
import { isIndex, isObject, type Json } from '../json-shape.js';
import { readDelta } from './deltas.js';
import { checkFinishReason } from '../finish-check.js';
import { finishReasons } from './finish-reasons.js';
import { choiceResponse, completionOf } from './response.js';
import { CHOICE_LEVEL_READ, type ChatFindings, type ChoiceState, type FrameNotes, type FramePlace, newChoiceState, TOP_LEVEL_READ } from './state.js';
import { finishCalls } from './tool-calls.js';

/** A frame's type as the frames table names it: the chunk's `object` (or `type`), `error`, or null. */
export function typeName(value: unknown): string | null {
  if (!isObject(value)) return null;
  if (typeof value.object === 'string' && value.object !== '') return value.object;
  if (typeof value.type === 'string') return value.type;
  return value.error ? 'error' : null;
}

/** Findings that say the stream is not one answer read whole: the verdict is then `not the whole stream`. */
const CONTRADICTIONS: ReadonlySet<FindingCode> = new Set(['identity changed', 'tool call id changed', 'finish mismatch']);

export class ChatAssembler implements Assembler, ChatFindings {
  private readonly findings: FindingList;
  readonly choices = new Map<number, ChoiceState>();
  private readonly top: Json = {};
  private readonly topExtras: Json = {};
  private usage: Json | null = null;
  private groqUsage: Json | null = null;
  private error: unknown = null;
  /** The frame that ended the stream: `[DONE]` or an error. */
  private endFrame: FrameRecord | null = null;
  private endedByDone = false;
  private chunkSeen = false;
  private readonly unassembled = new FindingTally<FrameRecord>();
  private reasoningDetailsCount = 0;
  private readonly notes: FrameNotes;
  /** The first chunk's id and model, and where it was: a later chunk with others is from another response. */
  private identity: { id: unknown; model: unknown; created: unknown; frame: number } | null = null;
  /** A finding said the stream contradicts itself (spliced, a call restarted, a finish at odds with the content). */
  private contradicted = false;

  constructor(context: AssemblyContext) {
    this.findings = context.findings;
    this.notes = { frame: null as unknown as FrameRecord, carried: [], progress: false, roles: [], places: context.places ?? NO_PLACES };
  }

  read(frame: FrameRecord, payload: Payload): void {
    if (payload.kind === 'not json') return;
    frame.type = payload.kind === 'done' ? '[DONE]' : typeName(payload.value);
    if (this.endFrame !== null) return this.afterEnd(frame);
    if (payload.kind === 'done') return this.done(frame);
    const value = payload.value;
    if (frame.event === 'error' || (isObject(value) && Boolean(value.error))) return this.errorFrame(frame, value);
    const notes = this.notesFor(frame);
    this.checkEvent(frame);
    if (isObject(value)) this.readChunk(notes, value);
    else this.notAssembled(notes, `frame:${kindOf(value)}`, `Frame ${frame.index}'s data is ${kindOf(value)}, not a chunk object; it was not assembled. Send one \`chat.completion.chunk\` object per frame.`, `data is ${kindOf(value)}`);
    this.noteCarried(notes);
  }

  /** Whether `[DONE]` or an error ended the stream: every later frame is only reported. */
  get ended(): boolean {
    return this.endFrame !== null;
  }

  /** One notes record for every frame (read one at a time): nothing is made per frame unless it carried something. */
  notesFor(frame: FrameRecord): FrameNotes {
    const notes = this.notes;
    notes.frame = frame;
    if (notes.carried.length > 0) notes.carried.length = 0;
    notes.progress = false;
    if (notes.roles.length > 0) notes.roles.length = 0;
    return notes;
  }

  noteCarried(notes: FrameNotes): void {
    const carried = notes.carried.length > 0 ? notes.carried : notes.roles;
    notes.frame.carried = carried.length === 1 ? (carried[0] as string) : carried.length > 0 ? carried.join('; ') : 'nothing to assemble';
    notes.frame.progress = notes.progress;
  }

  finish(): Assembly {
    const states = [...this.choices.values()].sort((a, b) => a.index - b.index);
    const built = states.map((state) => this.finishChoice(state));
    const usage = this.usage ?? this.groqUsage;
    return {
      choices: built.map((entry) => entry.choice),
      usage,
      response: this.chunkSeen ? completionOf(this.top, this.topExtras, built.map((entry) => entry.response), usage) : null,
      error: this.error,
      ended: this.endFrame !== null,
      missingPiece: this.contradicted,
    };
  }

  // ── Frames that end the stream, and what comes after ──

  private done(frame: FrameRecord): void {
    this.checkEvent(frame);
    this.endFrame = frame;
    this.endedByDone = true;
    frame.carried = 'end: [DONE]';
  }

  private errorFrame(frame: FrameRecord, value: unknown): void {
    // An error frame whose data is `null` still ends the stream in an error: keep its data text as the error.
    const error = (isObject(value) && value.error != null && value.error !== false ? value.error : value) ?? frame.data;
    this.error = error;
    this.endFrame = frame;
    this.notes.places.error(frame.index);
    if (isObject(value) && isObject(value.usage)) {
      this.usage = value.usage;
      this.notes.places.usage(frame.index);
    }
    const how = frame.event === 'error' ? 'an `event: error` frame' : 'a frame whose data has a top-level `error`';
    this.add(
      'error event',
      `Frame ${frame.index} is ${how}: ${errorSummary(error)}. The stream ends here, so what arrived before it is partial (${this.answerSoFar()}). Surface the error to the caller as a failure; do not present the partial answer as complete.`,
      frame,
    );
    frame.carried = `error: ${errorSummary(error)}${isObject(value) && isObject(value.usage) ? '; usage' : ''}`;
  }

  private afterEnd(frame: FrameRecord): void {
    const end = this.endFrame;
    const what = this.endedByDone ? '`data: [DONE]`' : 'the error';
    this.add(
      'after end',
      `Frame ${frame.index} comes after ${what} in frame ${end?.index ?? '?'}, which ends the stream. A client stops reading at the end, so it was not assembled. Stop writing after the frame that ends the stream.`,
      frame,
    );
    frame.carried = 'after the end: not read';
  }

  private checkEvent(frame: FrameRecord): void {
    if (frame.event === 'message' || frame.event === frame.type) return;
    this.add(
      'event mismatch',
      `Frame ${frame.index} has \`event: ${frame.event}\` but its data is ${frame.type === null ? 'not a typed chunk' : `a \`${frame.type}\``}. Clients that dispatch on the event name see something other than clients that read the data. Chat Completions frames carry no \`event:\` line: drop it.`,
      frame,
    );
  }

  // ── Chunks ──

  private readChunk(notes: FrameNotes, chunk: Json): void {
    this.startChunk(chunk, notes.frame);
    this.readTopExtras(chunk);
    if (isObject(chunk.usage)) {
      this.usage = chunk.usage;
      notes.places.usage(notes.frame.index);
      notes.carried.push('usage');
    }
    if (isObject(chunk.x_groq) && isObject(chunk.x_groq.usage)) this.groqUsage = chunk.x_groq.usage;
    const choices = chunk.choices;
    if (Array.isArray(choices)) {
      if (choices.length === 0 && notes.carried.length === 0) notes.carried.push('no choices');
      for (let position = 0; position < choices.length; position += 1) this.readChoice(notes, choices[position], position);
    } else if (choices !== undefined || notes.carried.length === 0) {
      const what = choices === undefined ? 'has no `choices` array' : `has \`choices\` as ${kindOf(choices)}, not an array`;
      this.notAssembled(notes, `choices:${kindOf(choices)}`, `Frame ${notes.frame.index} ${what}, so no choice was assembled from it. Every chunk carries \`choices\` (an empty array for the usage chunk).`, 'no choices array');
    }
  }

  /** A chunk arrived: its top-level fields id, created, model and friends are read; the last value that says something wins. */
  startChunk(chunk: Json, frame: FramePlace): void {
    this.chunkSeen = true;
    if (this.identity === null) this.identity = { id: chunk.id, model: chunk.model, created: chunk.created, frame: frame.index };
    // The same id and model as the first chunk (nearly every chunk): nothing to check or learn.
    else if (chunk.id !== this.identity.id || chunk.model !== this.identity.model) this.checkIdentity(chunk, frame);
    if (typeof chunk.id === 'string' && chunk.id !== '') this.top.id = chunk.id;
    if (typeof chunk.created === 'number' && chunk.created !== 0) this.top.created = chunk.created;
    if (typeof chunk.model === 'string' && chunk.model !== '') this.top.model = chunk.model;
    if (typeof chunk.system_fingerprint === 'string' && chunk.system_fingerprint !== '') this.top.system_fingerprint = chunk.system_fingerprint;
    if (typeof chunk.service_tier === 'string') this.top.service_tier = chunk.service_tier;
  }

  /**
   * A chunk whose `id` or `model` differs from the first chunk's comes from another response: a relay fell back to a
   * second upstream mid-answer. `created` alone may move (Perplexity stamps each chunk), so it is only named beside them.
   * Empty values say nothing (Azure's first chunk has none); the first chunk that has a value sets it.
   */
  private checkIdentity(chunk: Json, frame: FramePlace): void {
    const first = this.identity!;
    const changed: string[] = [];
    for (const field of ['id', 'model'] as const) {
      const value = chunk[field];
      if (typeof value !== 'string' || value === '') continue;
      if (typeof first[field] !== 'string' || first[field] === '') first[field] = value;
      else if (value !== first[field]) changed.push(`\`${field}\` ${preview(String(first[field]), 40)} → ${preview(value, 40)}`);
    }
    if (changed.length === 0) return;
    if (typeof chunk.created === 'number' && typeof first.created === 'number' && chunk.created !== first.created) changed.push(`\`created\` ${first.created} → ${chunk.created}`);
    const message = `Frame ${frame.index} comes from another response than frame ${first.frame}: ${changed.join(', ')}. The answer is spliced from two upstreams, as when a relay falls back mid-answer; what the first one would have said next is missing. A relay must retry before the first byte reaches the client, or end the stream with an error.`;
    this.add('identity changed', message, frame);
    // The second response is the one read from here on: its own chunks are no new splice.
    for (const field of ['id', 'model'] as const) if (typeof chunk[field] === 'string' && chunk[field] !== '') first[field] = chunk[field];
    first.frame = frame.index;
  }

  /** The top-level fields the assembly does not read itself are passed through, the last value kept. */
  private readTopExtras(chunk: Json): void {
    // for…in walks the object's own keys without making an array of them (chunks are plain JSON objects).
    for (const key in chunk) {
      if (!TOP_LEVEL_READ.has(key) && Object.hasOwn(chunk, key)) setOwn(this.topExtras, key, chunk[key]);
    }
  }

  private readChoice(notes: FrameNotes, item: unknown, position: number): void {
    const frame = notes.frame;
    if (!isObject(item)) {
      this.notAssembled(notes, `choice:${kindOf(item)}`, `Choice ${position} of frame ${frame.index} is ${kindOf(item)}, so it was not assembled. Send every choice as an object with its \`index\`.`, `choice ${position}: ${kindOf(item)}`);
      return;
    }
    const index = isIndex(item.index) ? item.index : this.noIndex(notes, item, position);
    const state = this.choiceState(index, frame);
    state.lastFrame = frame;
    for (const key in item) {
      if (!CHOICE_LEVEL_READ.has(key) && Object.hasOwn(item, key)) setOwn(state.extras, key, item[key]);
    }
    if (isObject(item.logprobs)) this.mergeLogprobs(notes, state, item.logprobs);
    if (isObject(item.delta)) this.readChoiceDelta(notes, state, item.delta);
    else if (item.delta != null) this.notAssembled(notes, `delta:${kindOf(item.delta)}`, `Choice ${state.index}'s \`delta\` in frame ${frame.index} is ${kindOf(item.delta)}, not an object; it was not assembled.`, `choice ${state.index}: delta is ${kindOf(item.delta)}`);
    this.readFinishReason(notes, state, item.finish_reason);
  }

  /** The delta is read; content for a choice that already finished is `finish mismatch`. */
  private readChoiceDelta(notes: FrameNotes, state: ChoiceState, delta: Json): void {
    const progress = notes.progress;
    notes.progress = false;
    readDelta(this, notes, state, delta);
    if (notes.progress && state.finishReason !== null) this.contentAfterFinish(notes.frame, state);
    notes.progress ||= progress;
  }

  private contentAfterFinish(frame: FrameRecord, state: ChoiceState): void {
    if (!this.unassembled.note(`after finish:${state.index}`, frame)) return;
    this.add(
      'finish mismatch',
      `Frame ${frame.index} carries content for choice ${state.index}, which had already finished with \`${state.finishReason}\`. It was assembled; a client that stops reading a choice at its finish reason misses it. Send the finish reason in the last chunk of the choice.`,
      frame,
    );
  }

  /** A choice without a whole-number index is read at its place in `choices` (a lone choice is choice 0). */
  private noIndex(notes: FrameNotes, item: Json, position: number): number {
    const frame = notes.frame;
    notes.carried.push(`choice ${position}: no index`);
    if (this.unassembled.note(`choice:index:${position}`, frame)) {
      const got = item.index === undefined ? 'no `index`' : `\`index\` ${preview(JSON.stringify(item.index) ?? '', 20)}, not a whole number`;
      this.add(
        'choice no index',
        `Choice ${position} of frame ${frame.index} has ${got}; it was read as choice ${position}, its place in \`choices\`${typeof item.finish_reason === 'string' ? `, finish reason included (${preview(JSON.stringify(item.finish_reason), 40)})` : ''}. The official SDK files choices by index and loses this one, so its client sees no answer. Give every choice chunk its \`index\`.`,
        frame,
      );
    }
    return position;
  }

  /** The choice at `index`, started at `frame` when it is new. */
  choiceState(index: number, frame: FramePlace): ChoiceState {
    let state = this.choices.get(index);
    if (!state) {
      state = newChoiceState(index, frame);
      this.choices.set(index, state);
    }
    return state;
  }

  private readFinishReason(notes: FrameNotes, state: ChoiceState, reason: unknown): void {
    if (typeof reason === 'string' && reason !== '') {
      if (reason !== state.finishReason) checkFinishReason(this.findings, finishReasons, reason, notes.frame, 'finish_reason', `choice ${state.index}`);
      state.finishReason = reason;
      state.finishFrame = { index: notes.frame.index, line: notes.frame.line };
      notes.places.finish(state.index, notes.frame.index);
      notes.carried.push(`finish_reason ${reason} (choice ${state.index})`);
    } else if (reason != null && reason !== '') {
      this.notAssembled(notes, `finish_reason:${kindOf(reason)}`, `Choice ${state.index}'s \`finish_reason\` in frame ${notes.frame.index} is ${kindOf(reason)}, not a string; it was not read.`, `choice ${state.index}: finish_reason is ${kindOf(reason)}`);
    }
  }

  /** Log-probabilities: the first object is copied, later token lists are appended to it. */
  private mergeLogprobs(notes: FrameNotes, state: ChoiceState, logprobs: Json): void {
    const target = (state.logprobs ??= {});
    for (const key of Object.keys(logprobs)) {
      const value = logprobs[key];
      const current = target[key];
      if (Array.isArray(value)) {
        // Appended in a loop: spreading a long list into push() overflows the call stack.
        if (Array.isArray(current)) for (const item of value as unknown[]) current.push(item);
        else setOwn(target, key, [...(value as unknown[])]);
      } else if (!Object.hasOwn(target, key) || (value != null && !Array.isArray(current))) {
        setOwn(target, key, value);
      }
    }
    const tokens = (['content', 'refusal'] as const).reduce((sum, key) => sum + (Array.isArray(logprobs[key]) ? (logprobs[key] as unknown[]).length : 0), 0);
    if (tokens > 0) notes.carried.push(`logprobs +${tokens} (choice ${state.index})`);
  }

  // ── Findings ──

  notAssembled(notes: FrameNotes, key: string, message: string, carried: string): void {
    notes.carried.push(carried);
    if (this.unassembled.note(key, notes.frame)) this.add('not assembled', message, notes.frame);
  }

  add(code: FindingCode, message: string, frame: FramePlace): void {
    if (CONTRADICTIONS.has(code)) this.contradicted = true;
    this.findings.add(code, message, frame.line, 1, frame.index);
  }

  nextDetailEntry(): number {
    return (this.reasoningDetailsCount += 1);
  }

  private answerSoFar(): string {
    let chars = 0;
    let calls = 0;
    for (const state of this.choices.values()) {
      chars += state.text.length;
      calls += state.calls.size;
    }
    return `${chars} chars of text and ${plural(calls, 'tool call')} so far`;
  }

  // ── Finishing ──

  /** `tool_calls` with no tool call, or tool calls with `stop`: the reason and the content disagree. */
  private checkFinishAgainstCalls(state: ChoiceState): void {
    const calls = state.calls.size + state.replacedCalls.length;
    const reason = state.finishReason;
    const at = state.finishFrame ?? state.lastFrame;
    if (reason === 'tool_calls' && calls === 0 && state.functionCall === null) {
      this.add(
        'finish mismatch',
        `Choice ${state.index} finished with \`tool_calls\` in frame ${at.index}, but no tool call came for it. A client runs the calls the reason announces, finds none, and waits for a result that never comes. A relay dropped the calls, or set the reason without them.`,
        at,
      );
    } else if (reason === 'stop' && calls > 0) {
      this.add(
        'finish mismatch',
        `Choice ${state.index} carries ${plural(calls, 'tool call')} but finished with \`stop\` in frame ${at.index}, which says the turn ended without them: a client that acts on the reason never runs them. Send \`tool_calls\` when the turn ends in tool calls (some providers answer a request that forced one function with \`tool_choice\` with \`stop\`; check the request before blaming the relay).`,
        at,
      );
    }
  }

  private finishChoice(state: ChoiceState): { choice: Omit<Choice, 'finishMeaning'>; response: Json } {
    const calls = finishCalls(this, state);
    if (state.finishReason === null && this.endedByDone) {
      this.add(
        'no finish reason',
        `Choice ${state.index} never received a \`finish_reason\`, though the stream ended with \`data: [DONE]\`; its last chunk is frame ${state.lastFrame.index}. A client cannot tell whether this choice finished or was cut. Send \`finish_reason\` in the last chunk of every choice.`,
        state.lastFrame,
      );
    }
    this.checkFinishAgainstCalls(state);
    // The answer lists the deprecated function_call first, then the calls: their places in that order.
    if (state.functionCall) this.notes.places.toolCall(state.index, state.functionCall.frame);
    for (const call of calls) this.notes.places.toolCall(state.index, call.state.firstFrame.index);
    const choice: Omit<Choice, 'finishMeaning'> = {
      index: state.index,
      text: state.text.text,
      toolCalls: calls.map((call) => call.toolCall),
      finishReason: state.finishReason,
    };
    if (state.refusal !== '') choice.refusal = state.refusal;
    // OpenRouter sends its reasoning as `reasoning`, as `reasoning_details` text, or both (the same text twice).
    const reasoning = state.reasoning !== '' ? state.reasoning : state.detailText;
    if (reasoning !== '') choice.reasoning = reasoning;
    return { choice, response: choiceResponse(state, calls) };
  }
}

function errorSummary(error: unknown): string {
  if (!isObject(error)) return preview(JSON.stringify(error) ?? String(error), 120);
  const label = [error.code, error.type].find((part) => typeof part === 'string' || typeof part === 'number');
  const message = typeof error.message === 'string' ? error.message : JSON.stringify(error);
  return `${label !== undefined ? `${String(label)}: ` : ''}${preview(message, 160).slice(1, -1)}`;
}

/**
 * Chat Completions (`chat.completion.chunk` frames, ended by `data: [DONE]`): OpenAI's format, also spoken by xAI,
 * DeepSeek, Groq, OpenRouter, Mistral, Together and most gateways. Assembles the answer per choice index and
 * writes the `chat.completion` object the stream stands for.
 */
import type { Frame, Payload } from '../decode/frame.js';
import { describeArgument, kindOf, preview } from '../words.js';
import { type FindingCode, FindingList, FindingTally } from '../findings.js';
import type {
  Assembler,
  Assembly,
  AssemblyContext,
  Choice,
  FastPlan,
  FinishReasonTable,
  FormatModule,
  FrameRecord,
  SynthesizeOptions,
  ToolCall,
} from '../model.js';
import { MAX_NESTING, parseJson } from '../json-depth.js';
import { ownCopy, setOwn } from '../own-copy.js';
import { isIndex, isObject, type Json, onlyKeys } from './json-shape.js';
import { cutPieces, pieceLength } from './pieces.js';
import { phraseFamily } from './phrases.js';
import { PIECES_JOINED, takePieces } from './pieces-queue.js';
import { keepShape } from '../fast/keep-shapes.js';

const TEXT_TO_CHOICE = phraseFamily((index, count) => `text +${count} chars to choice ${index}`);
const REASONING_TO_CHOICE = phraseFamily((index, count) => `reasoning +${count} chars to choice ${index}`);
const REFUSAL_TO_CHOICE = phraseFamily((index, count) => `refusal +${count} chars to choice ${index}`);
const TOOL_ARGUMENTS = phraseFamily((index, count) => `tool call ${index} arguments +${count} chars`);


/** Appends in a loop: spreading a long array into push() overflows the call stack. */
function append(target: unknown[], items: readonly unknown[]): void {
  for (const item of items) target.push(item);
}

// ── What the chunk schema and known providers put in a delta ────────────────────────────────────────────────

/**
 * Provider delta fields this library knows. Read: `reasoning_content` (xAI, DeepSeek, Alibaba Qwen, Z.ai,
 * llama.cpp), `reasoning` and `reasoning_details` (OpenRouter; Groq sends `reasoning`). Known and left alone:
 * Groq's `channel` (the gpt-oss channel the reasoning belongs to) and Together's `token_id`.
 */
const PROVIDER_DELTA_FIELDS = new Set(['reasoning_content', 'reasoning', 'reasoning_details', 'channel', 'token_id']);

/** Top-level chunk fields the assembly reads itself; every other one is passed through, the last value kept. */
const TOP_LEVEL_READ = new Set(['id', 'object', 'created', 'model', 'choices', 'usage', 'system_fingerprint', 'service_tier', 'obfuscation', 'error']);

const CHOICE_LEVEL_READ = new Set(['index', 'delta', 'finish_reason', 'logprobs']);

// ── State ────────────────────────────────────────────────────────────────────────────────────────────────

interface CallState {
  index: number;
  id: string;
  type: string | null;
  name: string;
  arguments: string;
  /** Argument fragments not yet joined onto `arguments` (see settleArguments). */
  pending: string[];
  /** A custom tool call (`custom: {name, input}`): free text, not JSON. */
  custom: boolean;
  firstFrame: FramePlace;
  lastFrame: FramePlace;
}

/** A Mistral content part, merged with the parts of the same type next to it. */
interface ContentPart {
  type: 'text' | 'thinking';
  text: string;
}

/** Where a frame was, for findings raised after it (a frame record, or a copy of its place). */
type FramePlace = Pick<FrameRecord, 'index' | 'line'>;

interface ChoiceState {
  index: number;
  role: string | null;
  text: string;
  /** Text pieces not yet joined onto `text` (see settleText). */
  pendingText: string[];
  refusal: string;
  /** Every reasoning field in arrival order, for `Choice.reasoning`. */
  reasoning: string;
  /** Each provider reasoning field as its own string, for the response message. */
  reasoningFields: Map<'reasoning_content' | 'reasoning', string>;
  reasoningDetails: Map<string, Json>;
  /** Set once a Mistral content array arrives: the response then keeps content as parts. */
  contentParts: ContentPart[] | null;
  calls: Map<number, CallState>;
  functionCall: { name: string; arguments: string } | null;
  audio: Json | null;
  logprobs: Json | null;
  finishReason: string | null;
  extras: Json;
  lastFrame: FramePlace;
}

/**
 * Text and argument pieces are joined in batches: joined one by one they make a chain of small strings that lives
 * as long as the answer, which the garbage collector copies while the stream is read. Read `text` or `arguments`
 * only after settling.
 */
function settleText(state: ChoiceState): void {
  if (state.pendingText.length === 0) return;
  state.text += takePieces(state.pendingText);
}

function queueArguments(call: CallState, piece: string): void {
  call.pending.push(piece);
  if (call.pending.length >= PIECES_JOINED) settleArguments(call);
}

function settleArguments(call: CallState): void {
  if (call.pending.length === 0) return;
  call.arguments += takePieces(call.pending);
}

interface FrameNotes {
  frame: FrameRecord;
  carried: string[];
  progress: boolean;
  /** Roles the frame set, named only when it carried nothing else. */
  roles: string[];
}

// ── The assembler ────────────────────────────────────────────────────────────────────────────────────────

class ChatAssembler implements Assembler {
  private readonly findings: FindingList;
  private readonly choices = new Map<number, ChoiceState>();
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

  constructor(context: AssemblyContext) {
    this.findings = context.findings;
    this.notes = { frame: null as unknown as FrameRecord, carried: [], progress: false, roles: [] };
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

  /** One notes record for every frame (read one at a time): nothing is made per frame unless it carried something. */
  private notesFor(frame: FrameRecord): FrameNotes {
    const notes = this.notes;
    notes.frame = frame;
    if (notes.carried.length > 0) notes.carried.length = 0;
    notes.progress = false;
    if (notes.roles.length > 0) notes.roles.length = 0;
    return notes;
  }

  private noteCarried(notes: FrameNotes): void {
    const carried = notes.carried.length > 0 ? notes.carried : notes.roles;
    notes.frame.carried = carried.length === 1 ? (carried[0] as string) : carried.length > 0 ? carried.join('; ') : 'nothing to assemble';
    notes.frame.progress = notes.progress;
  }

  /**
   * The hot chunk, one choice whose delta is one piece of text (content, refusal, reasoning) or of one tool call's
   * arguments, applied from its hole: the steps read() takes for it, and nothing when read() would raise a finding.
   */
  fastPlan(frame: Omit<Frame, 'data'>, value: unknown, holes: readonly string[]): FastChunkShape | null {
    return fastChunkShape(frame, value, holes);
  }

  applyFast(plan: FastPlan, values: ReadonlyArray<string | number>, record: FrameRecord): boolean {
    const { chunk, type, choice, field, call, slot } = plan as FastChunkShape;
    const piece = values[slot];
    if (this.endFrame !== null || typeof piece !== 'string') return false;
    const place = { index: record.index, line: record.line };
    const state = this.choices.get(choice);
    const callState = call === null ? undefined : state?.calls.get(call);
    if (callState?.custom === true) return false;
    record.type = type;
    this.chunkSeen = true;
    this.readTopFields(chunk);
    const notes = this.notesFor(record);
    const target = state ?? this.choiceState(choice, place);
    target.lastFrame = place;
    if (call !== null) this.appendArguments(notes, callState ?? this.callState(target, call, place), place, piece);
    else if (field === 'content') this.readContent(notes, target, target.contentParts === null ? piece : ownCopy(piece));
    // Refusal and reasoning are joined piece by piece, not in batches: keep a copy, not a view of the chunk.
    else if (field === 'refusal') this.readRefusal(notes, target, ownCopy(piece));
    else this.readReasoning(notes, target, field, ownCopy(piece));
    this.noteCarried(notes);
    return true;
  }

  finish(): Assembly {
    const states = [...this.choices.values()].sort((a, b) => a.index - b.index);
    const built = states.map((state) => this.finishChoice(state));
    const usage = this.usage ?? this.groqUsage;
    return {
      choices: built.map((entry) => entry.choice),
      usage,
      response: this.chunkSeen ? this.response(built.map((entry) => entry.response), usage) : null,
      error: this.error,
      ended: this.endFrame !== null,
      missingPiece: false,
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
    if (isObject(value) && isObject(value.usage)) this.usage = value.usage;
    const how = frame.event === 'error' ? 'an `event: error` frame' : 'a frame whose data has a top-level `error`';
    this.findings.add(
      'error event',
      `Frame ${frame.index} is ${how}: ${errorSummary(error)}. The stream ends here, so what arrived before it is partial (${this.answerSoFar()}). Surface the error to the caller as a failure; do not present the partial answer as complete.`,
      frame.line,
      1,
      frame.index,
    );
    frame.carried = `error: ${errorSummary(error)}${isObject(value) && isObject(value.usage) ? '; usage' : ''}`;
  }

  private afterEnd(frame: FrameRecord): void {
    const end = this.endFrame;
    const what = this.endedByDone ? '`data: [DONE]`' : 'the error';
    this.findings.add(
      'after end',
      `Frame ${frame.index} comes after ${what} in frame ${end?.index ?? '?'}, which ends the stream. A client stops reading at the end, so it was not assembled. Stop writing after the frame that ends the stream.`,
      frame.line,
      1,
      frame.index,
    );
    frame.carried = 'after the end: not read';
  }

  private checkEvent(frame: FrameRecord): void {
    if (frame.event === 'message' || frame.event === frame.type) return;
    this.findings.add(
      'event mismatch',
      `Frame ${frame.index} has \`event: ${frame.event}\` but its data is ${frame.type === null ? 'not a typed chunk' : `a \`${frame.type}\``}. Clients that dispatch on the event name see something other than clients that read the data. Chat Completions frames carry no \`event:\` line: drop it.`,
      frame.line,
      1,
      frame.index,
    );
  }

  // ── Chunks ──

  private readChunk(notes: FrameNotes, chunk: Json): void {
    this.chunkSeen = true;
    this.readTop(chunk);
    if (isObject(chunk.usage)) {
      this.usage = chunk.usage;
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

  /** Top-level fields: id, created, model and friends; the last value that says something wins. */
  private readTop(chunk: Json): void {
    this.readTopFields(chunk);
    // for…in walks the object's own keys without making an array of them (chunks are plain JSON objects).
    for (const key in chunk) {
      if (!TOP_LEVEL_READ.has(key) && Object.hasOwn(chunk, key)) setOwn(this.topExtras, key, chunk[key]);
    }
  }

  private readTopFields(chunk: Json): void {
    if (typeof chunk.id === 'string' && chunk.id !== '') this.top.id = chunk.id;
    if (typeof chunk.created === 'number' && chunk.created !== 0) this.top.created = chunk.created;
    if (typeof chunk.model === 'string' && chunk.model !== '') this.top.model = chunk.model;
    if (typeof chunk.system_fingerprint === 'string' && chunk.system_fingerprint !== '') this.top.system_fingerprint = chunk.system_fingerprint;
    if (typeof chunk.service_tier === 'string') this.top.service_tier = chunk.service_tier;
  }

  private readChoice(notes: FrameNotes, item: unknown, position: number): void {
    const frame = notes.frame;
    if (!isObject(item) || !isIndex(item.index)) {
      const what = isObject(item) ? `has no whole-number \`index\` (${preview(JSON.stringify(item.index) ?? 'undefined', 20)})` : `is ${kindOf(item)}`;
      this.notAssembled(notes, `choice:${isObject(item) ? 'index' : kindOf(item)}`, `Choice ${position} of frame ${frame.index} ${what}, so it was not assembled. Give every choice chunk its \`index\`.`, `choice ${position}: no index`);
      return;
    }
    const state = this.choiceState(item.index, frame);
    state.lastFrame = frame;
    for (const key in item) {
      if (!CHOICE_LEVEL_READ.has(key) && Object.hasOwn(item, key)) setOwn(state.extras, key, item[key]);
    }
    if (isObject(item.logprobs)) this.mergeLogprobs(notes, state, item.logprobs);
    if (isObject(item.delta)) this.readDelta(notes, state, item.delta);
    else if (item.delta != null) this.notAssembled(notes, `delta:${kindOf(item.delta)}`, `Choice ${state.index}'s \`delta\` in frame ${frame.index} is ${kindOf(item.delta)}, not an object; it was not assembled.`, `choice ${state.index}: delta is ${kindOf(item.delta)}`);
    this.readFinishReason(notes, state, item.finish_reason);
  }

  private choiceState(index: number, frame: FramePlace): ChoiceState {
    let state = this.choices.get(index);
    if (!state) {
      state = {
        index,
        role: null,
        text: '',
        pendingText: [],
        refusal: '',
        reasoning: '',
        reasoningFields: new Map(),
        reasoningDetails: new Map(),
        contentParts: null,
        calls: new Map(),
        functionCall: null,
        audio: null,
        logprobs: null,
        finishReason: null,
        extras: {},
        lastFrame: frame,
      };
      this.choices.set(index, state);
    }
    return state;
  }

  private readFinishReason(notes: FrameNotes, state: ChoiceState, reason: unknown): void {
    if (typeof reason === 'string' && reason !== '') {
      state.finishReason = reason;
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
        if (Array.isArray(current)) append(current, value);
        else setOwn(target, key, [...(value as unknown[])]);
      } else if (!Object.hasOwn(target, key) || (value != null && !Array.isArray(current))) {
        setOwn(target, key, value);
      }
    }
    const tokens = (['content', 'refusal'] as const).reduce((sum, key) => sum + (Array.isArray(logprobs[key]) ? (logprobs[key] as unknown[]).length : 0), 0);
    if (tokens > 0) notes.carried.push(`logprobs +${tokens} (choice ${state.index})`);
  }

  // ── Deltas ──

  private readDelta(notes: FrameNotes, state: ChoiceState, delta: Json): void {
    for (const key in delta) {
      if (!Object.hasOwn(delta, key)) continue;
      const value = delta[key];
      switch (key) {
        case 'role':
          if (typeof value === 'string') {
            state.role = value;
            notes.roles.push(`role ${value} (choice ${state.index})`);
          } else if (value != null) this.badDeltaField(notes, state, key, value);
          break;
        case 'content':
          this.readContent(notes, state, value);
          break;
        case 'refusal':
          this.readRefusal(notes, state, value);
          break;
        case 'tool_calls':
          if (Array.isArray(value)) value.forEach((fragment, position) => this.readToolFragment(notes, state, fragment, position));
          else if (value != null) this.badDeltaField(notes, state, key, value);
          break;
        case 'function_call':
          this.readFunctionCall(notes, state, value);
          break;
        case 'audio':
          this.readAudio(notes, state, value);
          break;
        case 'reasoning_content':
        case 'reasoning':
          this.readReasoning(notes, state, key, value);
          break;
        case 'reasoning_details':
          this.readReasoningDetails(notes, state, value);
          break;
        default:
          if (!PROVIDER_DELTA_FIELDS.has(key)) this.unknownDeltaField(notes, state, key);
      }
    }
  }

  private readContent(notes: FrameNotes, state: ChoiceState, value: unknown): void {
    if (typeof value === 'string') {
      this.appendText(notes, state, value);
    } else if (Array.isArray(value)) {
      value.forEach((part) => this.readContentPart(notes, state, part));
    } else if (value != null) {
      this.badDeltaField(notes, state, 'content', value);
    }
  }

  private appendText(notes: FrameNotes, state: ChoiceState, text: string): void {
    if (text === '') return;
    state.pendingText.push(text);
    if (state.pendingText.length >= PIECES_JOINED) settleText(state);
    if (state.contentParts) pushPart(state.contentParts, 'text', text);
    notes.carried.push(TEXT_TO_CHOICE(state.index, text.length));
    notes.progress = true;
  }

  /** Mistral sends content as parts: `{type:'text', text}` and `{type:'thinking', thinking:[{type:'text', text}]}`. */
  private readContentPart(notes: FrameNotes, state: ChoiceState, part: unknown): void {
    if (state.contentParts === null) {
      settleText(state);
      state.contentParts = state.text === '' ? [] : [{ type: 'text', text: state.text }];
    }
    if (isObject(part) && part.type === 'text' && typeof part.text === 'string') return this.appendText(notes, state, part.text);
    if (isObject(part) && part.type === 'thinking' && Array.isArray(part.thinking)) {
      const text = part.thinking.map((inner) => (isObject(inner) && typeof inner.text === 'string' ? inner.text : '')).join('');
      if (text === '') return;
      pushPart(state.contentParts, 'thinking', text);
      state.reasoning += text;
      notes.carried.push(REASONING_TO_CHOICE(state.index, text.length));
      notes.progress = true;
      return;
    }
    const type = isObject(part) && typeof part.type === 'string' ? part.type : kindOf(part);
    this.notAssembled(notes, `content part:${type}`, `Frame ${notes.frame.index} carries a content part of type ${JSON.stringify(type)} for choice ${state.index}; only text and thinking parts are assembled, so it was left out.`, `content part ${type} not read`);
  }

  private readRefusal(notes: FrameNotes, state: ChoiceState, value: unknown): void {
    if (typeof value === 'string') {
      if (value === '') return;
      state.refusal += value;
      notes.carried.push(REFUSAL_TO_CHOICE(state.index, value.length));
      notes.progress = true;
    } else if (value != null) {
      this.badDeltaField(notes, state, 'refusal', value);
    }
  }

  private readReasoning(notes: FrameNotes, state: ChoiceState, key: 'reasoning_content' | 'reasoning', value: unknown): void {
    if (typeof value === 'string') {
      if (value === '') return;
      state.reasoning += value;
      state.reasoningFields.set(key, (state.reasoningFields.get(key) ?? '') + value);
      notes.carried.push(REASONING_TO_CHOICE(state.index, value.length));
      notes.progress = true;
    } else if (value != null) {
      this.badDeltaField(notes, state, key, value);
    }
  }

  /** OpenRouter's `reasoning_details`: entries joined by their `index`, their text appended. */
  private readReasoningDetails(notes: FrameNotes, state: ChoiceState, value: unknown): void {
    if (!Array.isArray(value)) {
      if (value != null) this.badDeltaField(notes, state, 'reasoning_details', value);
      return;
    }
    for (const entry of value) {
      if (!isObject(entry)) continue;
      const key = isIndex(entry.index) ? `index ${entry.index}` : `entry ${(this.reasoningDetailsCount += 1)}`;
      const target = state.reasoningDetails.get(key);
      if (target) mergeDetail(target, entry);
      else state.reasoningDetails.set(key, { ...entry });
    }
  }

  private readFunctionCall(notes: FrameNotes, state: ChoiceState, value: unknown): void {
    if (!isObject(value)) {
      if (value != null) this.badDeltaField(notes, state, 'function_call', value);
      return;
    }
    const call = (state.functionCall ??= { name: '', arguments: '' });
    if (typeof value.name === 'string' && value.name !== '') call.name = value.name;
    if (typeof value.arguments === 'string' && value.arguments !== '') {
      call.arguments += value.arguments;
      notes.carried.push(`function_call arguments +${value.arguments.length} chars (choice ${state.index})`);
      notes.progress = true;
    }
  }

  /** Audio output, as the official SDK joins it: id and expiry set, data and transcript appended. */
  private readAudio(notes: FrameNotes, state: ChoiceState, value: unknown): void {
    if (!isObject(value)) {
      if (value != null) this.badDeltaField(notes, state, 'audio', value);
      return;
    }
    const audio = (state.audio ??= {});
    for (const key of Object.keys(value)) {
      const piece = value[key];
      if ((key === 'data' || key === 'transcript') && typeof piece === 'string') {
        audio[key] = (typeof audio[key] === 'string' ? audio[key] : '') + piece;
        notes.progress ||= piece !== '';
      } else if (piece != null) {
        setOwn(audio, key, piece);
      }
    }
    notes.carried.push(`audio (choice ${state.index})`);
  }

  // ── Tool calls ──

  private readToolFragment(notes: FrameNotes, state: ChoiceState, fragment: unknown, position: number): void {
    const frame = notes.frame;
    if (!isObject(fragment)) {
      this.notAssembled(notes, `tool fragment:${kindOf(fragment)}`, `A \`tool_calls\` fragment in frame ${frame.index} (choice ${state.index}) is ${kindOf(fragment)}, not an object; it was not assembled.`, `tool fragment is ${kindOf(fragment)}`);
      return;
    }
    let index = 0;
    if (isIndex(fragment.index)) index = fragment.index;
    else this.noIndex(frame, state, fragment, position);
    const call = this.callState(state, index, frame);
    call.lastFrame = frame;
    const fn = isObject(fragment.function) ? fragment.function : isObject(fragment.custom) ? fragment.custom : null;
    if (isObject(fragment.custom) && !isObject(fragment.function)) call.custom = true;
    if (typeof fragment.type === 'string') call.type = fragment.type;
    const started = this.setCallNames(call, fragment, fn);
    const piece = fn ? (call.custom ? fn.input : fn.arguments) : undefined;
    if (typeof piece === 'string') queueArguments(call, piece);
    this.noteFragment(notes, call, started, typeof piece === 'string' ? piece.length : 0);
  }

  /** A fragment that carries only a piece of a call's arguments. */
  private appendArguments(notes: FrameNotes, call: CallState, place: FramePlace, piece: string): void {
    call.lastFrame = place;
    queueArguments(call, piece);
    this.noteFragment(notes, call, false, piece.length);
  }

  private callState(state: ChoiceState, index: number, frame: FramePlace): CallState {
    let call = state.calls.get(index);
    if (!call) {
      call = { index, id: '', type: null, name: '', arguments: '', pending: [], custom: false, firstFrame: frame, lastFrame: frame };
      state.calls.set(index, call);
    }
    return call;
  }

  /** Sets the id and name from whichever fragment carries them; true when this fragment carried one. */
  private setCallNames(call: CallState, fragment: Json, fn: Json | null): boolean {
    let started = false;
    if (typeof fragment.id === 'string' && fragment.id !== '') {
      call.id = fragment.id;
      started = true;
    }
    if (fn && typeof fn.name === 'string' && fn.name !== '') {
      call.name = fn.name;
      started = true;
    }
    return started;
  }

  private noteFragment(notes: FrameNotes, call: CallState, started: boolean, added: number): void {
    if (started) notes.carried.push(`tool call ${call.index} starts: ${call.name || '(no name yet)'}${call.id ? ` (${call.id})` : ''}`);
    if (added > 0) notes.carried.push(TOOL_ARGUMENTS(call.index, added));
    if (!started && added === 0) notes.carried.push(`tool call ${call.index}: nothing new`);
    notes.progress ||= started || added > 0;
  }

  private noIndex(frame: FrameRecord, state: ChoiceState, fragment: Json, position: number): void {
    const got = fragment.index === undefined ? 'no `index`' : `\`index\` ${preview(JSON.stringify(fragment.index) ?? '', 20)}, not a whole number`;
    this.findings.add(
      'tool call no index',
      `A \`tool_calls\` fragment in frame ${frame.index} (choice ${state.index}, position ${position}) has ${got}; it was attached to call 0, which joins it to whatever call 0 holds. Give every \`tool_calls\` fragment its \`index\`.`,
      frame.line,
      1,
      frame.index,
    );
  }

  // ── Finding helpers ──

  private unknownDeltaField(notes: FrameNotes, state: ChoiceState, key: string): void {
    this.notAssembled(
      notes,
      `delta:${key}`,
      `Frame ${notes.frame.index} carries \`delta.${key}\` for choice ${state.index}, a field neither OpenAI's chunk schema nor a provider this library knows has; it was not assembled. Later frames that carry it are marked in the frames table.`,
      `delta.${key} not read`,
    );
  }

  private badDeltaField(notes: FrameNotes, state: ChoiceState, key: string, value: unknown): void {
    this.notAssembled(
      notes,
      `delta:${key}:${kindOf(value)}`,
      `Frame ${notes.frame.index} carries \`delta.${key}\` as ${kindOf(value)} for choice ${state.index}, a shape the format does not give it; it was not assembled. Later frames like it are marked in the frames table.`,
      `delta.${key} is ${kindOf(value)}: not read`,
    );
  }

  /** Raises `not assembled` once per kind of thing (the frames table marks every frame), and notes the frame. */
  private notAssembled(notes: FrameNotes, key: string, message: string, carried: string): void {
    notes.carried.push(carried);
    if (this.unassembled.note(key, notes.frame)) this.add('not assembled', message, notes.frame);
  }

  private add(code: FindingCode, message: string, frame: Pick<Frame, 'line' | 'index'>): void {
    this.findings.add(code, message, frame.line, 1, frame.index);
  }

  private answerSoFar(): string {
    let chars = 0;
    let calls = 0;
    for (const state of this.choices.values()) {
      settleText(state);
      chars += state.text.length;
      calls += state.calls.size;
    }
    return `${chars} chars of text and ${calls} tool call${calls === 1 ? '' : 's'} so far`;
  }

  // ── Finishing ──

  private finishChoice(state: ChoiceState): { choice: Omit<Choice, 'finishMeaning'>; response: Json } {
    settleText(state);
    for (const call of state.calls.values()) settleArguments(call);
    const calls = this.finishCalls(state);
    if (state.finishReason === null && this.endedByDone) {
      this.add(
        'no finish reason',
        `Choice ${state.index} never received a \`finish_reason\`, though the stream ended with \`data: [DONE]\`; its last chunk is frame ${state.lastFrame.index}. A client cannot tell whether this choice finished or was cut. Send \`finish_reason\` in the last chunk of every choice.`,
        state.lastFrame,
      );
    }
    const choice: Omit<Choice, 'finishMeaning'> = {
      index: state.index,
      text: state.text,
      toolCalls: calls.map((call) => call.toolCall),
      finishReason: state.finishReason,
    };
    if (state.refusal !== '') choice.refusal = state.refusal;
    if (state.reasoning !== '') choice.reasoning = state.reasoning;
    return { choice, response: choiceResponse(state, calls) };
  }

  private finishCalls(state: ChoiceState): FinishedCall[] {
    const finished: FinishedCall[] = [];
    for (const call of [...state.calls.values()].sort((a, b) => a.index - b.index)) {
      if (call.id === '' || call.name === '') {
        this.incomplete(state, call);
        continue;
      }
      const toolCall: ToolCall = { index: call.index, id: call.id, name: call.name, arguments: call.arguments };
      if (!call.custom) this.parseArguments(state, call, toolCall);
      finished.push({ state: call, toolCall });
    }
    return finished;
  }

  private incomplete(state: ChoiceState, call: CallState): void {
    const missing = call.id === '' && call.name === '' ? 'an id or a name' : call.id === '' ? 'an id' : 'a name';
    const known = call.name ? ` (${call.name})` : call.id ? ` (${call.id})` : '';
    this.add(
      'tool call incomplete',
      `Tool call ${call.index}${known} of choice ${state.index} never received ${missing} (its first fragment is frame ${call.firstFrame.index}), so nobody can answer it and it was left out of the answer. Its arguments: ${preview(call.arguments, 120)}. Send the id and the function name in the first fragment of every call.`,
      call.firstFrame,
    );
  }

  private parseArguments(state: ChoiceState, call: CallState, toolCall: ToolCall): void {
    try {
      toolCall.input = parseJson(call.arguments);
    } catch (error) {
      if (error instanceof RangeError) {
        const message = `Tool call ${call.index} (${call.name}, ${call.id}) of choice ${state.index}: its arguments are JSON nested more than ${MAX_NESTING} levels deep (${preview(call.arguments, 60)}); they are shown as text, without \`input\`.`;
        return this.add('too deep', message, call.lastFrame);
      }
      const reason = call.arguments === '' ? 'they are empty' : error instanceof Error ? error.message : 'they do not parse';
      this.add(
        'arguments not json',
        `Tool call ${call.index} (${call.name}, ${call.id}) of choice ${state.index}: its assembled arguments are not JSON (${reason}): ${preview(call.arguments, 120)}. They are shown as they are; its last fragment is frame ${call.lastFrame.index}. If every fragment arrived, the model produced bad JSON: validate before calling the tool.`,
        call.lastFrame,
      );
    }
  }

  private response(choices: Json[], usage: Json | null): Json {
    const response: Json = {};
    if (this.top.id !== undefined) response.id = this.top.id;
    response.object = 'chat.completion';
    if (this.top.created !== undefined) response.created = this.top.created;
    if (this.top.model !== undefined) response.model = this.top.model;
    response.choices = choices;
    if (usage) response.usage = usage;
    if (this.top.service_tier !== undefined) response.service_tier = this.top.service_tier;
    if (this.top.system_fingerprint !== undefined) response.system_fingerprint = this.top.system_fingerprint;
    for (const key of Object.keys(this.topExtras)) setOwn(response, key, this.topExtras[key]);
    return response;
  }
}

interface FinishedCall {
  state: CallState;
  toolCall: ToolCall;
}

/** What a chunk of the hot shape holds, as its fast action needs it. */
interface FastChunkShape {
  chunk: Json;
  type: string | null;
  choice: number;
  field: 'content' | 'refusal' | 'reasoning_content' | 'reasoning';
  /** The tool call whose arguments the hole is, or null for text. */
  call: number | null;
  slot: number;
}

const FAST_TEXT_FIELDS = new Set(['content', 'refusal', 'reasoning_content', 'reasoning']);

/**
 * The shape of a plain delta chunk: no event name, no usage, error or extra field; one choice with no logprobs and
 * no finish reason, whose delta is one text field or one tool call fragment with only its arguments. The holes are
 * that piece and, at most, the `obfuscation` padding (which is not read).
 */
function fastChunkShape(frame: Omit<Frame, 'data'>, value: unknown, holes: readonly string[]): FastChunkShape | null {
  if (frame.event !== 'message' || !isObject(value) || !onlyKeys(value, TOP_LEVEL_READ) || value.error || value.usage != null) return null;
  const choices = value.choices;
  const item: unknown = Array.isArray(choices) && choices.length === 1 ? choices[0] : null;
  if (!isObject(item) || !onlyKeys(item, CHOICE_LEVEL_READ) || !isIndex(item.index) || item.logprobs != null) return null;
  if ((item.finish_reason != null && item.finish_reason !== '') || !isObject(item.delta)) return null;
  const keys = Object.keys(item.delta);
  const key = keys[0];
  if (keys.length !== 1 || key === undefined) return null;
  const textHoles = holes.filter((path) => path !== 'obfuscation');
  const slot = holes.indexOf(textHoles[0] ?? '');
  if (textHoles.length !== 1 || slot === -1) return null;
  // The top-level fields the chunk sets, in an object of one fixed shape (the chunk's own shape dies with the stream).
  const chunk = { id: value.id, created: value.created, model: value.model, system_fingerprint: value.system_fingerprint, service_tier: value.service_tier };
  const base = { chunk, type: typeName(value), choice: item.index, slot };
  if (FAST_TEXT_FIELDS.has(key)) {
    return textHoles[0] === `choices.0.delta.${key}` ? { ...base, field: key as FastChunkShape['field'], call: null } : null;
  }
  const fragments = item.delta.tool_calls;
  const fragment: unknown = key === 'tool_calls' && Array.isArray(fragments) && fragments.length === 1 ? fragments[0] : null;
  if (!isObject(fragment) || !isIndex(fragment.index) || !isObject(fragment.function) || Object.keys(fragment).length !== 2) return null;
  if (Object.keys(fragment.function).length !== 1 || textHoles[0] !== 'choices.0.delta.tool_calls.0.function.arguments') return null;
  return { ...base, field: 'content', call: fragment.index };
}

function typeName(value: unknown): string | null {
  if (!isObject(value)) return null;
  if (typeof value.object === 'string' && value.object !== '') return value.object;
  if (typeof value.type === 'string') return value.type;
  return value.error ? 'error' : null;
}

function errorSummary(error: unknown): string {
  if (!isObject(error)) return preview(JSON.stringify(error) ?? String(error), 120);
  const label = [error.code, error.type].find((part) => typeof part === 'string' || typeof part === 'number');
  const message = typeof error.message === 'string' ? error.message : JSON.stringify(error);
  return `${label !== undefined ? `${String(label)}: ` : ''}${preview(message, 160).slice(1, -1)}`;
}

function pushPart(parts: ContentPart[], type: ContentPart['type'], text: string): void {
  const last = parts[parts.length - 1];
  if (last && last.type === type) last.text += text;
  else parts.push({ type, text });
}

/** Joins a `reasoning_details` fragment into its entry: text and summary appended, other fields set when given. */
function mergeDetail(target: Json, entry: Json): void {
  for (const key of Object.keys(entry)) {
    const value = entry[key];
    if ((key === 'text' || key === 'summary' || key === 'data') && typeof value === 'string') {
      target[key] = (typeof target[key] === 'string' ? target[key] : '') + value;
    } else if (value != null && value !== '') {
      setOwn(target, key, value);
    } else if (!Object.hasOwn(target, key)) {
      setOwn(target, key, value);
    }
  }
}

// ── The response each choice stands for ──────────────────────────────────────────────────────────────────

function choiceResponse(state: ChoiceState, calls: readonly FinishedCall[]): Json {
  const response: Json = {
    index: state.index,
    message: messageOf(state, calls),
    logprobs: state.logprobs,
    finish_reason: state.finishReason,
  };
  for (const key of Object.keys(state.extras)) setOwn(response, key, state.extras[key]);
  return response;
}

function messageOf(state: ChoiceState, calls: readonly FinishedCall[]): Json {
  const message: Json = {
    role: state.role ?? 'assistant',
    content: contentOf(state),
    refusal: state.refusal === '' ? null : state.refusal,
  };
  for (const [key, text] of state.reasoningFields) message[key] = text;
  if (state.reasoningDetails.size > 0) message.reasoning_details = [...state.reasoningDetails.values()];
  if (state.functionCall) message.function_call = { name: state.functionCall.name, arguments: state.functionCall.arguments };
  if (state.audio) message.audio = state.audio;
  if (calls.length > 0) message.tool_calls = calls.map(toolCallResponse);
  return message;
}

function contentOf(state: ChoiceState): unknown {
  if (state.contentParts) {
    return state.contentParts.map((part) =>
      part.type === 'text' ? { type: 'text', text: part.text } : { type: 'thinking', thinking: [{ type: 'text', text: part.text }] },
    );
  }
  return state.text === '' ? null : state.text;
}

function toolCallResponse({ state }: FinishedCall): Json {
  if (state.custom) return { id: state.id, type: state.type ?? 'custom', custom: { name: state.name, input: state.arguments } };
  return { id: state.id, type: state.type ?? 'function', function: { name: state.name, arguments: state.arguments } };
}

// ── Recognising a chunk ──────────────────────────────────────────────────────────────────────────────────

function recognise(_frame: Frame, payload: Payload): 0 | 1 | 2 {
  if (payload.kind !== 'json' || !isObject(payload.value)) return 0;
  const value = payload.value;
  if (value.object === 'chat.completion.chunk') return 2;
  if (Array.isArray(value.choices) && value.choices.some((choice) => isObject(choice) && 'delta' in choice)) return 1;
  return 0;
}

// ── Writing a documented stream back ─────────────────────────────────────────────────────────────────────

type ChunkChoice = Json;



function choiceChunks(choice: Json, options: SynthesizeOptions): ChunkChoice[] {
  const index = isIndex(choice.index) ? choice.index : 0;
  const message = isObject(choice.message) ? choice.message : {};
  const deltas: Json[] = [firstDelta(message)];
  for (const key of ['reasoning_content', 'reasoning'] as const) {
    if (typeof message[key] === 'string') for (const piece of cutPieces(message[key], options)) deltas.push({ [key]: piece });
  }
  if (Array.isArray(message.reasoning_details)) for (const entry of message.reasoning_details) deltas.push({ reasoning_details: [entry] });
  append(deltas, contentDeltas(message.content, options));
  if (typeof message.refusal === 'string') for (const piece of cutPieces(message.refusal, options)) deltas.push({ refusal: piece });
  if (Array.isArray(message.tool_calls)) message.tool_calls.forEach((call, position) => append(deltas, toolCallDeltas(call, position, options)));
  if (isObject(message.function_call)) append(deltas, functionCallDeltas(message.function_call, options));
  if (isObject(message.audio)) deltas.push({ audio: message.audio });
  const chunks: ChunkChoice[] = deltas.map((delta) => ({ index, delta, logprobs: null, finish_reason: null }));
  chunks.push(finishChunk(choice, index));
  return chunks;
}

function firstDelta(message: Json): Json {
  const role = typeof message.role === 'string' ? message.role : 'assistant';
  return { role, content: typeof message.content === 'string' ? '' : null, refusal: null };
}

function contentDeltas(content: unknown, options: SynthesizeOptions): Json[] {
  if (typeof content === 'string') return cutPieces(content, options).map((piece) => ({ content: piece }));
  if (!Array.isArray(content)) return [];
  const deltas: Json[] = [];
  for (const part of content) {
    if (isObject(part) && part.type === 'text' && typeof part.text === 'string') {
      for (const piece of cutPieces(part.text, options)) deltas.push({ content: [{ type: 'text', text: piece }] });
    } else if (isObject(part) && part.type === 'thinking' && Array.isArray(part.thinking)) {
      const text = part.thinking.map((inner) => (isObject(inner) && typeof inner.text === 'string' ? inner.text : '')).join('');
      for (const piece of cutPieces(text, options)) deltas.push({ content: [{ type: 'thinking', thinking: [{ type: 'text', text: piece }] }] });
    }
  }
  return deltas;
}

function toolCallDeltas(call: unknown, position: number, options: SynthesizeOptions): Json[] {
  if (!isObject(call)) return [];
  const custom = isObject(call.custom) && !isObject(call.function);
  const body = custom ? (call.custom as Json) : isObject(call.function) ? call.function : {};
  const argumentKey = custom ? 'input' : 'arguments';
  const bodyKey = custom ? 'custom' : 'function';
  const text = typeof body[argumentKey] === 'string' ? body[argumentKey] : '';
  const first: Json = { index: position, id: call.id, type: call.type ?? (custom ? 'custom' : 'function'), [bodyKey]: { name: body.name, [argumentKey]: '' } };
  const rest = cutPieces(text, options).map((piece) => ({ index: position, [bodyKey]: { [argumentKey]: piece } }));
  return [first, ...rest].map((fragment) => ({ tool_calls: [fragment] }));
}

function functionCallDeltas(call: Json, options: SynthesizeOptions): Json[] {
  const text = typeof call.arguments === 'string' ? call.arguments : '';
  return [{ function_call: { name: call.name, arguments: '' } }, ...cutPieces(text, options).map((piece) => ({ function_call: { arguments: piece } }))];
}

function finishChunk(choice: Json, index: number): ChunkChoice {
  const chunk: ChunkChoice = { index, delta: {}, logprobs: choice.logprobs ?? null, finish_reason: choice.finish_reason ?? null };
  for (const key of Object.keys(choice)) {
    if (key !== 'message' && !CHOICE_LEVEL_READ.has(key)) setOwn(chunk, key, choice[key]);
  }
  return chunk;
}

/** The fields every chunk repeats: id, created, model and the response's other top-level fields. */
function chunkBase(response: Json): Json {
  const base: Json = { id: response.id, object: 'chat.completion.chunk', created: response.created, model: response.model };
  for (const key of Object.keys(response)) {
    if (key === 'object' || key === 'choices' || key === 'usage' || key in base) continue;
    setOwn(base, key, response[key]);
  }
  return base;
}

/** Takes the choices' chunks in turn (at random when `random` is given), as `n > 1` streams interleave them. */
function interleave(queues: ChunkChoice[][], random: SynthesizeOptions['random']): ChunkChoice[] {
  const order: ChunkChoice[] = [];
  const live = queues.filter((queue) => queue.length > 0).map((queue) => ({ queue, next: 0 }));
  let turn = 0;
  while (live.length > 0) {
    const at = random ? pieceLength(live.length, random) - 1 : turn % live.length;
    const cursor = live[at];
    if (!cursor) break;
    const chunk = cursor.queue[cursor.next];
    if (chunk) order.push(chunk);
    cursor.next += 1;
    if (cursor.next >= cursor.queue.length) live.splice(at, 1);
    else turn += 1;
  }
  return order;
}

function synthesize(response: unknown, options: SynthesizeOptions = {}): string {
  if (!isObject(response) || !Array.isArray(response.choices)) {
    throw new TypeError(`sse-reconstruct: chat-completions synthesize() needs a chat.completion object with a choices array; received ${describeArgument(response)}.`);
  }
  const base = chunkBase(response);
  const queues = response.choices.filter(isObject).map((choice) => choiceChunks(choice, options));
  const frames: Json[] = interleave(queues, options.random).map((choice) => ({ ...base, choices: [choice] }));
  if (isObject(response.usage)) frames.push({ ...base, choices: [], usage: response.usage });
  return `${frames.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`).join('')}data: [DONE]\n\n`;
}

// ── Finish reasons ───────────────────────────────────────────────────────────────────────────────────────

const finishReasons: FinishReasonTable = {
  source:
    'OpenAI: openai/openai-openapi openapi.yaml@f85dbe223d40e1a31cba812ab2d755c7e98a92a3, CreateChatCompletionStreamResponse choices[].finish_reason (reference/chat-completions.md §8, read 2026-08-21). ' +
    'DeepSeek: https://api-docs.deepseek.com/api/create-chat-completion, choices[].finish_reason (read 2026-11-30). ' +
    "Mistral: Mistral AI's OpenAPI FinishReason enum (stop, length, model_length, error, tool_calls), as published in the mistral-openapi-client crate on docs.rs (read 2026-11-30).",
  read: '2026-08-21',
  reasons: {
    stop: { meaning: 'The model ended its answer by itself, or wrote one of the stop sequences the request gave. The answer is whole.', class: 'ok' },
    length: {
      meaning: 'Generation stopped at the token limit (max_tokens / max_completion_tokens, or the context window). The answer is cut short; tool-call arguments may be unfinished JSON.',
      class: 'length_limit',
    },
    tool_calls: { meaning: 'The model stopped to call tools. The calls are in the message; run them and send their results back.', class: 'ok' },
    content_filter: { meaning: "The provider's content filter withheld or cut the output. What is shown may be partial or empty.", class: 'filtered' },
    function_call: { meaning: 'The model called a function through the deprecated `functions` interface; the call is in message.function_call.', class: 'ok' },
    insufficient_system_resource: {
      meaning: 'DeepSeek stopped generating because its servers ran short of capacity. The answer is cut short, as with a length stop; retry the request.',
      class: 'length_limit',
    },
    model_length: { meaning: "Mistral: the model's context length was reached. The answer is cut short.", class: 'length_limit' },
  },
};

export const chatCompletions: FormatModule = {
  name: 'chat-completions',
  title: 'Chat Completions',
  endFrame: '`data: [DONE]`',
  recognise,
  createAssembler: (context) => new ChatAssembler(context),
  synthesize,
  finishReasons,
};

keepShape(new ChatAssembler({ findings: new FindingList() }));

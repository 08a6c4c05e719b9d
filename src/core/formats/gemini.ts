/**
 * Gemini `models/{model}:streamGenerateContent?alt=sse`: every frame is a whole GenerateContentResponse holding
 * only what is new since the previous frame. There is no end frame: a stream is finished when every candidate it
 * named has a finish reason, when the prompt was blocked and no candidate came, or when an error frame arrived.
 *
 * Choices made here (see also the finish-reason table):
 * - Parts are merged as the non-streamed API returns them: a text part joins the text part before it when both
 *   are of the same kind (answer or `thought`) and it carries no `thoughtSignature`; a signed part starts a new part,
 *   so a signature stays with the text it arrived with. Other parts are kept whole and in order.
 * - A tool call's `id` is the `functionCall.id` when there is one, else null: nothing is made up. A call without
 *   `args` has the arguments `{}` (as the non-streamed API gives `args` for a call without parameters).
 * - Streamed arguments (Vertex `willContinue` / `partialArgs`) are built into one `{name, args}` part, as the
 *   non-streamed API returns the call.
 * - A response candidate carries `index` when a frame of it did (a choice's index is 0 for a candidate without one);
 *   other candidate fields keep their latest non-empty value, except citation lists, which are joined.
 * - Frames after every candidate finished are still assembled (Gemini clients read to the end of the body), and
 *   each one is an `after end` finding. Frames after an error frame are not read.
 */
import type { Frame, Payload } from '../decode/frame.js';
import { type FindingCode, FindingList, FindingTally } from '../findings.js';
import { MAX_NESTING } from '../json-depth.js';
import type {
  Assembler,
  Assembly,
  AssemblyContext,
  Choice,
  FinishReasonTable,
  FormatModule,
  FrameRecord,
  SynthesizeOptions,
  ToolCall,
} from '../model.js';
import { isObject, type Json } from './json-shape.js';
import { cutPieces } from './pieces.js';
import { type PhraseFamily, phraseFamily } from './phrases.js';
import { PieceText } from './piece-text.js';
import { ownEntry, ownField, setOwn } from '../own-copy.js';
import { kindOf } from '../words.js';

export const TEXT_TO_CANDIDATE = phraseFamily((index, count) => `text +${count} chars to candidate ${index}`);
export const THOUGHT_TO_CANDIDATE = phraseFamily((index, count) => `thought +${count} chars to candidate ${index}`);
const ARGUMENT_PHRASES = new Map<string, PhraseFamily>();

/**
 * "function call f argument $.a +5 chars" ("… set" for a value not a string): shared per call name and path, which
 * streamed arguments repeat frame after frame.
 */
function argumentPhrase(name: string, path: string, length: number | null): string {
  const key = `${name}\u0000${path}`;
  let family = ARGUMENT_PHRASES.get(key);
  if (family === undefined) {
    // The count is the length plus one, 0 standing for a value set.
    const render = (_index: number, count: number): string => `function call ${name} argument ${path} ${count === 0 ? 'set' : `+${count - 1} chars`}`;
    if (ARGUMENT_PHRASES.size >= 64) return render(0, length === null ? 0 : length + 1); // an unusual stream: made fresh
    family = phraseFamily(render);
    ARGUMENT_PHRASES.set(key, family);
  }
  return family(0, length === null ? 0 : length + 1);
}


export const TOP_LEVEL_FIELDS = new Set(['candidates', 'promptFeedback', 'usageMetadata', 'modelVersion', 'responseId', 'createTime', 'modelStatus']);
/** Kept as the latest value seen: the first two constant in a stream, the last two Vertex-only. */
export const PLAIN_TOP_LEVEL = ['modelVersion', 'responseId', 'createTime', 'modelStatus'] as const;
/** Part members that qualify a part's data rather than being it. */
const PART_FLAGS = new Set(['thought', 'thoughtSignature', 'partMetadata', 'videoMetadata', 'mediaResolution']);
const UNUSED_FINISH = 'FINISH_REASON_UNSPECIFIED';
const UNUSED_BLOCK = new Set(['BLOCK_REASON_UNSPECIFIED', 'BLOCKED_REASON_UNSPECIFIED']);

// ---------------------------------------------------------------------------------------------- finish reasons

const SOURCE =
  'googleapis/googleapis google/ai/generativelanguage/v1beta/generative_service.proto@bc7e3baa28fbb223fa93782e130260fab8205bfc, Candidate.FinishReason (with @google/genai 2.18.0 src/types.ts FinishReason); reference/gemini.md §4';

export const GEMINI_FINISH_REASONS: FinishReasonTable = {
  source: SOURCE,
  read: '2026-08-22',
  reasons: {
    FINISH_REASON_UNSPECIFIED: { meaning: 'The default value, never sent on purpose: the candidate did not say why it stopped.', class: 'ok' },
    STOP: { meaning: 'The model came to a natural end, hit one of the request\'s stop sequences, or ended its turn with function calls.', class: 'ok' },
    MAX_TOKENS: { meaning: 'The answer reached the request\'s maxOutputTokens and was cut there.', class: 'length_limit' },
    SAFETY: { meaning: 'The candidate was stopped for safety; when streaming, what the filters blocked is left out.', class: 'filtered' },
    RECITATION: { meaning: 'The candidate was stopped because it was reciting existing material, such as copyrighted text.', class: 'filtered' },
    OTHER: { meaning: 'The candidate stopped for a reason the API does not name.', class: 'filtered' },
    LANGUAGE: { meaning: 'The candidate was stopped for using a language the model does not support.', class: 'filtered' },
    BLOCKLIST: { meaning: 'Generation stopped because the output held terms from a blocklist.', class: 'filtered' },
    PROHIBITED_CONTENT: { meaning: 'Generation stopped because the output may hold prohibited content.', class: 'filtered' },
    SPII: { meaning: 'Generation stopped because the output may hold sensitive personal information.', class: 'filtered' },
    MALFORMED_FUNCTION_CALL: { meaning: 'The function call the model wrote was not valid, so generation stopped.', class: 'filtered' },
    IMAGE_SAFETY: { meaning: 'Generation stopped because generated images broke the safety rules.', class: 'filtered' },
    UNEXPECTED_TOOL_CALL: { meaning: 'The model called a tool although the request enabled none.', class: 'filtered' },
    TOO_MANY_TOOL_CALLS: { meaning: 'The model called tools too many times in a row, so the system stopped it.', class: 'filtered' },
    IMAGE_PROHIBITED_CONTENT: { meaning: 'Image generation stopped because the images held other prohibited content.', class: 'filtered' },
    IMAGE_OTHER: { meaning: 'Image generation stopped for some other reason.', class: 'filtered' },
    NO_IMAGE: { meaning: 'An image was expected, and the model produced none.', class: 'filtered' },
    IMAGE_RECITATION: { meaning: 'Image generation stopped because the images recited existing material.', class: 'filtered' },
  },
};

/** `promptFeedback.blockReason`, in our words (proto §5 of the reference; the last two are Vertex AI only). */
export const GEMINI_BLOCK_REASONS: Readonly<Record<string, string>> = {
  SAFETY: 'the prompt was blocked for safety; promptFeedback.safetyRatings name the category',
  OTHER: 'the prompt was blocked for a reason the API does not name',
  BLOCKLIST: 'the prompt holds terms from the terminology blocklist',
  PROHIBITED_CONTENT: 'the prompt was blocked for prohibited content',
  IMAGE_SAFETY: 'the candidates were blocked because the image-generation content was unsafe',
  MODEL_ARMOR: 'Vertex AI only: Model Armor blocked the prompt',
  JAILBREAK: 'Vertex AI only: the prompt was taken for a jailbreak attempt',
};

function blockMeaning(reason: string): string {
  return ownEntry(GEMINI_BLOCK_REASONS, reason) ?? `not a block reason this library knows (${JSON.stringify(reason)}); check Google's current documentation`;
}

// ---------------------------------------------------------------------------------------------- recognise

function recognise(_frame: Frame, payload: Payload): 0 | 1 | 2 {
  if (payload.kind !== 'json' || !isObject(payload.value)) return 0;
  const value = payload.value;
  if (Array.isArray(value.candidates)) return 2;
  const named = 'usageMetadata' in value || 'promptFeedback' in value || 'modelVersion' in value;
  return named && !('choices' in value) && !('type' in value) ? 1 : 0;
}

// ---------------------------------------------------------------------------------------------- assembly state

interface StreamedCall {
  call: Json;
  args: Json;
  /** JSON characters the paths made beyond the values (lists, objects, nulls in gaps), and the bytes that carried them. */
  made: number;
  carried: number;
  /** Past the growth bound: later streamed arguments are kept as they arrived, in the call's `partialArgs`. */
  unread: unknown[] | null;
  lastPath: string | null;
  lastContinues: boolean;
  /** The last value set at `lastPath` was a string, so a continued piece appends to it. */
  lastString: boolean;
  /**
   * String pieces continuing the value at `pendingSegments`, not yet joined onto it (see settleArgs): joined one by
   * one they would make a chain of small strings that lives as long as the answer.
   */
  pending: PieceText;
  pendingSegments: Array<string | number> | null;
}

function settleArgs(open: StreamedCall): void {
  if (open.pendingSegments === null || open.pending.length === 0) return;
  setAtPath(open.args, open.pendingSegments, open.pending.text, true);
  open.pending.text = '';
}

interface Candidate {
  index: number;
  /** A frame carried the candidate's `index` (without it, the response does not invent one). */
  indexed: boolean;
  parts: Json[];
  partsSeen: boolean;
  role: unknown;
  finishReason: string | null;
  finishFrame: number;
  lastLine: number;
  lastFrame: number;
  fields: Map<string, unknown>;
  streamed: StreamedCall | null;
  /**
   * The text of the last part, when text joined onto it: its `text` member is set from it when another part follows
   * and when the response is built.
   */
  lastText: PieceText | null;
}

interface Where {
  frame: FrameRecord;
  carried: string[];
}

/**
 * Usage whose making waits until finish(): a frame shape's maker of `usageMetadata` and the hole values of the last
 * frame that carried it (the fast path sets it, so that a frame's usage is not built when a later one replaces it).
 */
export interface PendingUsage {
  make: (values: ReadonlyArray<string | number>) => unknown;
  values: Array<string | number>;
}

export class GeminiAssembler implements Assembler {
  private readonly findings: FindingList;
  readonly candidates: Map<number, Candidate>;
  readonly top: Map<string, unknown>;
  private readonly unassembled: FindingTally<FrameRecord>;
  private usage: Json | null;
  private promptFeedback: Json | null;
  private blockFrame: FrameRecord | null;
  private error: unknown;
  errorSeen: boolean;
  private errorFrame: number;
  pendingUsage: PendingUsage | null;

  constructor(context: AssemblyContext) {
    this.findings = context.findings;
    this.candidates = new Map();
    this.top = new Map();
    this.unassembled = new FindingTally();
    this.usage = null;
    this.promptFeedback = null;
    this.blockFrame = null;
    this.error = null;
    this.errorSeen = false;
    this.errorFrame = -1;
    this.pendingUsage = null;
  }

  raise(code: FindingCode, where: FrameRecord, message: string): void {
    this.findings.add(code, message, where.line, 1, where.index);
  }

  /** `not assembled`, once per thing named, so a long stream of code-execution parts gives one finding. */
  notAssembled(key: string, where: FrameRecord, message: string): void {
    if (this.unassembled.note(key, where)) this.raise('not assembled', where, message);
  }

  private blockReason(): string | null {
    const reason = this.promptFeedback?.blockReason;
    return typeof reason === 'string' && !UNUSED_BLOCK.has(reason) ? reason : null;
  }

  ended(): boolean {
    if (this.errorSeen) return true;
    if (this.candidates.size === 0) return this.blockReason() !== null;
    for (const candidate of this.candidates.values()) if (candidate.finishReason === null) return false;
    return true;
  }

  private candidateAt(index: number, where: FrameRecord): Candidate {
    let candidate = this.candidates.get(index);
    if (candidate === undefined) {
      candidate = {
        index,
        indexed: false,
        parts: [],
        partsSeen: false,
        role: undefined,
        finishReason: null,
        finishFrame: -1,
        lastLine: where.line,
        lastFrame: where.index,
        fields: new Map(),
        streamed: null,
        lastText: null,
      };
      this.candidates.set(index, candidate);
    }
    this.seen(candidate, where);
    return candidate;
  }

  /** The candidate was in this frame (where a finding about its end points). */
  seen(candidate: Candidate, where: FrameRecord): void {
    candidate.lastLine = where.line;
    candidate.lastFrame = where.index;
  }

  // ------------------------------------------------------------------------ parts

  private readText(candidate: Candidate, part: Json, text: string, at: Where): void {
    const thought = part.thought === true;
    if (!('thoughtSignature' in part) && this.joinsLast(candidate, thought)) this.joinText(candidate, text);
    else this.pushPart(candidate, { ...part });
    at.carried.push((thought ? THOUGHT_TO_CANDIDATE : TEXT_TO_CANDIDATE)(candidate.index, text.length));
    if (text.length > 0) at.frame.progress = true;
  }

  /** An unsigned text part of this kind (answer or thought) joins the candidate's last part. */
  joinsLast(candidate: Candidate, thought: boolean): boolean {
    const last = candidate.parts[candidate.parts.length - 1];
    return last !== undefined && typeof last.text === 'string' && (last.thought === true) === thought;
  }

  /** Joins `piece` onto the candidate's last part, a text part (see joinsLast). */
  joinText(candidate: Candidate, piece: string): void {
    let text = candidate.lastText;
    if (text === null) {
      const last = candidate.parts[candidate.parts.length - 1] as Json;
      text = candidate.lastText = new PieceText(last.text as string);
    }
    text.push(piece);
  }

  /** A new last part: the text joined onto the one before is set on it first. */
  private pushPart(candidate: Candidate, part: Json): void {
    settleText(candidate);
    candidate.parts.push(part);
  }

  private readPart(candidate: Candidate, part: unknown, at: Where): void {
    if (!isObject(part)) {
      this.notAssembled(`part:${kindOf(part)}`, at.frame, `Frame ${at.frame.index}: a part of candidate ${candidate.index} is ${kindOf(part)}, not a Part object; it was not read. Every element of content.parts is an object.`);
      return;
    }
    if (typeof part.text === 'string') return this.readText(candidate, part, part.text, at);
    if ('functionCall' in part) return this.readFunctionCall(candidate, part, at);
    const kind = Object.keys(part).find((key) => !PART_FLAGS.has(key));
    const named = kind === undefined ? 'a part with no data member' : `a \`${kind}\` part`;
    this.pushPart(candidate, part);
    at.carried.push(`${kind ?? 'empty'} part to candidate ${candidate.index}`);
    if (kind !== undefined) at.frame.progress = true;
    this.notAssembled(
      `kind:${kind ?? ''}`,
      at.frame,
      `Frame ${at.frame.index} carries ${named} (candidate ${candidate.index}). It is kept in response.candidates[].content.parts, but it is neither text nor a function call, so the choice's text and tool calls leave it out.`,
    );
  }

  // ------------------------------------------------------------------------ function calls

  private readFunctionCall(candidate: Candidate, part: Json, at: Where): void {
    const call = part.functionCall;
    if (!isObject(call)) {
      this.notAssembled('functionCall:shape', at.frame, `Frame ${at.frame.index}: a functionCall of candidate ${candidate.index} is ${kindOf(call)}, not an object; it was not read.`);
      return;
    }
    const open = candidate.streamed;
    if (open && typeof call.name !== 'string') return this.continueCall(candidate, open, call, at);
    if (open) settleArgs(open);
    candidate.streamed = null;
    if (typeof call.name !== 'string') {
      this.raise(
        'tool call incomplete',
        at.frame,
        `Frame ${at.frame.index} carries a functionCall with no name for candidate ${candidate.index}, and no streamed call is open for it to continue (${JSON.stringify(call).slice(0, 120)}). It cannot be answered, so it was left out. Send the name with every call.`,
      );
      return;
    }
    this.startCall(candidate, part, call, at);
  }

  private startCall(candidate: Candidate, part: Json, call: Json, at: Where): void {
    const { partialArgs, willContinue, ...rest } = call;
    const kept: Json = { ...rest };
    this.pushPart(candidate, { ...part, functionCall: kept });
    at.carried.push(`function call ${call.name as string} to candidate ${candidate.index}`);
    at.frame.progress = true;
    if (willContinue !== true && partialArgs === undefined) return;
    const args: Json = isObject(call.args) ? { ...call.args } : {};
    kept.args = args;
    const streamed: StreamedCall = { call: kept, args, made: 0, carried: 0, unread: null, lastPath: null, lastContinues: false, lastString: false, pending: new PieceText(), pendingSegments: null };
    if (partialArgs !== undefined) this.applyPartialArgs(candidate, streamed, partialArgs, at);
    if (willContinue !== true) settleArgs(streamed);
    candidate.streamed = willContinue === true ? streamed : null;
  }

  private continueCall(candidate: Candidate, open: StreamedCall, call: Json, at: Where): void {
    if (call.partialArgs !== undefined) this.applyPartialArgs(candidate, open, call.partialArgs, at);
    if (call.willContinue !== true) {
      settleArgs(open);
      candidate.streamed = null;
      at.carried.push(`end of function call ${String(open.call.name)}`);
    }
  }

  private applyPartialArgs(candidate: Candidate, open: StreamedCall, list: unknown, at: Where): void {
    if (!Array.isArray(list)) {
      this.notAssembled('partialArgs:shape', at.frame, `Frame ${at.frame.index}: functionCall.partialArgs of candidate ${candidate.index} is ${kindOf(list)}, not a list; it was not read.`);
      return;
    }
    for (const item of list) this.applyPartialArg(candidate, open, item, at);
  }

  private applyPartialArg(candidate: Candidate, open: StreamedCall, item: unknown, at: Where): void {
    if (open.unread !== null) return void open.unread.push(item);
    const path = isObject(item) && typeof item.jsonPath === 'string' ? item.jsonPath : null;
    const segments = path === null ? null : parseJsonPath(path);
    const value = isObject(item) ? partialValue(item) : NO_VALUE;
    if (path === null || segments === null || value === NO_VALUE || !isObject(item)) {
      this.notAssembled(
        `partialArg:${path ?? 'no path'}`,
        at.frame,
        `Frame ${at.frame.index}: a streamed argument of ${String(open.call.name)} (candidate ${candidate.index}) has ${path === null ? 'no jsonPath' : segments === null ? `a jsonPath this library cannot read (${JSON.stringify(path)})` : 'no value'}; it was not assembled.`,
      );
      return;
    }
    if (!this.withinGrowth(candidate, open, item, path, segments, value, at)) return;
    const append = typeof value === 'string' && open.lastPath === path && open.lastContinues;
    if (append && open.lastString) queueArg(open, segments, value);
    else {
      settleArgs(open);
      if (!setAtPath(open.args, segments, value, append)) {
        this.notAssembled(`partialArg:${path}`, at.frame, `Frame ${at.frame.index}: the streamed argument at ${path} of ${String(open.call.name)} does not fit the arguments built so far; it was not assembled.`);
        return;
      }
    }
    open.lastPath = path;
    open.lastContinues = item.willContinue === true;
    open.lastString = typeof value === 'string';
    at.carried.push(argumentPhrase(String(open.call.name), path, typeof value === 'string' ? value.length : null));
    if (value !== '') at.frame.progress = true;
  }

  /**
   * A path may make lists and objects the bytes do not hold (`$.k[1024][1024]…` fills each gap with nulls): what the
   * paths make may not grow past MAX_GROWTH times the bytes that carried the call's streamed arguments. Past it,
   * this item and the ones after it are kept as they arrived, in the call's `partialArgs`.
   */
  private withinGrowth(candidate: Candidate, open: StreamedCall, item: Json, path: string, segments: Array<string | number>, value: unknown, at: Where): boolean {
    open.carried += path.length + (typeof value === 'string' ? value.length : 8);
    const cost = madeBy(open.args, segments);
    // A path that does not fit makes nothing: setAtPath refuses it with its own finding.
    if (cost === null) return true;
    const made = open.made + cost;
    if (made <= MAX_GROWTH * open.carried + GROWTH_ALLOWANCE) {
      open.made = made;
      return true;
    }
    settleArgs(open);
    open.unread = [item];
    open.call.partialArgs = open.unread;
    at.carried.push(`function call ${String(open.call.name)} arguments: left as they arrived`);
    this.raise(
      'arguments too large',
      at.frame,
      `Frame ${at.frame.index}: the streamed argument at ${path.slice(0, 80)} of ${String(open.call.name)} (candidate ${candidate.index}) would make ${made} characters of lists, objects and gap-filling nulls from ${open.carried} characters of partialArgs, more than ${MAX_GROWTH} times what carried them. The arguments built so far are kept; this streamed argument and the ones after it are left as they arrived, in functionCall.partialArgs.`,
    );
    return false;
  }

  // ------------------------------------------------------------------------ candidates

  private readCandidate(raw: unknown, position: number, at: Where): void {
    if (!isObject(raw)) {
      this.notAssembled(`candidate:${kindOf(raw)}`, at.frame, `Frame ${at.frame.index}: candidates[${position}] is ${kindOf(raw)}, not a Candidate object; it was not read.`);
      return;
    }
    const index = raw.index === undefined ? 0 : raw.index;
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0) {
      this.notAssembled('candidate:index', at.frame, `Frame ${at.frame.index}: candidates[${position}].index is ${JSON.stringify(index)}, not a whole number; the candidate was not read.`);
      return;
    }
    const candidate = this.candidateAt(index, at.frame);
    if (raw.index !== undefined) candidate.indexed = true;
    this.readContent(candidate, raw.content, at);
    this.readFinishReason(candidate, raw.finishReason, at);
    for (const key in raw) {
      if (key === 'content' || key === 'finishReason' || key === 'index') continue;
      keepField(candidate.fields, key, raw[key]);
    }
  }

  private readContent(candidate: Candidate, content: unknown, at: Where): void {
    if (content === undefined) return;
    if (!isObject(content)) {
      this.notAssembled('content:shape', at.frame, `Frame ${at.frame.index}: candidate ${candidate.index}'s content is ${kindOf(content)}, not a Content object; it was not read.`);
      return;
    }
    if (content.role !== undefined) candidate.role = content.role;
    if (content.parts === undefined) return;
    if (!Array.isArray(content.parts)) {
      this.notAssembled('parts:shape', at.frame, `Frame ${at.frame.index}: candidate ${candidate.index}'s content.parts is ${kindOf(content.parts)}, not a list; it was not read.`);
      return;
    }
    candidate.partsSeen = true;
    for (const part of content.parts) this.readPart(candidate, part, at);
  }

  private readFinishReason(candidate: Candidate, reason: unknown, at: Where): void {
    if (reason === undefined || reason === UNUSED_FINISH) return;
    if (typeof reason !== 'string') {
      this.notAssembled('finishReason:shape', at.frame, `Frame ${at.frame.index}: candidate ${candidate.index}'s finishReason is ${kindOf(reason)}, not an enum name; it was not read.`);
      return;
    }
    candidate.finishReason = reason;
    candidate.finishFrame = at.frame.index;
    at.carried.push(`finishReason ${reason} for candidate ${candidate.index}`);
  }

  // ------------------------------------------------------------------------ frames

  private readError(frame: FrameRecord, value: Json): void {
    frame.type = 'error';
    this.error = value.error;
    this.errorSeen = true;
    this.errorFrame = frame.index;
    const detail = isObject(value.error)
      ? [value.error.code, value.error.status].filter((part) => part !== undefined).join(' ')
      : '';
    const message = isObject(value.error) && typeof value.error.message === 'string' ? `: ${JSON.stringify(value.error.message)}` : '';
    frame.carried = `error${detail ? ` ${detail}` : ''}`;
    this.raise(
      'error event',
      frame,
      `Frame ${frame.index} is an error${detail ? ` (${detail})` : ''}${message}: the stream ended in an error after it had started. What arrived before it is partial; treat the call as failed.`,
    );
  }

  private readTopLevel(value: Json, at: Where): void {
    if (value.usageMetadata !== undefined) {
      if (isObject(value.usageMetadata)) {
        this.usage = value.usageMetadata;
        this.pendingUsage = null;
        at.carried.push('usage');
      } else this.notAssembled('usageMetadata:shape', at.frame, `Frame ${at.frame.index}: usageMetadata is ${kindOf(value.usageMetadata)}, not an object; it was not read.`);
    }
    if (isObject(value.promptFeedback) && !isEmpty(value.promptFeedback)) {
      this.promptFeedback = value.promptFeedback;
      const reason = this.blockReason();
      if (reason !== null) this.blockFrame = at.frame;
      at.carried.push(reason === null ? 'promptFeedback' : `prompt blocked: ${reason}`);
    }
    for (const key of PLAIN_TOP_LEVEL) if (value[key] !== undefined) this.top.set(key, value[key]);
    for (const key in value) {
      if (TOP_LEVEL_FIELDS.has(key)) continue;
      this.notAssembled(`field:${key}`, at.frame, `Frame ${at.frame.index} carries \`${key}\`, which is not a GenerateContentResponse field; it was not read.`);
    }
  }

  private readResponse(frame: FrameRecord, value: Json): void {
    const at: Where = { frame, carried: [] };
    const candidates = value.candidates;
    if (candidates !== undefined && !Array.isArray(candidates)) {
      this.notAssembled('candidates:shape', frame, `Frame ${frame.index}: candidates is ${kindOf(candidates)}, not a list; it was not read.`);
    } else if (Array.isArray(candidates)) {
      for (let position = 0; position < candidates.length; position += 1) this.readCandidate(candidates[position], position, at);
    }
    this.readTopLevel(value, at);
    frame.carried = carriedPhrase(at.carried);
  }

  private afterEnd(frame: FrameRecord): boolean {
    if (this.errorSeen) {
      frame.carried = 'after the error: not read';
      this.raise('after end', frame, `Frame ${frame.index} came after the error at frame ${this.errorFrame}, which ends the stream; it was not read. Stop writing after an error frame.`);
      return true;
    }
    if (!this.ended()) return false;
    this.raise(
      'after end',
      frame,
      `Frame ${frame.index} came after every candidate had finished (${this.finishedList()}). Gemini clients read to the end of the body, so it was assembled; a client that stops at the finish reason misses it. Send finishReason only in a candidate's last chunk.`,
    );
    return false;
  }

  private finishedList(): string {
    if (this.candidates.size === 0) return `the prompt was blocked at frame ${this.blockFrame?.index ?? 0}`;
    return [...this.candidates.values()].map((c) => `candidate ${c.index}: ${c.finishReason} at frame ${c.finishFrame}`).join('; ');
  }

  read(frame: FrameRecord, payload: Payload): void {
    if (payload.kind === 'done') {
      frame.type = '[DONE]';
      frame.carried = '[DONE]: not a Gemini frame';
      this.raise('unknown event', frame, `Frame ${frame.index} is \`data: [DONE]\`, which Gemini streams do not have (they end when the body ends); it was not read.`);
      return;
    }
    if (payload.kind !== 'json') return;
    const value = payload.value;
    // The body of a failed non-SSE call is a list holding one error object.
    const listed = Array.isArray(value) && value.length === 1 && isObject(value[0]) && isObject(value[0].error) ? value[0] : null;
    if (listed !== null && !this.errorSeen) return this.readError(frame, listed);
    if (!isObject(value)) {
      frame.carried = `${kindOf(value)}: not read`;
      this.raise('unknown event', frame, `Frame ${frame.index}'s data is ${kindOf(value)}, not a GenerateContentResponse object; it was not read.`);
      return;
    }
    if (this.afterEnd(frame)) return;
    if ('error' in value) return this.readError(frame, value);
    if (!hasResponseField(value)) {
      const keys = Object.keys(value);
      frame.type = typeof value.type === 'string' ? value.type : null;
      frame.carried = 'not a Gemini frame: not read';
      this.raise('unknown event', frame, `Frame ${frame.index} carries none of a GenerateContentResponse's fields (it has ${keys.slice(0, 4).map((key) => `\`${key}\``).join(', ')}); it is not a Gemini frame and was not read.`);
      return;
    }
    frame.type = 'GenerateContentResponse';
    this.readResponse(frame, value);
  }

  // ------------------------------------------------------------------------ finish

  private reportEnd(): void {
    const reason = this.blockReason();
    if (this.candidates.size === 0 && reason !== null && !this.errorSeen) {
      const where = this.blockFrame;
      this.findings.add(
        'prompt blocked',
        `Gemini blocked the prompt (blockReason ${reason}: ${blockMeaning(reason)}) and sent no candidates, so the response is finished, and filtered. Rephrase the prompt.`,
        where?.line ?? 0,
        where ? 1 : 0,
        where?.index,
      );
    }
    const finished = [...this.candidates.values()].filter((c) => c.finishReason !== null);
    if (finished.length === 0) return;
    for (const candidate of this.candidates.values()) {
      if (candidate.finishReason !== null) continue;
      this.findings.add(
        'no finish reason',
        `Candidate ${candidate.index} never received a finishReason (last seen in frame ${candidate.lastFrame}), though ${finished.map((c) => `candidate ${c.index} finished with ${c.finishReason}`).join(' and ')}. Send finishReason in the last chunk of every candidate.`,
        candidate.lastLine,
        1,
        candidate.lastFrame,
      );
    }
  }

  finish(): Assembly {
    const pending = this.pendingUsage;
    if (pending !== null) this.usage = pending.make(pending.values) as Json;
    this.pendingUsage = null;
    this.reportEnd();
    const sorted = [...this.candidates.values()].sort((a, b) => a.index - b.index);
    for (const candidate of sorted) {
      settleText(candidate);
      if (candidate.streamed) settleArgs(candidate.streamed);
    }
    const blocked = this.candidates.size === 0 && this.blockReason() !== null;
    const assembly: Assembly = {
      choices: sorted.map(choiceOf),
      usage: this.usage,
      response: this.responseOf(sorted),
      error: this.error,
      ended: this.ended(),
      missingPiece: false,
    };
    if (blocked) assembly.finishClass = 'filtered';
    return assembly;
  }

  private responseOf(sorted: Candidate[]): Json {
    const response: Json = {};
    if (sorted.length > 0) response.candidates = sorted.map(candidateResponse);
    if (this.promptFeedback) response.promptFeedback = this.promptFeedback;
    if (this.usage) response.usageMetadata = this.usage;
    for (const [key, value] of this.top) response[key] = value;
    return response;
  }

}

/** The text joined onto the candidate's last part is set on it. */
function settleText(candidate: Candidate): void {
  const text = candidate.lastText;
  if (text === null) return;
  (candidate.parts[candidate.parts.length - 1] as Json).text = text.text;
  candidate.lastText = null;
}

/** A piece continuing the string at the call's last path: held, joined onto it in batches. */
function queueArg(open: StreamedCall, segments: Array<string | number>, piece: string): void {
  open.pendingSegments = segments;
  open.pending.push(piece);
}

// ---------------------------------------------------------------------------------------------- carried

/** An empty object, or one with a GenerateContentResponse field: a Gemini frame. */
function hasResponseField(value: Json): boolean {
  let empty = true;
  for (const key in value) {
    if (TOP_LEVEL_FIELDS.has(key)) return true;
    empty = false;
  }
  return empty;
}

/** Pairs of phrases already joined ("text +9 chars to candidate 0" and "usage"), by first then second phrase. */
const JOINED_PHRASES = new Map<string, Map<string, string>>();
const JOINED_KEPT = 20_000;
let joinedCount = 0;

/** What a frame carried, in one string: the same string for frames that say the same, not a fresh copy each. */
function carriedPhrase(phrases: string[]): string {
  if (phrases.length === 0) return 'nothing';
  let carried = phrases[0] as string;
  for (let i = 1; i < phrases.length; i += 1) carried = joinPhrases(carried, phrases[i] as string);
  return carried;
}

/** Looked up by the two strings (shared ones, whose hash is kept), so a frame that says the usual makes nothing. */
function joinPhrases(first: string, second: string): string {
  let bySecond = JOINED_PHRASES.get(first);
  const known = bySecond?.get(second);
  if (known !== undefined) return known;
  const joined = `${first}, ${second}`;
  if (joinedCount >= JOINED_KEPT) return joined;
  if (bySecond === undefined) JOINED_PHRASES.set(first, (bySecond = new Map()));
  bySecond.set(second, joined);
  joinedCount += 1;
  return joined;
}

// ---------------------------------------------------------------------------------------------- field merging

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  return isObject(value) && Object.keys(value).length === 0;
}

/** Latest non-empty value wins; citation lists are joined, since each frame cites the text it carries. */
function keepField(fields: Map<string, unknown>, key: string, value: unknown): void {
  if (isEmpty(value)) return;
  const before = fields.get(key);
  if (key === 'citationMetadata' && isObject(before) && isObject(value)) {
    fields.set(key, joinCitations(before, value));
    return;
  }
  fields.set(key, value);
}

function joinCitations(before: Json, after: Json): Json {
  const joined: Json = { ...before };
  for (const [key, value] of Object.entries(after)) {
    const earlier = ownField(joined, key);
    if (!Array.isArray(value) || !Array.isArray(earlier)) {
      setOwn(joined, key, value);
      continue;
    }
    const seen = new Set(earlier.map((item) => JSON.stringify(item)));
    setOwn(joined, key, [...earlier, ...value.filter((item) => !seen.has(JSON.stringify(item)))]);
  }
  return joined;
}

function candidateResponse(candidate: Candidate): Json {
  const out: Json = {};
  if (candidate.partsSeen || candidate.role !== undefined) {
    const content: Json = {};
    if (candidate.partsSeen) content.parts = candidate.parts;
    if (candidate.role !== undefined) content.role = candidate.role;
    out.content = content;
  }
  if (candidate.finishReason !== null) out.finishReason = candidate.finishReason;
  if (candidate.indexed) out.index = candidate.index;
  for (const [key, value] of candidate.fields) setOwn(out, key, value);
  return out;
}

function choiceOf(candidate: Candidate): Omit<Choice, 'finishMeaning'> {
  let text = '';
  let reasoning: string | null = null;
  const toolCalls: ToolCall[] = [];
  for (const part of candidate.parts) {
    if (typeof part.text === 'string') {
      if (part.thought === true) reasoning = `${reasoning ?? ''}${part.text}`;
      else text += part.text;
    } else if (isObject(part.functionCall)) {
      toolCalls.push(toolCallOf(toolCalls.length, part.functionCall));
    }
  }
  const choice: Omit<Choice, 'finishMeaning'> = { index: candidate.index, text, toolCalls, finishReason: candidate.finishReason };
  if (reasoning !== null) choice.reasoning = reasoning;
  return choice;
}

function toolCallOf(n: number, call: Json): ToolCall {
  const input = call.args === undefined ? {} : call.args;
  return {
    index: n,
    id: typeof call.id === 'string' ? call.id : null,
    name: typeof call.name === 'string' ? call.name : '',
    arguments: JSON.stringify(input),
    input,
  };
}

// ---------------------------------------------------------------------------------------------- JSON paths

const NO_VALUE = Symbol('no value');

function partialValue(item: Json): unknown {
  if (typeof item.stringValue === 'string') return item.stringValue;
  if (typeof item.numberValue === 'number') return item.numberValue;
  if (typeof item.boolValue === 'boolean') return item.boolValue;
  if ('nullValue' in item) return null;
  return NO_VALUE;
}

/** Reads the RFC 9535 paths Vertex sends (`$.a.b[0]`, `$['a b']`); null for anything else. */
export function parseJsonPath(path: string): Array<string | number> | null {
  if (!path.startsWith('$')) return null;
  const segments: Array<string | number> = [];
  const pattern = /\.([^.[\]]+)|\[(\d+)\]|\['((?:[^'\\]|\\.)*)'\]|\["((?:[^"\\]|\\.)*)"\]/y;
  pattern.lastIndex = 1;
  while (pattern.lastIndex < path.length) {
    const match = pattern.exec(path);
    if (!match) return null;
    if (match[2] !== undefined) segments.push(Number(match[2]));
    else segments.push((match[1] ?? match[3] ?? match[4] ?? '').replace(/\\(.)/g, '$1'));
  }
  return segments.length > 0 && segments.length <= MAX_PATH_SEGMENTS ? segments : null;
}

/** How far past a list's end a streamed argument may set an element (the gap becomes nulls). */
const MAX_LIST_GAP = 1024;
/** What a call's streamed-argument paths may make, in JSON characters, per character that carried them. */
export const MAX_GROWTH = 8;
/** ...plus this much, so that a short call may open a few lists and objects. */
const GROWTH_ALLOWANCE = 4096;

/**
 * The JSON characters setting a value at a path would make beyond the value itself: each list or object made, each
 * key, each null that fills a gap. Counted without making anything; null when the path does not fit (setAtPath's
 * rules: a list index on a list, a key on an object, a gap of at most MAX_LIST_GAP).
 */
function madeBy(root: Json, segments: ReadonlyArray<string | number>): number | null {
  let made = 0;
  let container: unknown = root;
  for (let i = 0; i < segments.length; i += 1) {
    const key = segments[i] as string | number;
    if (container !== undefined && (typeof container !== 'object' || container === null)) return null;
    const list = Array.isArray(container) ? container : null;
    if (container !== undefined && (list !== null) !== (typeof key === 'number')) return null;
    if (typeof key === 'number') {
      const length = list === null ? 0 : list.length;
      if (key > length + MAX_LIST_GAP) return null;
      made += Math.max(0, key - length) * 5 + 1;
    } else made += key.length + 4;
    const existing = typeof container === 'object' && container !== null ? ownField(container, key) : undefined;
    container = existing;
    if (i < segments.length - 1 && (typeof existing !== 'object' || existing === null)) made += 2;
  }
  return made;
}
/** Paths longer than this are not read: with a value nested at most MAX_NESTING, the arguments stay printable. */
const MAX_PATH_SEGMENTS = MAX_NESTING / 2;

function setArgument(container: Json | unknown[], key: string | number, value: unknown): void {
  // A list index past the end leaves no holes: JSON would write them as null, so `input` holds null too.
  if (Array.isArray(container)) while (container.length < (key as number)) container.push(null);
  setOwn(container, key, value);
}

/** Sets (or, for a continued string, appends) a value at a path, making objects and lists on the way. */
function setAtPath(root: Json, segments: Array<string | number>, value: unknown, append: boolean): boolean {
  // Checked before anything is made: a path refused halfway would leave the lists it made on the way.
  if (madeBy(root, segments) === null) return false;
  let container: Json | unknown[] = root;
  for (let i = 0; i < segments.length; i += 1) {
    const key = segments[i] as string | number;
    if (Array.isArray(container) !== (typeof key === 'number')) return false;
    // A gap is filled with nulls: one this wide is no list an answer streams, and filling it would exhaust memory.
    if (Array.isArray(container) && (key as number) > container.length + MAX_LIST_GAP) return false;
    const existing = ownField(container, key);
    if (i === segments.length - 1) {
      const next = append && typeof existing === 'string' ? `${existing}${value as string}` : value;
      setArgument(container, key, next);
      return true;
    }
    if (typeof existing === 'object' && existing !== null) {
      container = existing as Json | unknown[];
      continue;
    }
    if (existing !== undefined) return false;
    const made: Json | unknown[] = typeof segments[i + 1] === 'number' ? [] : {};
    setArgument(container, key, made);
    container = made;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------- synthesize


/** A part as the frames carry it: text cut into pieces (the first keeps the part's other members), the rest whole. */
function partItems(part: unknown, options: SynthesizeOptions): unknown[] {
  if (!isObject(part) || typeof part.text !== 'string') return [part];
  const flag = part.thought === true ? { thought: true } : {};
  return (part.text === '' ? [''] : cutPieces(part.text, options)).map((piece, i) => (i === 0 ? { ...part, text: piece } : { text: piece, ...flag }));
}

/** Groups a candidate's items into frames of one to three parts. */
function chunksOf(items: unknown[], options: SynthesizeOptions): unknown[][] {
  const pick = options.random ?? (() => 1);
  const chunks: unknown[][] = [];
  for (let at = 0; at < items.length; ) {
    const take = Math.min(Math.max(1, Math.floor(pick(3))), 3);
    chunks.push(items.slice(at, at + take));
    at += take;
  }
  return chunks;
}

/** One candidate's share of a frame; the last frame also carries its finish reason and other fields. */
function candidateFrame(candidate: Json, chunk: unknown[] | undefined, last: boolean, noChunks: boolean): Json {
  const out: Json = {};
  const content = isObject(candidate.content) ? candidate.content : null;
  if (content && (chunk !== undefined || (last && noChunks))) {
    const frameContent: Json = {};
    if (Array.isArray(content.parts)) frameContent.parts = chunk ?? [];
    if (content.role !== undefined) frameContent.role = content.role;
    out.content = frameContent;
  }
  if (last) {
    for (const [key, value] of Object.entries(candidate)) if (key !== 'content' && key !== 'index') setOwn(out, key, value);
  }
  if (typeof candidate.index === 'number') out.index = candidate.index;
  return out;
}

function synthesize(response: unknown, options: SynthesizeOptions = {}): string {
  if (!isObject(response)) return '';
  const candidates = Array.isArray(response.candidates) ? response.candidates.filter(isObject) : [];
  const chunks = candidates.map((candidate) => {
    const parts = isObject(candidate.content) && Array.isArray(candidate.content.parts) ? candidate.content.parts : [];
    return chunksOf(parts.flatMap((part) => partItems(part, options)), options);
  });
  const rounds = Math.max(1, ...chunks.map((list) => list.length));
  const shared: Json = {};
  for (const key of PLAIN_TOP_LEVEL) if (response[key] !== undefined) shared[key] = response[key];
  const frames: Json[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const last = round === rounds - 1;
    const frame: Json = {};
    const present = candidates
      .map((candidate, i) => ({ candidate, chunk: chunks[i]?.[round], noChunks: (chunks[i]?.length ?? 0) === 0 }))
      .filter(({ chunk }) => chunk !== undefined || last)
      .map(({ candidate, chunk, noChunks }) => candidateFrame(candidate, chunk, last, noChunks));
    if (present.length > 0) frame.candidates = present;
    if (round === 0 && response.promptFeedback !== undefined) frame.promptFeedback = response.promptFeedback;
    if (last && response.usageMetadata !== undefined) frame.usageMetadata = response.usageMetadata;
    frames.push({ ...frame, ...shared });
  }
  return frames.map((frame) => `data: ${JSON.stringify(frame)}\r\n\r\n`).join('');
}

// ---------------------------------------------------------------------------------------------- module

export const gemini: FormatModule = {
  name: 'gemini',
  title: 'Gemini',
  endFrame: 'a `finishReason` for every candidate (Gemini has no end frame)',
  recognise,
  createAssembler: (context) => new GeminiAssembler(context),
  synthesize,
  finishReasons: GEMINI_FINISH_REASONS,
};


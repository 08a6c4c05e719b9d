import type { Payload } from '../../decode/frame.js';
import { NO_PLACES } from '../../answer/places.js';
import { RunningPlaces } from '../../answer/place-book.js';
import { type FindingCode, FindingList, FindingTally } from '../../findings.js';
import type { Assembler, Assembly, AssemblyContext, FrameRecord } from '../../model.js';
import { isObject, type Json } from '../json-shape.js';
import { PieceText } from '../piece-text.js';
import { kindOf } from '../../words.js';
import { carriedPhrase, TEXT_TO_CANDIDATE, THOUGHT_TO_CANDIDATE } from './carried.js';
import { hasResponseField, isEmpty, keepField, PART_FLAGS, PLAIN_TOP_LEVEL, TOP_LEVEL_FIELDS } from './fields.js';
import { checkFinishReason } from '../finish-check.js';
import { blockMeaning, GEMINI_FINISH_REASONS, UNUSED_BLOCK, UNUSED_FINISH } from './finish-reasons.js';
import { readFunctionCall, settleArgs, type StreamedCall } from './function-calls.js';
import { candidateResponse, choiceOf } from './response.js';

export interface Candidate {
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

export interface Where {
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
  /** Where the answer's parts came from (parts grow one after another, so their offsets run on). */
  readonly places: RunningPlaces;

  constructor(context: AssemblyContext) {
    this.findings = context.findings;
    this.places = new RunningPlaces(context.places ?? NO_PLACES);
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
    this.places.append(thought ? 'reasoning' : 'text', candidate.index, text, at.frame.index);
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
  pushPart(candidate: Candidate, part: Json): void {
    settleText(candidate);
    candidate.parts.push(part);
  }

  private readPart(candidate: Candidate, part: unknown, at: Where): void {
    if (!isObject(part)) {
      this.notAssembled(`part:${kindOf(part)}`, at.frame, `Frame ${at.frame.index}: a part of candidate ${candidate.index} is ${kindOf(part)}, not a Part object; it was not read. Every element of content.parts is an object.`);
      return;
    }
    if (typeof part.text === 'string') return this.readText(candidate, part, part.text, at);
    if ('functionCall' in part) return readFunctionCall(this, candidate, part, at);
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
    if (reason !== candidate.finishReason) checkFinishReason(this.findings, GEMINI_FINISH_REASONS, reason, at.frame, 'finishReason', `candidate ${candidate.index}`);
    candidate.finishReason = reason;
    candidate.finishFrame = at.frame.index;
    this.places.recorder.finish(candidate.index, at.frame.index);
    at.carried.push(`finishReason ${reason} for candidate ${candidate.index}`);
  }

  // ------------------------------------------------------------------------ frames

  private readError(frame: FrameRecord, value: Json): void {
    frame.type = 'error';
    this.error = value.error;
    this.errorSeen = true;
    this.errorFrame = frame.index;
    this.places.recorder.error(frame.index);
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
        this.places.recorder.usage(at.frame.index);
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

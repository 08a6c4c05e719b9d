// The Ollama assembler: every line of `/api/chat` or `/api/generate` is a whole chunk object; a client joins the
// chunks' `message.content` (`response` for /api/generate) and `message.thinking` (`thinking`), keeps each
// `message.tool_calls` entry whole (a call arrives in one chunk, its `function.arguments` an object), and stops at the
// chunk with `"done": true`, which carries `done_reason` and the counts (reference.md §2–§4).
import { NO_PLACES, type PlaceRecorder } from '../../answer/places.js';
import type { Payload } from '../../decode/frame.js';
import type { FindingList } from '../../findings.js';
import type { Assembler, Assembly, AssemblyContext, FrameRecord, ToolCall } from '../../model.js';
import { isObject, type Json } from '../json-shape.js';
import { preview } from '../../words.js';
import { phraseFamily } from '../phrases.js';
import { PieceText } from '../piece-text.js';

/** The counts and durations the `done` chunk carries (reference.md §3), in the order the API writes them. */
export const METRIC_FIELDS = ['total_duration', 'load_duration', 'prompt_eval_count', 'prompt_eval_duration', 'eval_count', 'eval_duration'] as const;

/** Which endpoint the chunks come from: `message` objects (/api/chat) or `response` strings (/api/generate). */
export type Endpoint = 'chat' | 'generate';

const TEXT_ADDED = phraseFamily((_index, count) => `text +${count} chars`);
const THINKING_ADDED = phraseFamily((_index, count) => `thinking +${count} chars`);

export class OllamaAssembler implements Assembler {
  private readonly findings: FindingList;
  private readonly places: PlaceRecorder;
  private endpoint: Endpoint | null = null;
  private model: unknown = undefined;
  private createdAt: unknown = undefined;
  private readonly content = new PieceText();
  private readonly thinking = new PieceText();
  private readonly toolCalls: Json[] = [];
  private final: Json | null = null;
  private error: Json | null = null;
  private afterEnd = 0;

  constructor(context: AssemblyContext) {
    this.findings = context.findings;
    this.places = context.places ?? NO_PLACES;
  }

  read(frame: FrameRecord, payload: Payload): void {
    if (payload.kind !== 'json' || !isObject(payload.value)) return;
    const value = payload.value;
    if (this.final !== null || this.error !== null) return this.readAfterEnd(frame);
    if (typeof value.error === 'string' || isObject(value.error)) return this.readError(frame, value);
    const endpoint: Endpoint | null = isObject(value.message) ? 'chat' : typeof value.response === 'string' ? 'generate' : null;
    if (endpoint === null) {
      frame.type = 'unknown';
      this.findings.add('unknown event', `Line ${frame.line} is neither a chat chunk (\`message\`) nor a generate chunk (\`response\`) nor an error (${preview(JSON.stringify(value))}); it was not assembled.`, frame.line, 1, frame.index);
      return;
    }
    this.readIdentity(frame, value, endpoint);
    frame.type = value.done === true ? 'done' : 'chunk';
    const carried: string[] = [];
    if (endpoint === 'chat') this.readMessage(frame, value.message as Json, carried);
    else this.readText(frame, value, carried);
    if (value.done === true) this.readDone(frame, value, carried);
    frame.carried = carried.filter((phrase) => phrase !== '').join(', ');
  }

  /** The endpoint, model and time the first chunk names; another later is a finding. */
  private readIdentity(frame: FrameRecord, value: Json, endpoint: Endpoint): void {
    if (this.endpoint === null) {
      this.endpoint = endpoint;
      this.model = value.model;
      this.createdAt = value.created_at;
      return;
    }
    if (endpoint !== this.endpoint) {
      this.findings.add('identity changed', `Line ${frame.line} is a ${endpoint} chunk in a stream of ${this.endpoint} chunks: one response comes from one endpoint. It was read as a ${this.endpoint} chunk.`, frame.line, 1, frame.index);
    } else if (value.model !== undefined && value.model !== this.model) {
      this.findings.add('identity changed', `Line ${frame.line} names the model ${JSON.stringify(value.model)}; the stream began with ${JSON.stringify(this.model)}. Every chunk of one response names one model.`, frame.line, 1, frame.index);
    }
  }

  private readMessage(frame: FrameRecord, message: Json, carried: string[]): void {
    carried.push(this.appendPieces(frame, message.thinking, message.content));
    if (!Array.isArray(message.tool_calls)) return;
    for (const call of message.tool_calls) this.readToolCall(frame, call, carried);
  }

  private readText(frame: FrameRecord, value: Json, carried: string[]): void {
    carried.push(this.appendPieces(frame, value.thinking, value.response));
  }

  /**
   * Whether read() would only add the pieces of a plain chunk of `endpoint` naming `model` (not `done`, no error, no
   * tool call): the accelerator's check before it applies one (accelerator.ts).
   */
  takesPlainChunk(endpoint: Endpoint, model: unknown): boolean {
    return this.final === null && this.error === null && this.endpoint === endpoint && (model === undefined || model === this.model);
  }

  /** Adds a chunk's thinking, then its text, as read() does; returns what they carried ('' for neither). */
  appendPieces(frame: FrameRecord, thinking: unknown, text: unknown): string {
    const thought = this.append(frame, 'reasoning', thinking);
    const said = this.append(frame, 'text', text);
    return thought === '' ? said : said === '' ? thought : `${thought}, ${said}`;
  }

  private append(frame: FrameRecord, part: 'text' | 'reasoning', piece: unknown): string {
    if (typeof piece !== 'string' || piece === '') return '';
    const joined = part === 'text' ? this.content : this.thinking;
    const offset = joined.length;
    joined.push(piece);
    this.places.appended(part, 0, offset, frame.index);
    frame.progress = true;
    return part === 'text' ? TEXT_ADDED(0, piece.length) : THINKING_ADDED(0, piece.length);
  }

  /** A tool call arrives whole: its name, and its arguments as an object (reference.md §4). */
  private readToolCall(frame: FrameRecord, call: unknown, carried: string[]): void {
    const fn = isObject(call) && isObject(call.function) ? call.function : null;
    if (fn === null || typeof fn.name !== 'string' || fn.name === '') {
      this.findings.add('tool call incomplete', `Line ${frame.line} has a tool call without \`function.name\` (${preview(JSON.stringify(call))}): it cannot be answered and is left out.`, frame.line, 1, frame.index);
      return;
    }
    if (fn.arguments !== undefined && !isObject(fn.arguments)) {
      this.findings.add('arguments not json', `Line ${frame.line}: the tool call \`${fn.name}\` has \`function.arguments\` ${preview(JSON.stringify(fn.arguments))}; Ollama sends an object there, and a client that reads it as one fails. A translator may have passed through a JSON string.`, frame.line, 1, frame.index);
    }
    this.toolCalls.push(call as Json);
    this.places.toolCall(0, frame.index);
    carried.push(`tool call ${fn.name}`);
    frame.progress = true;
  }

  private readDone(frame: FrameRecord, value: Json, carried: string[]): void {
    this.final = value;
    this.places.finish(0, frame.index);
    if (METRIC_FIELDS.some((field) => typeof value[field] === 'number')) this.places.usage(frame.index);
    const reason = value.done_reason;
    carried.push(typeof reason === 'string' ? `done: ${reason}` : 'done');
    if (typeof reason !== 'string') {
      this.findings.add('no finish reason', `The \`"done": true\` chunk (line ${frame.line}) has no \`done_reason\`: a client cannot tell a whole answer (\`stop\`) from one cut at the limit (\`length\`). Older servers omit it; a relay may have dropped it.`, frame.line, 1, frame.index);
    }
  }

  private readError(frame: FrameRecord, value: Json): void {
    this.error = value;
    frame.type = 'error';
    frame.carried = 'error';
    this.places.error(frame.index);
    const said = typeof value.error === 'string' ? value.error : JSON.stringify(value.error);
    this.findings.add('error event', `Line ${frame.line} is an error: ${JSON.stringify(said)}. The server stopped the answer there; what arrived before it is partial.`, frame.line, 1, frame.index);
  }

  /** A client stops at `done` (ollama-js returns there): what follows is listed, not assembled. */
  private readAfterEnd(frame: FrameRecord): void {
    this.afterEnd += 1;
    frame.type = 'after end';
    if (this.afterEnd > 1) return this.findings.add('after end', '', frame.line, 1, frame.index);
    const end = this.final !== null ? 'the `"done": true` chunk' : 'the error line';
    this.findings.add('after end', `Line ${frame.line} comes after ${end}. A client stops reading there, so it is not part of the answer.`, frame.line, 1, frame.index);
  }

  finish(): Assembly {
    const final = this.final;
    const reason = final !== null && typeof final.done_reason === 'string' ? final.done_reason : null;
    const text = this.content.text;
    const thinking = this.thinking.text;
    const response = this.responseOf(final, text, thinking);
    return {
      choices: [{ index: 0, text, ...(thinking !== '' ? { reasoning: thinking } : {}), toolCalls: this.toolCalls.map(toolCallOf), finishReason: reason }],
      usage: final === null ? null : usageOf(final),
      response,
      error: this.error,
      ended: final !== null || this.error !== null,
      missingPiece: false,
    };
  }

  /** The non-streamed response the chunks add up to (`stream: false` answers with it). */
  private responseOf(final: Json | null, text: string, thinking: string): Json {
    const response: Json = {};
    if (this.model !== undefined) response.model = this.model;
    if (this.createdAt !== undefined) response.created_at = final?.created_at ?? this.createdAt;
    if (this.endpoint === 'generate') {
      response.response = text;
      if (thinking !== '') response.thinking = thinking;
    } else {
      const message: Json = { role: 'assistant', content: text };
      if (thinking !== '') message.thinking = thinking;
      if (this.toolCalls.length > 0) message.tool_calls = this.toolCalls;
      response.message = message;
    }
    response.done = final !== null;
    if (final === null) return response;
    if (final.done_reason !== undefined) response.done_reason = final.done_reason;
    if (Array.isArray(final.context)) response.context = final.context;
    for (const field of METRIC_FIELDS) if (final[field] !== undefined) response[field] = final[field];
    return response;
  }
}

function usageOf(final: Json): Record<string, unknown> | null {
  const usage: Record<string, unknown> = {};
  for (const field of METRIC_FIELDS) if (final[field] !== undefined) usage[field] = final[field];
  return Object.keys(usage).length > 0 ? usage : null;
}

/** A whole call as the result lists it: its arguments are an object on the wire, shown as their JSON text. */
function toolCallOf(call: Json, position: number): ToolCall {
  const fn = call.function as Json;
  const index = typeof fn.index === 'number' ? fn.index : position;
  const id = typeof call.id === 'string' ? call.id : null;
  const args = fn.arguments ?? {};
  if (typeof args === 'string') {
    const made: ToolCall = { index, id, name: fn.name as string, arguments: args };
    try {
      made.input = JSON.parse(args);
    } catch {
      // Not JSON: the text is shown as it came.
    }
    return made;
  }
  return { index, id, name: fn.name as string, arguments: JSON.stringify(args), input: args };
}

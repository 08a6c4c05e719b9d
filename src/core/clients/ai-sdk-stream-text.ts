// What every AI SDK provider model shares once it has turned a body into stream parts, modelled from ai@6.0.325
// `streamText` (packages/ai/src/generate-text/stream-text.ts) over @ai-sdk/provider-utils@4.0.65
// `createEventSourceResponseHandler` / `parseJsonEventStream` / `safeParseJSON`:
// - the body is read by eventsource-parser; `[DONE]` data is skipped; each data is parsed with the secure JSON parse
//   and the provider's zod schema, and one that fails either is an error part (never a throw);
// - text parts are kept by id in the order they start; a delta for an id that is not open is dropped (streamText
//   makes it an error part of its own); `result.text` joins the parts;
// - tool calls are kept in the order the model hands them over; error parts leave the text and calls as they are;
// - the finish reason is the model's `finish` part; a body that fails makes every await reject with the provider
//   call's APICallError; a body left open keeps them waiting; a model call that throws before its stream (an error
//   before any output) makes them reject with NoOutputGeneratedError.
import { specEventDataOf } from './spec-events.js';
import { ClientThrow, field, runModel, type Handed } from './run.js';
import type { BodyEnding, ClientBody, ClientProfile, ClientRun, ClientToolCall } from './types.js';

/** What the awaits reject with when the model call failed before any output. */
export const NO_OUTPUT = 'NoOutputGeneratedError: No output generated. Check the stream for errors.';
/** What the awaits reject with when the body fails once the stream was handed over. */
export const FAILED_BODY = 'APICallError: Failed to process successful response';

/** A parsed event: its JSON value, or `invalid` when the secure parse failed (the schema is the provider's). */
export type ParsedData = { ok: true; value: unknown } | { ok: false };

/** The data events of the body as the provider handler reads them: `[DONE]` skipped, each one parsed securely. */
export function parsedDataOf(text: string): ParsedData[] {
  return specEventDataOf(text)
    .filter((data) => data !== '[DONE]')
    .map(secureParse);
}

/** `safeParseJSON`'s parse: JSON.parse, then a `__proto__` key or a `constructor` holding `prototype` fails it. */
function secureParse(data: string): ParsedData {
  try {
    const value = JSON.parse(data) as unknown;
    return hasForbiddenKey(value) ? { ok: false } : { ok: true, value };
  } catch {
    return { ok: false };
  }
}

function hasForbiddenKey(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (Object.prototype.hasOwnProperty.call(value, '__proto__')) return true;
  const constructor = field(value, 'constructor');
  if (constructor !== null && typeof constructor === 'object' && Object.prototype.hasOwnProperty.call(constructor, 'prototype')) return true;
  return Object.values(value).some(hasForbiddenKey);
}

/**
 * What the caller's awaits get from the provider's stream parts: text by part, calls, the step's finish reason. Text
 * parts are told apart as streamText does: a provider id started again while its part is open gets a new part (a
 * made-up id), and a delta goes to the part its provider id names now, or to an open part of that very id.
 */
export class StreamTextStep {
  private readonly texts: Array<{ text: string }> = [];
  /** streamText's open parts by the id it gave them. */
  private readonly open = new Map<string, { text: string }>();
  /** The provider's part id → the id streamText gave the part. */
  private readonly renamed = new Map<string, string>();
  private readonly usedIds = new Set<string>();
  private madeUp = 0;
  readonly toolCalls: ClientToolCall[] = [];
  readonly notes: string[] = [];
  /** The last `finish` part's reason: streamText holds that part back until the stream ends, so it wins over errors. */
  private finishReason: string | null = null;
  private errored = false;
  private output = false;
  /** The kind of the first part the model handed over (the Anthropic model throws when it is an error). */
  first: 'error' | 'part' | null = null;

  /** A part that is output but changes nothing the caller awaits here (reasoning, tool input, results, files). */
  outputPart(): void {
    this.output = true;
    this.first ??= 'part';
  }

  /** A part that is not output (response metadata). */
  metadata(): void {
    this.first ??= 'part';
  }

  textStart(id: string): void {
    this.outputPart();
    let own = id;
    if (this.usedIds.has(own)) own = `made-up-${++this.madeUp}`;
    this.usedIds.add(own);
    this.renamed.set(id, own);
    const part = { text: '' };
    this.texts.push(part);
    this.open.set(own, part);
  }

  textDelta(id: string, delta: string): void {
    this.outputPart();
    const part = this.open.get(this.renamed.get(id) ?? id);
    if (part !== undefined) part.text += delta;
  }

  textEnd(id: string): void {
    this.outputPart();
    this.open.delete(this.renamed.get(id) ?? id);
    this.renamed.delete(id);
  }

  /** A `tool-call` part; `id` null when the provider made one up (the caller gets a generated id). */
  toolCall(id: string | null, name: string, input: string): void {
    this.outputPart();
    this.toolCalls.push({ id, name, arguments: input });
    if (id === null) this.notes.push(`tool call ${name} had no usable id: the SDK made one up`);
  }

  error(): void {
    this.first ??= 'error';
    this.errored = true;
  }

  finish(reason: string): void {
    this.first ??= 'part';
    this.finishReason = reason;
  }

  get text(): string {
    return this.texts.map((part) => part.text).join('');
  }

  /**
   * How the awaits end once the body ended as `ending`. `flushFinish`: the reason of the finish part a model that
   * sends one from its flush hands over at the end (Gemini, Responses; the Anthropic model sends it at message_stop).
   */
  end(ending: BodyEnding, flushFinish?: string): ClientRun {
    if (flushFinish !== undefined) this.finish(flushFinish);
    // Without a finish or an error part and without output, the step fails.
    if (ending === 'closed' && this.finishReason === null && !this.errored && !this.output) throw new ClientThrow(NO_OUTPUT);
    const finish = this.finishReason ?? (this.errored ? 'error' : 'other');
    return streamTextEnd(ending, { text: this.text, toolCalls: this.toolCalls, notes: this.notes }, finish);
  }
}

/** The end every AI SDK profile shares: a failed body rejects, an open one waits, a closed one returns with `finish`. */
export function streamTextEnd(ending: BodyEnding, handed: Handed, finish: string): ClientRun {
  if (ending === 'open') return { ends: 'hangs', text: '', toolCalls: [], thrown: null, notes: [] };
  if (ending === 'failed') throw new ClientThrow(FAILED_BODY);
  return { ends: 'returns', thrown: null, text: handed.text, toolCalls: handed.toolCalls, notes: [`finishReason: ${finish}`, ...handed.notes] };
}

/**
 * `streamText({ model })`, then `await result.text`, `result.toolCalls` and `result.finishReason`, over one provider:
 * `model` reads the body; a rejected await hands the caller nothing.
 */
export function streamTextProfile(versions: string, source: string, model: (body: ClientBody) => ClientRun): ClientProfile {
  return {
    client: 'ai-sdk',
    reader: 'streamText() text/toolCalls/finishReason',
    versions,
    source,
    installable: true,
    read(body: ClientBody): ClientRun {
      const handed: Handed = { text: '', toolCalls: [], notes: [] };
      return runModel(handed, () => model(body));
    },
  };
}

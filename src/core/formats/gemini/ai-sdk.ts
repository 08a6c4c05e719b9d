// The AI SDK's `streamText()` over a Gemini stream, modelled from ai@6.0.325 with @ai-sdk/google@3.0.141
// (`GoogleGenerativeAILanguageModel.doStream`'s transform, `mapGoogleGenerativeAIFinishReason`, `chunkSchema`):
// - a chunk the schema rejects is an error part (the step goes on); an `error` object sets the finish reason `error`;
// - a confirmed `promptFeedback.blockReason` sets `content-filter` and every later chunk is ignored;
// - only the first candidate is read: text parts join the answer, `thought` parts are reasoning; function calls are
//   handed over whole (`args`, or `{}` when there are none), streamed ones (`partialArgs`/`willContinue`) when their
//   last entry came (one never finished is never handed over); code and server tool calls are calls too;
// - the finish reason is the last `finishReason` read (`STOP` is `tool-calls` once a function call was handed over);
//   a stream with none finishes `other`. The model never throws before its stream: a cut or an error still returns.
import { parsedDataOf, StreamTextStep, streamTextProfile } from '../../clients/ai-sdk-stream-text.js';
import { field } from '../../clients/run.js';
import type { ClientBody, ClientProfile, ClientRun } from '../../clients/types.js';
import { isGoogleChunk, partShapeOf } from './ai-sdk-chunk.js';
import { PartialArgs } from './ai-sdk-partial-args.js';

/** `mapGoogleGenerativeAIFinishReason`. */
function unifiedFinish(raw: string, hasToolCalls: boolean): string {
  if (raw === 'STOP') return hasToolCalls ? 'tool-calls' : 'stop';
  if (raw === 'MAX_TOKENS' || raw === 'CONTINUATION') return 'length';
  if (['IMAGE_SAFETY', 'RECITATION', 'SAFETY', 'BLOCKLIST', 'PROHIBITED_CONTENT', 'SPII'].includes(raw)) return 'content-filter';
  return raw === 'MALFORMED_FUNCTION_CALL' ? 'error' : 'other';
}

const BLOCK_UNSET = new Set(['', 'BLOCK_REASON_UNSPECIFIED', 'BLOCKED_REASON_UNSPECIFIED']);
const present = (value: unknown): boolean => value !== null && value !== undefined;
const inputOf = (args: unknown): string => (typeof args === 'string' ? args : JSON.stringify(present(args) ? args : {}));

/** The transform's state over one stream. */
class GoogleStep {
  readonly step = new StreamTextStep();
  private textId: string | null = null;
  private blocks = 0;
  private hasToolCalls = false;
  private blocked = false;
  private readonly streaming: Array<{ id: string | null; name: string; args: PartialArgs }> = [];

  /** The finish reason the model's flush hands over. */
  finishReason = 'other';

  read(value: unknown): void {
    if (present(field(value, 'error'))) {
      this.finishReason = 'error';
      this.step.error();
      return;
    }
    const blockReason = field(field(value, 'promptFeedback'), 'blockReason');
    if (!this.blocked && typeof blockReason === 'string' && !BLOCK_UNSET.has(blockReason)) [this.blocked, this.finishReason] = [true, 'content-filter'];
    const candidate = field(field(value, 'candidates'), '0');
    if (this.blocked || !present(candidate)) return;
    const parts = field(field(candidate, 'content'), 'parts');
    if (Array.isArray(parts)) {
      for (const part of parts) this.readPart(part);
      for (const part of parts) if (partShapeOf(part) === 'functionCall') this.readFunctionCall(field(part, 'functionCall'));
    }
    const finishReason = field(candidate, 'finishReason');
    if (typeof finishReason === 'string') this.finishReason = unifiedFinish(finishReason, this.hasToolCalls);
  }

  /** The first pass over a candidate's parts: text, reasoning, files, code and server tool calls. */
  private readPart(part: unknown): void {
    const shape = partShapeOf(part);
    if (shape === 'other') {
      const executable = field(part, 'executableCode');
      const code = field(executable, 'code');
      const text = field(part, 'text');
      // The schema keeps only `language` and `code` of the object (the wire's `id` is stripped).
      if (typeof code === 'string' && code.length > 0) this.step.toolCall(null, 'code_execution', JSON.stringify({ language: field(executable, 'language'), code }));
      else if (present(field(part, 'codeExecutionResult'))) return;
      else if (typeof text === 'string' && text.length > 0) {
        if (field(part, 'thought') === true) this.endText();
        else this.addText(text);
      }
    } else if (shape === 'inlineData') {
      this.endText();
      this.step.outputPart();
    }
    else if (shape === 'toolCall') {
      const call = field(part, 'toolCall');
      this.step.toolCall(field(call, 'id') as string, `server:${field(call, 'toolType') as string}`, JSON.stringify(field(call, 'args') ?? {}));
    }
  }

  private addText(text: string): void {
    if (this.textId === null) this.step.textStart((this.textId = String(this.blocks++)));
    this.step.textDelta(this.textId, text);
  }

  private endText(): void {
    if (this.textId !== null) this.step.textEnd(this.textId);
    this.textId = null;
  }

  /** The second pass: function calls whole, or streamed over several chunks. */
  private readFunctionCall(call: unknown): void {
    const [id, name, args, partialArgs, willContinue] = ['id', 'name', 'args', 'partialArgs', 'willContinue'].map((key) => field(call, key));
    const wireId = typeof id === 'string' ? id : null;
    if (present(partialArgs) || (present(name) && willContinue === true)) {
      if (present(name)) this.streaming.push({ id: wireId, name: name as string, args: new PartialArgs() });
      else if (this.streaming.length === 0) return;
      if (!Array.isArray(partialArgs)) return;
      this.streaming[this.streaming.length - 1]!.args.add(partialArgs);
      if (willContinue !== true && partialArgs.every((arg) => field(arg, 'willContinue') !== true)) this.finishStreamed();
    } else if (!present(name) && !present(args) && !present(willContinue)) {
      this.finishStreamed();
    } else if (present(name) && (present(args) || willContinue !== true)) {
      this.handOver(wireId, name as string, present(args) ? inputOf(args) : '{}');
    }
  }

  private finishStreamed(): void {
    const active = this.streaming.pop();
    if (active !== undefined) this.handOver(active.id, active.name, active.args.json());
  }

  private handOver(id: string | null, name: string, input: string): void {
    this.step.toolCall(id, name, input);
    this.hasToolCalls = true;
  }
}

function model(body: ClientBody): ClientRun {
  const google = new GoogleStep();
  for (const parsed of parsedDataOf(body.text)) {
    if (parsed.ok && isGoogleChunk(parsed.value)) google.read(parsed.value);
    else google.step.error();
  }
  return google.step.end(body.ending, google.finishReason);
}

/** `streamText({ model: google(id) })`, then `await result.text`, `result.toolCalls`, `result.finishReason`. */
export const aiSdkGoogle: ClientProfile = streamTextProfile(
  'ai >=6.0.0 <7 with @ai-sdk/google >=3.0.0 <4',
  'vercel/ai@ai@6.0.325 packages/google/src/google-generative-ai-language-model.ts (doStream), packages/google/src/google-json-accumulator.ts, packages/ai/src/generate-text/stream-text.ts',
  model,
);

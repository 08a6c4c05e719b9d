// The AI SDK's `streamText()` over an OpenAI Responses stream, modelled from ai@6.0.325 with @ai-sdk/openai@3.0.141
// (`OpenAIResponsesLanguageModel.doStream`, `throwIfOpenAIStreamErrorBeforeOutput`, `mapOpenAIResponseFinishReason`,
// `openaiResponsesChunkSchema`), the model `openai.responses(id)` (and `openai(id)`):
// - before the first output event, an `error` event or a `response.failed` carrying an error fails the call: the
//   awaits reject with NoOutputGeneratedError; a chunk that fails the schema is an error part and sets the finish
//   `error`; events of a type the model does not read are ignored;
// - text is the message items' `output_text` and refusal deltas, by item id; a function call is handed over at its
//   `response.output_item.done` with the arguments that item carries (the deltas are not joined), so a call whose
//   item never finished is never handed over; hosted tools' calls are handed over as the SDK makes them;
// - the finish reason is read from `response.completed`/`response.incomplete` (none given: `stop`, or `tool-calls`
//   after a function call), `response.failed` and errors; a stream that ends without any finishes `other`.
import { NO_OUTPUT, parsedDataOf, StreamTextStep, streamTextProfile } from '../../clients/ai-sdk-stream-text.js';
import { ClientThrow, field } from '../../clients/run.js';
import type { BodyEnding, ClientBody, ClientProfile, ClientRun } from '../../clients/types.js';
import { responsesChunkOf, type ResponsesChunk } from './ai-sdk-chunk.js';

/** `mapOpenAIResponseFinishReason`. */
function unifiedFinish(reason: unknown, hasFunctionCall: boolean, hasRefusal: boolean): string {
  if (reason === null || reason === undefined) return hasFunctionCall ? 'tool-calls' : hasRefusal ? 'content-filter' : 'stop';
  if (reason === 'max_output_tokens') return 'length';
  if (reason === 'content_filter') return 'content-filter';
  return hasFunctionCall ? 'tool-calls' : 'other';
}

const present = (value: unknown): boolean => value !== null && value !== undefined;

/** `throwIfOpenAIStreamErrorBeforeOutput`: reads until output, an invalid chunk or the end; an error throws. */
function checkBeforeOutput(chunks: ResponsesChunk[], ending: BodyEnding): 'go on' | 'hangs' {
  for (const chunk of chunks) {
    if (chunk.kind === 'invalid') return 'go on';
    if (chunk.kind === 'unknown') continue;
    const type = field(chunk.value, 'type');
    if (type === 'error' || (type === 'response.failed' && present(field(field(chunk.value, 'response'), 'error')))) throw new ClientThrow(NO_OUTPUT);
    if (type !== 'response.created' && type !== 'response.failed') return 'go on';
  }
  if (ending === 'failed') throw new ClientThrow(NO_OUTPUT);
  return ending === 'open' ? 'hangs' : 'go on';
}

/** The transform's state over one stream. */
class ResponsesStep {
  readonly step = new StreamTextStep();
  finishReason = 'other';
  private streamError = false;
  private hasFunctionCall = false;
  private hasRefusal = false;
  /** Reasoning items open by id (done for an unknown one throws inside the SDK's transform). */
  private readonly reasoning = new Set<string>();
  /** The call id of the patch call open at each output index. */
  private readonly patches = new Map<number, string>();

  invalid(): void {
    [this.streamError, this.finishReason] = [true, 'error'];
    this.step.error();
  }

  read(value: unknown): void {
    const type = field(value, 'type') as string;
    if (type === 'response.output_item.added') this.itemAdded(field(value, 'item'), field(value, 'output_index') as number);
    else if (type === 'response.output_item.done') this.itemDone(field(value, 'item'), field(value, 'output_index') as number);
    else if (type === 'response.output_text.delta') this.step.textDelta(field(value, 'item_id') as string, field(value, 'delta') as string);
    else if (type === 'response.refusal.delta') {
      this.hasRefusal = true;
      this.step.textDelta(field(value, 'item_id') as string, field(value, 'delta') as string);
    } else if (type === 'response.refusal.done') this.hasRefusal = true;
    else if (type === 'response.completed' || type === 'response.incomplete') {
      const reason = field(field(field(value, 'response'), 'incomplete_details'), 'reason');
      if (!this.streamError) this.finishReason = unifiedFinish(reason, this.hasFunctionCall, this.hasRefusal);
    } else if (type === 'response.failed') this.failed(field(value, 'response'));
    else if (type === 'error') {
      [this.streamError, this.finishReason] = [true, 'error'];
      this.step.error();
    } else if (type.startsWith('response.reasoning_summary')) this.summary(type, value);
    else if (type !== 'response.created') this.step.outputPart();
    else this.step.metadata();
  }

  private failed(response: unknown): void {
    const reason = field(field(response, 'incomplete_details'), 'reason');
    this.finishReason = typeof reason === 'string' && reason.length > 0 ? unifiedFinish(reason, this.hasFunctionCall, false) : 'error';
    if (this.streamError || !present(field(response, 'error'))) return;
    this.streamError = true;
    this.step.error();
  }

  private itemAdded(item: unknown, index: number): void {
    const type = field(item, 'type');
    const id = field(item, 'id') as string;
    if (type === 'message') this.step.textStart(id);
    else if (type === 'apply_patch_call') this.patches.set(index, field(item, 'call_id') as string);
    else if (type === 'reasoning') this.reasoning.add(id);
    else if (type === 'web_search_call') this.step.toolCall(id, 'web_search', '{}');
    else if (type === 'file_search_call') this.step.toolCall(id, 'file_search', '{}');
    else if (type === 'image_generation_call') this.step.toolCall(id, 'image_generation', '{}');
    this.step.outputPart();
  }

  private itemDone(item: unknown, index: number): void {
    const type = field(item, 'type');
    const id = field(item, 'id') as string;
    if (type === 'message') this.step.textEnd(id);
    else if (type === 'apply_patch_call') this.patchDone(item, index);
    else if (type === 'function_call' || type === 'custom_tool_call') {
      this.hasFunctionCall = true;
      const input = type === 'function_call' ? (field(item, 'arguments') as string) : JSON.stringify(field(item, 'input'));
      this.step.toolCall(field(item, 'call_id') as string, field(item, 'name') as string, input);
    } else if (type === 'computer_call') this.step.toolCall(id, 'computer_use', '');
    else if (type === 'reasoning') {
      if (!this.reasoning.delete(id)) throw new ClientThrow("TypeError: Cannot read properties of undefined (reading 'summaryParts')");
    }
    this.step.outputPart();
  }

  /** A patch call is handed over when its item completes, with the operation the schema kept. */
  private patchDone(item: unknown, index: number): void {
    const callId = this.patches.get(index);
    this.patches.delete(index);
    if (callId === undefined || field(item, 'status') !== 'completed') return;
    this.hasFunctionCall = true;
    const operation = field(item, 'operation');
    const [kind, path, diff] = ['type', 'path', 'diff'].map((key) => field(operation, key));
    const kept = kind === 'delete_file' ? { type: kind, path } : { type: kind, path, diff };
    this.step.toolCall(callId, 'apply_patch', JSON.stringify({ callId: field(item, 'call_id'), operation: kept }));
  }

  /** Reasoning summary parts other than the first, and every part's end, need their item to have been added. */
  private summary(type: string, value: unknown): void {
    const known = this.reasoning.has(field(value, 'item_id') as string);
    const needsItem = type === 'response.reasoning_summary_part.done' || (type === 'response.reasoning_summary_part.added' && (field(value, 'summary_index') as number) > 0);
    if (needsItem && !known) throw new ClientThrow("TypeError: Cannot read properties of undefined (reading 'summaryParts')");
    this.step.outputPart();
  }
}

function model(body: ClientBody): ClientRun {
  const chunks = parsedDataOf(body.text).map((parsed) => (parsed.ok ? responsesChunkOf(parsed.value) : ({ kind: 'invalid' } as const)));
  if (checkBeforeOutput(chunks, body.ending) === 'hangs') return { ends: 'hangs', text: '', toolCalls: [], thrown: null, notes: [] };
  const responses = new ResponsesStep();
  for (const chunk of chunks) {
    if (chunk.kind === 'invalid') responses.invalid();
    else if (chunk.kind === 'chunk') responses.read(chunk.value);
  }
  return responses.step.end(body.ending, responses.finishReason);
}

/** `streamText({ model: openai.responses(id) })`, then `await result.text`, `result.toolCalls`, `result.finishReason`. */
export const aiSdkResponses: ClientProfile = streamTextProfile(
  'ai >=6.0.0 <7 with @ai-sdk/openai >=3.0.0 <4',
  'vercel/ai@ai@6.0.325 packages/openai/src/responses/openai-responses-language-model.ts (doStream), packages/openai/src/responses/openai-responses-api.ts, packages/ai/src/generate-text/stream-text.ts',
  model,
);

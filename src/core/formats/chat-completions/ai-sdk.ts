// The AI SDK's `streamText()` over a Chat Completions stream, modelled from ai@6.0.325 with @ai-sdk/openai@3.0.141
// (`OpenAIChatLanguageModel.doStream`, `throwIfOpenAIStreamErrorBeforeOutput`, `isOpenAIChatOutputChunk`,
// `mapOpenAIFinishReason`) and @ai-sdk/provider-utils@4.0.65 (`parseJsonEventStream`, `StreamingToolCallTracker`).
// The caller awaits `result.text`, `result.toolCalls` and `result.finishReason`: a chunk the schema rejects, or an
// error object after the first output, is an error part (finish reason `error`, the text kept, nothing thrown); a
// stream that ends early still finishes (reason `other`); only a failed body, a fragment it cannot place, or an error
// before any output makes the awaits reject.
import { NO_OUTPUT, parsedDataOf, streamTextEnd, streamTextProfile } from '../../clients/ai-sdk-stream-text.js';
import { ClientThrow, field } from '../../clients/run.js';
import type { ClientBody, ClientProfile, ClientRun } from '../../clients/types.js';
import { aiSdkChunkOf, type AiSdkChunk } from './ai-sdk-chunk.js';
import { AiSdkToolCalls } from './ai-sdk-tool-calls.js';

/** What the model's transform keeps while it reads the chunks. */
interface StepState {
  text: string;
  calls: AiSdkToolCalls;
  /** The finish reason an error part sets; a finish_reason read later wins over it. */
  finish: string;
  rawFinish: string | null;
  refused: boolean;
}

/** `throwIfOpenAIStreamErrorBeforeOutput`: reads until a chunk that is output, invalid, or an error (which throws). */
function checkBeforeOutput(chunks: AiSdkChunk[], ending: ClientBody['ending']): ClientRun | null {
  for (const chunk of chunks) {
    if (chunk.kind === 'invalid') return null;
    // The call itself fails: streamText finishes no step, so its awaits reject with NoOutputGeneratedError.
    if (chunk.kind === 'error') throw new ClientThrow(NO_OUTPUT);
    if (isOutputChunk(chunk.value)) return null;
  }
  if (ending === 'failed') throw new ClientThrow(NO_OUTPUT);
  if (ending === 'open') return { ends: 'hangs', text: '', toolCalls: [], thrown: null, notes: [] };
  return null;
}

/** `isOpenAIChatOutputChunk`: any choice whose delta carries content, a refusal, tool calls or annotations. */
function isOutputChunk(value: unknown): boolean {
  const choices = field(value, 'choices') as unknown[];
  return choices.some((choice) => {
    const delta = field(choice, 'delta');
    return ['content', 'refusal', 'tool_calls', 'annotations'].some((key) => {
      const member = field(delta, key);
      return (typeof member === 'string' || Array.isArray(member)) && member.length > 0;
    });
  });
}

/** The transform over one chunk: error parts, the first choice's finish reason, text and tool-call fragments. */
function readChunk(chunk: AiSdkChunk, step: StepState): void {
  if (chunk.kind !== 'chunk') {
    [step.finish, step.rawFinish] = ['error', null];
    return;
  }
  const choice = field(field(chunk.value, 'choices'), '0');
  const finishReason = field(choice, 'finish_reason');
  if (typeof finishReason === 'string') step.rawFinish = finishReason;
  const delta = field(choice, 'delta');
  if (delta === null || delta === undefined) return;
  const content = field(delta, 'content');
  const refusal = field(delta, 'refusal');
  if (typeof content === 'string') step.text += content;
  if (typeof refusal === 'string' && refusal.length > 0) [step.refused, step.text] = [true, step.text + refusal];
  const fragments = field(delta, 'tool_calls');
  if (Array.isArray(fragments)) for (const fragment of fragments) step.calls.add(fragment);
}

/** `mapOpenAIFinishReason`. */
function unifiedFinish(raw: string, refused: boolean): string {
  if (raw === 'stop') return refused ? 'content-filter' : 'stop';
  if (raw === 'length') return 'length';
  if (raw === 'content_filter') return 'content-filter';
  if (raw === 'function_call' || raw === 'tool_calls') return 'tool-calls';
  return 'other';
}

function model(body: ClientBody): ClientRun {
  // Only one leading byte-order mark goes (measured: a second one spoils the first line).
  const chunks = parsedDataOf(body.text).map(aiSdkChunkOf);
  const early = checkBeforeOutput(chunks, body.ending);
  if (early !== null) return early;
  const step: StepState = { text: '', calls: new AiSdkToolCalls(), finish: 'other', rawFinish: null, refused: false };
  for (const chunk of chunks) readChunk(chunk, step);
  const finish = step.rawFinish === null ? step.finish : unifiedFinish(step.rawFinish, step.refused);
  const calls = step.calls.finished();
  const notes: string[] = [];
  for (const call of calls) if (!call.wireGaveId) notes.push(`tool call ${call.name} had no usable id: the SDK made one up`);
  const toolCalls = calls.map(({ id, wireGaveId, name, arguments: args }) => ({ id: wireGaveId ? id : null, name, arguments: args }));
  return streamTextEnd(body.ending, { text: step.text, toolCalls, notes }, finish);
}

/** `streamText({ model: openai.chat(id) })`, then `await result.text`, `result.toolCalls`, `result.finishReason`. */
export const aiSdkStreamText: ClientProfile = streamTextProfile(
  'ai >=6.0.0 <7 with @ai-sdk/openai >=3.0.0 <4',
  'vercel/ai@ai@6.0.325 packages/openai/src/chat/openai-chat-language-model.ts (doStream), packages/provider-utils/src/streaming-tool-call-tracker.ts, packages/ai/src/generate-text/stream-text.ts',
  model,
);

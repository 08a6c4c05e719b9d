// The AI SDK's `streamText()` over an Anthropic Messages stream, modelled from ai@6.0.325 with @ai-sdk/anthropic@3.0.140
// (`AnthropicMessagesLanguageModel.doStream`, `mapAnthropicStopReason`, `anthropicMessagesChunkSchema`):
// - a chunk the schema rejects, and an `error` event, are error parts; when the first part the model hands over is
//   one (or the body fails before it), the call itself throws and the awaits reject with NoOutputGeneratedError;
// - text and thinking blocks are parts by their index; a tool call is handed over at its block's
//   `content_block_stop` (input `{}` when no JSON came), so a block never closed hands nothing over;
// - the finish part comes only at `message_stop` (the reason its `message_delta` gave; the last one wins, whatever
//   errors follow): a stream cut before it finishes `other`, or `error` after an error part; a second `message_start` with another id while a message is
//   open is an error and nothing after it is read.
import { NO_OUTPUT, parsedDataOf, StreamTextStep, streamTextProfile } from '../../clients/ai-sdk-stream-text.js';
import { ClientThrow, field } from '../../clients/run.js';
import type { ClientBody, ClientProfile, ClientRun } from '../../clients/types.js';
import { isAnthropicChunk } from './ai-sdk-chunk.js';

/** `mapAnthropicStopReason` (no JSON response tool here). */
function unifiedFinish(raw: unknown): string {
  if (raw === 'pause_turn' || raw === 'end_turn' || raw === 'stop_sequence') return 'stop';
  if (raw === 'refusal') return 'content-filter';
  if (raw === 'tool_use') return 'tool-calls';
  return raw === 'max_tokens' || raw === 'model_context_window_exceeded' ? 'length' : 'other';
}

/** Server tools whose calls are streamed as blocks, and how the SDK marks their input. */
const SERVER_TOOLS = new Map<string, { name: string; inputType: string | undefined }>([
  ['web_fetch', { name: 'web_fetch', inputType: undefined }],
  ['web_search', { name: 'web_search', inputType: undefined }],
  ['code_execution', { name: 'code_execution', inputType: 'programmatic-tool-call' }],
  ['text_editor_code_execution', { name: 'code_execution', inputType: 'text_editor_code_execution' }],
  ['bash_code_execution', { name: 'code_execution', inputType: 'bash_code_execution' }],
  ['tool_search_tool_regex', { name: 'tool_search_tool_regex', inputType: undefined }],
  ['tool_search_tool_bm25', { name: 'tool_search_tool_bm25', inputType: undefined }],
  ['advisor', { name: 'advisor', inputType: undefined }],
]);

type Block = { type: 'text' | 'reasoning' } | { type: 'tool-call'; id: string; name: string; input: string; firstDelta: boolean; serverTool: string | undefined; inputType: string | undefined };

const nonEmptyJson = (input: unknown): string => (isRecordWithKeys(input) ? JSON.stringify(input) : '');
const isRecordWithKeys = (input: unknown): boolean => input !== null && typeof input === 'object' && Object.keys(input).length > 0;

/** The transform's state over one stream. */
class AnthropicStep {
  readonly step = new StreamTextStep();
  private readonly blocks = new Map<number, Block>();
  private finishReason = 'other';
  private openMessage: { id: unknown } | null = null;
  invalidSequence = false;

  read(value: unknown): void {
    const type = field(value, 'type') as string;
    if (type === 'message_start') this.messageStart(field(value, 'message'));
    else if (type === 'content_block_start') this.blockStart(field(value, 'index') as number, field(value, 'content_block'));
    else if (type === 'content_block_delta') this.blockDelta(field(value, 'index') as number, field(value, 'delta'));
    else if (type === 'content_block_stop') this.blockStop(field(value, 'index') as number);
    else if (type === 'message_delta') this.finishReason = unifiedFinish(field(field(value, 'delta'), 'stop_reason'));
    else if (type === 'message_stop') {
      this.openMessage = null;
      this.step.finish(this.finishReason);
    } else if (type === 'error') this.step.error();
  }

  private messageStart(message: unknown): void {
    const id = field(message, 'id');
    if (this.openMessage !== null) {
      if (this.openMessage.id === id) return;
      this.invalidSequence = true;
      this.step.error();
      return;
    }
    this.openMessage = { id };
    const stopReason = field(message, 'stop_reason');
    if (stopReason !== null && stopReason !== undefined) this.finishReason = unifiedFinish(stopReason);
    this.step.metadata();
    const content = field(message, 'content');
    // Calls a programmatic tool run made already come whole in the message.
    if (Array.isArray(content)) for (const part of content) this.step.toolCall(field(part, 'id') as string, field(part, 'name') as string, JSON.stringify(field(part, 'input') ?? {}));
  }

  private blockStart(index: number, block: unknown): void {
    const type = field(block, 'type');
    if (type === 'fallback') return;
    if (type === 'text' || type === 'compaction') {
      this.blocks.set(index, { type: 'text' });
      this.step.textStart(String(index));
    } else if (type === 'thinking' || type === 'redacted_thinking') {
      this.blocks.set(index, { type: 'reasoning' });
      this.step.outputPart();
    } else if (type === 'tool_use') {
      const input = nonEmptyJson(field(block, 'input'));
      this.startCall(index, block, field(block, 'name') as string, input, undefined);
    } else if (type === 'server_tool_use') this.startServerCall(index, block);
    else if (type === 'mcp_tool_use') this.step.toolCall(field(block, 'id') as string, field(block, 'name') as string, JSON.stringify(field(block, 'input')));
    else this.step.outputPart();
  }

  private startServerCall(index: number, block: unknown): void {
    const tool = SERVER_TOOLS.get(field(block, 'name') as string);
    if (tool === undefined) return;
    const name = field(block, 'name') as string;
    const input = name === 'advisor' ? '{}' : name.startsWith('tool_search') ? '' : nonEmptyJson(field(block, 'input'));
    this.startCall(index, block, tool.name, input, tool);
  }

  private startCall(index: number, block: unknown, name: string, input: string, tool: { name: string; inputType: string | undefined } | undefined): void {
    const id = field(block, 'id') as string;
    this.blocks.set(index, { type: 'tool-call', id, name, input, firstDelta: input.length === 0, serverTool: tool?.name, inputType: tool?.inputType });
    this.step.outputPart();
  }

  private blockDelta(index: number, delta: unknown): void {
    const type = field(delta, 'type');
    if (type === 'text_delta') this.step.textDelta(String(index), field(delta, 'text') as string);
    else if (type === 'compaction_delta') {
      const content = field(delta, 'content');
      if (typeof content === 'string') this.step.textDelta(String(index), content);
    } else if (type === 'input_json_delta') this.inputDelta(index, field(delta, 'partial_json') as string);
    else if (type === 'thinking_delta') this.step.outputPart();
  }

  private inputDelta(index: number, partialJson: string): void {
    const block = this.blocks.get(index);
    if (partialJson.length === 0 || block?.type !== 'tool-call') return;
    const delta = block.firstDelta && block.inputType !== undefined ? `{"type": "${block.inputType}",${partialJson.substring(1)}` : partialJson;
    block.input += delta;
    block.firstDelta = false;
    this.step.outputPart();
  }

  private blockStop(index: number): void {
    const block = this.blocks.get(index);
    if (block === undefined) return;
    if (block.type === 'text') this.step.textEnd(String(index));
    else if (block.type === 'reasoning') this.step.outputPart();
    else if (block.type === 'tool-call') this.step.toolCall(block.id, block.name, finalInput(block.input === '' ? '{}' : block.input, block.serverTool));
    this.blocks.delete(index);
  }
}

/** A code execution call's input gains the `type` the SDK's tool schema expects, when it has code and no type. */
function finalInput(input: string, serverTool: string | undefined): string {
  if (serverTool !== 'code_execution') return input;
  try {
    const parsed = JSON.parse(input) as unknown;
    if (parsed !== null && typeof parsed === 'object' && 'code' in parsed && !('type' in parsed)) return JSON.stringify({ type: 'programmatic-tool-call', ...parsed });
  } catch {
    // Not JSON: handed over as it is.
  }
  return input;
}

function model(body: ClientBody): ClientRun {
  const anthropic = new AnthropicStep();
  for (const parsed of parsedDataOf(body.text)) {
    if (anthropic.invalidSequence) break;
    if (parsed.ok && isAnthropicChunk(parsed.value)) anthropic.read(parsed.value);
    else anthropic.step.error();
  }
  // doStream reads the first part before it returns: an error there, or a body that fails before it, fails the call.
  if (anthropic.step.first === 'error' || (anthropic.step.first === null && body.ending === 'failed')) throw new ClientThrow(NO_OUTPUT);
  return anthropic.step.end(body.ending);
}

/** `streamText({ model: anthropic(id) })`, then `await result.text`, `result.toolCalls`, `result.finishReason`. */
export const aiSdkAnthropic: ClientProfile = streamTextProfile(
  'ai >=6.0.0 <7 with @ai-sdk/anthropic >=3.0.0 <4',
  'vercel/ai@ai@6.0.325 packages/anthropic/src/anthropic-messages-language-model.ts (doStream), packages/anthropic/src/anthropic-messages-api.ts, packages/ai/src/generate-text/stream-text.ts',
  model,
);

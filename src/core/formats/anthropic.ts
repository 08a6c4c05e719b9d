// Anthropic Messages streaming (`POST /v1/messages` with `stream: true`): blocks built at their index, tool input
// parsed when its block stops, `message_delta` usage replacing `message_start`'s field by field, `message_stop` the end.
import type { Frame, Payload } from '../decode/frame.js';
import { preview } from '../words.js';
import { MAX_NESTING, parseJson } from '../json-depth.js';
import { type FindingCode, FindingList } from '../findings.js';
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
import { setOwn } from '../own-copy.js';
import { isIndex, isObject, type Json } from './json-shape.js';
import { cutPieces } from './pieces.js';
import { phraseFamily } from './phrases.js';
import { newQueue, type PieceQueue, queuePiece, settleQueue } from './pieces-queue.js';
import { keepShape } from '../fast/keep-shapes.js';

const TEXT_TO_BLOCK = phraseFamily((index, count) => `text +${count} chars to block ${index}`);
const THINKING_TO_BLOCK = phraseFamily((index, count) => `thinking +${count} chars to block ${index}`);
const TOOL_ARGUMENTS = phraseFamily((index, count) => `tool call ${index} arguments +${count} chars`);

/** Every event type of the stream; `error` is told apart by its `error` object. */
const EVENT_TYPES = new Set([
  'message_start',
  'content_block_start',
  'content_block_delta',
  'content_block_stop',
  'message_delta',
  'message_stop',
  'ping',
]);

/** Blocks whose input arrives as `input_json_delta` fragments (the beta `mcp_tool_use` too). */
const TOOL_INPUT_BLOCKS = new Set(['tool_use', 'server_tool_use', 'mcp_tool_use']);

/** Blocks that arrive whole in `content_block_start` and take no delta (stable and beta types). */
const WHOLE_BLOCKS = new Set([
  'redacted_thinking',
  'web_search_tool_result',
  'web_fetch_tool_result',
  'code_execution_tool_result',
  'bash_code_execution_tool_result',
  'text_editor_code_execution_tool_result',
  'tool_search_tool_result',
  'container_upload',
  'mcp_tool_result',
  'mcp_tool_listing',
  'advisor_tool_result',
  'fallback',
]);

/** Which block type each delta type applies to. */
const DELTA_BLOCK: ReadonlyMap<string, string> = new Map([
  ['text_delta', 'text'],
  ['citations_delta', 'text'],
  ['thinking_delta', 'thinking'],
  ['signature_delta', 'thinking'],
  ['input_json_delta', 'tool input'],
  ['compaction_delta', 'compaction'],
]);

/** Usage fields that belong to the output side: `message_delta` carries them (the synthesiser splits by this). */
const OUTPUT_USAGE = new Set(['output_tokens', 'output_tokens_details', 'server_tool_use']);


/** A planned `content_block_delta`: its block, its delta type and the field its piece is in. */
interface DeltaPlan {
  index: number;
  deltaType: string;
  field: 'text' | 'thinking' | 'partial_json';
}

/** The delta types that carry a piece of text, and the field it is in. */
const DELTA_FIELD = new Map<string, 'text' | 'thinking' | 'partial_json'>([
  ['text_delta', 'text'],
  ['thinking_delta', 'thinking'],
  ['input_json_delta', 'partial_json'],
]);

function fits(deltaType: string, blockType: string): boolean {
  const target = DELTA_BLOCK.get(deltaType);
  return target === 'tool input' ? TOOL_INPUT_BLOCKS.has(blockType) : target === blockType;
}

function recognise(_frame: Frame, payload: Payload): 0 | 1 | 2 {
  if (payload.kind !== 'json' || !isObject(payload.value)) return 0;
  const { type, error } = payload.value;
  if (typeof type !== 'string') return 0;
  if (EVENT_TYPES.has(type)) return 2;
  return type === 'error' && isObject(error) && typeof error.type === 'string' ? 1 : 0;
}

/** Where something was seen, for findings raised later. */
interface Seen {
  frame: number;
  line: number;
}

/** A tool block's input once its block stopped: parsed, left as the start gave it, or not JSON. */
type InputState = { kind: 'pending' } | { kind: 'parsed'; value: unknown } | { kind: 'bad' };

interface BlockState {
  index: number;
  /** The block as built so far: a copy of its `content_block`, with text, thinking, citations applied. */
  block: Json;
  type: string;
  open: boolean;
  /** `input_json_delta` fragments joined; null until the first one arrives. */
  json: string | null;
  input: InputState;
  start: Seen;
  /** Text, thinking or input pieces not yet joined onto the block (see settle). */
  queue: PieceQueue<QueuedField>;
}

type QueuedField = 'text' | 'thinking' | 'json';

/** Joins a block's queued pieces onto it: call before reading its text, thinking or input. */
function settle(state: BlockState): void {
  settleQueue(state.queue, state, applyPieces);
}

function queue(state: BlockState, field: QueuedField, piece: string): void {
  queuePiece(state.queue, field, piece, state, applyPieces);
}

function applyPieces(state: BlockState, field: QueuedField, joined: string): void {
  if (field === 'json') state.json = (state.json ?? '') + joined;
  else {
    const before = state.block[field];
    state.block[field] = (typeof before === 'string' ? before : '') + joined;
  }
}

/** Frames that came after the end: counted, and named once when the stream ends. */
interface AfterEnd {
  first: Seen;
  count: number;
  messageStarts: number;
  end: Seen & { type: string };
}

class AnthropicAssembler implements Assembler {
  private readonly findings: FindingList;
  private readonly blocks = new Map<number, BlockState>();
  private message: Json | null = null;
  private messageStart: Seen | null = null;
  private usage: Json | null = null;
  private error: unknown = null;
  private ended: Seen & { type: string } | null = null;
  private missingPiece = false;
  private noStartRaised = false;
  private after: AfterEnd | null = null;
  private unnamed: { first: Seen; count: number } | null = null;

  constructor(context: AssemblyContext) {
    this.findings = context.findings;
  }

  read(frame: FrameRecord, payload: Payload): void {
    if (payload.kind === 'done') return this.readDone(frame);
    if (payload.kind !== 'json') return;
    const value = payload.value;
    const type = isObject(value) && typeof value.type === 'string' ? value.type : null;
    frame.type = type;
    if (this.ended) return this.readAfterEnd(frame, type);
    // `event: error` with an error object and no type: Anthropic's SDK throws on the event name alone.
    if (frame.event === 'error' && isObject(value) && type === null && isObject(value.error)) return this.readError(frame, value);
    if (!isObject(value) || type === null) return this.notAnEvent(frame, value);
    this.checkEventName(frame, type);
    this.dispatch(frame, type, value);
  }

  /**
   * The hot frame, a `content_block_delta` whose text, thinking or partial JSON is the only hole: applied from the
   * hole by applyFast, with the same steps read() takes for it, and nothing when read() would raise a finding.
   */
  fastPlan(frame: Omit<Frame, 'data'>, value: unknown, holes: readonly string[]): DeltaPlan | null {
    if (!isObject(value) || value.type !== 'content_block_delta' || frame.event !== 'content_block_delta') return null;
    const { index, delta } = value;
    if (!isIndex(index) || !isObject(delta) || typeof delta.type !== 'string') return null;
    const field = DELTA_FIELD.get(delta.type);
    if (field === undefined || holes.length !== 1 || holes[0] !== `delta.${field}`) return null;
    return { index, deltaType: delta.type, field };
  }

  applyFast(plan: FastPlan, values: ReadonlyArray<string | number>, record: FrameRecord): boolean {
    const { index, deltaType, field } = plan as DeltaPlan;
    if (this.ended !== null || this.message === null) return false;
    const state = this.blocks.get(index);
    const piece = values[0];
    if (state === undefined || !state.open || !fits(deltaType, state.type) || typeof piece !== 'string') return false;
    record.type = 'content_block_delta';
    if (field === 'partial_json') this.appendInput(record, state, piece);
    else this.appendText(record, state, field, piece);
    return true;
  }

  private dispatch(frame: FrameRecord, type: string, value: Json): void {
    switch (type) {
      case 'content_block_delta':
        return this.readDelta(frame, value);
      case 'content_block_start':
        return this.readBlockStart(frame, value);
      case 'content_block_stop':
        return this.readBlockStop(frame, value);
      case 'message_start':
        return this.readMessageStart(frame, value);
      case 'message_delta':
        return this.readMessageDelta(frame, value);
      case 'message_stop':
        return this.readMessageStop(frame);
      case 'ping':
        frame.carried = 'ping';
        return;
      case 'error':
        return this.readError(frame, value);
      default:
        return this.unknownType(frame, type);
    }
  }

  private add(code: FindingCode, frame: Seen, message: string): void {
    this.findings.add(code, message, frame.line, 1, frame.frame);
  }

  private at(frame: FrameRecord): Seen {
    return { frame: frame.index, line: frame.line };
  }

  // ── frames that are not events of this stream ──────────────────────────────────────────────────────────

  private readDone(frame: FrameRecord): void {
    frame.type = '[DONE]';
    if (this.ended) return this.readAfterEnd(frame, '[DONE]');
    frame.carried = '[DONE]: not an Anthropic event';
    this.add(
      'unknown event',
      this.at(frame),
      `Frame ${frame.index} is \`data: [DONE]\`, which Anthropic Messages streams do not send: \`message_stop\` ends them. It was not read; a relay that adds it should not.`,
    );
  }

  private notAnEvent(frame: FrameRecord, value: unknown): void {
    frame.carried = 'not an event object: not read';
    this.add(
      'unknown event',
      this.at(frame),
      `Frame ${frame.index}'s data is JSON but not an Anthropic event (an object with a string \`type\`): ${preview(JSON.stringify(value) ?? String(value))}. It was not read.`,
    );
  }

  private unknownType(frame: FrameRecord, type: string): void {
    frame.carried = `unknown event ${type}: not read`;
    this.add(
      'unknown event',
      this.at(frame),
      `Frame ${frame.index} has type \`${type}\`, which is not an Anthropic Messages event. Clients ignore event types they do not know, so it was not read; check the name if it was meant to carry part of the answer.`,
    );
  }

  private readAfterEnd(frame: FrameRecord, type: string | null): void {
    frame.carried = 'after the end: not read';
    const end = this.ended;
    if (!end) return;
    this.after ??= { first: this.at(frame), count: 0, messageStarts: 0, end };
    this.after.count += 1;
    if (type === 'message_start') this.after.messageStarts += 1;
  }

  /** Anthropic names every event twice: the `event:` line and the JSON `type`; the SDKs read the first. */
  private checkEventName(frame: FrameRecord, type: string): void {
    if (frame.event === type) return;
    if (frame.event === 'message') {
      this.unnamed ??= { first: this.at(frame), count: 0 };
      this.unnamed.count += 1;
      return;
    }
    this.add(
      'event mismatch',
      this.at(frame),
      `Frame ${frame.index} says \`event: ${frame.event}\` but its data's type is \`${type}\`. It was read by its type; a client that dispatches on the event name (as Anthropic's SDKs do) reads it as \`${frame.event}\`. Write the same name in both.`,
    );
  }

  // ── the message ───────────────────────────────────────────────────────────────────────────────────────

  private readMessageStart(frame: FrameRecord, value: Json): void {
    const message = isObject(value.message) ? value.message : {};
    if (!isObject(value.message)) {
      this.add('not assembled', this.at(frame), `Frame ${frame.index} is a \`message_start\` without a \`message\` object; the message's id, model and input usage are unknown.`);
    }
    if (this.messageStart !== null) {
      this.restartMessage(frame, message);
      this.blocks.clear();
    }
    const { content, usage, ...rest } = message;
    this.message = rest;
    this.messageStart = this.at(frame);
    this.usage = isObject(usage) ? { ...usage } : null;
    if (Array.isArray(content) && this.blocks.size === 0) this.seedBlocks(content, frame);
    frame.carried = `message start${typeof rest.id === 'string' ? `: ${rest.id}` : ''}`;
  }

  /** A message may start with blocks already in it (programmatic tool calling): they are closed, at 0, 1, … */
  private seedBlocks(content: unknown[], frame: FrameRecord): void {
    content.forEach((block, index) => {
      if (!isObject(block)) return;
      const type = typeof block.type === 'string' ? block.type : '';
      const input: InputState = TOOL_INPUT_BLOCKS.has(type) ? { kind: 'parsed', value: block.input ?? {} } : { kind: 'pending' };
      this.blocks.set(index, { index, block: { ...block }, type, open: false, json: null, input, start: this.at(frame), queue: newQueue() });
    });
  }

  private restartMessage(frame: FrameRecord, next: Json): void {
    const previous = this.message ?? {};
    const chars = [...this.blocks.values()].reduce((sum, state) => sum + builtLength(state), 0);
    const sameId = previous.id === next.id;
    const lost = this.blocks.size > 0 || !sameId;
    if (lost) this.missingPiece = true;
    const earlier = this.messageStart ? ` (frame ${this.messageStart.frame})` : '';
    const what = lost
      ? `${this.blocks.size} content block(s), ${chars} chars, of ${sameId ? 'the same message' : `message ${String(previous.id)}`} were replaced: that message's end is missing.`
      : 'Nothing was built yet, so nothing was lost.';
    this.add(
      'block restarted',
      this.at(frame),
      `Frame ${frame.index} is a second \`message_start\`${typeof next.id === 'string' ? ` (${next.id})` : ''} before \`message_stop\`; the earlier one${earlier} is replaced by it. ${what} Anthropic's SDK stops with "Unexpected event order" here; send one \`message_start\` per message.`,
    );
  }

  /** Every event after `message_start` needs a message to go into. */
  private needMessage(frame: FrameRecord): void {
    if (this.message !== null || this.noStartRaised) return;
    this.noStartRaised = true;
    this.missingPiece = true;
    this.add(
      'no start',
      this.at(frame),
      `The stream has no \`message_start\` before frame ${frame.index}, so the message's id, model and input usage are missing: this is not the whole stream. Capture it from its first byte.`,
    );
  }

  private readMessageDelta(frame: FrameRecord, value: Json): void {
    this.needMessage(frame);
    const message = (this.message ??= {});
    const carried: string[] = [];
    if (isObject(value.delta)) this.applyMessageDelta(frame, value.delta, message, carried);
    else if (value.delta !== undefined) this.badShape(frame, '`delta` that is not an object');
    for (const [key, field] of Object.entries(value)) {
      if (key !== 'type' && key !== 'delta' && key !== 'usage' && field != null) setOwn(message, key, field);
    }
    if (isObject(value.usage)) {
      this.mergeUsage(value.usage);
      carried.push('usage');
    } else if (value.usage !== undefined) this.badShape(frame, '`usage` that is not an object');
    frame.carried = carried.join(', ') || 'message delta';
  }

  /** `stop_reason`, `stop_sequence`, `stop_details` are set as sent; other fields (`container`) when not null. */
  private applyMessageDelta(frame: FrameRecord, delta: Json, message: Json, carried: string[]): void {
    for (const [key, field] of Object.entries(delta)) {
      if (key === 'stop_reason' && field !== null && typeof field !== 'string') {
        this.badShape(frame, `\`stop_reason\` that is not a string (${preview(JSON.stringify(field) ?? '')})`);
        continue;
      }
      if (key === 'stop_reason' || key === 'stop_sequence' || key === 'stop_details' || field != null) setOwn(message, key, field);
    }
    if (typeof delta.stop_reason === 'string') carried.push(`stop reason: ${delta.stop_reason}`);
  }

  /** The delta's counts are whole-message totals: each one present replaces the start's, none is added. */
  private mergeUsage(usage: Json): void {
    const merged = (this.usage ??= {});
    for (const [key, field] of Object.entries(usage)) {
      if (field != null) setOwn(merged, key, field);
    }
  }

  private readMessageStop(frame: FrameRecord): void {
    this.needMessage(frame);
    this.message ??= {};
    this.ended = { ...this.at(frame), type: 'message_stop' };
    frame.carried = 'end: message_stop';
  }

  private readError(frame: FrameRecord, value: Json): void {
    const error = isObject(value.error) ? value.error : value;
    this.error = error;
    this.ended = { ...this.at(frame), type: 'error' };
    const kind = typeof error.type === 'string' && error !== value ? error.type : 'error';
    const said = typeof error.message === 'string' ? `: ${error.message}` : '';
    frame.carried = `error: ${kind}`;
    this.add(
      'error event',
      this.at(frame),
      `The stream ended in an error at frame ${frame.index} (${kind}${said}), after the response had started. What arrived before it is partial: treat the call as failed${kind === 'overloaded_error' || kind === 'api_error' ? ' and retry it' : ''}.`,
    );
  }

  private badShape(frame: FrameRecord, what: string): void {
    this.add('not assembled', this.at(frame), `Frame ${frame.index} (\`${frame.type ?? '?'}\`) has a ${what}; that part was not assembled.`);
  }

  // ── content blocks ────────────────────────────────────────────────────────────────────────────────────

  private readBlockStart(frame: FrameRecord, value: Json): void {
    this.needMessage(frame);
    const { index, content_block: block } = value;
    if (!isIndex(index) || !isObject(block)) {
      frame.carried = 'block start: not read';
      return this.badShape(frame, !isIndex(index) ? '`index` that is not a whole number' : '`content_block` that is not an object');
    }
    const type = typeof block.type === 'string' ? block.type : '';
    const earlier = this.blocks.get(index);
    if (earlier) this.restartBlock(frame, earlier, type);
    const copy: Json = { ...block };
    if (Array.isArray(copy.citations)) copy.citations = [...(copy.citations as unknown[])];
    this.blocks.set(index, { index, block: copy, type, open: true, json: null, input: { kind: 'pending' }, start: this.at(frame), queue: newQueue() });
    this.checkBlockType(frame, index, type);
    if (type === 'fallback' && isObject(block.to) && typeof block.to.model === 'string' && this.message) this.message.model = block.to.model;
    frame.carried = `block ${index} start: ${type || 'no type'}`;
    frame.progress = WHOLE_BLOCKS.has(type);
  }

  private checkBlockType(frame: FrameRecord, index: number, type: string): void {
    if (type === 'text' || type === 'thinking' || type === 'compaction' || TOOL_INPUT_BLOCKS.has(type) || WHOLE_BLOCKS.has(type)) return;
    this.add(
      'not assembled',
      this.at(frame),
      `Block ${index} (frame ${frame.index}) has type ${type ? `\`${type}\`` : '(none)'}, which this library does not know. It is kept as \`content_block_start\` gave it, and no delta is applied to it.`,
    );
  }

  private restartBlock(frame: FrameRecord, earlier: BlockState, type: string): void {
    this.missingPiece = true;
    this.add(
      'block restarted',
      this.at(frame),
      `Frame ${frame.index} starts block ${earlier.index} again (now ${type || 'untyped'}); it was started at frame ${earlier.start.frame} as ${earlier.type || 'untyped'}${earlier.open ? '' : ' and stopped'}. The later start replaces it: ${builtLength(earlier)} chars built for it are dropped. Give every block its own index.`,
    );
  }

  /** The block an event at `index` is for, or a finding saying it is not open. */
  private openBlock(frame: FrameRecord, value: Json, what: string): BlockState | null {
    const { index } = value;
    const state = isIndex(index) ? this.blocks.get(index) : undefined;
    if (state?.open) return state;
    const stopped = state !== undefined;
    if (!stopped || what === 'delta') this.missingPiece = true;
    const name = isIndex(index) ? `block ${index}` : `a block with index ${preview(JSON.stringify(index) ?? 'undefined')}`;
    frame.carried = `${what} for ${name}: not read`;
    this.add(
      'block unstarted',
      this.at(frame),
      stopped
        ? `Frame ${frame.index} is a ${what} for ${name}, which already stopped at an earlier frame; it was not assembled. A \`content_block_start\` may be missing, or the stop came too early.`
        : `Frame ${frame.index} is a ${what} for ${name}, which no \`content_block_start\` opened; it was not assembled and a piece of the stream is missing. Capture the stream whole, or send the start first.`,
    );
    return null;
  }

  private readBlockStop(frame: FrameRecord, value: Json): void {
    this.needMessage(frame);
    const state = this.openBlock(frame, value, 'stop');
    if (!state) return;
    state.open = false;
    settle(state);
    frame.carried = `block ${state.index} stop`;
    if (TOOL_INPUT_BLOCKS.has(state.type)) this.parseInput(frame, state);
  }

  /** Tool input is partial JSON until its block stops; then it is parsed once (an empty buffer means `{}`). */
  private parseInput(frame: FrameRecord, state: BlockState): void {
    if (state.json === null) {
      state.input = { kind: 'parsed', value: state.block.input ?? {} };
      return;
    }
    if (state.json === '') {
      state.input = { kind: 'parsed', value: {} };
      return;
    }
    try {
      state.input = { kind: 'parsed', value: parseJson(state.json) };
    } catch (error) {
      state.input = { kind: 'bad' };
      if (error instanceof RangeError) {
        const message = `The input of block ${state.index} (${describeTool(state.block)}) is JSON nested more than ${MAX_NESTING} levels deep when it stops at frame ${frame.index} (${preview(state.json)}); it is shown as assembled and left out of the response's \`input\`.`;
        return this.add('too deep', this.at(frame), message);
      }
      this.add(
        'arguments not json',
        this.at(frame),
        `The input of block ${state.index} (${describeTool(state.block)}) does not parse as JSON when it stops at frame ${frame.index}: ${preview(state.json)}. It is shown as assembled and left out of the response's \`input\`; validate tool input before running the tool.`,
      );
    }
  }

  private readDelta(frame: FrameRecord, value: Json): void {
    this.needMessage(frame);
    const state = this.openBlock(frame, value, 'delta');
    if (!state) return;
    const delta = value.delta;
    const type = isObject(delta) && typeof delta.type === 'string' ? delta.type : null;
    if (!isObject(delta) || type === null) return this.notApplied(frame, state, 'a delta without a type');
    if (!fits(type, state.type)) {
      const known = DELTA_BLOCK.has(type);
      return this.notApplied(frame, state, known ? `a \`${type}\`, which does not apply to a ${state.type || 'untyped'} block` : `a \`${type}\`, a delta type this library does not know`);
    }
    this.applyDelta(frame, state, type, delta);
  }

  private notApplied(frame: FrameRecord, state: BlockState, what: string): void {
    frame.carried = `delta for block ${state.index}: not assembled`;
    this.add('not assembled', this.at(frame), `Frame ${frame.index} carries ${what} (block ${state.index}); it was not assembled.`);
  }

  private applyDelta(frame: FrameRecord, state: BlockState, type: string, delta: Json): void {
    switch (type) {
      case 'text_delta':
        return this.appendText(frame, state, 'text', delta.text);
      case 'thinking_delta':
        return this.appendText(frame, state, 'thinking', delta.thinking);
      case 'input_json_delta':
        return this.appendInput(frame, state, delta.partial_json);
      case 'signature_delta':
        return this.setSignature(frame, state, delta.signature);
      case 'citations_delta':
        return this.addCitation(frame, state, delta);
      default:
        return this.setCompaction(frame, state, delta);
    }
  }

  private appendText(frame: FrameRecord, state: BlockState, field: 'text' | 'thinking', piece: unknown): void {
    if (typeof piece !== 'string') return this.notApplied(frame, state, `a \`${field}_delta\` whose \`${field}\` is not a string`);
    queue(state, field, piece);
    frame.carried = field === 'text' ? TEXT_TO_BLOCK(state.index, piece.length) : THINKING_TO_BLOCK(state.index, piece.length);
    frame.progress = piece.length > 0;
  }

  private appendInput(frame: FrameRecord, state: BlockState, piece: unknown): void {
    if (typeof piece !== 'string') return this.notApplied(frame, state, 'an `input_json_delta` whose `partial_json` is not a string');
    queue(state, 'json', piece);
    frame.carried = state.type === 'tool_use' ? TOOL_ARGUMENTS(state.index, piece.length) : `${state.type} ${state.index} input +${piece.length} chars`;
    frame.progress = piece.length > 0;
  }

  private setSignature(frame: FrameRecord, state: BlockState, signature: unknown): void {
    if (typeof signature !== 'string') return this.notApplied(frame, state, 'a `signature_delta` whose `signature` is not a string');
    state.block.signature = signature;
    frame.carried = `signature for block ${state.index}`;
    frame.progress = true;
  }

  private addCitation(frame: FrameRecord, state: BlockState, delta: Json): void {
    if (!isObject(delta.citation)) return this.notApplied(frame, state, 'a `citations_delta` whose `citation` is not an object');
    const citations = state.block.citations;
    if (Array.isArray(citations)) citations.push(delta.citation);
    else state.block.citations = [delta.citation];
    frame.carried = `citation to block ${state.index}`;
    frame.progress = true;
  }

  /** A compaction delta carries the block's value whole, so it is set, not appended (as the SDK 1.14 beta stream does). */
  private setCompaction(frame: FrameRecord, state: BlockState, delta: Json): void {
    if ('content' in delta) state.block.content = delta.content;
    if ('encrypted_content' in delta) state.block.encrypted_content = delta.encrypted_content;
    frame.carried = `compaction for block ${state.index}`;
    frame.progress = true;
  }

  // ── the end ───────────────────────────────────────────────────────────────────────────────────────────

  finish(): Assembly {
    this.reportAfterEnd();
    this.reportUnnamed();
    const states = [...this.blocks.values()].sort((a, b) => a.index - b.index);
    for (const state of states) settle(state);
    for (const state of states) if (state.open) this.reportOpen(state);
    const toolCalls = this.toolCalls(states);
    if (this.ended?.type === 'message_stop' && typeof this.message?.stop_reason !== 'string') this.reportNoStopReason(this.ended);
    if (this.message === null && states.length === 0) {
      return { choices: [], usage: this.usage, response: null, error: this.error, ended: this.ended !== null, missingPiece: this.missingPiece };
    }
    return {
      choices: [this.choice(states, toolCalls)],
      usage: this.usage,
      response: this.response(states),
      error: this.error,
      ended: this.ended !== null,
      missingPiece: this.missingPiece,
    };
  }

  private choice(states: BlockState[], toolCalls: ToolCall[]): Omit<Choice, 'finishMeaning'> {
    let text = '';
    let reasoning: string | undefined;
    for (const { type, block } of states) {
      if (type === 'text' && typeof block.text === 'string') text += block.text;
      if (type === 'thinking') reasoning = (reasoning ?? '') + (typeof block.thinking === 'string' ? block.thinking : '');
    }
    const stopReason = this.message?.stop_reason;
    return {
      index: 0,
      text,
      ...(reasoning !== undefined ? { reasoning } : {}),
      toolCalls,
      finishReason: typeof stopReason === 'string' ? stopReason : null,
    };
  }

  /** Client tool calls are the `tool_use` blocks; server and MCP tools run at Anthropic and are not the caller's. */
  private toolCalls(states: BlockState[]): ToolCall[] {
    const calls: ToolCall[] = [];
    for (const state of states) {
      if (state.type !== 'tool_use') continue;
      const call = toolCallOf(state);
      if (call.id && call.name) calls.push(call);
      else this.reportIncomplete(state, call);
    }
    return calls;
  }

  private response(states: BlockState[]): Json {
    const message: Json = { type: 'message', role: 'assistant', ...this.message };
    message.content = states.map(responseBlock);
    if (this.usage !== null) message.usage = { ...this.usage };
    return message;
  }

  private reportOpen(state: BlockState): void {
    this.missingPiece = true;
    const tool = TOOL_INPUT_BLOCKS.has(state.type);
    this.add(
      'block open',
      state.start,
      `Block ${state.index} (${state.type || 'untyped'}, started at frame ${state.start.frame}) never received its \`content_block_stop\`${this.ended?.type === 'message_stop' ? ', though the message stopped' : ''}. What it holds (${builtLength(state)} chars) may be partial${tool ? '; its input is not parsed and is left out of the response' : ''}. Send \`content_block_stop\` for every block.`,
    );
  }

  private reportIncomplete(state: BlockState, call: ToolCall): void {
    const missing = [call.id ? null : 'id', call.name ? null : 'name'].filter(Boolean).join(' and ');
    this.add(
      'tool call incomplete',
      state.start,
      `The tool_use block ${state.index} (frame ${state.start.frame}) has no ${missing}, so it cannot be answered and is left out of the tool calls. Its input: ${preview(call.arguments)}. Send \`id\` and \`name\` in its \`content_block_start\`.`,
    );
  }

  private reportNoStopReason(end: Seen): void {
    this.add(
      'no finish reason',
      end,
      'The message stopped without a `stop_reason`: no `message_delta` set one. Send a `message_delta` with the stop reason before `message_stop`.',
    );
  }

  private reportAfterEnd(): void {
    const after = this.after;
    if (!after) return;
    const more = after.messageStarts > 0 ? ` Among them are ${after.messageStarts} more \`message_start\`: the body holds several messages one after another, and a client reads only the first.` : '';
    this.add(
      'after end',
      after.first,
      `${after.count} frame(s) from frame ${after.first.frame} on came after \`${after.end.type}\` (frame ${after.end.frame}), which ends the stream; they are not part of the answer.${more} Stop writing after the end.`,
    );
  }

  private reportUnnamed(): void {
    const unnamed = this.unnamed;
    if (!unnamed) return;
    this.add(
      'event mismatch',
      unnamed.first,
      `${unnamed.count} frame(s), from frame ${unnamed.first.frame} on, have no \`event:\` line (or \`event: message\`), though Anthropic names every event. They were read by their JSON type; Anthropic's SDKs skip frames without an event name, so they see none of them. Write \`event: <type>\` before each \`data:\` line.`,
    );
  }
}

/** Characters built for a block: its text, thinking or tool input so far. */
function builtLength(state: BlockState): number {
  settle(state);
  const { block } = state;
  const text = typeof block.text === 'string' ? block.text.length : 0;
  const thinking = typeof block.thinking === 'string' ? block.thinking.length : 0;
  return text + thinking + (state.json?.length ?? 0);
}

function describeTool(block: Json): string {
  const name = typeof block.name === 'string' ? block.name : 'no name';
  return typeof block.id === 'string' ? `${name}, ${block.id}` : name;
}

function toolCallOf(state: BlockState): ToolCall {
  const { block, input } = state;
  const call: ToolCall = {
    index: state.index,
    id: typeof block.id === 'string' ? block.id : null,
    name: typeof block.name === 'string' ? block.name : '',
    arguments: state.json ?? '',
  };
  if (input.kind === 'parsed') {
    call.input = input.value;
    if (!state.json) call.arguments = JSON.stringify(input.value) ?? '';
  }
  return call;
}

/** The block as the non-streamed API returns it: tool input parsed, or left out when it never became JSON. */
function responseBlock(state: BlockState): Json {
  if (!TOOL_INPUT_BLOCKS.has(state.type)) return state.block;
  const block = { ...state.block };
  if (state.input.kind === 'parsed') block.input = state.input.value;
  else delete block.input;
  return block;
}

// ── the documented stream for a Message ─────────────────────────────────────────────────────────────────

type Cut = (text: string) => string[];


function event(payload: Json): string {
  return `event: ${String(payload.type)}\ndata: ${JSON.stringify(payload)}\n\n`;
}

function synthesize(response: unknown, options: SynthesizeOptions = {}): string {
  if (!isObject(response)) {
    throw new TypeError(`sse-reconstruct: synthesize('anthropic', response) takes an Anthropic Message object; received ${response === null ? 'null' : typeof response}.`);
  }
  const cut: Cut = (text) => cutPieces(text, options);
  const { content, usage, ...fields } = response;
  const usageParts = isObject(usage) ? splitUsage(usage) : null;
  const out = [event({ type: 'message_start', message: startMessage(fields, usage, usageParts?.start) })];
  out.push(event({ type: 'ping' }));
  if (Array.isArray(content)) content.forEach((block, index) => out.push(...blockEvents(block, index, cut)));
  out.push(event({ type: 'message_delta', delta: stopFields(fields), ...(usageParts ? { usage: usageParts.delta } : {}) }));
  out.push(event({ type: 'message_stop' }));
  return out.join('');
}

/** The message as `message_start` carries it: no content, no stop reason yet, the input side of the usage. */
function startMessage(fields: Json, usage: unknown, startUsage: Json | undefined): Json {
  const message: Json = {};
  for (const [key, value] of Object.entries(fields)) {
    if (key === 'stop_details' || (key === 'container' && value != null)) continue;
    setOwn(message, key, key === 'stop_reason' || key === 'stop_sequence' ? null : value);
  }
  message.content = [];
  if (startUsage) message.usage = startUsage;
  else if (usage !== undefined) message.usage = usage;
  return message;
}

function stopFields(fields: Json): Json {
  const delta: Json = {};
  for (const key of ['stop_reason', 'stop_sequence', 'stop_details']) if (key in fields) delta[key] = fields[key];
  if (fields.container != null) delta.container = fields.container;
  return delta;
}

/** Output-side counts that are set go in `message_delta`; the rest, nulls included, in `message_start`. */
function splitUsage(usage: Json): { start: Json; delta: Json } {
  const start: Json = {};
  const delta: Json = {};
  for (const [key, value] of Object.entries(usage)) {
    if (OUTPUT_USAGE.has(key) && value != null) delta[key] = value;
    else setOwn(start, key, value);
  }
  if (typeof delta.output_tokens === 'number') start.output_tokens = 1;
  return { start, delta };
}

function blockEvents(block: unknown, index: number, cut: Cut): string[] {
  const type = isObject(block) ? block.type : undefined;
  const [start, deltas] = isObject(block) ? splitBlock(block, typeof type === 'string' ? type : '', cut) : [block, []];
  return [
    event({ type: 'content_block_start', index, content_block: start }),
    ...deltas.map((delta) => event({ type: 'content_block_delta', index, delta })),
    event({ type: 'content_block_stop', index }),
  ];
}

/** A block's `content_block_start` and the deltas that build the rest of it. */
function splitBlock(block: Json, type: string, cut: Cut): [Json, Json[]] {
  if (type === 'text') return splitText(block, cut);
  if (type === 'thinking') return splitThinking(block, cut);
  if (TOOL_INPUT_BLOCKS.has(type) && 'input' in block) {
    const pieces = cut(JSON.stringify(block.input) ?? '');
    return [{ ...block, input: {} }, pieces.map((piece) => ({ type: 'input_json_delta', partial_json: piece }))];
  }
  if (type === 'compaction') return splitCompaction(block);
  return [block, []];
}

function splitText(block: Json, cut: Cut): [Json, Json[]] {
  const { text, citations, ...rest } = block;
  const start: Json = { ...rest, text: '' };
  const deltas: Json[] = [];
  if (Array.isArray(citations) && citations.length > 0) {
    for (const citation of citations) deltas.push({ type: 'citations_delta', citation });
  } else if (citations !== undefined) start.citations = citations;
  for (const piece of cut(typeof text === 'string' ? text : '')) deltas.push({ type: 'text_delta', text: piece });
  return [start, deltas];
}

function splitThinking(block: Json, cut: Cut): [Json, Json[]] {
  const start: Json = { ...block, thinking: '' };
  const deltas: Json[] = cut(typeof block.thinking === 'string' ? block.thinking : '').map((piece) => ({ type: 'thinking_delta', thinking: piece }));
  if (typeof block.signature === 'string' && block.signature !== '') {
    start.signature = '';
    deltas.push({ type: 'signature_delta', signature: block.signature });
  }
  return [start, deltas];
}

function splitCompaction(block: Json): [Json, Json[]] {
  const { content, encrypted_content: encrypted, ...rest } = block;
  const delta: Json = { type: 'compaction_delta', content: content ?? null };
  if ('encrypted_content' in block) delta.encrypted_content = encrypted;
  return [{ ...rest, content: null }, [delta]];
}

// ── stop reasons ────────────────────────────────────────────────────────────────────────────────────────

const finishReasons: FinishReasonTable = {
  source:
    'https://platform.claude.com/docs/en/build-with-claude/handling-stop-reasons and the `StopReason` doc comment of anthropics/anthropic-sdk-typescript (reference/anthropic.md §8)',
  read: '2026-11-30',
  reasons: {
    end_turn: { meaning: 'The model finished its turn on its own: the answer is whole.', class: 'ok' },
    max_tokens: {
      meaning: "The output reached the request's max_tokens (or the model's own output ceiling) and was cut there; a tool input may be unfinished.",
      class: 'length_limit',
    },
    stop_sequence: {
      meaning: 'The model wrote one of the stop_sequences the caller gave; stop_sequence says which. The text ends just before it.',
      class: 'ok',
    },
    tool_use: {
      meaning: 'The model called one or more of the caller\'s tools: run them and send their results back in tool_result blocks.',
      class: 'ok',
    },
    pause_turn: {
      meaning: 'Anthropic paused a long turn (usually a server-tool loop such as web search); send the response back as the assistant turn to let it go on.',
      class: 'ok',
    },
    refusal: {
      meaning: "Anthropic's safety classifiers stopped the answer as a possible policy violation; stop_details may name the category, and what came before may be partial.",
      class: 'filtered',
    },
    model_context_window_exceeded: {
      meaning: "The model's context window filled up before max_tokens was reached: the output is valid but cut short.",
      class: 'length_limit',
    },
  },
};

export const anthropic: FormatModule = {
  name: 'anthropic',
  title: 'Anthropic Messages',
  endFrame: '`event: message_stop`',
  recognise,
  createAssembler: (context) => new AnthropicAssembler(context),
  synthesize,
  finishReasons,
};

keepShape(new AnthropicAssembler({ findings: new FindingList() }));

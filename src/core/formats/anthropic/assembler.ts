// One Anthropic Messages stream assembled as its documentation says a client does it, frame by frame.
import { NO_PLACES } from '../../answer/places.js';
import { RunningPlaces } from '../../answer/place-book.js';
import type { Payload } from '../../decode/frame.js';
import type { FindingCode, FindingList } from '../../findings.js';
import { MAX_NESTING, parseJson } from '../../json-depth.js';
import type { Assembler, Assembly, AssemblyContext, FrameRecord, ToolCall } from '../../model.js';
import { setOwn } from '../../own-copy.js';
import { preview } from '../../words.js';
import { checkFinishReason } from '../finish-check.js';
import { isIndex, isObject, type Json } from '../json-shape.js';
import { phraseFamily } from '../phrases.js';
import { PieceText } from '../piece-text.js';
import { type BlockState, builtLength, describeTool, type InputState, jsonOf, newBlockState, pieceTextOf, type Seen, settle } from './block-state.js';
import { DELTA_BLOCK, fits, isKnownBlock, TOOL_INPUT_BLOCKS, unknownBlockMessage, WHOLE_BLOCKS } from './block-types.js';
import { type AfterEnd, hasSignature, reportAfterEnd, reportIncomplete, reportMismatch, reportNoSignature, reportNoStopReason, reportOpen, reportToolUseWithoutCall, reportUnnamed, type Unnamed } from './end-findings.js';
import { choiceOf, responseOf, toolCallOf } from './response.js';
import { finishReasons } from './stop-reasons.js';

const TEXT_TO_BLOCK = phraseFamily((index, count) => `text +${count} chars to block ${index}`);
const THINKING_TO_BLOCK = phraseFamily((index, count) => `thinking +${count} chars to block ${index}`);
const TOOL_ARGUMENTS = phraseFamily((index, count) => `tool call ${index} arguments +${count} chars`);

export class AnthropicAssembler implements Assembler {
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
  private unnamed: Unnamed | null = null;
  /** The `message_delta` that set the stop reason last. */
  private stopReasonAt: Seen | null = null;

  /** Where the answer's parts came from (blocks come one after another, so their offsets run on). */
  private readonly places: RunningPlaces;

  constructor(context: AssemblyContext) {
    this.findings = context.findings;
    this.places = new RunningPlaces(context.places ?? NO_PLACES);
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
   * The open block a `deltaType` delta at `index` applies to when read() would apply it and raise nothing (the
   * message started, not ended, the block open and of a type the delta fits); null otherwise.
   */
  deltaTarget(index: number, deltaType: string): BlockState | null {
    if (this.ended !== null || this.message === null) return null;
    const state = this.blocks.get(index);
    return state !== undefined && state.open && fits(deltaType, state.type) ? state : null;
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
    if (this.usage !== null) this.places.recorder.usage(frame.index);
    if (Array.isArray(content) && this.blocks.size === 0) this.seedBlocks(content, frame);
    frame.carried = `message start${typeof rest.id === 'string' ? `: ${rest.id}` : ''}`;
  }

  /** A message may start with blocks already in it (programmatic tool calling): they are closed, at 0, 1, … */
  private seedBlocks(content: unknown[], frame: FrameRecord): void {
    content.forEach((block, index) => {
      if (!isObject(block)) return;
      const type = typeof block.type === 'string' ? block.type : '';
      const input: InputState = TOOL_INPUT_BLOCKS.has(type) ? { kind: 'parsed', value: block.input ?? {} } : { kind: 'pending' };
      this.blocks.set(index, newBlockState(index, { ...block }, type, false, input, this.at(frame)));
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
      ? `${this.blocks.size} content block(s), ${chars} chars, of ${sameId ? 'the same message' : `message ${typeof previous.id === 'string' ? previous.id : (JSON.stringify(previous.id) ?? 'with no id')}`} were replaced: that message's end is missing.`
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
      this.places.recorder.usage(frame.index);
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
    if (typeof delta.stop_reason === 'string') {
      carried.push(`stop reason: ${delta.stop_reason}`);
      this.stopReasonAt = this.at(frame);
      this.places.recorder.finish(0, frame.index);
      checkFinishReason(this.findings, finishReasons, delta.stop_reason, frame, 'stop_reason', '');
    }
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
    this.places.recorder.error(frame.index);
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
    this.blocks.set(index, newBlockState(index, copy, type, true, { kind: 'pending' }, this.at(frame)));
    if (type === 'text' && typeof copy.text === 'string') this.places.append('text', 0, copy.text, frame.index);
    if (type === 'thinking' && typeof copy.thinking === 'string') this.places.append('reasoning', 0, copy.thinking, frame.index);
    if (!isKnownBlock(type)) this.add('not assembled', this.at(frame), unknownBlockMessage(frame.index, index, type));
    if (type === 'fallback' && isObject(block.to) && typeof block.to.model === 'string' && this.message) this.message.model = block.to.model;
    frame.carried = `block ${index} start: ${type || 'no type'}`;
    frame.progress = WHOLE_BLOCKS.has(type);
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
    if (state.type === 'thinking' && !hasSignature(state.block)) reportNoSignature(this.findings, this.at(frame), state);
  }

  /** Tool input is partial JSON until its block stops; then it is parsed once (an empty buffer means `{}`). */
  private parseInput(frame: FrameRecord, state: BlockState): void {
    const json = jsonOf(state);
    if (json === null) {
      state.input = { kind: 'parsed', value: state.block.input ?? {} };
      return;
    }
    if (json === '') {
      state.input = { kind: 'parsed', value: {} };
      return;
    }
    try {
      state.input = { kind: 'parsed', value: parseJson(json) };
    } catch (error) {
      state.input = { kind: 'bad' };
      if (error instanceof RangeError) {
        const message = `The input of block ${state.index} (${describeTool(state.block)}) is JSON nested more than ${MAX_NESTING} levels deep when it stops at frame ${frame.index} (${preview(json)}); it is shown as assembled and left out of the response's \`input\`.`;
        return this.add('too deep', this.at(frame), message);
      }
      this.add(
        'arguments not json',
        this.at(frame),
        `The input of block ${state.index} (${describeTool(state.block)}) does not parse as JSON when it stops at frame ${frame.index}: ${preview(json)}. It is shown as assembled and left out of the response's \`input\`; validate tool input before running the tool.`,
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
      if (DELTA_BLOCK.has(type) && isKnownBlock(state.type)) {
        this.missingPiece = true; // a client drops it: what it carried is a piece the answer lacks
        return reportMismatch(this.findings, frame, state, type);
      }
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

  /** Also the accelerator's step for a planned text or thinking delta. */
  appendText(frame: FrameRecord, state: BlockState, field: 'text' | 'thinking', piece: unknown): void {
    if (typeof piece !== 'string') return this.notApplied(frame, state, `a \`${field}_delta\` whose \`${field}\` is not a string`);
    pieceTextOf(state, field).push(piece);
    this.places.append(field === 'text' ? 'text' : 'reasoning', 0, piece, frame.index);
    frame.carried = field === 'text' ? TEXT_TO_BLOCK(state.index, piece.length) : THINKING_TO_BLOCK(state.index, piece.length);
    frame.progress = piece.length > 0;
  }

  /** Also the accelerator's step for a planned `input_json_delta`. */
  appendInput(frame: FrameRecord, state: BlockState, piece: unknown): void {
    if (typeof piece !== 'string') return this.notApplied(frame, state, 'an `input_json_delta` whose `partial_json` is not a string');
    (state.json ??= new PieceText()).push(piece);
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
    reportAfterEnd(this.findings, this.after);
    reportUnnamed(this.findings, this.unnamed);
    const states = [...this.blocks.values()].sort((a, b) => a.index - b.index);
    for (const state of states) settle(state);
    for (const state of states) if (state.open) this.reportOpen(state);
    const toolCalls = this.toolCalls(states);
    for (const state of states) if (TOOL_INPUT_BLOCKS.has(state.type)) this.places.recorder.toolCall(0, state.start.frame);
    if (this.ended?.type === 'message_stop' && typeof this.message?.stop_reason !== 'string') reportNoStopReason(this.findings, this.ended);
    if (this.message?.stop_reason === 'tool_use' && this.stopReasonAt && !states.some((state) => state.type === 'tool_use')) {
      this.missingPiece = true; // the turn says a tool call ends it, and none came: as Chat's finish mismatch
      reportToolUseWithoutCall(this.findings, this.stopReasonAt, states);
    }
    if (this.message === null && states.length === 0) {
      return { choices: [], usage: this.usage, response: null, error: this.error, ended: this.ended !== null, missingPiece: this.missingPiece };
    }
    return {
      choices: [choiceOf(states, this.message, toolCalls)],
      usage: this.usage,
      response: responseOf(states, this.message, this.usage),
      error: this.error,
      ended: this.ended !== null,
      missingPiece: this.missingPiece,
    };
  }

  /** Client tool calls are the `tool_use` blocks; server and MCP tools run at Anthropic and are not the caller's. */
  private toolCalls(states: BlockState[]): ToolCall[] {
    const calls: ToolCall[] = [];
    for (const state of states) {
      if (state.type !== 'tool_use') continue;
      const call = toolCallOf(state);
      if (call.id && call.name) calls.push(call);
      else reportIncomplete(this.findings, state, call);
    }
    return calls;
  }

  private reportOpen(state: BlockState): void {
    this.missingPiece = true;
    reportOpen(this.findings, state, this.ended?.type === 'message_stop');
  }
}

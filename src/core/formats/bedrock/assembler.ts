// One Bedrock ConverseStream assembled as the API reference and the SDK's ConverseStreamOutput union say a client
// builds it: `messageStart` (the role), blocks built at their `contentBlockIndex` (a tool use opens with
// `contentBlockStart`; text and reasoning with their first delta) and closed by `contentBlockStop`, `messageStop`
// (the stop reason: the end of the answer), then `metadata` (usage and metrics: the last event). An exception
// message ends the stream in an error. See reference.md.
import { NO_PLACES } from '../../answer/places.js';
import { RunningPlaces } from '../../answer/place-book.js';
import type { Payload } from '../../decode/frame.js';
import type { FindingCode, FindingList } from '../../findings.js';
import type { Assembler, Assembly, AssemblyContext, FrameRecord } from '../../model.js';
import { preview } from '../../words.js';
import { checkFinishReason } from '../finish-check.js';
import { isIndex, isObject, type Json } from '../json-shape.js';
import { contentOf, deltaKind, inOrder, newBlock, parsedInput, toolCallsOf, type BlockKind, type ConverseBlock } from './blocks.js';
import { eventOf, type ConverseEvent } from './events.js';
import { finishReasons } from './finish-reasons.js';
import { phraseFamily } from '../phrases.js';

const TEXT_TO_BLOCK = phraseFamily((index, count) => `text +${count} chars to block ${index}`);
const INPUT_TO_BLOCK = phraseFamily((index, count) => `tool call arguments +${count} chars to block ${index}`);
const REASONING_TO_BLOCK = phraseFamily((index, count) => `reasoning +${count} chars to block ${index}`);

interface Seen {
  frame: number;
  line: number;
}

export class BedrockAssembler implements Assembler {
  private readonly findings: FindingList;
  private readonly places: RunningPlaces;
  private readonly blocks = new Map<number, ConverseBlock>();
  private role: string | null = null;
  private started: Seen | null = null;
  private stop: (Seen & { reason: string | null; fields: unknown }) | null = null;
  private metadata: Json | null = null;
  private metadataAt: Seen | null = null;
  private error: Json | null = null;
  private missingPiece = false;
  private noStartRaised = false;
  private after: { first: Seen; count: number } | null = null;

  constructor(context: AssemblyContext) {
    this.findings = context.findings;
    this.places = new RunningPlaces(context.places ?? NO_PLACES);
  }

  read(frame: FrameRecord, payload: Payload): void {
    const event = eventOf(frame, payload);
    if (event === null) return this.notAnEvent(frame, payload);
    frame.type = event.name;
    if (this.error !== null || this.metadataAt !== null) return this.readAfterEnd(frame);
    if (event.exception) return this.readException(frame, event);
    if (this.stop !== null && event.name !== 'metadata') return this.readAfterEnd(frame);
    this.dispatch(frame, event);
  }

  private dispatch(frame: FrameRecord, event: ConverseEvent): void {
    switch (event.name) {
      case 'messageStart':
        return this.readMessageStart(frame, event.body);
      case 'contentBlockStart':
        return this.readBlockStart(frame, event.body);
      case 'contentBlockDelta':
        return this.readDelta(frame, event.body);
      case 'contentBlockStop':
        return this.readBlockStop(frame, event.body);
      case 'messageStop':
        return this.readMessageStop(frame, event.body);
      default:
        return this.readMetadata(frame, event.body);
    }
  }

  private add(code: FindingCode, at: Seen, message: string): void {
    this.findings.add(code, message, at.line, 1, at.frame);
  }

  private at(frame: FrameRecord): Seen {
    return { frame: frame.index, line: frame.line };
  }

  private notAnEvent(frame: FrameRecord, payload: Payload): void {
    frame.carried = 'not a ConverseStream event: not read';
    const what = payload.kind === 'json' ? `its data ${preview(JSON.stringify(payload.value) ?? '')}` : 'its data is not JSON';
    this.add('unknown event', this.at(frame), `Frame ${frame.index} (\`${frame.event}\`) is not a ConverseStream event: ${what}. Clients skip events they do not know, so it was not read.`);
  }

  private readAfterEnd(frame: FrameRecord): void {
    frame.carried = 'after the end: not read';
    this.after ??= { first: this.at(frame), count: 0 };
    this.after.count += 1;
  }

  private needStart(frame: FrameRecord): void {
    if (this.started !== null || this.noStartRaised) return;
    this.noStartRaised = true;
    this.missingPiece = true;
    this.add('no start', this.at(frame), `Frame ${frame.index} (\`${frame.event}\`) comes before any \`messageStart\`: the stream's first event is missing, so this is not the whole stream.`);
  }

  private readMessageStart(frame: FrameRecord, body: Json): void {
    if (this.started !== null) {
      this.missingPiece = this.missingPiece || this.blocks.size > 0;
      this.add('block restarted', this.at(frame), `Frame ${frame.index} is a second \`messageStart\` (the first was frame ${this.started.frame}): ${this.blocks.size} block(s) built so far were kept, and the stream holds two messages' events.`);
    }
    this.started = this.at(frame);
    this.role = typeof body.role === 'string' ? body.role : null;
    frame.carried = `message start${this.role !== null ? `: ${this.role}` : ''}`;
  }

  private blockIndexOf(frame: FrameRecord, body: Json): number | null {
    if (isIndex(body.contentBlockIndex)) return body.contentBlockIndex;
    frame.carried = 'no contentBlockIndex: not read';
    this.add('block no index', this.at(frame), `Frame ${frame.index} (\`${frame.event}\`) has no whole-number \`contentBlockIndex\`, so no block can take it; it was not read.`);
    return null;
  }

  private readBlockStart(frame: FrameRecord, body: Json): void {
    this.needStart(frame);
    const index = this.blockIndexOf(frame, body);
    if (index === null) return;
    const start = isObject(body.start) ? body.start : {};
    const toolUse = isObject(start.toolUse) ? start.toolUse : null;
    const existing = this.blocks.get(index);
    if (existing !== undefined) {
      this.missingPiece = true;
      this.add('block restarted', this.at(frame), `Frame ${frame.index} starts block ${index} again (it opened at frame ${existing.firstFrame}); what that block held is replaced.`);
    }
    const kind: BlockKind = toolUse !== null ? 'toolUse' : 'text';
    const block = newBlock(index, kind, frame.index, frame.line);
    if (toolUse !== null) {
      block.toolUseId = typeof toolUse.toolUseId === 'string' ? toolUse.toolUseId : null;
      block.name = typeof toolUse.name === 'string' ? toolUse.name : null;
      this.places.recorder.toolCall(0, frame.index);
    } else {
      this.add('not assembled', this.at(frame), `Frame ${frame.index} starts block ${index} with ${preview(JSON.stringify(start) ?? '')}, which is not a tool use: only what its deltas carry is read.`);
    }
    this.blocks.set(index, block);
    frame.carried = toolUse !== null ? `tool call ${block.name ?? '?'} starts at block ${index}` : `block ${index} starts`;
  }

  private readDelta(frame: FrameRecord, body: Json): void {
    this.needStart(frame);
    const index = this.blockIndexOf(frame, body);
    if (index === null) return;
    const delta = isObject(body.delta) ? body.delta : {};
    const kind = deltaKind(delta);
    if (kind === null) {
      frame.carried = 'delta not assembled';
      this.add('not assembled', this.at(frame), `Frame ${frame.index} carries a delta of block ${index} this library does not assemble (${preview(JSON.stringify(delta) ?? '')}).`);
      return;
    }
    const block = this.blockFor(frame, index, kind);
    if (block === null) return;
    if (kind === 'text') this.appendText(frame, block, delta.text as string);
    else if (kind === 'toolUse') this.appendInput(frame, block, isObject(delta.toolUse) && typeof delta.toolUse.input === 'string' ? delta.toolUse.input : '');
    else this.appendReasoning(frame, block, delta.reasoningContent);
  }

  /**
   * The block a `kind` delta at `index` only extends (the stream started and not ended, the block open and of that
   * kind): the accelerator's check before it applies one (accelerator.ts). Null when read() would do anything else.
   */
  deltaTarget(index: number, kind: BlockKind): ConverseBlock | null {
    if (this.started === null || this.stop !== null || this.error !== null || this.metadataAt !== null) return null;
    const block = this.blocks.get(index);
    return block !== undefined && block.open && block.kind === kind ? block : null;
  }

  /** A delta's piece (text, tool input or reasoning text) added to its block, as read() adds it. */
  appendPiece(frame: FrameRecord, block: ConverseBlock, kind: BlockKind, piece: string): void {
    if (kind === 'text') this.appendText(frame, block, piece);
    else if (kind === 'toolUse') this.appendInput(frame, block, piece);
    else this.appendReasoningText(frame, block, piece);
  }

  /** The open block at `index` a `kind` delta extends; opens a text or reasoning block; null when it cannot take it. */
  private blockFor(frame: FrameRecord, index: number, kind: BlockKind): ConverseBlock | null {
    const block = this.blocks.get(index);
    if (block === undefined) {
      if (kind === 'toolUse') {
        this.missingPiece = true;
        const opened = newBlock(index, 'toolUse', frame.index, frame.line);
        this.blocks.set(index, opened);
        this.add('block unstarted', this.at(frame), `Frame ${frame.index} carries tool input for block ${index}, which no \`contentBlockStart\` opened: the tool's name and id are unknown.`);
        return opened;
      }
      const opened = newBlock(index, kind, frame.index, frame.line);
      this.blocks.set(index, opened);
      return opened;
    }
    if (!block.open) {
      this.add('after end', this.at(frame), `Frame ${frame.index} extends block ${index} after its \`contentBlockStop\`: a client may have handed the block on already. It was read.`);
    }
    // A text block's start (rare) leaves its kind open until the first delta says it.
    if (block.kind === 'text' && block.text === '' && kind !== 'toolUse' && block.toolUseId === null) block.kind = kind;
    if (block.kind !== kind) {
      frame.carried = `${kind} delta in a ${block.kind} block: not read`;
      this.missingPiece = true;
      this.add('delta mismatch', this.at(frame), `Frame ${frame.index} carries a ${kind} delta for block ${index}, which is a ${block.kind} block: a client drops it or fails.`);
      return null;
    }
    return block;
  }

  private appendText(frame: FrameRecord, block: ConverseBlock, text: string): void {
    block.text += text;
    this.places.append('text', 0, text, frame.index);
    frame.carried = TEXT_TO_BLOCK(block.index, text.length);
    frame.progress = text.length > 0;
  }

  private appendInput(frame: FrameRecord, block: ConverseBlock, input: string): void {
    block.input += input;
    frame.carried = INPUT_TO_BLOCK(block.index, input.length);
    frame.progress = input.length > 0;
  }

  private appendReasoningText(frame: FrameRecord, block: ConverseBlock, text: string): void {
    block.text += text;
    this.places.append('reasoning', 0, text, frame.index);
    frame.carried = REASONING_TO_BLOCK(block.index, text.length);
    frame.progress = text.length > 0;
  }

  private appendReasoning(frame: FrameRecord, block: ConverseBlock, reasoning: unknown): void {
    const value = isObject(reasoning) ? reasoning : {};
    if (typeof value.text === 'string') this.appendReasoningText(frame, block, value.text);
    else if (typeof value.signature === 'string') {
      block.signature = (block.signature ?? '') + value.signature;
      frame.carried = `reasoning signature to block ${block.index}`;
    } else if (typeof value.redactedContent === 'string') {
      block.redacted.push(value.redactedContent);
      frame.carried = `redacted reasoning to block ${block.index}`;
      frame.progress = true;
    } else frame.carried = 'empty reasoning delta';
  }

  private readBlockStop(frame: FrameRecord, body: Json): void {
    this.needStart(frame);
    const index = this.blockIndexOf(frame, body);
    if (index === null) return;
    const block = this.blocks.get(index);
    frame.carried = `block ${index} stops`;
    if (block === undefined) {
      this.add('block unstarted', this.at(frame), `Frame ${frame.index} stops block ${index}, which nothing opened: a start or its deltas are missing.`);
      this.missingPiece = true;
      return;
    }
    block.open = false;
    if (block.kind === 'toolUse' && parsedInput(block.input) === undefined) {
      this.add('arguments not json', this.at(frame), `Frame ${frame.index} stops tool call ${JSON.stringify(block.name ?? '')} (block ${index}) with input that is not JSON: ${preview(block.input)}. The SDK hands it on as text; a client that parses it fails.`);
    }
  }

  private readMessageStop(frame: FrameRecord, body: Json): void {
    this.needStart(frame);
    const reason = typeof body.stopReason === 'string' ? body.stopReason : null;
    this.stop = { ...this.at(frame), reason, fields: body.additionalModelResponseFields };
    this.places.recorder.finish(0, frame.index);
    frame.carried = `message stop: ${reason ?? 'no stopReason'}`;
    if (reason === null) this.add('no finish reason', this.at(frame), `Frame ${frame.index} is a \`messageStop\` without a \`stopReason\`: how the answer ended is unknown.`);
    else checkFinishReason(this.findings, finishReasons, reason, { line: frame.line, index: frame.index }, 'stopReason', '');
  }

  private readMetadata(frame: FrameRecord, body: Json): void {
    this.metadata = body;
    this.metadataAt = this.at(frame);
    if (isObject(body.usage)) this.places.recorder.usage(frame.index);
    frame.carried = 'metadata: usage and metrics';
    if (this.stop === null) {
      this.add('no end', this.at(frame), `Frame ${frame.index} is the \`metadata\` event, which comes last, but no \`messageStop\` came before it: how the answer ended is unknown.`);
    }
  }

  private readException(frame: FrameRecord, event: ConverseEvent): void {
    this.error = { type: event.name, ...event.body };
    this.places.recorder.error(frame.index);
    frame.carried = `exception ${event.name}`;
    const message = typeof event.body.message === 'string' ? event.body.message : '';
    this.add('error event', this.at(frame), `Frame ${frame.index} is a \`${event.name}\` exception${message ? `: ${JSON.stringify(message)}` : ''}. The SDK throws it; what arrived before it is partial.`);
  }

  finish(): Assembly {
    this.reportEnd();
    const blocks = inOrder(this.blocks);
    const text = blocks.filter((b) => b.kind === 'text').map((b) => b.text).join('');
    const reasoning = blocks.filter((b) => b.kind === 'reasoning').map((b) => b.text).join('');
    const choice = { index: 0, text, toolCalls: toolCallsOf(blocks), finishReason: this.stop?.reason ?? null, ...(reasoning !== '' ? { reasoning } : {}) };
    const usage = this.metadata !== null && isObject(this.metadata.usage) ? { ...this.metadata.usage } : null;
    return {
      choices: this.started === null && blocks.length === 0 && this.stop === null ? [] : [choice],
      usage,
      response: this.responseOf(blocks, usage),
      error: this.error,
      ended: this.stop !== null || this.error !== null,
      missingPiece: this.missingPiece,
    };
  }

  private responseOf(blocks: readonly ConverseBlock[], usage: Json | null): Json {
    const metrics = this.metadata !== null && isObject(this.metadata.metrics) ? this.metadata.metrics : null;
    const response: Json = { output: { message: { role: this.role ?? 'assistant', content: contentOf(blocks) } }, stopReason: this.stop?.reason ?? null };
    if (usage !== null) response.usage = usage;
    if (metrics !== null) response.metrics = metrics;
    if (this.stop !== null && this.stop.fields !== undefined) response.additionalModelResponseFields = this.stop.fields;
    return response;
  }

  private reportEnd(): void {
    for (const block of this.blocks.values()) {
      if (!block.open || this.error !== null) continue;
      this.missingPiece = this.missingPiece || this.stop !== null;
      this.add('block open', { frame: block.firstFrame, line: block.firstLine }, `Block ${block.index} (${block.kind}, opened at frame ${block.firstFrame}) never got its \`contentBlockStop\`: what it shows may be partial.`);
    }
    if (this.after !== null) {
      const { first, count } = this.after;
      this.add('after end', first, `${count} frame(s) from frame ${first.frame} on came after the stream's end (its \`metadata\` or exception, or past \`messageStop\`): a client has stopped reading; they were not read.`);
    }
    if (this.stop !== null && this.metadataAt === null && this.error === null) {
      this.add('metadata missing', { frame: this.stop.frame, line: 0 }, 'No `metadata` event followed `messageStop`: the usage and metrics every ConverseStream ends with are missing. A relay that stops copying at `messageStop` drops them.');
    }
  }
}

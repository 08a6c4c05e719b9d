// The tool calls of a UI message stream, by `toolCallId`, as the `ai` client keeps them: a tool part in the message
// whose state moves from `input-streaming` to `input-available` (or `output-error`), then `output-available`.
import type { FindingCode } from '../../findings.js';
import type { FrameRecord } from '../../model.js';
import { preview } from '../../words.js';
import type { Json } from '../json-shape.js';
import { newToolPart, parsedRaw, sameData, toolNameOf, type ToolState } from './message.js';
import type { Seen } from './assembler.js';

type Report = (code: FindingCode, at: Seen, message: string) => void;

/** The calls of one message, in the order they started. */
export class ToolParts {
  private readonly byId = new Map<string, ToolState>();

  constructor(
    private readonly parts: Json[],
    private readonly report: Report,
    private readonly markMissing: () => void,
  ) {}

  /** Reads a `tool-*` part; true when it started a call. */
  read(frame: FrameRecord, type: string, value: Json, at: Seen): boolean {
    const callId = value.toolCallId as string;
    switch (type) {
      case 'tool-input-start':
        return this.start(frame, value, 'input-streaming', at);
      case 'tool-input-delta':
        return this.delta(frame, callId, value.inputTextDelta as string, at);
      case 'tool-input-available':
        return this.available(frame, value, at);
      case 'tool-input-error':
        return this.inputError(frame, value, at);
      default:
        this.afterInput(frame, type, value, at);
        return false;
    }
  }

  private start(frame: FrameRecord, value: Json, state: string, at: Seen): boolean {
    const callId = value.toolCallId as string;
    const known = this.byId.get(callId);
    frame.carried = `tool call ${preview(callId, 24)} ${value.toolName as string} started`;
    if (known !== undefined) {
      // The client updates the part it has for this id (in the current step).
      known.part.state = state;
      return false;
    }
    const part = newToolPart(value, state);
    this.parts.push(part);
    this.byId.set(callId, { part, callId, name: value.toolName as string, raw: '', streamed: false, at });
    return true;
  }

  private delta(frame: FrameRecord, callId: string, piece: string, at: Seen): boolean {
    const known = this.byId.get(callId);
    frame.carried = `tool call ${preview(callId, 24)} input +${piece.length} chars`;
    frame.progress = piece !== '';
    if (known === undefined) {
      this.report('block unstarted', at, `Frame ${at.frame} is a \`tool-input-delta\` for the call ${preview(JSON.stringify(callId), 40)}, which no \`tool-input-start\` began. The \`ai\` client throws here and the response fails; its ${piece.length} characters were not read.`);
      this.markMissing();
      return false;
    }
    known.raw += piece;
    known.streamed = true;
    known.part.rawInput = known.raw;
    return false;
  }

  private available(frame: FrameRecord, value: Json, at: Seen): boolean {
    const callId = value.toolCallId as string;
    const started = this.start(frame, value, 'input-available', at);
    const known = this.byId.get(callId) as ToolState;
    frame.carried = `tool call ${preview(callId, 24)} ${known.name} input`;
    frame.progress = true;
    if (known.streamed && !sameData(parsedRaw(known.raw), value.input)) {
      this.report('done mismatch', at, `Frame ${at.frame}'s \`tool-input-available\` input for the call ${preview(JSON.stringify(callId), 40)} is ${preview(JSON.stringify(value.input) ?? 'undefined', 60)}, but its \`tool-input-delta\` parts built ${preview(known.raw, 60)}. The client keeps the final input; a delta was lost or the writer rebuilt the input.`);
    }
    known.part.input = value.input;
    delete known.part.rawInput;
    return started;
  }

  private inputError(frame: FrameRecord, value: Json, at: Seen): boolean {
    const started = this.start(frame, value, 'output-error', at);
    const known = this.byId.get(value.toolCallId as string) as ToolState;
    known.part.rawInput = value.input;
    known.part.errorText = value.errorText;
    frame.carried = `tool call ${preview(known.callId, 24)} input rejected`;
    this.report('tool failed', at, `Frame ${at.frame}: the input of the call ${preview(JSON.stringify(known.callId), 40)} to ${known.name} was rejected: ${preview(value.errorText as string, 80)}.`);
    return started;
  }

  /** `tool-output-*` and `tool-approval-request`: the call must be known. */
  private afterInput(frame: FrameRecord, type: string, value: Json, at: Seen): void {
    const callId = value.toolCallId as string;
    const known = this.byId.get(callId);
    frame.carried = `${type} for ${preview(callId, 24)}`;
    if (known === undefined) {
      this.report('block unstarted', at, `Frame ${at.frame} is a \`${type}\` for the call ${preview(JSON.stringify(callId), 40)}, which no tool part began. The \`ai\` client throws ("No tool invocation found") and the response fails.`);
      this.markMissing();
      return;
    }
    const part = known.part;
    if (type === 'tool-output-available') {
      part.state = 'output-available';
      part.output = value.output;
      if (value.preliminary === true) part.preliminary = true;
      else delete part.preliminary;
    } else if (type === 'tool-output-error') {
      part.state = 'output-error';
      part.errorText = value.errorText;
      this.report('tool failed', at, `Frame ${at.frame}: the call ${preview(JSON.stringify(callId), 40)} to ${known.name} failed: ${preview(value.errorText as string, 80)}.`);
    } else if (type === 'tool-output-denied') part.state = 'output-denied';
    else {
      part.state = 'approval-requested';
      part.approval = { id: value.approvalId };
    }
  }

  /** Calls whose input never became available before the `finish` part. */
  reportOpen(finishAt: Seen): void {
    for (const state of this.byId.values()) {
      if (state.part.state !== 'input-streaming') continue;
      this.report('block open', finishAt, `The call ${preview(JSON.stringify(state.callId), 40)} to ${toolNameOf(state.part)} (frame ${state.at.frame}) never got its \`tool-input-available\` before \`finish\`: its input is still streaming for the client, which does not run it.`);
    }
  }

  /** The calls, in the order they started. */
  calls(): ToolState[] {
    return [...this.byId.values()];
  }
}

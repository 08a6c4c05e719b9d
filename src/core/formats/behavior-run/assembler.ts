// The Behavior Run assembly: one run's state, read event by event as the contract (reference/salyro.md) says a
// client assembles it. The choices it makes are listed in index.ts.
import { NO_PLACES, type PlaceRecorder } from '../../answer/places.js';
import type { Payload } from '../../decode/frame.js';
import type { FindingCode, FindingList } from '../../findings.js';
import type { Assembler, Assembly, AssemblyContext, BehaviorStep, FrameRecord } from '../../model.js';
import { kindOf } from '../../words.js';
import { isObject, type Json } from '../json-shape.js';
import { phraseFamily } from '../phrases.js';
import { PieceText } from '../piece-text.js';
import { runResponse, UNKNOWN } from './response.js';

const TEXT = phraseFamily((_index, count) => `text +${count} chars`);

/** A wrong field as the messages show it: its kind, then the start of its JSON for a scalar or object (`a number 42`). */
function shown(value: unknown): string {
  const kind = kindOf(value);
  return value === undefined || value === null || Array.isArray(value) ? kind : `${kind} ${JSON.stringify(value).slice(0, 40)}`;
}

const USAGE_KEYS = ['inputTokens', 'outputTokens', 'totalTokens'] as const;

// ---------------------------------------------------------------------------------------------- assembly

interface StepState {
  record: BehaviorStep;
  startFrame: FrameRecord;
}

type Status = 'in_progress' | 'completed' | 'failed';

type Handler = (run: BehaviorRunAssembler, frame: FrameRecord, value: Json) => void;

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

/** The contract's usage: exactly the three integer counts. */
function readUsage(usage: unknown): Json | null {
  if (!isObject(usage)) return null;
  const keys = Object.keys(usage);
  if (keys.length !== USAGE_KEYS.length || !USAGE_KEYS.every((key) => isCount(usage[key]))) return null;
  return { inputTokens: usage.inputTokens, outputTokens: usage.outputTokens, totalTokens: usage.totalTokens };
}

/** One run's state, read event by event as the contract says a client assembles it. */
export class BehaviorRunAssembler implements Assembler {
  // A Map: a type read from the wire (`constructor`, `__proto__`) finds nothing an object would inherit.
  private static readonly HANDLERS = new Map<string, Handler>([
    ['response.started', (run, frame, value) => run.readStarted(frame, value)],
    ['output_text.delta', (run, frame, value) => run.readDelta(frame, value)],
    ['tool.started', (run, frame, value) => run.readToolStarted(frame, value)],
    ['tool.completed', (run, frame, value) => void run.endStep(frame, value, 'tool.completed')],
    ['tool.failed', (run, frame, value) => run.readToolFailed(frame, value)],
    ['response.completed', (run, frame, value) => run.readCompleted(frame, value)],
    ['error', (run, frame, value) => run.readError(frame, value)],
  ]);

  private readonly findings: FindingList;
  private readonly steps = new Map<number, StepState>();
  private started: FrameRecord | null = null;
  private beforeStart: FrameRecord | null = null;
  private id: string | null = null;
  private behavior: unknown = UNKNOWN;
  private version: unknown = UNKNOWN;
  private created: number | undefined = undefined;
  /** The answer's text, its delta pieces joined in batches. */
  private readonly text = new PieceText();
  private usage: Json | typeof UNKNOWN | null = null;
  private status: Status = 'in_progress';
  private error: unknown = null;
  private endFrame: FrameRecord | null = null;
  private missingPiece = false;

  /** Where the answer's parts came from. */
  private readonly places: PlaceRecorder;

  constructor(context: AssemblyContext) {
    this.findings = context.findings;
    this.places = context.places ?? NO_PLACES;
  }

  private raise(code: FindingCode, frame: FrameRecord, message: string): void {
    this.findings.add(code, message, frame.line, 1, frame.index);
  }

  private notAssembled(frame: FrameRecord, message: string): void {
    this.raise('not assembled', frame, `Frame ${frame.index}: ${message}`);
  }

  private badField(frame: FrameRecord, field: string, value: unknown, shape: string): void {
    this.raise('bad field', frame, `Frame ${frame.index}: ${field} is ${shown(value)}, not ${shape}; it is shown as unknown.`);
  }

  // ------------------------------------------------------------------------ start

  private readStarted(frame: FrameRecord, value: Json): void {
    if (this.started) {
      this.missingPiece = true;
      this.raise(
        'block restarted',
        frame,
        `Frame ${frame.index} starts the run again (response.started at frame ${this.started.index} already began run ${JSON.stringify(this.id)}); the later start replaces the earlier. Send one response.started per run.`,
      );
    }
    this.started = frame;
    if (typeof value.id === 'string') this.id = value.id;
    else this.notAssembled(frame, `the run's id is ${shown(value.id)}, not a string; it was not read.`);
    this.behavior = typeof value.behavior === 'string' ? value.behavior : UNKNOWN;
    if (this.behavior === UNKNOWN) this.badField(frame, '`behavior`', value.behavior, 'a string');
    this.readVersion(frame, value);
    this.readCreated(frame, value);
    frame.carried = `run ${this.id ?? '?'} started: ${String(this.behavior)} version ${String(this.version)}`;
  }

  private readVersion(frame: FrameRecord, value: Json): void {
    const given = value.version;
    const readable = given === null || (typeof given === 'number' && Number.isInteger(given));
    this.version = readable ? given : UNKNOWN;
    if (!readable) this.badField(frame, '`version`', given, 'an integer or null (a draft)');
  }

  private readCreated(frame: FrameRecord, value: Json): void {
    if (value.created === undefined) return;
    if (typeof value.created === 'number') this.created = value.created;
    else this.notAssembled(frame, `\`created\` is ${shown(value.created)}, not unix seconds; it was not read.`);
  }

  // ------------------------------------------------------------------------ text and steps

  private readDelta(frame: FrameRecord, value: Json): void {
    if (typeof value.delta !== 'string') {
      this.notAssembled(frame, `output_text.delta carries a delta that is ${shown(value.delta)}, not a string; it was not read.`);
      return;
    }
    if (value.delta !== '') this.places.appended('text', 0, this.text.length, frame.index);
    this.text.push(value.delta);
    frame.carried = TEXT(0, value.delta.length);
    if (value.delta.length > 0) frame.progress = true;
  }

  private stepOf(frame: FrameRecord, value: Json, type: string): number | null {
    if (isCount(value.step)) return value.step;
    this.notAssembled(frame, `${type} has a step that is ${shown(value.step)}, not a whole number; it was not read.`);
    return null;
  }

  private readToolStarted(frame: FrameRecord, value: Json): void {
    const step = this.stepOf(frame, value, 'tool.started');
    if (step === null) return;
    if (typeof value.tool !== 'string') {
      this.notAssembled(frame, `tool.started for step ${step} names a tool that is ${shown(value.tool)}, not a string; it was not read.`);
      return;
    }
    const before = this.steps.get(step);
    if (before) {
      this.missingPiece = true;
      this.raise(
        'block restarted',
        frame,
        `Frame ${frame.index} starts step ${step} again (${value.tool}); it was started at frame ${before.startFrame.index} (${before.record.tool}, now ${before.record.status}). The later start replaces it. Give every step its own number.`,
      );
    }
    const record: BehaviorStep = { step, tool: value.tool, status: 'in_progress' };
    if (Object.hasOwn(value, 'input')) record.input = value.input;
    this.steps.set(step, { record, startFrame: frame });
    frame.carried = `step ${step} started: ${value.tool}`;
    frame.progress = true;
  }

  private openStep(frame: FrameRecord, value: Json, type: string): StepState | null {
    const step = this.stepOf(frame, value, type);
    if (step === null) return null;
    const state = this.steps.get(step);
    if (state && state.record.status === 'in_progress') return state;
    this.missingPiece = true;
    const why = state
      ? `step ${step} already ${state.record.status === 'completed' ? 'completed' : 'failed'} before`
      : `no tool.started began step ${step}`;
    frame.carried = `${type} for step ${step}: not read`;
    this.raise('block unstarted', frame, `Frame ${frame.index} is ${type} for step ${step}, but ${why}; it was not assembled. Part of the stream is missing: capture it from the first byte.`);
    return null;
  }

  private checkTool(frame: FrameRecord, state: StepState, value: Json, type: string): void {
    if (typeof value.tool !== 'string' || value.tool === state.record.tool) return;
    this.raise(
      'done mismatch',
      frame,
      `Frame ${frame.index}: ${type} for step ${state.record.step} names tool ${JSON.stringify(value.tool)}, but the step started as ${JSON.stringify(state.record.tool)}; the later name is kept.`,
    );
    state.record.tool = value.tool;
  }

  /** A step's end event: the step takes its status and its result (`output` or `error`) when the event has one. */
  private endStep(frame: FrameRecord, value: Json, type: 'tool.completed' | 'tool.failed'): StepState | null {
    const state = this.openStep(frame, value, type);
    if (!state) return null;
    this.checkTool(frame, state, value, type);
    const [status, field] = type === 'tool.completed' ? (['completed', 'output'] as const) : (['failed', 'error'] as const);
    state.record.status = status;
    if (Object.hasOwn(value, field)) state.record[field] = value[field];
    frame.carried = `step ${state.record.step} ${status}`;
    frame.progress = true;
    return state;
  }

  private readToolFailed(frame: FrameRecord, value: Json): void {
    const state = this.endStep(frame, value, 'tool.failed');
    if (!state) return;
    const reason = isObject(value.error) && typeof value.error.message === 'string' ? `: ${JSON.stringify(value.error.message)}` : '';
    const code = isObject(value.error) && typeof value.error.code === 'string' ? ` (${value.error.code})` : '';
    this.raise(
      'tool failed',
      frame,
      `Step ${state.record.step} (${state.record.tool}) failed at frame ${frame.index}${reason}${code}. The run goes on: the model is told and may recover; only an error event ends a run.`,
    );
  }

  // ------------------------------------------------------------------------ end

  private readCompleted(frame: FrameRecord, value: Json): void {
    this.status = 'completed';
    this.endFrame = frame;
    this.places.finish(0, frame.index);
    if (typeof value.id !== 'string') this.notAssembled(frame, `response.completed carries an id that is ${shown(value.id)}, not a string; it was not read.`);
    else if (this.id !== null && value.id !== this.id) {
      this.raise('done mismatch', frame, `Frame ${frame.index}: response.completed names run ${JSON.stringify(value.id)}, but the run started as ${JSON.stringify(this.id)}; the final id is kept.`);
      this.id = value.id;
    } else this.id = value.id;
    const read = readUsage(value.usage);
    this.usage = read ?? UNKNOWN;
    if (read) this.places.usage(frame.index);
    if (!read) this.badField(frame, '`usage`', value.usage, 'exactly the three integer counts inputTokens, outputTokens and totalTokens');
    frame.carried = read ? `end: usage ${read.inputTokens as number} in, ${read.outputTokens as number} out` : 'end: usage unknown';
  }

  private readError(frame: FrameRecord, value: Json): void {
    this.status = 'failed';
    this.endFrame = frame;
    this.places.finish(0, frame.index);
    this.places.error(frame.index);
    this.error = value.error ?? value;
    const reason = isObject(value.error) && typeof value.error.message === 'string' ? `: ${JSON.stringify(value.error.message)}` : '';
    frame.carried = 'end: error';
    this.raise('error event', frame, `Frame ${frame.index} is an error${reason}: the run failed and the stream ends here. What arrived before it is partial; treat the run as failed.`);
  }

  // ------------------------------------------------------------------------ frames

  private checkEventName(frame: FrameRecord, type: string): void {
    if (frame.event === type) return;
    const named = frame.event === 'message' ? 'has no `event:` line (a spec client dispatches it as `message`)' : `is named \`${frame.event}\``;
    this.raise('event mismatch', frame, `Frame ${frame.index} ${named}, but its data's type is \`${type}\`. Behavior Run frames name their event: write \`event: ${type}\`.`);
  }

  private afterEnd(frame: FrameRecord): boolean {
    if (!this.endFrame) return false;
    frame.carried = 'after the end: not read';
    this.raise('after end', frame, `Frame ${frame.index} came after the run ended (${this.status === 'completed' ? 'response.completed' : 'error'} at frame ${this.endFrame.index}); it is not part of the run and was not read.`);
    return true;
  }

  read(frame: FrameRecord, payload: Payload): void {
    if (this.afterEnd(frame)) return;
    if (payload.kind === 'done') {
      frame.type = '[DONE]';
      frame.carried = '[DONE]: not a Behavior Run frame';
      this.raise('unknown event', frame, `Frame ${frame.index} is \`data: [DONE]\`; a Behavior run has none (it ends with response.completed or error). It was not read.`);
      return;
    }
    if (payload.kind !== 'json') return;
    const value = payload.value;
    const type = isObject(value) && typeof value.type === 'string' ? value.type : null;
    frame.type = type;
    const handler = type === null ? undefined : BehaviorRunAssembler.HANDLERS.get(type);
    if (!isObject(value) || type === null || !handler) {
      frame.carried = 'not a Behavior Run event: not read';
      this.raise('unknown event', frame, `Frame ${frame.index} ${type === null ? 'has no string `type`' : `has type \`${type}\``}, which is not a Behavior Run event; it was not read.`);
      return;
    }
    this.checkEventName(frame, type);
    if (!this.started && type !== 'response.started') this.beforeStart ??= frame;
    handler(this, frame, value);
  }

  private reportMissing(): void {
    const { beforeStart, started } = this;
    if (beforeStart) {
      this.missingPiece = true;
      const message = started
        ? `Frame ${beforeStart.index} came before response.started (frame ${started.index}): the run must begin with it, so what came before is out of place.`
        : 'The run has no response.started, the event that gives its id, its behavior and the version locked for it: this is not the whole stream. Capture it from the first byte.';
      this.findings.add('no start', message, beforeStart.line, 1, beforeStart.index);
    }
    for (const state of this.steps.values()) {
      if (state.record.status !== 'in_progress') continue;
      this.missingPiece = true;
      const frame = state.startFrame;
      this.raise('block open', frame, `Step ${state.record.step} (${state.record.tool}) started at frame ${frame.index} and never completed or failed; what is shown of it may be partial. Send tool.completed or tool.failed for every step.`);
    }
  }

  finish(): Assembly {
    this.reportMissing();
    const { status, usage, error } = this;
    const text = this.text.text;
    const stepList = [...this.steps.values()].map((state) => ({ ...state.record }));
    for (const state of this.steps.values()) this.places.toolCall(0, state.startFrame.index);
    const response = runResponse({ id: this.id, behavior: this.behavior, version: this.version, created: this.created }, { status, text, steps: stepList, usage, error });
    return {
      choices: [{ index: 0, text, toolCalls: [], finishReason: status === 'in_progress' ? null : status }],
      usage: isObject(usage) ? usage : null,
      response,
      error,
      steps: stepList,
      ended: status !== 'in_progress',
      missingPiece: this.missingPiece,
    };
  }
}

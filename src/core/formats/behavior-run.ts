/**
 * Salyro Behavior Run (`POST /v1/behaviors/{behavior}/runs`, `stream: true`), as reference/salyro.md defines it:
 * a run begins with `response.started`, streams `output_text.delta` and tool steps, and ends with
 * `response.completed` or `error`. There is no `[DONE]`.
 *
 * Choices made here:
 * - The answer is choice 0's text. Tool steps run on the server, so they are `steps`, not tool calls: choice 0 has
 *   no tool calls, and a client has nothing to answer.
 * - A `behavior`, `version` or `usage` that breaks the contract is shown as the string `'unknown'` in `response`
 *   (so a draft's `null` version stays distinct from a version nobody can read); `Assembly.usage` is then null.
 *   Without `response.started`, `behavior` and `version` are `'unknown'` too.
 * - A second `response.started`, or a second `tool.started` for a step in use, is `block restarted`: the later
 *   one replaces the earlier, and the stream is not called whole.
 * - Fields the contract types but does not name as bad fields (`id`, `delta`, `step`, `tool`, `created`) are
 *   `not assembled` when their type is wrong, and the event (or the field) is skipped.
 */
import type { Frame, Payload } from '../decode/frame.js';
import type { FindingCode, FindingList } from '../findings.js';
import type { Assembler, Assembly, BehaviorStep, FinishReasonTable, FormatModule, FrameRecord, SynthesizeOptions } from '../model.js';
import { isObject, type Json } from './json-shape.js';
import { cutPieces } from './pieces.js';
import { phraseFamily } from './phrases.js';
import { kindOf } from '../words.js';
import { PIECES_JOINED, takePieces } from './pieces-queue.js';

const TEXT = phraseFamily((_index, count) => `text +${count} chars`);

/** A wrong field as the messages show it: its kind, then the start of its JSON for a scalar or object (`a number 42`). */
function shown(value: unknown): string {
  const kind = kindOf(value);
  return value === undefined || value === null || Array.isArray(value) ? kind : `${kind} ${JSON.stringify(value).slice(0, 40)}`;
}

const RUN_EVENTS = new Set(['response.started', 'output_text.delta', 'tool.started', 'tool.completed', 'tool.failed']);
const USAGE_KEYS = ['inputTokens', 'outputTokens', 'totalTokens'] as const;
export const UNKNOWN = 'unknown';

export const BEHAVIOR_RUN_FINISH_REASONS: FinishReasonTable = {
  source: 'reference/salyro.md, "Behavior Run" (Salyro\'s own contract; the seed\'s "Salyro\'s streams")',
  read: '2026-11-30',
  reasons: {
    completed: { meaning: 'The run finished: response.completed arrived with its id and usage.', class: 'ok' },
    // The outcome of a failed run is its error event; the class is never what decides it.
    failed: { meaning: 'The run failed: an error event ended it, and `error` holds why.', class: 'ok' },
  },
};

// ---------------------------------------------------------------------------------------------- recognise

function recognise(_frame: Frame, payload: Payload): 0 | 1 | 2 {
  if (payload.kind !== 'json' || !isObject(payload.value)) return 0;
  const value = payload.value;
  const type = value.type;
  if (typeof type !== 'string') return 0;
  if (RUN_EVENTS.has(type)) return 2;
  if (type === 'response.completed' && !('response' in value)) {
    const usage = value.usage;
    return isObject(usage) && 'inputTokens' in usage && 'outputTokens' in usage ? 2 : 1;
  }
  if (type === 'error' && !('sequence_number' in value) && isObject(value.error)) {
    return typeof value.error.message === 'string' && !('type' in value.error) ? 1 : 0;
  }
  return 0;
}

// ---------------------------------------------------------------------------------------------- assembly

interface StepState {
  record: BehaviorStep;
  startFrame: FrameRecord;
}

type Status = 'in_progress' | 'completed' | 'failed';

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

function createAssembler(context: { findings: FindingList }): Assembler {
  const { findings } = context;
  const steps = new Map<number, StepState>();
  let started: FrameRecord | null = null;
  let beforeStart: FrameRecord | null = null;
  let id: string | null = null;
  let behavior: unknown = UNKNOWN;
  let version: unknown = UNKNOWN;
  let created: number | undefined;
  let text = '';
  /**
   * Delta pieces not yet joined onto `text`: joined one by one they make a chain of small strings that lives as
   * long as the answer, which the garbage collector copies while the stream is read. Settle before reading `text`.
   */
  const pending: string[] = [];
  let usage: Json | typeof UNKNOWN | null = null;
  let status: Status = 'in_progress';
  let error: unknown = null;
  let endFrame: FrameRecord | null = null;
  let missingPiece = false;

  function raise(code: FindingCode, frame: FrameRecord, message: string): void {
    findings.add(code, message, frame.line, 1, frame.index);
  }

  function notAssembled(frame: FrameRecord, message: string): void {
    raise('not assembled', frame, `Frame ${frame.index}: ${message}`);
  }

  function badField(frame: FrameRecord, field: string, value: unknown, shape: string): void {
    raise('bad field', frame, `Frame ${frame.index}: ${field} is ${shown(value)}, not ${shape}; it is shown as unknown.`);
  }

  // ------------------------------------------------------------------------ start

  function readStarted(frame: FrameRecord, value: Json): void {
    if (started) {
      missingPiece = true;
      raise(
        'block restarted',
        frame,
        `Frame ${frame.index} starts the run again (response.started at frame ${started.index} already began run ${JSON.stringify(id)}); the later start replaces the earlier. Send one response.started per run.`,
      );
    }
    started = frame;
    if (typeof value.id === 'string') id = value.id;
    else notAssembled(frame, `the run's id is ${shown(value.id)}, not a string; it was not read.`);
    behavior = typeof value.behavior === 'string' ? value.behavior : UNKNOWN;
    if (behavior === UNKNOWN) badField(frame, '`behavior`', value.behavior, 'a string');
    readVersion(frame, value);
    readCreated(frame, value);
    frame.carried = `run ${id ?? '?'} started: ${String(behavior)} version ${String(version)}`;
  }

  function readVersion(frame: FrameRecord, value: Json): void {
    const given = value.version;
    const readable = given === null || (typeof given === 'number' && Number.isInteger(given));
    version = readable ? given : UNKNOWN;
    if (!readable) badField(frame, '`version`', given, 'an integer or null (a draft)');
  }

  function readCreated(frame: FrameRecord, value: Json): void {
    if (value.created === undefined) return;
    if (typeof value.created === 'number') created = value.created;
    else notAssembled(frame, `\`created\` is ${shown(value.created)}, not unix seconds; it was not read.`);
  }

  // ------------------------------------------------------------------------ text and steps

  function readDelta(frame: FrameRecord, value: Json): void {
    if (typeof value.delta !== 'string') {
      notAssembled(frame, `output_text.delta carries a delta that is ${shown(value.delta)}, not a string; it was not read.`);
      return;
    }
    pending.push(value.delta);
    if (pending.length >= PIECES_JOINED) settleText();
    frame.carried = TEXT(0, value.delta.length);
    if (value.delta.length > 0) frame.progress = true;
  }

  function settleText(): void {
    if (pending.length === 0) return;
    text += takePieces(pending);
  }

  function stepOf(frame: FrameRecord, value: Json, type: string): number | null {
    if (isCount(value.step)) return value.step;
    notAssembled(frame, `${type} has a step that is ${shown(value.step)}, not a whole number; it was not read.`);
    return null;
  }

  function readToolStarted(frame: FrameRecord, value: Json): void {
    const step = stepOf(frame, value, 'tool.started');
    if (step === null) return;
    if (typeof value.tool !== 'string') {
      notAssembled(frame, `tool.started for step ${step} names a tool that is ${shown(value.tool)}, not a string; it was not read.`);
      return;
    }
    const before = steps.get(step);
    if (before) {
      missingPiece = true;
      raise(
        'block restarted',
        frame,
        `Frame ${frame.index} starts step ${step} again (${value.tool}); it was started at frame ${before.startFrame.index} (${before.record.tool}, now ${before.record.status}). The later start replaces it. Give every step its own number.`,
      );
    }
    const record: BehaviorStep = { step, tool: value.tool, status: 'in_progress' };
    if (Object.hasOwn(value, 'input')) record.input = value.input;
    steps.set(step, { record, startFrame: frame });
    frame.carried = `step ${step} started: ${value.tool}`;
    frame.progress = true;
  }

  function openStep(frame: FrameRecord, value: Json, type: string): StepState | null {
    const step = stepOf(frame, value, type);
    if (step === null) return null;
    const state = steps.get(step);
    if (state && state.record.status === 'in_progress') return state;
    missingPiece = true;
    const why = state
      ? `step ${step} already ${state.record.status === 'completed' ? 'completed' : 'failed'} before`
      : `no tool.started began step ${step}`;
    frame.carried = `${type} for step ${step}: not read`;
    raise('block unstarted', frame, `Frame ${frame.index} is ${type} for step ${step}, but ${why}; it was not assembled. Part of the stream is missing: capture it from the first byte.`);
    return null;
  }

  function checkTool(frame: FrameRecord, state: StepState, value: Json, type: string): void {
    if (typeof value.tool !== 'string' || value.tool === state.record.tool) return;
    raise(
      'done mismatch',
      frame,
      `Frame ${frame.index}: ${type} for step ${state.record.step} names tool ${JSON.stringify(value.tool)}, but the step started as ${JSON.stringify(state.record.tool)}; the later name is kept.`,
    );
    state.record.tool = value.tool;
  }

  /** A step's end event: the step takes its status and its result (`output` or `error`) when the event has one. */
  function endStep(frame: FrameRecord, value: Json, type: 'tool.completed' | 'tool.failed'): StepState | null {
    const state = openStep(frame, value, type);
    if (!state) return null;
    checkTool(frame, state, value, type);
    const [status, field] = type === 'tool.completed' ? (['completed', 'output'] as const) : (['failed', 'error'] as const);
    state.record.status = status;
    if (Object.hasOwn(value, field)) state.record[field] = value[field];
    frame.carried = `step ${state.record.step} ${status}`;
    frame.progress = true;
    return state;
  }

  function readToolCompleted(frame: FrameRecord, value: Json): void {
    endStep(frame, value, 'tool.completed');
  }

  function readToolFailed(frame: FrameRecord, value: Json): void {
    const state = endStep(frame, value, 'tool.failed');
    if (!state) return;
    const reason = isObject(value.error) && typeof value.error.message === 'string' ? `: ${JSON.stringify(value.error.message)}` : '';
    const code = isObject(value.error) && typeof value.error.code === 'string' ? ` (${value.error.code})` : '';
    raise(
      'tool failed',
      frame,
      `Step ${state.record.step} (${state.record.tool}) failed at frame ${frame.index}${reason}${code}. The run goes on: the model is told and may recover; only an error event ends a run.`,
    );
  }

  // ------------------------------------------------------------------------ end

  function readCompleted(frame: FrameRecord, value: Json): void {
    status = 'completed';
    endFrame = frame;
    if (typeof value.id !== 'string') notAssembled(frame, `response.completed carries an id that is ${shown(value.id)}, not a string; it was not read.`);
    else if (id !== null && value.id !== id) {
      raise('done mismatch', frame, `Frame ${frame.index}: response.completed names run ${JSON.stringify(value.id)}, but the run started as ${JSON.stringify(id)}; the final id is kept.`);
      id = value.id;
    } else id = value.id;
    const read = readUsage(value.usage);
    usage = read ?? UNKNOWN;
    if (!read) badField(frame, '`usage`', value.usage, 'exactly the three integer counts inputTokens, outputTokens and totalTokens');
    frame.carried = read ? `end: usage ${read.inputTokens as number} in, ${read.outputTokens as number} out` : 'end: usage unknown';
  }

  function readError(frame: FrameRecord, value: Json): void {
    status = 'failed';
    endFrame = frame;
    error = value.error ?? value;
    const reason = isObject(value.error) && typeof value.error.message === 'string' ? `: ${JSON.stringify(value.error.message)}` : '';
    frame.carried = 'end: error';
    raise('error event', frame, `Frame ${frame.index} is an error${reason}: the run failed and the stream ends here. What arrived before it is partial; treat the run as failed.`);
  }

  // ------------------------------------------------------------------------ frames

  // A Map: a type read from the wire (`constructor`, `__proto__`) finds nothing an object would inherit.
  const HANDLERS = new Map<string, (frame: FrameRecord, value: Json) => void>([
    ['response.started', readStarted],
    ['output_text.delta', readDelta],
    ['tool.started', readToolStarted],
    ['tool.completed', readToolCompleted],
    ['tool.failed', readToolFailed],
    ['response.completed', readCompleted],
    ['error', readError],
  ]);

  function checkEventName(frame: FrameRecord, type: string): void {
    if (frame.event === type) return;
    const named = frame.event === 'message' ? 'has no `event:` line (a spec client dispatches it as `message`)' : `is named \`${frame.event}\``;
    raise('event mismatch', frame, `Frame ${frame.index} ${named}, but its data's type is \`${type}\`. Behavior Run frames name their event: write \`event: ${type}\`.`);
  }

  function afterEnd(frame: FrameRecord): boolean {
    if (!endFrame) return false;
    frame.carried = 'after the end: not read';
    raise('after end', frame, `Frame ${frame.index} came after the run ended (${status === 'completed' ? 'response.completed' : 'error'} at frame ${endFrame.index}); it is not part of the run and was not read.`);
    return true;
  }

  function read(frame: FrameRecord, payload: Payload): void {
    if (afterEnd(frame)) return;
    if (payload.kind === 'done') {
      frame.type = '[DONE]';
      frame.carried = '[DONE]: not a Behavior Run frame';
      raise('unknown event', frame, `Frame ${frame.index} is \`data: [DONE]\`; a Behavior run has none (it ends with response.completed or error). It was not read.`);
      return;
    }
    if (payload.kind !== 'json') return;
    const value = payload.value;
    const type = isObject(value) && typeof value.type === 'string' ? value.type : null;
    frame.type = type;
    const handler = type === null ? undefined : HANDLERS.get(type);
    if (!isObject(value) || type === null || !handler) {
      frame.carried = 'not a Behavior Run event: not read';
      raise('unknown event', frame, `Frame ${frame.index} ${type === null ? 'has no string `type`' : `has type \`${type}\``}, which is not a Behavior Run event; it was not read.`);
      return;
    }
    checkEventName(frame, type);
    if (!started && type !== 'response.started') beforeStart ??= frame;
    handler(frame, value);
  }

  function reportMissing(): void {
    if (beforeStart) {
      missingPiece = true;
      const message = started
        ? `Frame ${beforeStart.index} came before response.started (frame ${started.index}): the run must begin with it, so what came before is out of place.`
        : 'The run has no response.started, the event that gives its id, its behavior and the version locked for it: this is not the whole stream. Capture it from the first byte.';
      findings.add('no start', message, beforeStart.line, 1, beforeStart.index);
    }
    for (const state of steps.values()) {
      if (state.record.status !== 'in_progress') continue;
      missingPiece = true;
      const frame = state.startFrame;
      raise('block open', frame, `Step ${state.record.step} (${state.record.tool}) started at frame ${frame.index} and never completed or failed; what is shown of it may be partial. Send tool.completed or tool.failed for every step.`);
    }
  }

  function finish(): Assembly {
    reportMissing();
    settleText();
    const stepList = [...steps.values()].map((state) => ({ ...state.record }));
    const response: Json = { object: 'behavior.run', id, behavior, version };
    if (created !== undefined) response.created = created;
    Object.assign(response, { status, output_text: text, steps: stepList, usage, error });
    return {
      choices: [{ index: 0, text, toolCalls: [], finishReason: status === 'in_progress' ? null : status }],
      usage: isObject(usage) ? usage : null,
      response,
      error,
      steps: stepList,
      ended: status !== 'in_progress',
      missingPiece,
    };
  }

  return { read, finish };
}

// ---------------------------------------------------------------------------------------------- synthesize


function eventFrame(data: Json): string {
  return `event: ${String(data.type)}\ndata: ${JSON.stringify(data)}\n\n`;
}

function startedFrame(run: Json): string {
  const data: Json = { type: 'response.started' };
  if (run.id !== undefined && run.id !== null) data.id = run.id;
  data.behavior = run.behavior === UNKNOWN ? null : run.behavior;
  if (run.version !== UNKNOWN) data.version = run.version;
  if (run.created !== undefined) data.created = run.created;
  return eventFrame(data);
}

function stepFrames(step: unknown): string[] {
  if (!isObject(step)) return [];
  const started: Json = { type: 'tool.started', step: step.step, tool: step.tool };
  if ('input' in step) started.input = step.input;
  const frames = [eventFrame(started)];
  if (step.status === 'completed') {
    const done: Json = { type: 'tool.completed', step: step.step, tool: step.tool };
    if ('output' in step) done.output = step.output;
    frames.push(eventFrame(done));
  } else if (step.status === 'failed') {
    frames.push(eventFrame({ type: 'tool.failed', step: step.step, tool: step.tool, error: step.error }));
  }
  return frames;
}

function endFrameOf(run: Json): string {
  if (run.status === 'completed') {
    const data: Json = { type: 'response.completed', id: run.id };
    if (isObject(run.usage)) data.usage = run.usage;
    return eventFrame(data);
  }
  if (run.status === 'failed') return eventFrame({ type: 'error', error: run.error });
  return '';
}

/** The documented stream for a `behavior.run` object: text pieces with the steps between them, then the end. */
function synthesize(run: unknown, options: SynthesizeOptions = {}): string {
  if (!isObject(run)) return '';
  const pick = options.random ?? (() => 1);
  const deltas = cutPieces(typeof run.output_text === 'string' ? run.output_text : '', options).map((delta) =>
    eventFrame({ type: 'output_text.delta', delta }),
  );
  const out = [startedFrame(run)];
  for (const step of Array.isArray(run.steps) ? run.steps : []) {
    const before = Math.min(deltas.length, Math.max(0, Math.floor(pick(deltas.length + 1)) - 1));
    out.push(...deltas.splice(0, before), ...stepFrames(step));
  }
  out.push(...deltas, endFrameOf(run));
  return out.join('');
}

// ---------------------------------------------------------------------------------------------- module

export const behaviorRun: FormatModule = {
  name: 'behavior-run',
  title: 'Behavior Run',
  endFrame: '`response.completed` (or an `error` event)',
  recognise,
  createAssembler,
  synthesize,
  finishReasons: BEHAVIOR_RUN_FINISH_REASONS,
};

// What a stream's frames must read as, worked out from the frames by each format's documented rules, apart from the
// library's assemblers: faults state their effect as the difference between this reading before and after them.
// Responses' rules are in responses.ts; what the format oracles share, in shared.ts.
import { formatModule, framingOf, isObject, reconstruct, type FindingCode, type FinishOutcome, type FormatName, type Verdict } from '../../src/core/index.js';
import { classOutsideTable } from '../../src/core/formats/finish-check.js';
import { type FrameFields, typeOf } from '../../src/faults/frame-text.js';
import { deltaMisfits } from './anthropic-blocks.js';
import { responsesOracle } from './responses.js';
import { ollamaOracle } from './ollama.js';
import { bedrockEventOf, bedrockOracle } from './bedrock.js';
import { uiMessageStreamOracle } from './ui-message-stream.js';
import { cohereOracle } from './cohere.js';
import { agUiOracle, agUiOutside } from './ag-ui.js';
import { lost, parses, type FormatOracle, type Json, type Shared } from './shared.js';

/** Why the rules here do not cover a stream's frames, or null when they do. */
export function outsideRules(format: FormatName, frames: readonly FrameFields[]): string | null {
  if (!Object.hasOwn(ORACLES, format)) return `this oracle states no rules for ${format} streams: the library's own reading stands`;
  if (format === 'gemini' && frames.some((frame) => frame.data !== null && /"(?:partialArgs|willContinue)"/.test(frame.data))) {
    return 'Gemini function calls streamed in pieces (partialArgs) are assembled by rules this oracle does not state';
  }
  if (format === 'anthropic' && frames.filter((frame) => frame.data !== null && /"type"\s*:\s*"message_start"/.test(frame.data)).length > 1) {
    return 'an Anthropic message started twice is read by rules this oracle does not state';
  }
  if (format === 'ag-ui') return agUiOutside(frames);
  return null;
}

/** The position of the frame that ends the stream, after which nothing is read (Gemini and AG-UI, where a new run may follow, read on: null). */
export function endIndexOf(format: FormatName, frames: readonly FrameFields[]): number | null {
  if (format === 'gemini' || format === 'ag-ui') return null;
  const index = frames.findIndex((frame) => {
    if (frame.data === null || (frame.json === undefined && !frame.done)) return false;
    const type = typeOf(frame);
    const value = frame.json;
    switch (format) {
      case 'chat-completions':
        return frame.done || frame.event === 'error' || (isObject(value) && Boolean(value.error));
      case 'anthropic':
        return type === 'message_stop' || type === 'error' || (frame.event === 'error' && isObject(value) && isObject(value.error));
      case 'responses':
        return type === 'error' || type === 'response.completed' || type === 'response.incomplete' || type === 'response.failed';
      case 'behavior-run':
        return type === 'response.completed' || type === 'error';
      case 'cohere':
        // The SDK's reader stops at `[DONE]`, wherever it comes.
        return type === 'message-end' || frame.done;
      case 'ui-message-stream':
        return frame.done;
      case 'ollama':
        return isObject(value) && (value.done === true || 'error' in value);
      case 'bedrock': {
        const event = bedrockEventOf(frame);
        return event !== null && (event.name === 'messageStop' || event.name.endsWith('Exception'));
      }
      default:
        return false;
    }
  });
  return index === -1 ? null : index;
}

export interface OracleReading {
  /** The frame that ends the stream (or an error that ends it) arrived. */
  ended: boolean;
  error: boolean;
  /** A piece from before the end is missing. */
  missing: boolean;
  codes: Set<FindingCode>;
  finishClass: FinishOutcome;
}

/** Reads the frames (in order; a frame the stream lost its end in is left out by the caller) as `format` says. */
export function oracleReading(format: FormatName, frames: readonly FrameFields[]): OracleReading {
  const made = Object.hasOwn(ORACLES, format) ? ORACLES[format] : undefined;
  if (made === undefined) return libraryReading(format, frames);
  const shared: Shared = { codes: new Set(), missing: false };
  const oracle = made(shared);
  for (const frame of frames) {
    if (frame.data === null) continue;
    // Data that is neither JSON nor [DONE] is listed and skipped before any format reads it.
    if (frame.json === undefined && !frame.done) shared.codes.add(frame.data.trimStart().startsWith(':') ? 'comment as data' : 'not json');
    else oracle.read(frame);
  }
  const end = oracle.finish();
  if (!frames.some((frame) => frame.data !== null)) shared.codes.add('empty');
  else if (!end.ended) shared.codes.add('no end');
  return { ended: end.ended, error: end.error, missing: shared.missing, codes: shared.codes, finishClass: classOf(format, end.reasons, end.blocked === true) };
}

/** For a format this oracle states no rules of (one added as its folder): the library's own reading of the data. */
function libraryReading(format: FormatName, frames: readonly FrameFields[]): OracleReading {
  // Each frame written back as its format's framing writes one (an SSE `data:` frame, an NDJSON line).
  const frameText = framingOf(formatModule(format).framing).frameText ?? ((data: string) => `data: ${data}\n\n`);
  const text = frames.flatMap((frame) => (frame.data === null ? [] : [frameText(frame.data.split('\n').join('\ndata: '))])).join('');
  const result = reconstruct(text, { format });
  const finishClass: FinishOutcome = result.outcome === 'length_limit' || result.outcome === 'filtered' ? result.outcome : 'ok';
  const codes = new Set(result.findings.map((finding) => finding.code));
  return { ended: result.verdict !== 'did not finish' || result.error != null, error: result.error != null, missing: result.verdict === 'not the whole stream', codes, finishClass };
}

export function verdictOf(reading: { ended: boolean; error: boolean; missing: boolean }, truncated: boolean): Verdict {
  if (truncated || !reading.ended || reading.error) return 'did not finish';
  return reading.missing ? 'not the whole stream' : 'complete';
}

function classOf(format: FormatName, reasons: readonly string[], blocked: boolean): FinishOutcome {
  const table = formatModule(format).finishReasons.reasons;
  const classes = new Set<FinishOutcome>(blocked ? ['filtered'] : []);
  for (const reason of reasons) {
    const entry = Object.prototype.hasOwnProperty.call(table, reason) ? table[reason] : undefined;
    // A Responses `incomplete` whose reason is unknown is still a partial answer, as the Responses assembly reads it.
    classes.add(entry ? entry.class : classOutsideTable(reason, format === 'responses' && reason.startsWith('incomplete') ? 'length_limit' : undefined));
  }
  if (classes.has('error_event')) return 'error_event';
  if (classes.has('length_limit')) return 'length_limit';
  return classes.has('filtered') ? 'filtered' : 'ok';
}

/** The formats this oracle states rules for; a format missing here is read by the library (libraryReading). */
/** True when this oracle states rules of its own for `format` (else the library's reading stands in for it). */
export function statesRules(format: FormatName): boolean {
  return Object.hasOwn(ORACLES, format);
}

const ORACLES: Partial<Record<FormatName, (shared: Shared) => FormatOracle>> = {
  'chat-completions': chatOracle,
  anthropic: anthropicOracle,
  responses: responsesOracle,
  gemini: geminiOracle,
  'behavior-run': behaviorOracle,
  'ui-message-stream': uiMessageStreamOracle,
  'ag-ui': agUiOracle,
  cohere: cohereOracle,
  ollama: ollamaOracle,
  bedrock: bedrockOracle,
};

// ── Chat Completions ────────────────────────────────────────────────────────────────────────────────────

/** Whether a Chat delta carries content: text, refusal, reasoning, a tool-call piece or function-call arguments. */
function chatContent(delta: Json): boolean {
  const filled = (value: unknown) => typeof value === 'string' && value !== '';
  if (['content', 'refusal', 'reasoning_content', 'reasoning'].some((key) => filled(delta[key]))) return true;
  if (isObject(delta.function_call) && filled(delta.function_call.arguments)) return true;
  const fragments = Array.isArray(delta.tool_calls) ? delta.tool_calls.filter(isObject) : [];
  return fragments.some((fragment) => {
    const fn = isObject(fragment.function) ? fragment.function : {};
    return filled(fragment.id) || filled(fn.name) || filled(fn.arguments);
  });
}

function chatOracle(shared: Shared): FormatOracle {
  let ended = false;
  let error = false;
  const finishes = new Map<number, string | null>();
  const calls = new Map<string, { id: unknown; name: unknown; args: string }>();
  const replaced: Array<{ id: unknown; name: unknown; args: string }> = [];
  const callCount = new Map<number, number>();
  const functionCalls = new Set<number>();
  const identity: { id?: string; model?: string } = {};
  return {
    read(frame) {
      if (ended) return void shared.codes.add('after end');
      if (frame.done) {
        if (frame.event !== 'message') shared.codes.add('event mismatch');
        return void (ended = true);
      }
      if (frame.event === 'error' || (isObject(frame.json) && frame.json.error)) {
        ended = error = true;
        return void shared.codes.add('error event');
      }
      if (frame.event !== 'message' && (!isObject(frame.json) || frame.json.object !== frame.event)) shared.codes.add('event mismatch');
      if (!isObject(frame.json)) return void shared.codes.add('not json');
      // A chunk with another id or model than the first one's is from another response: spliced.
      for (const field of ['id', 'model'] as const) {
        const value = frame.json[field];
        if (typeof value !== 'string' || value === '') continue;
        if (identity[field] !== undefined && identity[field] !== value) lost(shared, 'identity changed');
        identity[field] = value;
      }
      const choices = Array.isArray(frame.json.choices) ? frame.json.choices.filter(isObject) : [];
      for (const [position, choice] of choices.entries()) {
        const index = typeof choice.index === 'number' ? choice.index : position;
        if (typeof choice.index !== 'number') shared.codes.add('choice no index');
        const delta = isObject(choice.delta) ? choice.delta : {};
        if (typeof finishes.get(index) === 'string' && chatContent(delta)) lost(shared, 'finish mismatch');
        if (!finishes.has(index) || typeof choice.finish_reason === 'string') finishes.set(index, typeof choice.finish_reason === 'string' ? choice.finish_reason : (finishes.get(index) ?? null));
        if (isObject(delta.function_call)) functionCalls.add(index);
        for (const fragment of Array.isArray(delta.tool_calls) ? delta.tool_calls.filter(isObject) : []) {
          if (typeof fragment.index !== 'number') shared.codes.add('tool call no index');
          const key = `${index}:${typeof fragment.index === 'number' ? fragment.index : 0}`;
          const fn = isObject(fragment.function) ? fragment.function : {};
          let call = calls.get(key) ?? { id: undefined, name: undefined, args: '' };
          callCount.set(index, (callCount.get(index) ?? 0) + (calls.has(key) ? 0 : 1));
          // A new id at an index in use starts a second call there; the first is kept apart.
          if (typeof fragment.id === 'string' && fragment.id !== '' && typeof call.id === 'string' && call.id !== '' && call.id !== fragment.id) {
            lost(shared, 'tool call id changed');
            replaced.push(call);
            call = { id: undefined, name: undefined, args: '' };
            callCount.set(index, (callCount.get(index) ?? 0) + 1);
          }
          if (fragment.id !== undefined) call.id = fragment.id;
          if (fn.name !== undefined) call.name = fn.name;
          if (typeof fn.arguments === 'string') call.args += fn.arguments;
          calls.set(key, call);
        }
      }
    },
    finish() {
      for (const [index, reason] of finishes) {
        const count = callCount.get(index) ?? 0;
        if ((reason === 'tool_calls' && count === 0 && !functionCalls.has(index)) || (reason === 'stop' && count > 0)) lost(shared, 'finish mismatch');
      }
      for (const call of [...replaced, ...calls.values()]) {
        // Arguments that never came (an empty string) are no JSON either.
        if (!call.id || !call.name) shared.codes.add('tool call incomplete');
        else if (!parses(call.args)) shared.codes.add('arguments not json');
      }
      if (ended && !error && [...finishes.values()].some((reason) => reason === null)) shared.codes.add('no finish reason');
      return { ended, error, reasons: [...finishes.values()].filter((r): r is string => r !== null) };
    },
  };
}

// ── Anthropic Messages ──────────────────────────────────────────────────────────────────────────────────

const ANTHROPIC_TOOL_BLOCKS = new Set(['tool_use', 'server_tool_use', 'mcp_tool_use']);

function anthropicOracle(shared: Shared): FormatOracle {
  let ended = false;
  let error = false;
  let started = false;
  let startSeen = false;
  let finished = false;
  const reasons: string[] = [];
  const blocks = new Map<number, { open: boolean; tool: boolean; json: string; type: string; signed: boolean }>();
  // The message's stop reason as the last `message_delta` set it, and whether a client tool block came.
  let lastReason: unknown = null;
  let toolUse = false;
  return {
    read(frame) {
      if (ended) return void shared.codes.add('after end');
      const value = frame.json;
      const type = typeOf(frame);
      // Anthropic names every event: a frame without its name (`message`) is a mismatch too.
      if (type !== null && frame.event !== type) shared.codes.add('event mismatch');
      if (type === 'error' || (frame.event === 'error' && isObject(value) && isObject(value.error))) {
        ended = error = true;
        return void shared.codes.add('error event');
      }
      if (!isObject(value)) return void shared.codes.add('not json');
      if (type === 'message_start') {
        // A second message_start replaces the message (the SDK's snapshot too): blocks it had are gone, a piece lost.
        if (startSeen) {
          if (blocks.size > 0) lost(shared, 'block restarted');
          else shared.codes.add('block restarted');
          blocks.clear();
        }
        // A message_start after other events starts the message over: what its delta said is gone.
        if (started) {
          finished = false;
          reasons.length = 0;
        }
        if (startSeen) toolUse = false;
        lastReason = null;
        const message = isObject(value.message) ? value.message : {};
        if (Array.isArray(message.content) && message.content.some((block) => isObject(block) && block.type === 'tool_use')) toolUse = true;
        started = startSeen = true;
        return;
      }
      if (type === 'ping') return;
      if (!started) {
        lost(shared, 'no start');
        started = true;
      }
      const index = typeof value.index === 'number' ? value.index : -1;
      const block = blocks.get(index);
      if (type === 'message_stop') ended = true;
      else if (type === 'message_delta') {
        finished = true;
        const delta = isObject(value.delta) ? value.delta : {};
        if (typeof delta.stop_reason === 'string') reasons.push(delta.stop_reason);
        if (delta.stop_reason === null || typeof delta.stop_reason === 'string') lastReason = delta.stop_reason;
      } else if (type === 'content_block_start') {
        if (block) lost(shared, 'block restarted');
        const content = isObject(value.content_block) ? value.content_block : {};
        const type = typeof content.type === 'string' ? content.type : '';
        if (type === 'tool_use') toolUse = true;
        blocks.set(index, { open: true, tool: ANTHROPIC_TOOL_BLOCKS.has(type), json: '', type, signed: typeof content.signature === 'string' && content.signature !== '' });
      } else if (type === 'content_block_delta') {
        if (!block || !block.open) return lost(shared, 'block unstarted');
        const delta = isObject(value.delta) ? value.delta : {};
        if (typeof delta.type === 'string' && deltaMisfits(delta.type, block.type)) return lost(shared, 'delta mismatch');
        if (delta.type === 'input_json_delta' && typeof delta.partial_json === 'string') block.json += delta.partial_json;
        if (delta.type === 'signature_delta' && block.type === 'thinking' && typeof delta.signature === 'string') block.signed = delta.signature !== '';
      } else if (type === 'content_block_stop') {
        if (!block) return lost(shared, 'block unstarted');
        if (!block.open) return void shared.codes.add('block unstarted');
        block.open = false;
        if (block.tool && block.json !== '' && !parses(block.json)) shared.codes.add('arguments not json');
        if (block.type === 'thinking' && !block.signed) shared.codes.add('signature missing');
      }
    },
    finish() {
      if ([...blocks.values()].some((block) => block.open)) lost(shared, 'block open');
      if (lastReason === 'tool_use' && !toolUse) lost(shared, 'finish mismatch');
      if (ended && !error && !finished) shared.codes.add('no finish reason');
      return { ended, error, reasons };
    },
  };
}

// ── Gemini ──────────────────────────────────────────────────────────────────────────────────────────────

function geminiOracle(shared: Shared): FormatOracle {
  let error = false;
  let blocked = false;
  const finishes = new Map<number, string | null>();
  const allFinished = () => blocked || (finishes.size > 0 && [...finishes.values()].every((reason) => reason !== null));
  return {
    read(frame) {
      const value = frame.json;
      if (error) return void shared.codes.add('after end');
      if (!isObject(value)) return void shared.codes.add('not json');
      if (allFinished()) shared.codes.add('after end');
      if (isObject(value.error)) {
        error = true;
        return void shared.codes.add('error event');
      }
      if (isObject(value.promptFeedback) && typeof value.promptFeedback.blockReason === 'string') blocked = true;
      for (const candidate of Array.isArray(value.candidates) ? value.candidates.filter(isObject) : []) {
        const index = typeof candidate.index === 'number' ? candidate.index : 0;
        const reason = typeof candidate.finishReason === 'string' ? candidate.finishReason : null;
        if (reason !== null || !finishes.has(index)) finishes.set(index, reason ?? finishes.get(index) ?? null);
      }
    },
    finish() {
      const reasons = [...finishes.values()].filter((reason): reason is string => reason !== null);
      if (blocked && !error) shared.codes.add('prompt blocked');
      if (!error && !allFinished() && reasons.length > 0) shared.codes.add('no finish reason');
      return { ended: error || allFinished(), error, reasons, blocked };
    },
  };
}

// ── Behavior Run ────────────────────────────────────────────────────────────────────────────────────────

function behaviorOracle(shared: Shared): FormatOracle {
  let ended = false;
  let error = false;
  let started = false;
  let startSeen = false;
  const steps = new Map<unknown, boolean>();
  return {
    read(frame) {
      if (ended) return void shared.codes.add('after end');
      const value = frame.json;
      if (!isObject(value)) return void shared.codes.add('not json');
      const type = typeOf(frame);
      if (type !== null && frame.event !== type) shared.codes.add('event mismatch');
      if (type === 'response.started') {
        if (startSeen) lost(shared, 'block restarted');
        started = startSeen = true;
        return;
      }
      if (!started) {
        lost(shared, 'no start');
        started = true;
      }
      if (type === 'response.completed') ended = true;
      else if (type === 'error') {
        ended = error = true;
        shared.codes.add('error event');
      } else if (type === 'tool.started') {
        if (steps.has(value.step)) lost(shared, 'block restarted');
        steps.set(value.step, true);
      } else if (type === 'tool.completed' || type === 'tool.failed') {
        if (steps.get(value.step) !== true) return lost(shared, 'block unstarted');
        steps.set(value.step, false);
        if (type === 'tool.failed') shared.codes.add('tool failed');
      }
    },
    finish() {
      if ([...steps.values()].some((open) => open)) lost(shared, 'block open');
      return { ended, error, reasons: ended ? [error ? 'failed' : 'completed'] : [] };
    },
  };
}

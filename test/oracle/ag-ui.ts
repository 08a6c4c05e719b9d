// AG-UI's rules, stated from its protocol note (src/core/formats/ag-ui/reference.md: the events and required fields of
// §2, the client verifier's order rules of §3, the ends of §5), apart from the library's assembler: a run opens with
// RUN_STARTED and ends with RUN_FINISHED (nothing left open) or RUN_ERROR; messages, tool calls, reasoning and steps
// open and close by id; after the end only a new run (or, after RUN_FINISHED, RUN_ERROR) may come. Chunk events and
// subagent lanes are not stated here (outsideRules says so).
import { isObject, type FrameFields } from '../../src/core/index.js';
import { typeOf } from '../../src/faults/frame-text.js';
import { lost, type FormatOracle, type Json, type Shared } from './shared.js';

/** Protocol 1.0's events, each with the fields it requires to be strings (§2; fields of any value are not checked). */
const REQUIRED: Record<string, readonly string[]> = {
  RUN_STARTED: ['threadId', 'runId'], RUN_FINISHED: ['threadId', 'runId'], RUN_ERROR: ['message'],
  STEP_STARTED: ['stepName'], STEP_FINISHED: ['stepName'],
  TEXT_MESSAGE_START: ['messageId'], TEXT_MESSAGE_CONTENT: ['messageId', 'delta'], TEXT_MESSAGE_END: ['messageId'], TEXT_MESSAGE_CHUNK: [],
  TOOL_CALL_START: ['toolCallId', 'toolCallName'], TOOL_CALL_ARGS: ['toolCallId', 'delta'], TOOL_CALL_END: ['toolCallId'], TOOL_CALL_CHUNK: [],
  TOOL_CALL_RESULT: ['messageId', 'toolCallId'],
  REASONING_START: ['messageId'], REASONING_END: ['messageId'], REASONING_MESSAGE_START: ['messageId', 'role'],
  REASONING_MESSAGE_CONTENT: ['messageId', 'delta'], REASONING_MESSAGE_END: ['messageId'], REASONING_MESSAGE_CHUNK: [],
  REASONING_ENCRYPTED_VALUE: ['subtype', 'entityId', 'encryptedValue'],
  STATE_SNAPSHOT: [], STATE_DELTA: [], MESSAGES_SNAPSHOT: [], ACTIVITY_SNAPSHOT: ['messageId', 'activityType'], ACTIVITY_DELTA: ['messageId', 'activityType'],
  RAW: [], CUSTOM: ['name'], SUBAGENT_STARTED: ['subagentRunId', 'name'], SUBAGENT_FINISHED: ['subagentRunId'], SUBAGENT_ERROR: ['subagentRunId', 'message'],
};

/** The start, content and end events of each kind of thing opened by id, with the field naming the id. */
const PAIRS: Record<string, { kind: string; step: 'start' | 'piece' | 'end'; id: string }> = {
  TEXT_MESSAGE_START: { kind: 'text', step: 'start', id: 'messageId' },
  TEXT_MESSAGE_CONTENT: { kind: 'text', step: 'piece', id: 'messageId' },
  TEXT_MESSAGE_END: { kind: 'text', step: 'end', id: 'messageId' },
  TOOL_CALL_START: { kind: 'tool', step: 'start', id: 'toolCallId' },
  TOOL_CALL_ARGS: { kind: 'tool', step: 'piece', id: 'toolCallId' },
  TOOL_CALL_END: { kind: 'tool', step: 'end', id: 'toolCallId' },
  REASONING_START: { kind: 'span', step: 'start', id: 'messageId' },
  REASONING_END: { kind: 'span', step: 'end', id: 'messageId' },
  REASONING_MESSAGE_START: { kind: 'reasoning', step: 'start', id: 'messageId' },
  REASONING_MESSAGE_CONTENT: { kind: 'reasoning', step: 'piece', id: 'messageId' },
  REASONING_MESSAGE_END: { kind: 'reasoning', step: 'end', id: 'messageId' },
  STEP_STARTED: { kind: 'step', step: 'start', id: 'stepName' },
  STEP_FINISHED: { kind: 'step', step: 'end', id: 'stepName' },
};

/** Why a stream's frames are outside these rules (chunk expansion, subagent lanes), or null. */
export function agUiOutside(frames: readonly FrameFields[]): string | null {
  const beyond = frames.some((frame) => {
    const type = typeOf(frame);
    return (type !== null && (type.endsWith('_CHUNK') || type.startsWith('SUBAGENT_'))) || (isObject(frame.json) && 'subagentRunId' in frame.json);
  });
  return beyond ? 'AG-UI chunk events and subagent lanes are read by rules this oracle does not state' : null;
}

export function agUiOracle(shared: Shared): FormatOracle {
  let seen = false;
  let run: 'none' | 'active' | 'finished' | 'error' = 'none';
  let error = false;
  const reasons: string[] = [];
  const open = new Set<string>();
  // What the client's messages hold, across runs.
  const made = new Set<string>();
  const called = new Set<string>();
  const answered = new Set<string>();
  const startRun = () => {
    // A run started after one ended forgets what was open; one started over a stream without its start keeps it.
    if (run === 'finished' || run === 'error') {
      open.clear();
      called.clear();
      answered.clear();
    }
    run = 'active';
    error = false;
  };
  const finishRun = (event: Json) => {
    // The verifier rejects a run finished with anything open.
    if (open.size > 0) lost(shared, 'block open');
    open.clear();
    run = 'finished';
    const outcome = isObject(event.outcome) && typeof event.outcome.type === 'string' ? event.outcome.type : 'success';
    const pending = [...called].some((id) => !answered.has(id));
    reasons.push(outcome === 'interrupt' || outcome === 'cancelled' ? outcome : pending || (isObject(event.outcome) && Array.isArray(event.outcome.pendingToolCallIds) && event.outcome.pendingToolCallIds.length > 0) ? 'tool_calls' : 'success');
  };
  const readPair = (type: string, event: Json) => {
    const rule = PAIRS[type]!;
    const id = event[rule.id];
    if (typeof id !== 'string') return;
    const key = `${rule.kind}:${id}`;
    if (rule.step === 'start') {
      if (open.has(key)) shared.codes.add('block restarted');
      open.add(key);
      made.add(key);
      if (rule.kind === 'tool') called.add(id);
      return;
    }
    if (!open.has(key)) {
      // Arguments for a call never made have no call to go to (one that ended takes them again); text for an
      // unknown message is kept as a message of its own (the library loses no text the client would drop).
      if (rule.kind === 'tool' && rule.step === 'piece' && !made.has(key)) shared.codes.add('not assembled');
      return lost(shared, 'block unstarted');
    }
    if (rule.step === 'end') open.delete(key);
  };
  return {
    read(frame) {
      const event = frame.json;
      const type = typeOf(frame);
      if (!isObject(event) || type === null || !Object.hasOwn(REQUIRED, type)) return void shared.codes.add('unknown event');
      if (REQUIRED[type]!.some((field) => typeof event[field] !== 'string')) shared.codes.add('invalid event');
      // After the run's end only a new run may come (after RUN_FINISHED, RUN_ERROR too); nothing else is read.
      if ((run === 'error' && type !== 'RUN_STARTED') || (run === 'finished' && type !== 'RUN_STARTED' && type !== 'RUN_ERROR')) return void shared.codes.add('after run end');
      if (!seen) {
        seen = true;
        if (type !== 'RUN_STARTED' && type !== 'RUN_ERROR') lost(shared, 'no start');
      } else if (type === 'RUN_STARTED' && run === 'active') lost(shared, 'block restarted');
      if (type === 'RUN_STARTED') return startRun();
      if (type === 'RUN_FINISHED') return finishRun(event);
      if (type === 'RUN_ERROR') {
        run = 'error';
        error = true;
        reasons.push('error');
        return void shared.codes.add('error event');
      }
      if (type === 'TOOL_CALL_RESULT' && typeof event.toolCallId === 'string') answered.add(event.toolCallId);
      if (Object.hasOwn(PAIRS, type)) readPair(type, event);
    },
    finish() {
      const ended = run === 'finished' || run === 'error';
      return { ended, error, reasons: ended ? reasons.slice(-1) : [] };
    },
  };
}

// The order rules of an AG-UI run, as the client's verifier enforces them (reference.md, C3 `verifyEvents`): what
// is open (messages, tool calls, steps, reasoning spans and messages, subagents), what may come after the run's end,
// and what must be closed before RUN_FINISHED. Each rule the verifier throws on is a finding here, at the same event.
import type { FindingCode } from '../../findings.js';
import type { Json } from '../json-shape.js';

/** A broken rule: the finding's code and its words (after "Frame N "). */
export interface OrderProblem {
  code: FindingCode;
  message: string;
}

/** Where each open thing started: its frame index, by its id. */
type Open = Map<string, number>;

const PAIRS: ReadonlyMap<string, { set: 'text' | 'tool' | 'reasoning' | 'span'; opens: boolean; what: string; start: string }> = new Map([
  ['TEXT_MESSAGE_START', { set: 'text', opens: true, what: 'text message', start: 'TEXT_MESSAGE_START' }],
  ['TEXT_MESSAGE_CONTENT', { set: 'text', opens: false, what: 'text message', start: 'TEXT_MESSAGE_START' }],
  ['TEXT_MESSAGE_END', { set: 'text', opens: false, what: 'text message', start: 'TEXT_MESSAGE_START' }],
  ['TOOL_CALL_START', { set: 'tool', opens: true, what: 'tool call', start: 'TOOL_CALL_START' }],
  ['TOOL_CALL_ARGS', { set: 'tool', opens: false, what: 'tool call', start: 'TOOL_CALL_START' }],
  ['TOOL_CALL_END', { set: 'tool', opens: false, what: 'tool call', start: 'TOOL_CALL_START' }],
  ['REASONING_START', { set: 'span', opens: true, what: 'reasoning span', start: 'REASONING_START' }],
  ['REASONING_END', { set: 'span', opens: false, what: 'reasoning span', start: 'REASONING_START' }],
  ['REASONING_MESSAGE_START', { set: 'reasoning', opens: true, what: 'reasoning message', start: 'REASONING_MESSAGE_START' }],
  ['REASONING_MESSAGE_CONTENT', { set: 'reasoning', opens: false, what: 'reasoning message', start: 'REASONING_MESSAGE_START' }],
  ['REASONING_MESSAGE_END', { set: 'reasoning', opens: false, what: 'reasoning message', start: 'REASONING_MESSAGE_START' }],
]);
const CLOSERS = new Set(['TEXT_MESSAGE_END', 'TOOL_CALL_END', 'REASONING_END', 'REASONING_MESSAGE_END']);

/** The run's order state: which run is active, and what is open in it. */
export class RunOrder {
  /** An event was read (the first one must start a run or fail it). */
  private seen = false;
  private active = false;
  /** The frame of RUN_FINISHED or RUN_ERROR when the run ended, with which. */
  ended: { type: 'RUN_FINISHED' | 'RUN_ERROR'; frame: number } | null = null;
  private readonly open: Record<'text' | 'tool' | 'reasoning' | 'span', Open> = { text: new Map(), tool: new Map(), reasoning: new Map(), span: new Map() };
  /** Open steps by lane (the parent agent, or a subagent) and name. */
  private readonly steps = new Map<string | undefined, Open>();
  private readonly subagents: Open = new Map();
  private readonly finishedSubagents = new Set<string>();

  private reset(): void {
    for (const set of Object.values(this.open)) set.clear();
    this.steps.clear();
    this.subagents.clear();
    this.finishedSubagents.clear();
    this.ended = null;
  }

  /** The rule the event breaks by arriving now (after the end, before a start), or null. Run events update the state. */
  arrival(type: string): OrderProblem | null {
    if (this.ended?.type === 'RUN_ERROR' && type !== 'RUN_STARTED') {
      return { code: 'after run end', message: `is ${type} after RUN_ERROR (frame ${this.ended.frame}) ended the run; only a new RUN_STARTED may follow` };
    }
    if (this.ended?.type === 'RUN_FINISHED' && type !== 'RUN_STARTED' && type !== 'RUN_ERROR') {
      return { code: 'after run end', message: `is ${type} after RUN_FINISHED (frame ${this.ended.frame}) ended the run; only RUN_STARTED (a new run) or RUN_ERROR may follow` };
    }
    if (!this.seen) {
      this.seen = true;
      if (type !== 'RUN_STARTED' && type !== 'RUN_ERROR') return { code: 'no start', message: `is ${type}, but a run's first event must be RUN_STARTED` };
    } else if (type === 'RUN_STARTED' && this.active && this.ended === null) {
      return { code: 'block restarted', message: 'is RUN_STARTED while the run is still active; finish it with RUN_FINISHED (or RUN_ERROR) first' };
    }
    if (type === 'RUN_STARTED') {
      if (this.ended !== null) this.reset();
      this.active = true;
    }
    return null;
  }

  /** A start, content or end of a message, tool call or reasoning span: the rule it breaks, or null. */
  pair(type: string, event: Json, frame: number): OrderProblem | null {
    const rule = PAIRS.get(type);
    if (!rule) return null;
    const idField = rule.set === 'tool' ? 'toolCallId' : 'messageId';
    const id = event[idField];
    if (typeof id !== 'string') return null;
    const open = this.open[rule.set];
    if (rule.opens) {
      const at = open.get(id);
      if (at !== undefined) return { code: 'block restarted', message: `is ${type} for ${rule.what} ${JSON.stringify(id)}, which is already open (since frame ${at}); end it first` };
      open.set(id, frame);
      return null;
    }
    if (!open.has(id)) return { code: 'block unstarted', message: `is ${type} for ${rule.what} ${JSON.stringify(id)}, which is not open: no ${rule.start} began it, or it already ended` };
    if (CLOSERS.has(type)) open.delete(id);
    return null;
  }

  private stepsOf(owner: string | undefined): Open {
    let steps = this.steps.get(owner);
    if (!steps) this.steps.set(owner, (steps = new Map()));
    return steps;
  }

  /** STEP_STARTED / STEP_FINISHED. */
  step(type: string, event: Json, frame: number): OrderProblem | null {
    const name = event.stepName;
    if (typeof name !== 'string') return null;
    const steps = this.stepsOf(typeof event.subagentRunId === 'string' ? event.subagentRunId : undefined);
    if (type === 'STEP_STARTED') {
      const at = steps.get(name);
      if (at !== undefined) return { code: 'block restarted', message: `starts step ${JSON.stringify(name)}, which is already active (since frame ${at})` };
      steps.set(name, frame);
      return null;
    }
    if (!steps.has(name)) return { code: 'block unstarted', message: `finishes step ${JSON.stringify(name)}, which was never started (or is open in another lane)` };
    steps.delete(name);
    return null;
  }

  /** SUBAGENT_STARTED / SUBAGENT_FINISHED / SUBAGENT_ERROR. */
  subagent(type: string, event: Json, frame: number): OrderProblem | null {
    const id = event.subagentRunId;
    if (typeof id !== 'string') return null;
    if (type === 'SUBAGENT_STARTED') {
      if (this.subagents.has(id)) return { code: 'block restarted', message: `starts subagent ${JSON.stringify(id)}, which is already active` };
      if (this.finishedSubagents.has(id)) return { code: 'block restarted', message: `starts subagent ${JSON.stringify(id)} again; it finished earlier in this run, and its id is for one invocation` };
      const parent = event.parentSubagentRunId;
      if (typeof parent === 'string' && !this.subagents.has(parent) && !this.finishedSubagents.has(parent)) {
        return { code: 'block unstarted', message: `names parent subagent ${JSON.stringify(parent)}, which was not started in this run` };
      }
      this.subagents.set(id, frame);
      return null;
    }
    if (!this.subagents.has(id)) return { code: 'block unstarted', message: `is ${type} for subagent ${JSON.stringify(id)}, which is not active` };
    this.subagents.delete(id);
    this.finishedSubagents.add(id);
    return null;
  }

  /** RUN_FINISHED: what is still open (each with the frame it opened at); all of it is then closed. */
  finishRun(frame: number): Array<{ what: string; id: string; frame: number }> {
    const open: Array<{ what: string; id: string; frame: number }> = [];
    for (const [owner, steps] of this.steps) for (const [name, at] of steps) open.push({ what: owner === undefined ? 'step' : `step of subagent ${JSON.stringify(owner)}`, id: name, frame: at });
    const named: Array<[keyof RunOrder['open'], string]> = [['text', 'text message'], ['reasoning', 'reasoning message'], ['span', 'reasoning span'], ['tool', 'tool call']];
    for (const [set, what] of named) for (const [id, at] of this.open[set]) open.push({ what, id, frame: at });
    for (const [id, at] of this.subagents) open.push({ what: 'subagent', id, frame: at });
    this.ended = { type: 'RUN_FINISHED', frame };
    return open;
  }

  /** RUN_ERROR: the run ends failed. */
  failRun(frame: number): void {
    this.ended = { type: 'RUN_ERROR', frame };
  }
}

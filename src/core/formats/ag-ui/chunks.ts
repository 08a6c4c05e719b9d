// TEXT_MESSAGE_CHUNK, TOOL_CALL_CHUNK and REASONING_MESSAGE_CHUNK stand in for a start, content and end sequence.
// A client expands them before it checks the order (reference.md, C3 `transformChunks`): one open chunk stream per
// lane (the parent agent, or one subagent), closed by the next event of that lane that is not its continuation, by
// a run or messages-snapshot event, or by the end of the stream. This file does the same expansion.
import type { Json } from '../json-shape.js';

/** An event as the order rules see it: an expanded chunk's start, content or end, or the event itself. */
export interface LogicalEvent {
  type: string;
  event: Json;
}

type Kind = 'text' | 'tool' | 'reasoning';

interface Lane {
  kind: Kind;
  id: string;
  /** The fields a continuation must not contradict (absent ones included). */
  fixed: Record<string, string | undefined>;
  owner: string | undefined;
}

/** What a chunk could not be expanded to, in words for a finding; null when it expanded. */
export interface ChunkProblem {
  code: 'block unstarted' | 'delta mismatch';
  message: string;
}

const CHUNK_KINDS = new Map<string, Kind>([
  ['TEXT_MESSAGE_CHUNK', 'text'],
  ['TOOL_CALL_CHUNK', 'tool'],
  ['REASONING_MESSAGE_CHUNK', 'reasoning'],
]);

/** The events that close their lane's chunk stream before they are read. */
const LANE_CLOSERS = new Set([
  'TEXT_MESSAGE_START', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_END', 'TOOL_CALL_START', 'TOOL_CALL_ARGS', 'TOOL_CALL_END', 'TOOL_CALL_RESULT',
  'STATE_SNAPSHOT', 'STATE_DELTA', 'CUSTOM', 'STEP_STARTED', 'STEP_FINISHED', 'REASONING_START', 'REASONING_MESSAGE_START',
  'REASONING_MESSAGE_CONTENT', 'REASONING_MESSAGE_END', 'REASONING_END',
]);
/** The events that close every lane. */
const ALL_CLOSERS = new Set(['RUN_STARTED', 'RUN_FINISHED', 'RUN_ERROR', 'MESSAGES_SNAPSHOT']);

const ID_FIELD: Readonly<Record<Kind, string>> = { text: 'messageId', tool: 'toolCallId', reasoning: 'messageId' };
const FIXED_FIELDS: Readonly<Record<Kind, readonly string[]>> = { text: ['role', 'name'], tool: ['toolCallName', 'parentMessageId'], reasoning: [] };
const START: Readonly<Record<Kind, string>> = { text: 'TEXT_MESSAGE_START', tool: 'TOOL_CALL_START', reasoning: 'REASONING_MESSAGE_START' };
const CONTENT: Readonly<Record<Kind, string>> = { text: 'TEXT_MESSAGE_CONTENT', tool: 'TOOL_CALL_ARGS', reasoning: 'REASONING_MESSAGE_CONTENT' };
const END: Readonly<Record<Kind, string>> = { text: 'TEXT_MESSAGE_END', tool: 'TOOL_CALL_END', reasoning: 'REASONING_MESSAGE_END' };

function stringOr(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The open chunk streams, one per lane. */
export class ChunkLanes {
  private readonly lanes = new Map<string | undefined, Lane>();

  /** True for the three chunk events. */
  static isChunk(type: string): boolean {
    return CHUNK_KINDS.has(type);
  }

  private close(owner: string | undefined): LogicalEvent[] {
    const lane = this.lanes.get(owner);
    if (!lane) return [];
    this.lanes.delete(owner);
    const event: Json = { type: END[lane.kind], [ID_FIELD[lane.kind]]: lane.id };
    if (owner !== undefined) event.subagentRunId = owner;
    return [{ type: END[lane.kind], event }];
  }

  /** The ends that go before a non-chunk event of `type` (the lanes it closes). */
  closedBy(type: string, event: Json): LogicalEvent[] {
    if (this.lanes.size === 0) return [];
    if (ALL_CLOSERS.has(type)) return this.closeAll();
    if (LANE_CLOSERS.has(type)) return this.close(stringOr(event.subagentRunId));
    if (type === 'SUBAGENT_FINISHED' || type === 'SUBAGENT_ERROR') return typeof event.subagentRunId === 'string' ? this.close(event.subagentRunId) : [];
    return [];
  }

  /** Every lane closed (the end of the stream, or a run event). */
  closeAll(): LogicalEvent[] {
    return [...this.lanes.keys()].flatMap((owner) => this.close(owner));
  }

  /** The lane a chunk belongs to: the one open on its id, else its subagent's, else the only lane of its kind. */
  private laneOf(kind: Kind, id: string | undefined, owner: string | undefined): string | undefined {
    if (id !== undefined) {
      for (const [key, lane] of this.lanes) if (lane.kind === kind && lane.id === id) return key;
      return owner;
    }
    if (owner !== undefined || this.lanes.get(undefined)?.kind === kind) return owner;
    const ofKind = [...this.lanes.entries()].filter(([, lane]) => lane.kind === kind);
    return ofKind.length === 1 ? ofKind[0]?.[0] : undefined;
  }

  /** A chunk expanded: the events it stands for, or the problem that stops a client at it. */
  expand(type: string, event: Json): { events: LogicalEvent[]; problem: ChunkProblem | null } {
    const kind = CHUNK_KINDS.get(type) as Kind;
    const idField = ID_FIELD[kind];
    const id = stringOr(event[idField]);
    const key = this.laneOf(kind, id, stringOr(event.subagentRunId));
    const lane = this.lanes.get(key);
    const events: LogicalEvent[] = [];
    let open: Lane;
    if (lane?.kind === kind && (id === undefined || id === lane.id)) {
      for (const field of FIXED_FIELDS[kind]) {
        const given = stringOr(event[field]);
        if (given !== undefined && given !== lane.fixed[field]) {
          const had = lane.fixed[field] === undefined ? 'none' : JSON.stringify(lane.fixed[field]);
          return { events, problem: { code: 'delta mismatch', message: `continues ${kind === 'tool' ? 'tool call' : 'message'} ${JSON.stringify(lane.id)} with \`${field}\` ${JSON.stringify(given)}, but it was opened with ${had}` } };
        }
      }
      open = lane;
    } else {
      events.push(...this.close(key));
      const missing = id === undefined ? idField : kind === 'tool' && typeof event.toolCallName !== 'string' ? 'toolCallName' : null;
      if (missing !== null) return { events, problem: { code: 'block unstarted', message: `is the first chunk of a new ${kind === 'tool' ? 'tool call' : 'message'} and has no \`${missing}\`` } };
      open = this.openLane(kind, id as string, event, key);
      events.push({ type: START[kind], event: this.startEvent(open) });
    }
    if (event.delta !== undefined || event.rawEvent !== undefined) {
      const content: Json = { type: CONTENT[kind], [idField]: open.id, delta: typeof event.delta === 'string' ? event.delta : '' };
      if (open.owner !== undefined) content.subagentRunId = open.owner;
      events.push({ type: CONTENT[kind], event: content });
    }
    return { events, problem: null };
  }

  private openLane(kind: Kind, id: string, event: Json, key: string | undefined): Lane {
    const fixed: Record<string, string | undefined> = {};
    for (const field of FIXED_FIELDS[kind]) fixed[field] = stringOr(event[field]);
    if (kind === 'text') fixed.role ??= 'assistant';
    const lane: Lane = { kind, id, fixed, owner: stringOr(event.subagentRunId) };
    this.lanes.set(key, lane);
    return lane;
  }

  private startEvent(lane: Lane): Json {
    const start: Json = { type: START[lane.kind], [ID_FIELD[lane.kind]]: lane.id };
    for (const [field, value] of Object.entries(lane.fixed)) if (value !== undefined) start[field] = value;
    if (lane.kind === 'reasoning') start.role = 'reasoning';
    if (lane.owner !== undefined) start.subagentRunId = lane.owner;
    return start;
  }
}

import { readPayload } from '../decode/payload.js';
import { SseReconstructError } from '../library-errors.js';
import { kindOf, plural } from '../words.js';

/**
 * A dotted path into an event's JSON: `choices.0.delta.content`. Every segment is a key as written (an empty
 * segment is the key `""`); a segment of digits also indexes an array. Keys are data: `__proto__` or `constructor`
 * name an own property of the parsed JSON, never something inherited.
 */
export function pathSegments(path: string): string[] {
  return path.split('.');
}

const INDEX = /^(?:0|[1-9][0-9]*)$/;

/** The value at `segments` in `value`, or undefined when the path does not lead anywhere. */
export function valueAtPath(value: unknown, segments: readonly string[]): unknown {
  let node = value;
  for (const segment of segments) {
    node = childOf(node, segment);
    if (node === undefined) return undefined;
  }
  return node;
}

function childOf(node: unknown, segment: string): unknown {
  if (Array.isArray(node)) return INDEX.test(segment) ? node[Number(segment)] : undefined;
  if (typeof node !== 'object' || node === null) return undefined;
  return Object.prototype.hasOwnProperty.call(node, segment) ? (node as Record<string, unknown>)[segment] : undefined;
}

/** How many segments of the path lead somewhere in `value` (0 when even the first key is missing). */
function depthReached(value: unknown, segments: readonly string[]): number {
  let node = value;
  for (let i = 0; i < segments.length; i += 1) {
    node = childOf(node, segments[i] as string);
    if (node === undefined) return i;
  }
  return segments.length;
}

/** The text a path pulls out of a stream's events, joined in order. */
export interface Reassembly {
  path: string;
  text: string;
  /** Events that hold a string at the path (an empty string counts). */
  from: number;
  /** Events looked at: every event in the list. */
  of: number;
  /** Indexes of the events that hold a string at the path. */
  events: number[];
  /** "Text reassembled from 3 of 5 events at `choices.0.delta.content`". */
  summary: string;
  /** When no event holds a string there: how far the path got in the first JSON event, to help fix a typo. */
  hint?: string;
}

/** Pulls the string at `path` out of each event's data (JSON) and joins them in order. */
export function reassemble(events: ReadonlyArray<{ index: number; data: string }>, path: string): Reassembly {
  if (typeof path !== 'string') throw new SseReconstructError('ERR_SSE_OPTION', `sse-reconstruct: a reassembly path is a string such as "choices.0.delta.content"; received ${typeof path}.`);
  const values: JsonEvent[] = [];
  for (const event of events) {
    const payload = readPayload(event.data);
    if (payload.kind === 'json') values.push({ index: event.index, value: payload.value });
  }
  return joinAtPath(values, events.length, path);
}

/** An event's index and its data, parsed. */
export interface JsonEvent {
  index: number;
  value: unknown;
}

/** reassemble() for events already parsed: the JSON ones, in order, of `of` events in all. */
export function joinAtPath(values: readonly JsonEvent[], of: number, path: string): Reassembly {
  const segments = pathSegments(path);
  const pieces: string[] = [];
  const from: number[] = [];
  for (const { index, value } of values) {
    const found = valueAtPath(value, segments);
    if (typeof found !== 'string') continue;
    pieces.push(found);
    from.push(index);
  }
  const result: Reassembly = {
    path,
    text: pieces.join(''),
    from: from.length,
    of,
    events: from,
    summary: `Text reassembled from ${from.length} of ${plural(of, 'event')} at \`${path}\``,
  };
  if (from.length === 0) result.hint = hintFor(values.length > 0, values[0]?.value, segments);
  return result;
}

function hintFor(sawJson: boolean, first: unknown, segments: readonly string[]): string {
  if (!sawJson) return 'No event carries JSON, so there is nothing to follow the path into.';
  const reached = depthReached(first, segments);
  const at = valueAtPath(first, segments.slice(0, reached));
  const where = reached === 0 ? 'the top level' : `\`${segments.slice(0, reached).join('.')}\``;
  if (reached === segments.length) return `In the first JSON event, \`${segments.join('.')}\` holds ${kindWithLength(at)}, not a string.`;
  return `In the first JSON event, the path stops at ${where}: it holds ${kindWithLength(at)}${keysOf(at)}, with no \`${segments[reached] ?? ''}\`.`;
}

/** The value's kind as `kindOf` names it, with an array's length. */
function kindWithLength(value: unknown): string {
  return Array.isArray(value) ? `an array of ${value.length}` : kindOf(value);
}

function keysOf(value: unknown): string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return '';
  const keys = Object.keys(value);
  if (keys.length === 0) return ' with no keys';
  const shown = keys.slice(0, 8).map((key) => JSON.stringify(key)).join(', ');
  return ` with the keys ${shown}${keys.length > 8 ? ', …' : ''}`;
}

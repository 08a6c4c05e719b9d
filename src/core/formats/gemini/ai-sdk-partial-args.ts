// The AI SDK's build of a function call's arguments from Vertex's streamed `partialArgs`, modelled from
// @ai-sdk/google@3.0.141 `GoogleJSONAccumulator` (src/google-json-accumulator.ts): each entry sets the value at its
// `jsonPath` in one object (a string with a value already there is appended to it; an entry with no value opens an
// empty object, or an array for a path ending `[]`); the call's input is that object as JSON. The JSON text it streams
// meanwhile is not what the caller gets, so it is not modelled.
import { field } from '../../clients/run.js';

type Segment = string | number;

/** `parsePath`: `a.b[0].c` → `a`, `b`, 0, `c`. */
function pathOf(rawPath: string): Segment[] {
  const segments: Segment[] = [];
  for (const part of rawPath.split('.')) {
    const bracket = part.indexOf('[');
    if (bracket === -1) {
      segments.push(part);
      continue;
    }
    if (bracket > 0) segments.push(part.slice(0, bracket));
    for (const match of part.matchAll(/\[(\d+)\]/g)) segments.push(parseInt(match[1]!, 10));
  }
  return segments;
}

const owns = (value: object, key: Segment): boolean => Object.prototype.hasOwnProperty.call(value, key);
// Wire keys become keys of the rebuilt arguments object (the caller's data), set as own properties as the SDK does.
const define = (target: object, key: Segment, value: unknown): void => {
  Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true });
};

function valueAt(root: object, segments: Segment[]): unknown {
  let current: unknown = root;
  for (const segment of segments) {
    if (current === null || typeof current !== 'object' || !owns(current, segment)) return undefined;
    current = (current as Record<Segment, unknown>)[segment];
  }
  return current;
}

function setAt(root: object, segments: Segment[], value: unknown): void {
  let current = root as Record<Segment, unknown>;
  for (let at = 0; at < segments.length - 1; at++) {
    const segment = segments[at]!;
    if (!owns(current, segment) || current[segment] === null || current[segment] === undefined) define(current, segment, typeof segments[at + 1] === 'number' ? [] : {});
    current = current[segment] as Record<Segment, unknown>;
  }
  define(current, segments[segments.length - 1]!, value);
}

/** `resolvePartialArgValue`: the entry's string, number or boolean, or null when it names `nullValue`. */
function resolvedValue(arg: unknown): { value: unknown } | undefined {
  for (const key of ['stringValue', 'numberValue', 'boolValue']) {
    const value = field(arg, key);
    if (value !== null && value !== undefined) return { value };
  }
  return arg !== null && typeof arg === 'object' && owns(arg, 'nullValue') ? { value: null } : undefined;
}

/** One streamed call's arguments as they are built. */
export class PartialArgs {
  private readonly args: object = {};

  /** `processPartialArgs` for one frame's entries. */
  add(partialArgs: unknown[]): void {
    for (const arg of partialArgs) {
      const path = field(arg, 'jsonPath') as string;
      const closesArray = path.endsWith('[]');
      const rawPath = (closesArray ? path.slice(0, -2) : path).replace(/^\$\./, '');
      if (!rawPath || rawPath === '$') continue;
      const segments = pathOf(rawPath);
      const existing = valueAt(this.args, segments);
      const text = field(arg, 'stringValue');
      if (typeof text === 'string' && existing !== undefined) {
        setAt(this.args, segments, `${String(existing)}${text}`);
        continue;
      }
      const resolved = resolvedValue(arg);
      if (resolved === undefined) {
        if (existing !== undefined || field(arg, 'willContinue') === true) continue;
        setAt(this.args, segments, closesArray ? [] : {});
        continue;
      }
      setAt(this.args, segments, resolved.value);
    }
  }

  /** `finalize().finalJSON`. */
  json(): string {
    return JSON.stringify(this.args);
  }
}

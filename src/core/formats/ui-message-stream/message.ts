// The UIMessage a UI message stream builds, part by part, as the `ai` client's `processUIMessageStream` builds it
// (vercel/ai ai@6.0.325 dist/index.mjs, read 2026-12-02): text and reasoning parts by id, tool parts by call id,
// sources, files, data parts and step starts in the order they came.
import { parseJson } from '../../json-depth.js';
import { isObject, type Json } from '../json-shape.js';

/** A tool call as the stream built it so far. */
export interface ToolState {
  /** The tool part in the message (`tool-<name>` or `dynamic-tool`). */
  part: Json;
  callId: string;
  name: string;
  /** The input text the `tool-input-delta` parts built. */
  raw: string;
  /** True when `tool-input-delta` parts came (and `raw` is what they built). */
  streamed: boolean;
  /** Frame and line where the call started. */
  at: { frame: number; line: number };
}

/** A new tool part: `dynamic-tool` with its name for a dynamic tool, else `tool-<name>`. */
export function newToolPart(value: Json, state: string): Json {
  const callId = value.toolCallId as string;
  const name = value.toolName as string;
  const part: Json = value.dynamic === true ? { type: 'dynamic-tool', toolName: name, toolCallId: callId, state } : { type: `tool-${name}`, toolCallId: callId, state };
  if (typeof value.title === 'string') part.title = value.title;
  if (typeof value.providerExecuted === 'boolean') part.providerExecuted = value.providerExecuted;
  return part;
}

/** A tool part's name: `toolName` of a dynamic tool, else its type less `tool-`. */
export function toolNameOf(part: Json): string {
  if (part.type === 'dynamic-tool') return typeof part.toolName === 'string' ? part.toolName : '';
  return typeof part.type === 'string' ? part.type.slice('tool-'.length) : '';
}

/** Whether a message part is a tool part. */
export function isToolPart(part: Json): boolean {
  return typeof part.type === 'string' && (part.type === 'dynamic-tool' || part.type.startsWith('tool-'));
}

/** The input the deltas built, parsed; undefined when it does not parse. */
export function parsedRaw(raw: string): unknown {
  if (raw === '') return undefined;
  try {
    return parseJson(raw);
  } catch {
    return undefined;
  }
}

/** Whether two JSON values are the same data (object keys in any order). */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, i) => sameData(item, b[i]));
  if (!isObject(a) || !isObject(b) || Array.isArray(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && sameData(a[key], b[key]));
}

/** The parts a source, file or kept data part adds to the message, copied from the stream's part. */
export function copiedPart(value: Json): Json {
  const part: Json = Object.create(null) as Json;
  for (const key of Object.keys(value)) if (key !== 'transient') part[key] = value[key];
  return { ...part };
}

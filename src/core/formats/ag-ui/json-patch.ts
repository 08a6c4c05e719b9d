// RFC 6902 JSON Patch, as STATE_DELTA and ACTIVITY_DELTA carry it. The patch applies whole or not at all: the client
// applies it to a copy and keeps the state it had when an operation fails (reference.md, C3).
import { isObject } from '../json-shape.js';

/** The patched document, or why the patch does not apply. */
export type PatchResult = { ok: true; document: unknown } | { ok: false; reason: string };

type Container = Record<string, unknown> | unknown[];

function tokensOf(pointer: unknown): string[] | null {
  if (typeof pointer !== 'string') return null;
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) return null;
  const tokens = pointer.slice(1).split('/');
  if (tokens.some((token) => /~[^01]|~$/.test(token))) return null;
  return tokens.map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function clone(value: unknown): unknown {
  return value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown);
}

function childOf(container: unknown, token: string): unknown {
  if (Array.isArray(container)) return /^(0|[1-9]\d*)$/.test(token) ? container[Number(token)] : undefined;
  return isObject(container) && Object.hasOwn(container, token) ? container[token] : undefined;
}

/** The container the last token is in, or null when the path before it does not resolve. */
function parentOf(document: unknown, tokens: string[]): Container | null {
  let at = document;
  for (const token of tokens.slice(0, -1)) at = childOf(at, token);
  return Array.isArray(at) || isObject(at) ? at : null;
}

function arrayIndex(array: unknown[], token: string, adding: boolean): number | null {
  if (adding && token === '-') return array.length;
  if (!/^(0|[1-9]\d*)$/.test(token)) return null;
  const index = Number(token);
  return index < array.length + (adding ? 1 : 0) ? index : null;
}

function valueAt(document: unknown, tokens: string[]): { found: boolean; value: unknown } {
  let at = document;
  for (const token of tokens) {
    if (!(Array.isArray(at) ? arrayIndex(at, token, false) !== null : isObject(at) && Object.hasOwn(at, token))) return { found: false, value: undefined };
    at = childOf(at, token);
  }
  return { found: true, value: at };
}

function add(document: unknown, tokens: string[], value: unknown): PatchResult {
  if (tokens.length === 0) return { ok: true, document: value };
  const parent = parentOf(document, tokens);
  const last = tokens[tokens.length - 1] as string;
  if (parent === null) return { ok: false, reason: 'its path does not resolve' };
  if (Array.isArray(parent)) {
    const index = arrayIndex(parent, last, true);
    if (index === null) return { ok: false, reason: 'its array index is out of range' };
    parent.splice(index, 0, value);
  } else Object.defineProperty(parent, last, { value, enumerable: true, writable: true, configurable: true });
  return { ok: true, document };
}

function remove(document: unknown, tokens: string[]): PatchResult {
  if (tokens.length === 0) return { ok: true, document: undefined };
  if (!valueAt(document, tokens).found) return { ok: false, reason: 'it removes a value that is not there' };
  const parent = parentOf(document, tokens) as Container;
  const last = tokens[tokens.length - 1] as string;
  if (Array.isArray(parent)) parent.splice(Number(last), 1);
  else delete parent[last];
  return { ok: true, document };
}

function applyOne(document: unknown, operation: unknown): PatchResult {
  if (!isObject(operation)) return { ok: false, reason: 'an operation is not an object' };
  const path = tokensOf(operation.path);
  if (path === null) return { ok: false, reason: `${JSON.stringify(operation.path)} is not a JSON Pointer` };
  const op = operation.op;
  if ((op === 'add' || op === 'replace' || op === 'test') && !Object.hasOwn(operation, 'value')) return { ok: false, reason: `\`${String(op)}\` has no value` };
  switch (op) {
    case 'add':
      return add(document, path, clone(operation.value));
    case 'remove':
      return remove(document, path);
    case 'replace': {
      if (path.length > 0 && !valueAt(document, path).found) return { ok: false, reason: 'it replaces a value that is not there' };
      const removed = remove(document, path);
      return removed.ok ? add(removed.document, path, clone(operation.value)) : removed;
    }
    case 'move':
    case 'copy': {
      const from = tokensOf(operation.from);
      if (from === null) return { ok: false, reason: `${JSON.stringify(operation.from)} is not a JSON Pointer` };
      const source = valueAt(document, from);
      if (!source.found) return { ok: false, reason: `it ${op === 'move' ? 'moves' : 'copies'} a value that is not there` };
      const value = clone(source.value);
      const removed = op === 'move' ? remove(document, from) : { ok: true as const, document };
      return removed.ok ? add(removed.document, path, value) : removed;
    }
    case 'test':
      return JSON.stringify(valueAt(document, path).value) === JSON.stringify(operation.value) ? { ok: true, document } : { ok: false, reason: 'a `test` operation failed' };
    default:
      return { ok: false, reason: `${JSON.stringify(op)} is not an operation` };
  }
}

/** `patch` applied to a copy of `document`; the original is never changed. */
export function applyPatch(document: unknown, patch: readonly unknown[]): PatchResult {
  let result: PatchResult = { ok: true, document: clone(document) };
  for (const operation of patch) {
    if (!result.ok) break;
    result = applyOne(result.document, operation);
  }
  return result;
}

// How LangChain.js merges two message chunks' parts (@langchain/core 1.4.0 `messages/base.js`: `_mergeDicts`,
// `_mergeLists`, `mergeContent`): strings join (an `id`, `name`, `output_version` or `model_provider` is replaced, a
// `type` kept, an `index`, `created` or `timestamp` kept), numbers add, objects merge, list items merge with the item
// of the same `index` (and the same `id` when both have one), and two values of different types throw. Wire data goes
// through these merges, so every key is written as data (never a property name that reaches a prototype).
import { ClientThrow, field } from './run.js';

/** A plain record built from wire data. */
export type Dict = Record<string, unknown>;

const IGNORED_KEYS = ['index', 'created', 'timestamp'];
const REPLACED_KEYS = ['id', 'name', 'output_version', 'model_provider'];

/** Writes `value` at `key` as an own data property (a `__proto__` key stays data). */
export function defineData(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}

/** `{ ...value }` as JavaScript spreads it: a string's characters, an object's own enumerable members, else nothing. */
export function spreadOf(value: unknown): Dict {
  const copy: Dict = {};
  if (typeof value === 'string' || (typeof value === 'object' && value !== null)) for (const [key, member] of Object.entries(value)) defineData(copy, key, member);
  return copy;
}

const isNullish = (value: unknown): value is null | undefined => value === null || value === undefined;

/** `_mergeDicts(left, right)`. */
export function mergeDicts(left: unknown, right: unknown): Dict | undefined {
  if (isNullish(left) && isNullish(right)) return undefined;
  if (isNullish(left) || isNullish(right)) return (left ?? right) as Dict;
  const merged = spreadOf(left);
  for (const [key, value] of Object.entries(right as Dict)) {
    const mine = merged[key];
    if (isNullish(mine)) defineData(merged, key, value);
    else if (isNullish(value)) continue;
    else if (typeof mine !== typeof value || Array.isArray(mine) !== Array.isArray(value)) throw new ClientThrow(`Error: field[${key}] already exists in the message chunk, but with a different type.`);
    else if (typeof mine === 'string') {
      if (key === 'type' || IGNORED_KEYS.includes(key)) continue;
      defineData(merged, key, REPLACED_KEYS.includes(key) ? (value ? value : mine) : mine + (value as string));
    } else if (typeof mine === 'number') {
      if (!IGNORED_KEYS.includes(key)) defineData(merged, key, mine + (value as number));
    } else if (Array.isArray(mine)) defineData(merged, key, mergeLists(mine, value as unknown[]));
    else if (typeof mine === 'object') defineData(merged, key, mergeDicts(mine, value));
    // Booleans and others: kept when equal; LangChain only warns when they differ.
  }
  return merged;
}

const hasIndex = (value: unknown): boolean => {
  const index = field(value, 'index');
  return typeof value === 'object' && value !== null && 'index' in value && (typeof index === 'number' || typeof index === 'string');
};
const hasId = (value: unknown): boolean => typeof value === 'object' && value !== null && 'id' in value && !isNullish(field(value, 'id')) && field(value, 'id') !== '';
const typeBase = (type: string): string => (type.endsWith('_delta') ? type.slice(0, -6) : type);

function mismatchedTypes(left: unknown, right: unknown): boolean {
  const [mine, theirs] = [field(left, 'type'), field(right, 'type')];
  return typeof mine === 'string' && typeof theirs === 'string' && typeBase(mine) !== typeBase(theirs);
}

/** `_findMergeTarget`: the item `item` merges into, or -1. */
function mergeTarget(merged: unknown[], item: unknown): number {
  const [itemIndexed, itemIded] = [hasIndex(item), hasId(item)];
  if (!itemIndexed && !itemIded) return -1;
  return merged.findIndex((left) => {
    const [leftIndexed, leftIded] = [hasIndex(left), hasId(left)];
    if (itemIndexed && leftIndexed) {
      if (field(left, 'index') !== field(item, 'index') || mismatchedTypes(left, item)) return false;
      return leftIded && itemIded ? field(left, 'id') === field(item, 'id') : true;
    }
    return !itemIndexed && !leftIndexed && itemIded && leftIded && field(left, 'id') === field(item, 'id');
  });
}

/** `_mergeLists(left, right)`. */
export function mergeLists(left: unknown[] | undefined, right: unknown[] | undefined): unknown[] | undefined {
  if (isNullish(left) && isNullish(right)) return undefined;
  if (isNullish(left) || isNullish(right)) return left || right;
  const merged = [...left];
  for (const item of iterate(right)) {
    const target = mergeTarget(merged, item);
    if (target !== -1) merged[target] = mergeDicts(merged[target], item);
    else if (typeof item === 'object' && item !== null && 'text' in item && field(item, 'text') === '') continue;
    else merged.push(item);
  }
  return merged;
}

function iterate(value: unknown): Iterable<unknown> {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  throw new ClientThrow('TypeError: right is not iterable');
}

const isDataBlock = (block: unknown): boolean => typeof field(block, 'type') === 'string' && ['url', 'base64', 'text', 'id'].includes(field(block, 'source_type') as string);

function blocksOf(content: unknown): unknown[] {
  if (Array.isArray(content)) return content;
  if (typeof content === 'string') return content === '' ? [] : [{ type: 'text', text: content }];
  return isNullish(content) ? [] : [content];
}

/** `mergeContent(first, second)`: strings join; once either is a list of blocks, the blocks merge by index. */
export function mergeContent(first: unknown, second: unknown): unknown {
  if (typeof first === 'string') {
    if (first === '') return second;
    if (typeof second === 'string') return first + second;
    if (Array.isArray(second) && second.length === 0) return first;
    const head = Array.isArray(second) && second.some(isDataBlock) ? { type: 'text', source_type: 'text', text: first } : { type: 'text', text: first };
    return [head, ...iterate(second)];
  }
  if (Array.isArray(second)) return mergeLists(blocksOf(first), second);
  if (second === '') return first;
  if (Array.isArray(first) && first.some(isDataBlock)) return [...first, { type: 'file', source_type: 'text', text: second }];
  return [...blocksOf(first), { type: 'text', text: second }];
}

import { isObject, type Json } from '../json-shape.js';
import { ownField, setOwn } from '../../own-copy.js';

export const TOP_LEVEL_FIELDS = new Set(['candidates', 'promptFeedback', 'usageMetadata', 'modelVersion', 'responseId', 'createTime', 'modelStatus']);
/** Kept as the latest value seen: the first two constant in a stream, the last two Vertex-only. */
export const PLAIN_TOP_LEVEL = ['modelVersion', 'responseId', 'createTime', 'modelStatus'] as const;
/** Part members that qualify a part's data rather than being it. */
export const PART_FLAGS = new Set(['thought', 'thoughtSignature', 'partMetadata', 'videoMetadata', 'mediaResolution']);

/** An empty object, or one with a GenerateContentResponse field: a Gemini frame. */
export function hasResponseField(value: Json): boolean {
  let empty = true;
  for (const key in value) {
    if (TOP_LEVEL_FIELDS.has(key)) return true;
    empty = false;
  }
  return empty;
}

export function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  return isObject(value) && Object.keys(value).length === 0;
}

/** Latest non-empty value wins; citation lists are joined, since each frame cites the text it carries. */
export function keepField(fields: Map<string, unknown>, key: string, value: unknown): void {
  if (isEmpty(value)) return;
  const before = fields.get(key);
  if (key === 'citationMetadata' && isObject(before) && isObject(value)) {
    fields.set(key, joinCitations(before, value));
    return;
  }
  fields.set(key, value);
}

function joinCitations(before: Json, after: Json): Json {
  const joined: Json = { ...before };
  for (const [key, value] of Object.entries(after)) {
    const earlier = ownField(joined, key);
    if (!Array.isArray(value) || !Array.isArray(earlier)) {
      setOwn(joined, key, value);
      continue;
    }
    const seen = new Set(earlier.map((item) => JSON.stringify(item)));
    setOwn(joined, key, [...earlier, ...value.filter((item) => !seen.has(JSON.stringify(item)))]);
  }
  return joined;
}

import type { SynthesizeOptions } from '../../model.js';
import { isObject, type Json } from '../json-shape.js';
import { setOwn } from '../../own-copy.js';
import { cutPieces } from '../cut-pieces.js';
import { PLAIN_TOP_LEVEL } from './fields.js';

/** A part as the frames carry it: text cut into pieces (the first keeps the part's other members), the rest whole. */
function partItems(part: unknown, options: SynthesizeOptions): unknown[] {
  if (!isObject(part) || typeof part.text !== 'string') return [part];
  const flag = part.thought === true ? { thought: true } : {};
  return (part.text === '' ? [''] : cutPieces(part.text, options)).map((piece, i) => (i === 0 ? { ...part, text: piece } : { text: piece, ...flag }));
}

/** Groups a candidate's items into frames of one to three parts. */
function chunksOf(items: unknown[], options: SynthesizeOptions): unknown[][] {
  const pick = options.random ?? (() => 1);
  const chunks: unknown[][] = [];
  for (let at = 0; at < items.length; ) {
    const take = Math.min(Math.max(1, Math.floor(pick(3))), 3);
    chunks.push(items.slice(at, at + take));
    at += take;
  }
  return chunks;
}

/** One candidate's share of a frame; the last frame also carries its finish reason and other fields. */
function candidateFrame(candidate: Json, chunk: unknown[] | undefined, last: boolean, noChunks: boolean): Json {
  const out: Json = {};
  const content = isObject(candidate.content) ? candidate.content : null;
  if (content && (chunk !== undefined || (last && noChunks))) {
    const frameContent: Json = {};
    if (Array.isArray(content.parts)) frameContent.parts = chunk ?? [];
    if (content.role !== undefined) frameContent.role = content.role;
    out.content = frameContent;
  }
  if (last) {
    for (const [key, value] of Object.entries(candidate)) if (key !== 'content' && key !== 'index') setOwn(out, key, value);
  }
  if (typeof candidate.index === 'number') out.index = candidate.index;
  return out;
}

export function synthesize(response: unknown, options: SynthesizeOptions = {}): string {
  if (!isObject(response)) return '';
  const candidates = Array.isArray(response.candidates) ? response.candidates.filter(isObject) : [];
  const chunks = candidates.map((candidate) => {
    const parts = isObject(candidate.content) && Array.isArray(candidate.content.parts) ? candidate.content.parts : [];
    return chunksOf(parts.flatMap((part) => partItems(part, options)), options);
  });
  const rounds = Math.max(1, ...chunks.map((list) => list.length));
  const shared: Json = {};
  for (const key of PLAIN_TOP_LEVEL) if (response[key] !== undefined) shared[key] = response[key];
  const frames: Json[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const last = round === rounds - 1;
    const frame: Json = {};
    const present = candidates
      .map((candidate, i) => ({ candidate, chunk: chunks[i]?.[round], noChunks: (chunks[i]?.length ?? 0) === 0 }))
      .filter(({ chunk }) => chunk !== undefined || last)
      .map(({ candidate, chunk, noChunks }) => candidateFrame(candidate, chunk, last, noChunks));
    if (present.length > 0) frame.candidates = present;
    if (round === 0 && response.promptFeedback !== undefined) frame.promptFeedback = response.promptFeedback;
    if (last && response.usageMetadata !== undefined) frame.usageMetadata = response.usageMetadata;
    frames.push({ ...frame, ...shared });
  }
  return frames.map((frame) => `data: ${JSON.stringify(frame)}\r\n\r\n`).join('');
}

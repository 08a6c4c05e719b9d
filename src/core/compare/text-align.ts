// Aligns two texts in linear time: the common prefix and suffix first, then one look at the middle that tells a span
// dropped, added, repeated, collapsed or moved from a change. No quadratic diff: a relay's defects are one span each,
// and a 10 MB answer must compare in the time it takes to read.

/** A span of one side's text: from `offset`, `length` characters. */
export interface TextSpan {
  offset: number;
  length: number;
}

/** How the downstream's text differs from the upstream's. */
export type TextShapeKind =
  | 'dropped at start'
  | 'dropped at end'
  | 'missing inside'
  | 'added'
  | 'duplicated'
  | 'collapsed'
  | 'reordered'
  | 'changed';

/** The difference found: its kind, and the span it covers on each side (an empty span marks a position). */
export interface TextShape {
  kind: TextShapeKind;
  upstream: TextSpan;
  downstream: TextSpan;
}

/** The shape of the difference between `up` and `down`, or null when they are equal. */
export function alignTexts(up: string, down: string): TextShape | null {
  if (up === down) return null;
  const prefix = commonPrefix(up, down);
  const suffix = commonSuffix(up, down, Math.min(up.length, down.length) - prefix);
  const upEnd = up.length - suffix;
  const downEnd = down.length - suffix;
  if (downEnd === prefix) return removed(up, prefix, upEnd - prefix, suffix);
  if (upEnd === prefix) return inserted(down, prefix, downEnd - prefix, up.length);
  const upstream = { offset: prefix, length: upEnd - prefix };
  const downstream = { offset: prefix, length: downEnd - prefix };
  if (upstream.length === downstream.length && isMoved(up, down, prefix, upEnd)) return { kind: 'reordered', upstream, downstream };
  if (downstream.length < upstream.length && runsShortened(up, down, prefix, upEnd, downEnd)) return { kind: 'collapsed', upstream, downstream };
  return { kind: 'changed', upstream, downstream };
}

/** `length` characters of `up` at `at` (the rightmost place they can be) are missing downstream. */
function removed(up: string, at: number, length: number, suffix: number): TextShape {
  const downstream = { offset: at, length: 0 };
  // A removed copy of what comes right before it is a collapsed repeat wherever it is (`6666` → `666`).
  if (repeatsBefore(up, at, length)) return { kind: 'collapsed', upstream: { offset: at, length }, downstream };
  if (suffix === 0) return { kind: 'dropped at end', upstream: { offset: at, length }, downstream };
  if (slideLeft(up, at, length) === 0) return { kind: 'dropped at start', upstream: { offset: 0, length }, downstream: { offset: 0, length: 0 } };
  return { kind: 'missing inside', upstream: { offset: at, length }, downstream };
}

/** `length` characters of `down` at `at` are not upstream's. */
function inserted(down: string, at: number, length: number, upLength: number): TextShape {
  const kind = repeatsBefore(down, at, length) ? 'duplicated' : 'added';
  return { kind, upstream: { offset: Math.min(at, upLength), length: 0 }, downstream: { offset: at, length } };
}

/** How far left a removed span can slide and leave the same text: the leftmost offset it could have had. */
function slideLeft(text: string, at: number, length: number): number {
  let offset = at;
  while (offset > 0 && text.charCodeAt(offset - 1) === text.charCodeAt(offset - 1 + length)) offset -= 1;
  return offset;
}

/** True when the span at `at` repeats what comes right before it (in whole copies of its shortest period). */
function repeatsBefore(text: string, at: number, length: number): boolean {
  // The whole span sent twice (the answer repeated) is the common case: one native comparison tells it.
  if (at >= length && text.slice(at - length, at) === text.slice(at, at + length)) return true;
  const unit = periodUnit(text, at, length);
  if (unit === length) return false;
  return at >= unit && sameSpan(text, at - unit, at, unit);
}

/** The length of the span's shortest whole period (`abab` → 2, `aba` → 3), by the prefix function: linear. */
function periodUnit(text: string, at: number, length: number): number {
  const border = new Int32Array(length);
  for (let i = 1, k = 0; i < length; i++) {
    while (k > 0 && text.charCodeAt(at + i) !== text.charCodeAt(at + k)) k = border[k - 1] ?? 0;
    if (text.charCodeAt(at + i) === text.charCodeAt(at + k)) k += 1;
    border[i] = k;
  }
  const period = length - (border[length - 1] ?? 0);
  return length % period === 0 ? period : length;
}

function sameSpan(text: string, a: number, b: number, length: number): boolean {
  for (let i = 0; i < length; i++) if (text.charCodeAt(a + i) !== text.charCodeAt(b + i)) return false;
  return true;
}

/**
 * True when the differing middles hold the same characters in another order: pieces moved (`XY` → `YX`, or chunks
 * shuffled). Counting characters, not chunks, so it holds whatever the formats' chunking and however much of the
 * moved pieces' common start and end the prefix and suffix took.
 */
function isMoved(up: string, down: string, start: number, end: number): boolean {
  const counts = new Int32Array(65536);
  for (let i = start; i < end; i++) counts[up.charCodeAt(i)]! += 1;
  for (let i = start; i < end; i++) {
    const code = down.charCodeAt(i);
    if (counts[code] === 0) return false;
    counts[code]! -= 1;
  }
  return true;
}

/**
 * True when the downstream's middle is the upstream's with runs of one character shortened (`x6666y` → `x66y`, at one
 * or more places): a relay that took repeated chunks for duplicates. The runs are read from one character before.
 */
function runsShortened(up: string, down: string, start: number, upEnd: number, downEnd: number): boolean {
  let i = Math.max(0, start - 1);
  let j = i;
  let shortened = false;
  while (i < upEnd || j < downEnd) {
    if (i >= up.length || j >= down.length || up.charCodeAt(i) !== down.charCodeAt(j)) return false;
    const char = up.charCodeAt(i);
    // Runs are measured whole: the common suffix may hold the end of one.
    const upRun = runLength(up, i, char);
    const downRun = runLength(down, j, char);
    if (downRun > upRun) return false;
    shortened ||= downRun < upRun;
    i += upRun;
    j += downRun;
  }
  return shortened && i - upEnd === j - downEnd;
}

function runLength(text: string, at: number, char: number): number {
  let length = 0;
  while (at + length < text.length && text.charCodeAt(at + length) === char) length += 1;
  return length;
}

/** How many characters the two texts share from the start. */
export function commonPrefix(a: string, b: string): number {
  const limit = Math.min(a.length, b.length);
  let at = 0;
  // Compare in blocks first: slices of equal strings compare fast, and most of a relayed answer is equal.
  for (let block = 4096; block >= 1; block = block >> 3) {
    while (at + block <= limit && a.slice(at, at + block) === b.slice(at, at + block)) at += block;
  }
  while (at < limit && a.charCodeAt(at) === b.charCodeAt(at)) at += 1;
  return at;
}

/** How many characters the two texts share at the end, at most `limit`. */
export function commonSuffix(a: string, b: string, limit: number): number {
  let length = 0;
  const same = (size: number) => a.slice(a.length - length - size, a.length - length) === b.slice(b.length - length - size, b.length - length);
  for (let block = 4096; block >= 1; block = block >> 3) {
    while (length + block <= limit && same(block)) length += block;
  }
  while (length < limit && a.charCodeAt(a.length - 1 - length) === b.charCodeAt(b.length - 1 - length)) length += 1;
  return length;
}

import { parseJson } from '../json-depth.js';

/**
 * Some frames repeat, whole, a long string the stream has already built: Responses' last events each carry the whole
 * answer (`response.output_text.done`, `…content_part.done`, `…output_item.done`, `response.completed`). JSON.parse of
 * such a frame reads the answer again, character by character, to make a copy of it.
 *
 * Here the string's JSON literal is looked for in the frame's text instead. Where it stands as a whole string token,
 * it is swapped for a short placeholder, the rest is parsed, and the placeholder is swapped back for the string held:
 * the value is the one JSON.parse gives. Exact, because the literal is one complete token (its start is checked to be
 * outside every string before it) and parses to that very string; anything else (not found, found inside another
 * string, a key, a placeholder the frame already had) returns undefined, and the frame is parsed as it is. The last
 * check (every placeholder put in comes back out as a whole string value, and no other) would catch the others too.
 */

/** Strings shorter than this are not looked for (nor frames shorter than that): looking costs more than it saves. */
export const KNOWN_STRING_LENGTH = 16384;

const PLACEHOLDER = '\u0000sse-reconstruct: a known string, ';

interface Hit {
  at: number;
  end: number;
  slot: number;
}

/** The JSON literals of the strings looked for lately, kept while those strings are still offered. */
export class KnownStrings {
  private literals = new Map<string, string>();

  /** The frame's value, with the known strings that stand whole in it as tokens; undefined to parse it as it is. */
  parse(data: string, known: readonly string[]): unknown {
    const hits = this.find(data, known);
    if (hits.length === 0) return undefined;
    let text = '';
    let from = 0;
    for (const hit of hits) {
      text += data.slice(from, hit.at) + JSON.stringify(PLACEHOLDER + hit.slot);
      from = hit.end;
    }
    text += data.slice(from);
    let value: unknown;
    try {
      value = parseJson(text);
    } catch {
      return undefined;
    }
    return restore(value, known, hits.length) ? value : undefined;
  }

  /** Where each long known string's literal stands as a whole token, in order. */
  private find(data: string, known: readonly string[]): Hit[] {
    const found: Hit[] = [];
    const literals = new Map<string, string>();
    known.forEach((string, slot) => {
      // A string longer than the frame is not in it: skipping it also saves making its literal (a stream of long
      // deltas offers a longer answer at each one).
      if (string.length < KNOWN_STRING_LENGTH || string.length + 2 > data.length) return;
      const literal = this.literals.get(string) ?? JSON.stringify(string);
      literals.set(string, literal);
      for (let at = data.indexOf(literal); at !== -1; at = data.indexOf(literal, at + literal.length)) found.push({ at, end: at + literal.length, slot });
    });
    this.literals = literals;
    found.sort((a, b) => a.at - b.at);
    return wholeTokens(data, found);
  }
}

/** The hits whose first quote opens a string (is outside every string before it), not overlapping each other. */
function wholeTokens(data: string, hits: Hit[]): Hit[] {
  const tokens: Hit[] = [];
  let scanned = 0;
  let inString = false;
  for (const hit of hits) {
    if (hit.at < scanned) continue;
    for (let quote = data.indexOf('"', scanned); quote !== -1 && quote < hit.at; quote = data.indexOf('"', quote + 1)) {
      if (!inString || !escapedAt(data, quote)) inString = !inString;
    }
    scanned = hit.at;
    if (inString) continue;
    tokens.push(hit);
    scanned = hit.end;
  }
  return tokens;
}

/** Whether the quote at `at` is escaped: an odd run of backslashes before it. */
function escapedAt(data: string, at: number): boolean {
  let backslashes = 0;
  while (data.charCodeAt(at - 1 - backslashes) === 92) backslashes += 1;
  return backslashes % 2 === 1;
}

/** Puts the known strings back where their placeholders are; false unless exactly `count` values were placeholders. */
function restore(value: unknown, known: readonly string[], count: number): boolean {
  let restored = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null) continue;
    const holder = node as Record<string, unknown>;
    for (const key of Object.keys(holder)) {
      if (key.startsWith(PLACEHOLDER)) return false;
      const child = holder[key];
      if (typeof child === 'string') {
        if (!child.startsWith(PLACEHOLDER)) continue;
        const slot = child.slice(PLACEHOLDER.length);
        const string = known[Number(slot)];
        if (string === undefined || String(Number(slot)) !== slot) return false;
        Object.defineProperty(holder, key, { value: string, writable: true, enumerable: true, configurable: true });
        restored += 1;
      } else {
        stack.push(child);
      }
    }
  }
  return restored === count;
}

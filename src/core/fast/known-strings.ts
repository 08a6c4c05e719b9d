import { parseJson } from '../json-depth.js';
import { setOwn } from '../own-copy.js';

/**
 * Some frames repeat, whole, a long string the stream has already built: Responses' last events each carry the whole
 * answer (`response.output_text.done`, `…content_part.done`, `…output_item.done`, `response.completed`). JSON.parse of
 * such a frame reads the answer again, character by character, to make a copy of it.
 *
 * Here the frame's long string tokens are found first (one pass over its quotes, as JSON's lexer finds strings),
 * and each is compared only with the held strings whose JSON literal starts and ends as it does. A token that is a held string's
 * literal is swapped for a short placeholder, the rest is parsed, and the placeholder is swapped back for the string
 * held: the value is the one JSON.parse gives. Exact, because the token is one complete string token and parses to
 * that very string; anything else (a key, a placeholder the frame already had) returns undefined, and the frame is
 * parsed as it is: the last check (every placeholder put in comes back out as a whole string value, and no other)
 * catches those. The work is linear in the frame and the strings offered; the held strings are asked for only when
 * the frame has a long token (a long delta carries a new string, not a held one).
 */

/** Strings shorter than this are not looked for (nor frames shorter than that): looking costs more than it saves. */
export const KNOWN_STRING_LENGTH = 16384;

const PLACEHOLDER = '\u0000sse-reconstruct: a known string, ';

interface Hit {
  at: number;
  end: number;
  slot: number;
}

/** Held strings, as offered, or a function that offers them (asked only when the frame has a long token). */
export type Offer = readonly string[] | (() => readonly string[]);

/** Held strings compared with one token at most: strings whose literals start and end alike are rare. */
const ALIKE_TRIED = 8;
/** Characters of a literal's start and of its end that pick the held strings a token is compared with. */
const EDGE = 32;

/** The JSON literals of the strings looked for lately, kept while those strings are still offered. */
export class KnownStrings {
  /** The JSON literal of the string offered at each slot, with that string, made when a token was like it. */
  private literals: Array<{ string: string; literal: string } | undefined> = [];

  /** The frame's value, with the known strings that stand whole in it as tokens; undefined to parse it as it is. */
  parse(data: string, offer: Offer): unknown {
    const tokens = longTokens(data);
    if (tokens.length === 0) return undefined;
    const known = typeof offer === 'function' ? offer() : offer;
    if (known.length === 0) return undefined;
    const hits = this.find(data, tokens, known);
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

  /** The tokens that are a held string's literal, in order. */
  private find(data: string, tokens: ReadonlyArray<[number, number]>, known: readonly string[]): Hit[] {
    // Keyed by the edges of the literal, made from the string's edges alone: a key or a Map keyed by the long
    // strings themselves would cost their length (V8 hashes a string this long by its length only, so they collide).
    const alike = new Map<string, number[]>();
    known.forEach((string, slot) => {
      // A string longer than the frame is not in it (a stream of long deltas offers a longer answer at each one).
      if (string.length < KNOWN_STRING_LENGTH || string.length + 2 > data.length) return;
      const key = JSON.stringify(string.slice(0, EDGE)).slice(0, EDGE) + JSON.stringify(string.slice(-EDGE)).slice(-EDGE);
      const slots = alike.get(key);
      if (slots === undefined) alike.set(key, [slot]);
      else if (slots.length < ALIKE_TRIED) slots.push(slot);
    });
    const hits: Hit[] = [];
    for (const [at, end] of tokens) {
      for (const slot of alike.get(data.slice(at, at + EDGE) + data.slice(end - EDGE, end)) ?? []) {
        const literal = this.literalAt(known, slot);
        if (literal.length !== end - at || !data.startsWith(literal, at)) continue;
        hits.push({ at, end, slot });
        break;
      }
    }
    return hits;
  }

  /** The literal of the string at a slot, kept for the next frame (the done events repeat one string). */
  private literalAt(known: readonly string[], slot: number): string {
    const string = known[slot] as string;
    let held = this.literals[slot];
    if (held === undefined || held.string !== string) this.literals[slot] = held = { string, literal: JSON.stringify(string) };
    return held.literal;
  }
}

/**
 * The string tokens of at least KNOWN_STRING_LENGTH characters, as [start, end) of their quotes, found as JSON's
 * lexer finds strings: a quote outside a string opens one, the next quote not escaped closes it. In text that is not
 * JSON the tokens may be nonsense; the parse that follows says so.
 */
function longTokens(data: string): Array<[number, number]> {
  const tokens: Array<[number, number]> = [];
  for (let open = data.indexOf('"'); open !== -1; ) {
    let close = data.indexOf('"', open + 1);
    while (close !== -1 && escapedAt(data, close)) close = data.indexOf('"', close + 1);
    if (close === -1) break;
    if (close + 1 - open >= KNOWN_STRING_LENGTH + 2) tokens.push([open, close + 1]);
    open = data.indexOf('"', close + 1);
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
        setOwn(holder, key, string);
        restored += 1;
      } else {
        stack.push(child);
      }
    }
  }
  return restored === count;
}

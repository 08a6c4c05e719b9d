/**
 * The frames table says what each frame carried ("text +6 chars to block 0"). Almost every frame of a stream says
 * the same few words with small numbers, so each phrase is made once and shared: a fresh string per frame would
 * be kept alive by the frames table for as long as the result lives, and the garbage collector would copy every
 * one of them.
 */

type Render = (index: number, count: number) => string;

const families: Render[] = [];
const made = new Map<number, string>();
/** Phrases shared at most; past this, phrases are made fresh (a stream with unusual numbers costs no more). */
const MADE_KEPT = 50_000;
const MAX_INDEX = 64;
const MAX_COUNT = 1 << 16;

/** A phrase with two numbers in it: an index (choice, block, tool call) and a count (chars, tokens). */
export interface PhraseFamily {
  (index: number, count: number): string;
}

/** Registers a phrase; calling the result gives the shared string for those numbers. */
export function phraseFamily(render: Render): PhraseFamily {
  const family = families.length;
  families.push(render);
  return (index: number, count: number): string => {
    if (!(index >= 0 && index < MAX_INDEX && count >= 0 && count < MAX_COUNT && Number.isInteger(index) && Number.isInteger(count))) {
      return render(index, count);
    }
    const key = (family * MAX_INDEX + index) * MAX_COUNT + count;
    let phrase = made.get(key);
    if (phrase === undefined) {
      phrase = render(index, count);
      if (made.size < MADE_KEPT) made.set(key, phrase);
    }
    return phrase;
  };
}

/** Phrases with one varying word (an event type, a reason): shared per word, for the few words a stream uses. */
export function wordPhrase(render: (word: string) => string): (word: string) => string {
  const byWord = new Map<string, string>();
  return (word: string): string => {
    let phrase = byWord.get(word);
    if (phrase === undefined) {
      phrase = render(word);
      if (byWord.size < 256) byWord.set(word, phrase);
    }
    return phrase;
  };
}

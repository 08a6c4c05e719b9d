/**
 * The frames table says what each frame carried ("text +6 chars to block 0"). Almost every frame of a stream says
 * the same few words with small numbers, so each phrase is made once and shared: a fresh string per frame would
 * be kept alive by the frames table for as long as the result lives, and the garbage collector would copy every
 * one of them.
 */

type Render = (index: number, count: number) => string;

/** Phrases made so far (a stream with unusual numbers costs no more past this: its phrases are made fresh). */
const MADE_KEPT = 50_000;
const MAX_INDEX = 4096;
const MAX_COUNT = 4096;
let madeCount = 0;

/** A phrase with two numbers in it: an index (choice, block, tool call) and a count (chars, tokens). */
export interface PhraseFamily {
  (index: number, count: number): string;
}

/** Registers a phrase; calling the result gives the shared string for those numbers. */
export function phraseFamily(render: Render): PhraseFamily {
  // By index, then by count: arrays, so a lookup hashes nothing.
  const made: Array<Array<string | undefined> | undefined> = [];
  return (index: number, count: number): string => {
    if (!(index >= 0 && index < MAX_INDEX && count >= 0 && count < MAX_COUNT && Number.isInteger(index) && Number.isInteger(count))) {
      return render(index, count);
    }
    const byCount = (made[index] ??= []);
    let phrase = byCount[count];
    if (phrase === undefined) {
      phrase = render(index, count);
      if (madeCount < MADE_KEPT) {
        byCount[count] = phrase;
        madeCount += 1;
      }
    }
    return phrase;
  };
}

import { type PhraseFamily, phraseFamily } from '../phrases.js';

export const TEXT_TO_CANDIDATE = phraseFamily((index, count) => `text +${count} chars to candidate ${index}`);
export const THOUGHT_TO_CANDIDATE = phraseFamily((index, count) => `thought +${count} chars to candidate ${index}`);
const ARGUMENT_PHRASES = new Map<string, PhraseFamily>();

/**
 * "function call f argument $.a +5 chars" ("… set" for a value not a string): shared per call name and path, which
 * streamed arguments repeat frame after frame.
 */
export function argumentPhrase(name: string, path: string, length: number | null): string {
  const key = `${name}\u0000${path}`;
  let family = ARGUMENT_PHRASES.get(key);
  if (family === undefined) {
    // The count is the length plus one, 0 standing for a value set.
    const render = (_index: number, count: number): string => `function call ${name} argument ${path} ${count === 0 ? 'set' : `+${count - 1} chars`}`;
    if (ARGUMENT_PHRASES.size >= 64) return render(0, length === null ? 0 : length + 1); // an unusual stream: made fresh
    family = phraseFamily(render);
    ARGUMENT_PHRASES.set(key, family);
  }
  return family(0, length === null ? 0 : length + 1);
}

/** Pairs of phrases already joined ("text +9 chars to candidate 0" and "usage"), by first then second phrase. */
const JOINED_PHRASES = new Map<string, Map<string, string>>();
const JOINED_KEPT = 20_000;
let joinedCount = 0;

/** What a frame carried, in one string: the same string for frames that say the same, not a fresh copy each. */
export function carriedPhrase(phrases: string[]): string {
  if (phrases.length === 0) return 'nothing';
  let carried = phrases[0] as string;
  for (let i = 1; i < phrases.length; i += 1) carried = joinPhrases(carried, phrases[i] as string);
  return carried;
}

/** Looked up by the two strings (shared ones, whose hash is kept), so a frame that says the usual makes nothing. */
function joinPhrases(first: string, second: string): string {
  let bySecond = JOINED_PHRASES.get(first);
  const known = bySecond?.get(second);
  if (known !== undefined) return known;
  const joined = `${first}, ${second}`;
  if (joinedCount >= JOINED_KEPT) return joined;
  if (bySecond === undefined) JOINED_PHRASES.set(first, (bySecond = new Map()));
  bySecond.set(second, joined);
  joinedCount += 1;
  return joined;
}

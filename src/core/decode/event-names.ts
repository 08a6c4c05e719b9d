import { ownCopy } from '../own-copy.js';

// Event names repeat on every frame; a sliced name would keep its whole input chunk alive for as long as the frame is
// kept. One copy per name (of the first few hundred names seen) lets the chunks go.
const EVENT_NAMES = new Map<string, string>();
const EVENT_NAMES_KEPT = 512;

const RECENT_NAMES: string[] = [];

/** The one kept copy of an event name (the name itself past the first few hundred, or when it is long). */
export function internEvent(name: string): string {
  // A few names make up almost every frame: comparing with them is cheaper than hashing a fresh slice.
  for (let i = 0; i < RECENT_NAMES.length; i += 1) {
    const recent = RECENT_NAMES[i] as string;
    if (recent === name) return recent;
  }
  const known = EVENT_NAMES.get(name);
  if (known !== undefined && RECENT_NAMES.length < 8) RECENT_NAMES.push(known);
  if (known !== undefined) return known;
  if (EVENT_NAMES.size >= EVENT_NAMES_KEPT || name.length > 64) return name;
  const copy = ownCopy(name);
  EVENT_NAMES.set(copy, copy);
  return copy;
}

// The page's text as given behind its textarea (src/web/exact-text.ts), without a browser: the textarea's value is
// modelled as the HTML rules give it (CRLF and CR as LF), and edits are made to that value as a person makes them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asTextareaShows, ExactText } from '../../src/web/exact-text.js';

const piece = fc.constantFrom('a', 'b', ' ', 'data: x', '\r\n', '\n', '\r', '\r\n\r\n', '\ufeff');
const text = fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join(''));
/** Where in the given text the `count`th character of the textarea's value starts. */
function exactAt(exact: string, count: number): number {
  let at = 0;
  for (let seen = 0; seen < count && at < exact.length; seen += 1) at += exact.startsWith('\r\n', at) ? 2 : 1;
  return at;
}

/** Two pieces side by side with no line end lost: a lone CR followed by an LF would read as one CRLF. */
function seam(left: string, right: string): string {
  return left.endsWith('\r') && right.startsWith('\n') ? `${left}\r${right}` : left + right;
}

describe('ExactText', () => {
  it('gives back the text as given while the textarea shows it', () => {
    const given = new ExactText();
    given.set('data: 1\r\n\r\n');
    expect(given.textFor('data: 1\n\n')).toBe('data: 1\r\n\r\n');
  });

  it('keeps a paste as it came, and the CRLF around it (property)', () => {
    fc.assert(
      fc.property(text, text, fc.nat(), fc.nat(), (start, pasted, a, b) => {
        const given = new ExactText();
        given.set(start);
        const shown = asTextareaShows(start);
        const [from, to] = [a % (shown.length + 1), b % (shown.length + 1)].sort((x, y) => x - y) as [number, number];
        const value = shown.slice(0, from) + asTextareaShows(pasted) + shown.slice(to);
        given.paste(value, from, to, pasted);
        const exact = given.textFor(value);
        expect(asTextareaShows(exact)).toBe(value);
        // As it came, between the text as given on either side; where a lone CR meets an LF at a seam, the LF gets a
        // CR of its own, so the two line ends stay two. (Counterexample that shaped this: "aa\n", "\r\r" over "aa".)
        expect(exact).toBe(seam(seam(start.slice(0, exactAt(start, from)), pasted), start.slice(exactAt(start, to))));
      }),
      { examples: [['aa\n', '\r\r', 14, 0]] },
    );
  });

  it('carries any edit over: what it reads is what the textarea shows, with no line end before the edit changed (property)', () => {
    fc.assert(
      fc.property(text, fc.array(fc.tuple(fc.nat(), fc.nat(), text), { minLength: 1, maxLength: 4 }), (start, edits) => {
        const given = new ExactText();
        given.set(start);
        let value = asTextareaShows(start);
        for (const [a, b, typed] of edits) {
          const [from, to] = [a % (value.length + 1), b % (value.length + 1)].sort((x, y) => x - y) as [number, number];
          const before = given.textFor(value);
          value = value.slice(0, from) + asTextareaShows(typed) + value.slice(to);
          const after = given.textFor(value);
          expect(asTextareaShows(after)).toBe(value);
          // Text before the edit keeps its line ends as given.
          expect(after.slice(0, exactAt(before, from))).toBe(before.slice(0, exactAt(before, from)));
        }
      }),
    );
  });
});

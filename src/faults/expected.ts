// A script's `expected`: the library's own reading of the script, read at its pace under its deadlines, and where a
// live reader reads it otherwise (a deadline cancels the read before the script is all written), that reading too.
import { ArrivalClock, DEFAULT_DEADLINES, openSession, type Deadlines, type Reconstruction } from '../core/index.js';
import { readAtPace, readingOf, silenceAtEnd } from './script-of.js';
import type { ExpectedReading, LiveReading, StreamScript } from './script.js';

/**
 * What `script` reads as: whole at its pace (as `readScript()` reads it, and a hang at its end waited out), with
 * `live` where a live read differs.
 */
export function expectedOf(script: Omit<StreamScript, 'expected'>, deadlines: Deadlines | undefined): ExpectedReading {
  const whole: StreamScript = { ...script, expected: { verdict: 'complete', outcome: 'ok', findings: [], ...(deadlines ? { deadlines } : {}) } };
  const expected: ExpectedReading = readingOf(readAtPace(whole, {}, true));
  if (deadlines) expected.deadlines = deadlines;
  const live: LiveReading = readingOf(liveRead(whole, deadlines));
  if (live.verdict !== expected.verdict || live.outcome !== expected.outcome || live.findings.join() !== expected.findings.join()) expected.live = live;
  return expected;
}

/**
 * The script read as a live reader reads it: each piece when its delay says it arrives, the read cancelled at the
 * first deadline that passes before a piece arrives (or in the silence at the end), and a last frame no blank line
 * ends never dispatched.
 */
function liveRead(script: StreamScript, deadlines: Deadlines | undefined): Reconstruction {
  const clock = new ArrivalClock(0, { ...DEFAULT_DEADLINES, ...deadlines }, true);
  const session = openSession({ ...(script.format ? { format: script.format } : {}), ...(deadlines ? { deadlines } : {}) }, clock);
  // The reader's clock (written here, as a live reader writes its own) follows what the session reads of content.
  clock.follow(session.progress());
  let at = 0;
  for (const piece of script.pieces) {
    at += piece.delayMs;
    if (clock.passed(at)) break;
    clock.chunk(at, piece.text);
    session.push(piece.text, at);
  }
  clock.end(at + silenceAtEnd(script.end));
  return session.end();
}

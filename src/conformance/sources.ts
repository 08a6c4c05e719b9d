// What the kit serves a route's relay: the `from` format's fixtures and faulted or reframed copies of them, as fault
// server scripts. Every stream comes from the format's own folder (fixtures, synthesize, error frames): nothing here
// knows a format.
import { answerOf, formatModule, reconstruct, type FormatName, type Reconstruction } from '../core/index.js';
import { applyFaults, delay, scriptOf, scriptText, type Fault, type ScriptPiece, type StreamScript } from '../faults/index.js';
import { fixtures, type Fixture } from '../fixtures/index.js';

/** Text whose characters take two, three and four UTF-8 bytes, so byte-sized reads split them. */
export const WIDE_TEXT = 'Grüße aus Köln — 東京の天気は晴れ 🌤️, naïve café 👋🏽.';

/** A stream to serve, with the library's reading of it as upstream wrote it. */
export interface Served {
  script: StreamScript;
  reading: Reconstruction;
}

/** A script served as it is, with its reading. */
export function served(script: StreamScript): Served {
  return { script, reading: reconstruct(scriptText(script), script.format ? { format: script.format } : {}) };
}

/** The fixtures of a format. */
export function fixturesOf(format: FormatName): Fixture[] {
  return fixtures(format);
}

/** The format's fixture of a kind, or null when it has none. */
export function fixtureOf(format: FormatName, kind: Fixture['kind']): Fixture | null {
  return fixturesOf(format).find((entry) => entry.kind === kind) ?? null;
}

/** The fixture most cases start from: the plain text answer (or the format's first fixture). */
export function plainFixture(format: FormatName): Fixture {
  return fixtureOf(format, 'text') ?? (fixturesOf(format)[0] as Fixture);
}

/** The indexes of the frames that carried content (text, reasoning, tool input). */
export function contentFrames(stream: string): number[] {
  return reconstruct(stream)
    .frames.map((frame, index) => (frame.progress ? index : -1))
    .filter((index) => index >= 0);
}

/** A source with faults applied; null when a fault cannot apply to it (too few frames). */
export function faulted(source: Fixture | StreamScript | string, ...faults: Fault[]): StreamScript | null {
  try {
    return applyFaults(source, ...faults);
  } catch {
    return null;
  }
}

/** The source with its last frame held back `holdMs`: a relay that waits for the end before writing shows it. */
export function heldBack(source: Fixture | StreamScript | string, holdMs: number): StreamScript {
  const script = scriptOf(source);
  const frames = reconstruct(scriptText(script)).frameCount;
  return frames < 2 ? script : (faulted(script, delay(frames - 1, holdMs)) ?? script);
}

/** The plain answer retold with wide characters, as the format writes it (its own `responseOf` and `synthesize`). */
export function wideStream(format: FormatName): string {
  const base = plainFixture(format);
  const answer = answerOf(reconstruct(base.stream));
  const [first] = answer.choices;
  if (first !== undefined) first.text = WIDE_TEXT;
  const module = formatModule(format);
  return module.synthesize(module.responseOf(answer, base.response), { pieceSize: 5 });
}

/** The script with a comment line before the first frame and after every frame. */
export function withComments(script: StreamScript): StreamScript {
  const comment: ScriptPiece = { text: ': keepalive\n\n', delayMs: 0, frame: null };
  const pieces: ScriptPiece[] = [{ ...comment }];
  for (const piece of script.pieces) {
    pieces.push(piece);
    if (piece.frame !== null && /(\r\n|\r|\n)(\r\n|\r|\n)$/.test(piece.text)) pieces.push({ ...comment });
  }
  return { ...script, pieces };
}

/** The script's pieces cut after every `\r` that a `\n` follows, so the two come in different reads. */
export function splitLineEnds(script: StreamScript): StreamScript {
  const pieces = script.pieces.flatMap((piece) =>
    piece.text
      .split(/(?<=\r)(?=\n)/)
      .map((text, index) => ({ text, delayMs: index === 0 ? piece.delayMs : 0, frame: piece.frame })),
  );
  return { ...script, pieces };
}

// The streams every client profile is held against its real client on: each fixture of a format, each fixture under
// a standard set of faults, and each recorded stream. A body is served to the real client as a fetch Response whose
// stream ends as the script ends (closes, fails like a reset, or stays open).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  addBOM, appendError, cutInside, drop, dropEnd, dropStart, duplicate, removeIndex, scriptOf, stall, stripFinalBlankLine, swap, toCRLF, truncateAfter,
  type Fault, type StreamScript,
} from '../../../src/faults/index.js';
import { faultsOnSource, sourceRead, type SourceRead } from '../../../src/faults/faults.js';
import { piecesOf } from '../../../src/faults/work.js';
import { fixtures } from '../../../src/fixtures/index.js';
import type { AIMessageChunk, BaseMessageChunk } from '@langchain/core/messages';
import { expect } from 'vitest';
import { invalidNote } from '../../../src/core/clients/langchain-chunk.js';
import type { ClientBody, ClientProfile, FormatName } from '../../../src/index.js';

export interface NamedBody {
  name: string;
  body: ClientBody;
  /** The pieces the body is written in (one per frame for scripts). */
  pieces: string[];
}

const FAULTS: Array<(frames: number) => Fault | null> = [
  (frames) => (frames > 2 ? truncateAfter(Math.floor(frames / 2)) : null),
  (frames) => (frames > 2 ? truncateAfter(Math.floor(frames / 2), { reset: true }) : null),
  (frames) => (frames > 2 ? cutInside(Math.floor(frames / 2), 7) : null),
  () => appendError(),
  () => dropEnd(),
  () => dropStart(),
  (frames) => (frames > 3 ? drop(1) : null),
  (frames) => (frames > 3 ? duplicate(2) : null),
  (frames) => (frames > 3 ? swap(1, 2) : null),
  () => toCRLF(),
  () => addBOM(),
  () => stripFinalBlankLine(),
  () => removeIndex(),
  (frames) => (frames > 2 ? stall(Math.floor(frames / 2), Infinity) : null),
];

function endingOf(script: Pick<StreamScript, 'end'>): ClientBody['ending'] {
  if (script.end.kind === 'reset') return 'failed';
  if (script.end.kind === 'stall' && script.end.ms === Infinity) return 'open';
  return 'closed';
}

function scriptBody(name: string, script: Pick<StreamScript, 'pieces' | 'end'>): NamedBody {
  const pieces = script.pieces.map((piece) => piece.text);
  return { name, pieces, body: { text: pieces.join(''), ending: endingOf(script) } };
}

/**
 * The pieces and end of `applyFaults(stream, ...faults)`'s script, from the stream read once (`read`): a body needs no
 * `expected`, which applyFaults() reads the result twice more for.
 */
function faultedPieces(read: SourceRead, faults: Fault[]): Pick<StreamScript, 'pieces' | 'end'> {
  const { work } = faultsOnSource(read, faults);
  return { pieces: piecesOf(work), end: work.end };
}

/** Every fixture of `format`, whole and under each fault that applies to it (made once a run: several client files share them). */
export function fixtureBodies(format: FormatName): NamedBody[] {
  let bodies = bodiesByFormat.get(format);
  if (bodies === undefined) bodiesByFormat.set(format, (bodies = faultedBodies(format)));
  return bodies;
}

const bodiesByFormat = new Map<FormatName, NamedBody[]>();

function faultedBodies(format: FormatName): NamedBody[] {
  const bodies: NamedBody[] = [];
  for (const fixture of fixtures(format)) {
    bodies.push({ name: fixture.name, pieces: [fixture.stream], body: { text: fixture.stream, ending: 'closed' } });
    const read = sourceRead(scriptOf(fixture.stream));
    const frames = faultedPieces(read, []).pieces.filter((piece) => piece.frame !== null).length;
    for (const make of FAULTS) {
      let fault: Fault | null = null;
      try {
        fault = make(frames);
        if (fault === null) continue;
        bodies.push(scriptBody(`${fixture.name} + ${fault.name}`, faultedPieces(read, [fault])));
      } catch (error) {
        // A fault that does not fit this stream (no index to remove, too few frames) is not a case.
        if (!(error instanceof TypeError || error instanceof RangeError)) throw error;
      }
    }
  }
  return bodies;
}

/** Every recorded stream of `format` kept in the repository. */
export function recordedBodies(format: FormatName): NamedBody[] {
  const dir = join(import.meta.dirname, '../../../fixtures/recorded', format);
  return readdirSync(dir)
    .filter((name) => name.endsWith('.sse'))
    .sort()
    .map((name) => {
      const text = readFileSync(join(dir, name), 'utf8');
      return { name: `recorded ${name}`, pieces: [text], body: { text, ending: 'closed' as const } };
    });
}

/** What a real client did, in the profile's terms. */
export interface RealRun {
  ends: 'returns' | 'throws' | 'hangs';
  text: string;
  toolCalls: Array<{ id: string | null; name: string; arguments: string }>;
  thrown: string | null;
}

/**
 * A fetch Response over the body's pieces that ends as the body ends, and a promise that resolves once the reader
 * asked for more after the last piece (then a body left open is what it waits on).
 */
export function served(named: NamedBody): { response: Response; drained: Promise<void> } {
  const encoder = new TextEncoder();
  let next = 0;
  let drainedNow!: () => void;
  const drained = new Promise<void>((resolve) => (drainedNow = resolve));
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (next < named.pieces.length) {
          controller.enqueue(encoder.encode(named.pieces[next++]!));
          return;
        }
        drainedNow();
        if (named.body.ending === 'closed') controller.close();
        else if (named.body.ending === 'failed') controller.error(new TypeError('terminated'));
        else return new Promise<void>(() => {});
      },
    },
    { highWaterMark: 0 },
  );
  return { response: new Response(stream, { headers: { 'content-type': 'text/event-stream' } }), drained };
}

/** Runs a real client until it settles, or says it hangs once it waits on a body left open. */
export async function runReal(named: NamedBody, run: (response: Response, handed: RealRun) => Promise<void>): Promise<RealRun> {
  const handed: RealRun = { ends: 'returns', text: '', toolCalls: [], thrown: null };
  const { response, drained } = served(named);
  const settled = run(response, handed).then(
    () => 'returns' as const,
    (error: unknown) => {
      handed.thrown = `${(error as Error)?.constructor?.name ?? 'Error'}: ${(error as Error)?.message ?? String(error)}`;
      return 'throws' as const;
    },
  );
  const waiting = named.body.ending === 'open' ? drained.then(settleTurns).then(() => 'hangs' as const) : new Promise<never>(() => {});
  handed.ends = await Promise.race([settled, waiting]);
  return handed;
}

/** A few turns of the event loop: what a client that has all the data needs to settle. */
async function settleTurns(): Promise<void> {
  for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
}

/** The class of a thrown error (`OpenAIError`, `SyntaxError`): what profile and client must agree on. */
export const classOf = (thrown: string | null): string | null => (thrown === null ? null : thrown.slice(0, thrown.indexOf(':')));

/** Hand-made streams for what the fixtures and faults do not reach: each a way a gateway's stream breaks a client. */
export function handBodies(cases: Record<string, string>): NamedBody[] {
  return Object.entries(cases).map(([name, text]) => ({ name: `hand: ${name}`, pieces: [text], body: { text, ending: 'closed' as const } }));
}

/** What a LangChain caller holds: the real run plus its `invalid_tool_calls`, written as the profiles' notes. */
export interface LangChainRun extends RealRun {
  invalid?: string[];
}

/** What a LangChain caller holds of a message: text from the content (its text blocks), tool calls, invalid calls. */
export function holdLangChainMessage(message: BaseMessageChunk | undefined, handed: LangChainRun): void {
  if (message === undefined) return;
  const content = message.content;
  handed.text = typeof content === 'string' ? content : content.flatMap((block) => (block.type === 'text' && typeof block.text === 'string' ? [block.text] : [])).join('');
  const ai = message as AIMessageChunk;
  handed.toolCalls = (ai.tool_calls ?? []).map((call) => ({ id: call.id ?? null, name: call.name, arguments: JSON.stringify(call.args) }));
  handed.invalid = (ai.invalid_tool_calls ?? []).map((call) => invalidNote(call.name, call.args ?? '', call.id));
}

/** `for await (const chunk of await runnable.stream('hi')) full = full ? full.concat(chunk) : chunk`, held as it goes. */
export async function langChainLoop(runnable: { stream(input: string): Promise<AsyncIterable<BaseMessageChunk>> }, handed: LangChainRun): Promise<void> {
  let full: BaseMessageChunk | undefined;
  for await (const chunk of await runnable.stream('hi')) {
    full = full === undefined ? chunk : full.concat(chunk);
    holdLangChainMessage(full, handed);
  }
}

/** Runs one body through a real LangChain reader and its profile; they must agree on the end, text and (invalid) tool calls. */
export async function expectLangChainAgrees(modelled: ClientProfile, body: NamedBody, real: (response: Response, handed: LangChainRun) => Promise<void>): Promise<void> {
  const actual: LangChainRun = await runReal(body, real);
  const predicted = modelled.read(body.body);
  expect({ ends: predicted.ends, thrown: classOf(predicted.thrown) }).toEqual({ ends: actual.ends, thrown: classOf(actual.thrown) });
  expect(predicted.text).toBe(actual.text);
  // The real client's arguments are objects, written back as JSON: the profile's read the same way.
  expect(predicted.toolCalls.map((call) => ({ ...call, arguments: JSON.stringify(JSON.parse(call.arguments)) }))).toEqual(actual.toolCalls);
  expect(predicted.notes.filter((note) => note.startsWith('invalid tool call'))).toEqual(actual.invalid ?? []);
}

/**
 * Hand-made streams that end otherwise than by closing: each a text and how its body ends (a reset, left open). The
 * body is written one event per read, as scripts are, so a reset comes after the events (a failing stream drops the
 * reads it has queued and not handed on, which no client reading can tell apart from events never sent).
 */
export function endingBodies(cases: Record<string, [string, ClientBody['ending']]>): NamedBody[] {
  return Object.entries(cases).map(([name, [text, ending]]) => ({ name: `hand: ${name}`, pieces: text.split(/(?<=\n\n)/), body: { text, ending } }));
}

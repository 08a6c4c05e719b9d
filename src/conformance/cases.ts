// The cases of one route: what the upstream serves in each, and which rule the relay's answer is held to. Every
// stream comes from the route's `from` format (its fixtures, and faults or framings applied to them).
import { reconstruct } from '../core/index.js';
import { appendError, cutInside, scriptText, stall, toCRLF, truncateAfter, type StreamScript } from '../faults/index.js';
import type { ServeOptions } from '../server/index.js';
import { cancelCheck, heartbeatCheck, httpCheck, streamCheck, type CellResult, type StreamMode } from './checks.js';
import type { CaseContext, ResolvedRoute } from './exchange.js';
import { contentFrames, faulted, fixtureOf, fixturesOf, heldBack, plainFixture, splitLineEnds, wideStream, withComments } from './sources.js';
import type { ConformanceBounds, ConformanceRuleId } from './types.js';

/** One case of a route: its name and rule, why it cannot run (or null), and how it runs. */
export interface CaseDefinition {
  name: string;
  rule: ConformanceRuleId;
  skip: string | null;
  run(context: CaseContext): Promise<CellResult>;
}

/** The HTTP errors an upstream answers before its first byte. */
const HTTP_ERRORS = [429, 500, 529] as const;

function streamCase(name: string, rule: ConformanceRuleId, mode: StreamMode, script: StreamScript | null, options: ServeOptions = {}, skip = 'the stream is too short for this fault'): CaseDefinition {
  return { name, rule, skip: script === null ? skip : null, run: (context) => streamCheck(context, mode, script as StreamScript, options) };
}

/** Where the plain answer's faults cut: after its second content frame, and inside it. */
function cutPoints(stream: string): { keep: number; inside: number; at: number } | null {
  const reading = reconstruct(stream);
  const content = contentFrames(stream);
  const inside = content[1] ?? content[0];
  if (inside === undefined) return null;
  const frame = reading.frames[inside];
  const length = frame === undefined ? 0 : frame.end - frame.start;
  return { keep: Math.min(inside + 1, reading.frameCount - 1), inside, at: Math.max(1, Math.floor(length / 2)) };
}

function cleanCases(route: ResolvedRoute, holdMs: number): CaseDefinition[] {
  return fixturesOf(route.from).map((fixture) => {
    const failing = fixture.expected.outcome === 'error_event';
    return streamCase(`clean: ${fixture.name}`, failing ? 'carries-the-error' : 'relays-clean-stream', failing ? 'error' : 'clean', heldBack(fixture, holdMs));
  });
}

/** A cut inside a frame, as a dropped connection: the bytes up to the cut, then the body left unfinished (FIN). */
function droppedInside(source: Parameters<typeof faulted>[0], frame: number, at: number): { script: StreamScript; options: ServeOptions } | null {
  const script = faulted(source, cutInside(frame, at));
  if (script === null) return null;
  return { script, options: { destroy: { afterBytes: new TextEncoder().encode(scriptText(script)).length, how: 'close' } } };
}

/** Where the tool-call fixture is cut: inside its middle content frame. */
function toolCut(route: ResolvedRoute): { script: StreamScript; options: ServeOptions } | null {
  const tool = fixtureOf(route.from, 'tool-call');
  if (tool === null) return null;
  const content = contentFrames(tool.stream);
  const middle = content[Math.floor(content.length / 2)];
  const frame = middle === undefined ? undefined : reconstruct(tool.stream).frames[middle];
  return middle === undefined || frame === undefined ? null : droppedInside(tool, middle, Math.max(1, Math.floor((frame.end - frame.start) / 2)));
}

function faultCases(route: ResolvedRoute): CaseDefinition[] {
  const plain = plainFixture(route.from);
  const cut = cutPoints(plain.stream);
  const midText = cut === null ? null : droppedInside(plain, cut.inside, cut.at);
  const midTool = toolCut(route);
  const at = (make: (points: NonNullable<typeof cut>) => StreamScript | null) => (cut === null ? null : make(cut));
  const noTool = fixtureOf(route.from, 'tool-call') === null ? `${route.from} has no tool-call fixture` : 'the tool call is too short to cut';
  return [
    streamCase('fault: cut mid-text', 'never-looks-whole', 'fault', midText?.script ?? null, midText?.options),
    streamCase('fault: cut mid-tool-call', 'never-looks-whole', 'fault', midTool?.script ?? null, midTool?.options, noTool),
    streamCase('fault: reset', 'never-looks-whole', 'fault', at((points) => faulted(plain, truncateAfter(points.keep, { reset: true })))),
    streamCase('fault: silent close', 'never-looks-whole', 'fault', at((points) => faulted(plain, truncateAfter(points.keep)))),
    streamCase('fault: stall', 'never-looks-whole', 'fault', at((points) => faulted(plain, stall(points.keep, Infinity)))),
    streamCase('fault: error event', 'carries-the-error', 'error', at((points) => faulted(plain, truncateAfter(points.keep), appendError()))),
  ];
}

function httpCases(route: ResolvedRoute): CaseDefinition[] {
  const plain = plainFixture(route.from);
  return HTTP_ERRORS.map((status) => ({ name: `http: ${status}`, rule: 'answers-errors-with-status' as const, skip: null, run: (context: CaseContext) => httpCheck(context, plain, status) }));
}

function framingCases(route: ResolvedRoute, holdMs: number): CaseDefinition[] {
  const plain = plainFixture(route.from);
  const crlf = faulted(plain, toCRLF());
  return [
    streamCase('framing: comments', 'survives-framing', 'framing', withComments(heldBack(plain, holdMs))),
    streamCase('framing: CRLF', 'survives-framing', 'framing', crlf === null ? null : heldBack(crlf, holdMs)),
    streamCase('framing: one-byte reads', 'survives-framing', 'framing', heldBack(plain, holdMs), { chunk: 1 }),
    streamCase('framing: UTF-8 split', 'survives-framing', 'framing', heldBack(wideStream(route.from), holdMs), { chunk: 5 }),
    streamCase('framing: CR LF split', 'survives-framing', 'framing', crlf === null ? null : splitLineEnds(heldBack(crlf, holdMs)), { chunk: 'piece' }),
    streamCase('framing: frame over many reads', 'survives-framing', 'framing', heldBack(plain, holdMs), { chunk: 7 }),
  ];
}

function connectionCases(route: ResolvedRoute): CaseDefinition[] {
  const plain = plainFixture(route.from);
  const cut = cutPoints(plain.stream);
  const hanging = cut === null ? null : faulted(plain, stall(cut.keep, Infinity));
  const heartbeatMs = route.heartbeatMs;
  const silent = cut === null || heartbeatMs === null ? null : faulted(plain, stall(cut.keep, 2 * heartbeatMs + 200));
  return [
    { name: 'connection: cancel', rule: 'cancels-upstream', skip: hanging === null ? 'the stream is too short to leave in the middle' : null, run: (context) => cancelCheck(context, hanging as StreamScript) },
    {
      name: 'connection: heartbeat',
      rule: 'sends-heartbeats',
      skip: heartbeatMs === null ? 'the route does not say it sends heartbeats (set `heartbeat` on it)' : silent === null ? 'the stream is too short to fall silent in' : null,
      run: (context) => heartbeatCheck(context, silent as StreamScript, heartbeatMs as number),
    },
  ];
}

/** Every case of a route, in the matrix's order. */
export function casesOf(route: ResolvedRoute, bounds: Required<ConformanceBounds>): CaseDefinition[] {
  const holdMs = 2 * bounds.firstContentMs;
  return [...cleanCases(route, holdMs), ...faultCases(route), ...httpCases(route), ...framingCases(route, holdMs), ...connectionCases(route)];
}


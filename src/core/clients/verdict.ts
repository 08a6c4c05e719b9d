// Two facts per reading, kept apart so a gateway author knows what to fix: what the stream is (whole, did not
// finish, off its documentation), and what this client does with it (hands over the documented answer, returns part
// quietly, returns another answer, throws, hangs). A broken stream a client reads right is the stream's fault; a
// whole stream a client reads wrong is the client's; a cut a client returns quietly is both.
import { FINDINGS, type Finding } from '../findings.js';
import type { Reconstruction } from '../model.js';
import { plural } from '../words.js';
import type { ClientProfile, ClientReading, ClientRun, ClientToolCall, ClientVerdict, StreamState } from './types.js';

/** What a client should hand its caller: the documented assembly's first answer. */
interface Expected {
  text: string;
  toolCalls: ClientToolCall[];
}

/** What the stream is, and why in words (empty when whole): the same for every client. */
export interface StreamFacts {
  stream: StreamState;
  streamWhy: string;
}

/** The stream's state from its reconstruction, with the finding that decides it. */
export function streamFactsOf(reconstruction: Reconstruction): StreamFacts {
  if (reconstruction.verdict === 'complete') return { stream: 'whole', streamWhy: '' };
  const deciding = decidingFinding(reconstruction.findings);
  const because = deciding === null ? '' : ` (${deciding.code}${whereOf(deciding)}: ${lowerFirst(FINDINGS[deciding.code].title)})`;
  if (reconstruction.verdict === 'not the whole stream') {
    return { stream: 'off its documentation', streamWhy: `its end is there, but it is off its documentation${because}` };
  }
  const how = reconstruction.outcome === 'stalled' ? 'it stalled before its end' : reconstruction.outcome === 'error_event' ? 'it ended in an error' : 'it was cut before its end';
  return { stream: 'did not finish', streamWhy: `${how}${because}` };
}

/** One client's run held against the documented assembly: its verdict and both facts in words. */
export function readingOf(profile: ClientProfile, run: ClientRun, reconstruction: Reconstruction, facts: StreamFacts = streamFactsOf(reconstruction)): ClientReading {
  const expected = documented(reconstruction);
  const sameAnswer = run.text === expected.text && sameCalls(run.toolCalls, expected.toolCalls);
  const verdict = verdictOf(run, sameAnswer, facts.stream);
  const { client, reader, versions, source } = profile;
  const readsWhole = verdict === 'hands over the answer' && facts.stream === 'whole';
  return { client, reader, versions, source, ...run, ...facts, verdict, sameAnswer, why: whyOf(verdict, run, { expected, sameAnswer, facts }), readsWhole };
}

/** The documented assembly's first answer: what a client should hand its caller. */
function documented(reconstruction: Reconstruction): Expected {
  const choice = reconstruction.choices.find((candidate) => candidate.index === 0) ?? reconstruction.choices[0];
  if (choice === undefined) return { text: '', toolCalls: [] };
  return { text: choice.text, toolCalls: choice.toolCalls.map((call) => ({ id: call.id, name: call.name, arguments: call.arguments })) };
}

function sameCalls(mine: readonly ClientToolCall[], theirs: readonly ClientToolCall[]): boolean {
  return mine.length === theirs.length && mine.every((call, at) => call.name === theirs[at]!.name && call.arguments === theirs[at]!.arguments && (call.id === null || theirs[at]!.id === null || call.id === theirs[at]!.id));
}

function verdictOf(run: ClientRun, sameAnswer: boolean, stream: StreamState): ClientVerdict {
  if (run.ends === 'hangs') return 'hangs';
  if (run.ends === 'throws') return 'throws';
  // Returning on a stream that did not finish hides the cut, whatever part the client kept.
  if (stream === 'did not finish') return 'returns part quietly';
  return sameAnswer ? 'hands over the answer' : 'returns another answer';
}

function whyOf(verdict: ClientVerdict, run: ClientRun, held: { expected: Expected; sameAnswer: boolean; facts: StreamFacts }): string {
  const { expected, facts } = held;
  const notes = run.notes.length > 0 ? ` (${run.notes.join('; ')})` : '';
  switch (verdict) {
    case 'hands over the answer':
      return facts.stream === 'whole'
        ? `hands its caller the whole answer, as the documented assembly${notes}`
        : `hands its caller the answer the documented assembly makes of this stream: the stream is at fault, not this client${notes}`;
    case 'returns part quietly': {
      const differs = held.sameAnswer ? '' : `, and ${differenceOf(run, expected)}`;
      return `returns without an error though the stream did not finish: its caller gets ${handedOf(run)} and cannot tell it is partial${differs}${notes}`;
    }
    case 'returns another answer':
      return `returns ${differenceOf(run, expected)}, not the documented assembly${notes}`;
    case 'throws':
      return `throws ${run.thrown ?? 'an error'}${run.text.length > 0 ? ` after handing over ${plural(run.text.length, 'character')}` : ''}${notes}`;
    case 'hangs':
      return `waits for more: the body is still open where reading stopped${notes}`;
  }
}

/** What a run handed its caller: its text's length, and its tool calls when there are any. */
function handedOf(run: ClientRun): string {
  const calls = run.toolCalls.length > 0 ? ` and ${plural(run.toolCalls.length, 'tool call')}` : '';
  return `${plural(run.text.length, 'character')}${calls}`;
}

function differenceOf(run: ClientRun, expected: Expected): string {
  if (run.text !== expected.text) return `${plural(run.text.length, 'character')} of text where the stream holds ${expected.text.length}`;
  if (run.toolCalls.length !== expected.toolCalls.length) return `${plural(run.toolCalls.length, 'tool call')} where the stream holds ${expected.toolCalls.length}`;
  return 'tool calls whose names or arguments differ';
}

/** The finding that says why the stream is not whole: its first error, else its first warning. */
function decidingFinding(findings: readonly Finding[]): Finding | null {
  return findings.find((finding) => finding.severity === 'error') ?? findings.find((finding) => finding.severity === 'warning') ?? null;
}

function whereOf(finding: Finding): string {
  if (finding.line > 0) return ` at line ${finding.line}`;
  if (finding.offset !== undefined) return ` at byte ${finding.offset}`;
  return '';
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

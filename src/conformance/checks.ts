// How each kind of case judges the relay: a stream read through it (clean, reframed, faulted, failing), an HTTP
// error before the stream, a client that leaves, a long upstream silence. Each gives pass or fail with the why.
import { compareReconstructions, formatModule, isAtLeast, reconstruct, type CompareOptions, type Comparison, type Reconstruction } from '../core/index.js';
import type { StreamScript } from '../faults/index.js';
import type { Fixture } from '../fixtures/index.js';
import type { ServeOptions } from '../server/index.js';
import { capturedOf, detailsOf, eventStreamProblems, longestGap, sideOf } from './details.js';
import type { Downstream } from './downstream.js';
import { bodyExchange, send, streamExchange, upstreamArrivalMs, type CaseContext, type Sent } from './exchange.js';
import { plainFixture, served } from './sources.js';
import type { CellDetails } from './types.js';

/** A case's result, before the cell's names are added. */
export interface CellResult {
  status: 'pass' | 'fail';
  why: string;
  details?: CellDetails;
}

/** How a stream case judges: a clean stream, a reframed one, one that ends in an upstream error, or a broken one. */
export type StreamMode = 'clean' | 'framing' | 'error' | 'fault';

function failed(why: string, details?: CellDetails): CellResult {
  return details === undefined ? { status: 'fail', why } : { status: 'fail', why, details };
}

/** The finding codes a documented stream of `answer` in the `to` format raises: those a relay cannot avoid. */
function unavoidableCodes(context: CaseContext, upstream: Reconstruction): Set<string> {
  const to = formatModule(context.route.to);
  const documented = reconstruct(to.synthesize(to.responseOf(upstream.answer, plainFixture(context.route.to).response)), { format: context.route.to });
  return new Set(documented.findings.map((finding) => finding.code));
}

/** The route's compare options, as `compareReconstructions` takes them. */
function compareOptionsOf(context: CaseContext): CompareOptions {
  const { ignore, usage, ids } = context.route.compare;
  return { ...(ignore ? { ignore: [...ignore] } : {}), ...(usage ? { usage } : {}), ...(ids !== undefined ? { ids } : {}) };
}

/** What a clean (or reframed) stream's downstream gets wrong: the answer, the headers, findings, a late first content. */
function cleanProblems(context: CaseContext, mode: StreamMode, upstream: Reconstruction, downstream: Downstream, comparison: Comparison, lagMs: number | null): string[] {
  const problems: string[] = [];
  if (!comparison.same) problems.push(`the answer differs: ${comparison.summary}`);
  if (mode === 'clean') {
    const headerProblems = eventStreamProblems(downstream.captured.status, downstream.captured.headers, context.xAccelBuffering);
    if (headerProblems.length > 0) problems.push(`not an event stream: ${headerProblems.join('; ')}`);
    const unavoidable = unavoidableCodes(context, upstream);
    const findings = downstream.reading.findings.filter((finding) => isAtLeast(finding.severity, 'warning') && !unavoidable.has(finding.code));
    if (findings.length > 0) problems.push(`findings: ${[...new Set(findings.map((finding) => `${finding.code} (${finding.severity})`))].join(', ')}`);
  }
  const late = lateness(context, downstream, lagMs);
  if (late !== null) problems.push(late);
  return problems;
}

/**
 * Why the first content came late, or null. In time: within `firstContentMs` of upstream's, or, on a machine too
 * busy for that, still well before the end (upstream holds its last frame back twice that long, so a relay that
 * waits for the end shows its first content only at the end).
 */
function lateness(context: CaseContext, downstream: Downstream, lagMs: number | null): string | null {
  const bound = context.bounds.firstContentMs;
  if (lagMs === null || lagMs <= bound) return null;
  const { firstContentMs, totalMs } = downstream.reading.timing;
  const beforeEnd = firstContentMs === null || totalMs === null ? 0 : totalMs - firstContentMs;
  if (beforeEnd >= bound) return null;
  return `the first content came ${Math.round(lagMs)} ms after upstream sent it (the bound is ${bound} ms), ${Math.round(beforeEnd)} ms before the end: the relay holds pieces back`;
}

/** What a downstream gets wrong after upstream failed: it looks whole, or an upstream error did not come out as one. */
function failureProblems(context: CaseContext, mode: StreamMode, downstream: Downstream, comparison: Comparison): string[] {
  const problems: string[] = [];
  const hidden = comparison.differences.some((difference) => difference.code === 'failure hidden') || downstream.reading.answer.whole;
  if (hidden) problems.push('upstream failed, and the downstream ends as a finished answer (failure hidden)');
  if (mode === 'error' && downstream.reading.outcome !== 'error_event') {
    problems.push(`upstream's error event did not come out as a ${context.route.to} error (the downstream's outcome is ${downstream.reading.outcome})`);
  }
  return problems;
}

/** Reads `script` through the relay and judges the answer as `mode` says. */
export async function streamCheck(context: CaseContext, mode: StreamMode, script: StreamScript, options: ServeOptions): Promise<CellResult> {
  const upstream = served(script);
  const { bounds } = context;
  const patient = mode === 'clean' || mode === 'framing' || upstream.reading.outcome === 'error_event';
  // A healthy stream is read to its end however busy the machine (only the case's own bound stops it); a broken one
  // only as long as the idle limit, past which a stall is what the case is about.
  const deadlines = patient ? { firstContentMs: bounds.caseMs, idleMs: bounds.caseMs, totalMs: bounds.caseMs } : { firstContentMs: bounds.idleMs, idleMs: bounds.idleMs, totalMs: bounds.caseMs };
  const { sent, downstream } = await streamExchange(context, { source: upstream.script, options }, deadlines);
  if (downstream === null) {
    // No answer at all after upstream broke: nothing looks whole, but nothing carries an error either.
    if (mode === 'fault' && sent.ticket.requests.length > 0) return { status: 'pass', why: `the relay sent no response (${sent.failure ?? 'none'}), so nothing looks whole` };
    return failed(sent.failure ?? 'no response', { upstream: sideOf(upstream.reading) });
  }
  const request = sent.ticket.requests[0];
  const comparison = compareReconstructions(upstream.reading, downstream.reading, compareOptionsOf(context));
  const arrival = upstreamArrivalMs(sent, request);
  const firstContent = downstream.reading.timing.firstContentMs;
  const hasContent = upstream.reading.frames.some((frame) => frame.progress);
  const lagMs = arrival === null || firstContent === null || firstContent === undefined || !hasContent ? null : firstContent - arrival;
  const timings = { upstreamRequestMs: arrival, downstreamFirstContentMs: firstContent ?? null };
  const details = () => detailsOf({ comparison, upstream: upstream.reading, captured: downstream.captured, downstream: downstream.reading, timings });
  if (request === undefined) return failed('the relay never called the upstream for this case (check `upstream` on the route)', details());
  const problems = mode === 'clean' || mode === 'framing' ? cleanProblems(context, mode, upstream.reading, downstream, comparison, lagMs) : failureProblems(context, mode, downstream, comparison);
  if (problems.length > 0) return failed(problems.join('; '), details());
  if (mode === 'fault' || mode === 'error') return { status: 'pass', why: `the downstream does not look whole (${downstream.reading.verdict}, ${downstream.reading.outcome})` };
  return { status: 'pass', why: lagMs === null ? 'same answer' : `same answer; first content ${Math.round(lagMs)} ms after upstream's` };
}

/** What the `to` format's clients expect of an upstream HTTP error: the status kept in its class, a JSON error body. */
function httpProblems(context: CaseContext, upstreamStatus: number, status: number, text: string): string[] {
  const problems: string[] = [];
  if (status >= 200 && status <= 299) problems.push(`the relay answered ${status}: upstream's ${upstreamStatus} is hidden behind a success`);
  else if (upstreamStatus === 429 && status !== 429) problems.push(`upstream's 429 came out as ${status}: clients back off and retry only on 429`);
  else if (upstreamStatus >= 500 && (status < 500 || status > 599)) problems.push(`upstream's ${upstreamStatus} came out as ${status}: a server error should stay a 5xx, which clients may retry`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    problems.push(`the body is not JSON: ${JSON.stringify(text.slice(0, 120))}`);
    return problems;
  }
  const shape = formatModule(context.route.to).httpErrorBody(status, 'message');
  if (shape !== null && typeof shape === 'object' && (body === null || typeof body !== 'object' || Object.keys(shape).some((key) => !(key in (body as object))))) {
    problems.push(`the body is not a ${context.route.to} error: it lacks ${Object.keys(shape).filter((key) => body === null || typeof body !== 'object' || !(key in (body as object))).join(', ')}`);
  }
  return problems;
}

/** Upstream answers `status` before any stream: the relay must answer with a non-2xx JSON error. */
export async function httpCheck(context: CaseContext, source: Fixture, status: number): Promise<CellResult> {
  const { sent, captured, text } = await bodyExchange(context, { source, options: { error: { status } } });
  if (captured === null) return failed(sent.failure ?? 'no response');
  const problems = httpProblems(context, status, captured.status, text);
  if (problems.length > 0) return failed(problems.join('; '), { downstream: capturedOf(captured, null) });
  return { status: 'pass', why: `answered ${captured.status} with a JSON error` };
}

/** Reads the relay's body until its first bytes (or `waitMs`), then leaves as a client that closed its tab. */
async function leaveAfterFirstBytes(sent: Sent, waitMs: number): Promise<number> {
  const reader = sent.response?.body?.getReader();
  let bytes = 0;
  if (reader !== undefined) {
    const timer = setTimeout(() => void reader.cancel().catch(() => {}), waitMs);
    try {
      while (bytes === 0) {
        const { done, value } = await reader.read();
        if (done) break;
        bytes += value.length;
      }
    } catch {
      // The read was cancelled by the wait, or the relay failed it: the client leaves all the same.
    } finally {
      clearTimeout(timer);
    }
    void reader.cancel().catch(() => {});
  }
  sent.controller.abort();
  return bytes;
}

/** The client leaves mid-stream: the relay must close its upstream request within `cancelMs`. */
export async function cancelCheck(context: CaseContext, script: StreamScript): Promise<CellResult> {
  const waitMs = 2 * context.bounds.firstContentMs + context.bounds.idleMs;
  // A relay that answers nothing before upstream ends is left all the same once the wait is over.
  const sent = await send(context, { source: script }, waitMs);
  try {
    if (sent.response === null && sent.ticket.requests.length === 0) return failed(sent.failure ?? 'no response');
    const bytes = await leaveAfterFirstBytes(sent, waitMs);
    const leftAt = performance.now();
    const request = await sent.ticket.firstRequest(context.bounds.cancelMs);
    if (request === null) return failed('the relay never called the upstream for this case (check `upstream` on the route)');
    try {
      const left = await context.upstream.server.waitForDisconnect({ request: request.index, timeoutMs: context.bounds.cancelMs });
      const afterMs = left.at - performance.timeOrigin - leftAt;
      return { status: 'pass', why: `the upstream request closed ${Math.max(0, Math.round(afterMs))} ms after the client left (${bytes} bytes read)` };
    } catch (error) {
      const timings = { upstreamRequestMs: upstreamArrivalMs(sent, request), downstreamFirstContentMs: null, upstreamClosedMs: null };
      return failed(`the relay kept its upstream request open ${context.bounds.cancelMs} ms after its client left: ${error instanceof Error ? error.message.replace(/^sse-reconstruct: /, '') : String(error)}`, { timings });
    }
  } finally {
    sent.done();
  }
}

/** Upstream falls silent for twice the route's heartbeat: the relay must write something at least every `heartbeatMs`. */
export async function heartbeatCheck(context: CaseContext, script: StreamScript, heartbeatMs: number): Promise<CellResult> {
  const upstream = served(script);
  const silenceMs = 2 * heartbeatMs + 200;
  const deadlines = { firstContentMs: context.bounds.caseMs, idleMs: silenceMs + context.bounds.idleMs, totalMs: context.bounds.caseMs };
  const { sent, downstream } = await streamExchange(context, { source: upstream.script }, deadlines);
  if (downstream === null) return failed(sent.failure ?? 'no response');
  const gap = longestGap(downstream.captured.readTimes);
  const allowed = heartbeatMs + Math.max(150, heartbeatMs / 2);
  const timings = { upstreamRequestMs: upstreamArrivalMs(sent, sent.ticket.requests[0]), downstreamFirstContentMs: downstream.reading.timing.firstContentMs ?? null, downstreamLongestGapMs: gap };
  if (gap === null || gap > allowed) {
    const said = gap === null ? 'the relay wrote at most once' : `the relay wrote nothing for ${Math.round(gap)} ms`;
    return failed(`${said} while upstream was silent for ${silenceMs} ms (a heartbeat was due every ${heartbeatMs} ms)`, detailsOf({ upstream: upstream.reading, captured: downstream.captured, downstream: downstream.reading, timings }));
  }
  return { status: 'pass', why: `the longest silence downstream was ${Math.round(gap)} ms (upstream's was ${silenceMs} ms)` };
}

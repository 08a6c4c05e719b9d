// One exchange through the relay: the kit opens a case on its upstream, sends the relay the request a client of the
// route's `to` format sends, and reads what comes back. A case's ticket stays open until the case is done, so the
// journal of the upstream requests it caused can still be read.
import { formatModule, type Deadlines, type FormatName } from '../core/index.js';
import type { RecordedRequest, RouteReply } from '../server/index.js';
import { captureOf, readBody, readDownstream, type Captured, type Downstream } from './downstream.js';
import type { RelayClient } from './relay-client.js';
import { plainFixture } from './sources.js';
import type { ConformanceBounds, RouteCompareOptions, RouteRequest, UpstreamWiring } from './types.js';
import { CASE_HEADER, caseMark, type Upstream } from './upstream.js';

/** A route with its defaults filled in. */
export interface ResolvedRoute {
  name: string;
  path: string;
  from: FormatName;
  to: FormatName;
  upstream: UpstreamWiring;
  /** The longest silence before the relay writes a heartbeat, or null when the route does not say it does. */
  heartbeatMs: number | null;
  request: RouteRequest;
  compare: RouteCompareOptions;
}

/** What every case of a run shares. */
export interface CaseContext {
  id: number;
  route: ResolvedRoute;
  upstream: Upstream;
  relay: RelayClient;
  bounds: Required<ConformanceBounds>;
  xAccelBuffering: boolean;
}

/** A case's upstream, opened: the requests the relay made for it. */
export type Ticket = ReturnType<Upstream['open']>;

/** The prompt of a case: a question, and the case's mark for the upstream to find it by. */
export function promptOf(id: number): string {
  return `What is the capital of France? ${caseMark(id)}`;
}

/** The request the kit sends: the route's own, or what a client of the `to` format sends. */
export function relayRequestOf(context: CaseContext, signal: AbortSignal) {
  const { route, id, upstream } = context;
  const to = formatModule(route.to);
  const model = to.request.modelOf(plainFixture(route.to).response) ?? 'model';
  const client = to.request.clientRequest?.(promptOf(id), model) ?? { body: { stream: true, input: promptOf(id) }, headers: {} };
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'text/event-stream', ...client.headers, ...route.request.headers, [CASE_HEADER]: String(id) };
  if (typeof route.upstream === 'string') headers[route.upstream.toLowerCase()] = upstream.caseUrl(id);
  const method = route.request.method ?? 'POST';
  const body = method === 'GET' || method === 'HEAD' ? null : JSON.stringify(route.request.body ?? client.body);
  return { method, path: route.path, headers, body, signal };
}

/** What came of sending the relay a case's request. */
export interface Sent {
  ticket: Ticket;
  /** performance.now() when the request was sent. */
  startedAt: number;
  controller: AbortController;
  /** The relay's response, or why there is none. */
  response: Response | null;
  failure: string | null;
  /** Clears the case's timer and forgets the case upstream. */
  done(): void;
}

/**
 * Opens the case upstream with `reply`, and sends the relay its request. The case is aborted after `caseMs`, and
 * when the relay's response (its status line) has not come within `responseMs`.
 */
export async function send(context: CaseContext, reply: RouteReply, responseMs = context.bounds.caseMs): Promise<Sent> {
  const ticket = context.upstream.open(context.id, reply);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), context.bounds.caseMs);
  const waiting = setTimeout(() => controller.abort(), responseMs);
  const done = () => {
    clearTimeout(timer);
    clearTimeout(waiting);
    ticket.close();
  };
  const startedAt = performance.now();
  try {
    const response = await context.relay.send(relayRequestOf(context, controller.signal));
    clearTimeout(waiting);
    return { ticket, startedAt, controller, response, failure: null, done };
  } catch (error) {
    const why = controller.signal.aborted ? `the relay sent no response within ${Math.min(responseMs, context.bounds.caseMs)} ms` : `the request to the relay failed: ${error instanceof Error ? error.message : String(error)}`;
    return { ticket, startedAt, controller, response: null, failure: why, done };
  }
}

/** Sends a case and reads the relay's stream live under `deadlines`. */
export async function streamExchange(context: CaseContext, reply: RouteReply, deadlines: Deadlines): Promise<{ sent: Sent; downstream: Downstream | null }> {
  const sent = await send(context, reply, deadlines.firstContentMs);
  try {
    if (sent.response === null) return { sent, downstream: null };
    const downstream = await readDownstream(sent.response, { format: context.route.to, deadlines, startedAt: sent.startedAt, signal: sent.controller.signal });
    return { sent, downstream };
  } finally {
    sent.done();
  }
}

/** Sends a case and reads the relay's answer whole (a short one: an HTTP error). */
export async function bodyExchange(context: CaseContext, reply: RouteReply): Promise<{ sent: Sent; captured: Captured | null; text: string }> {
  const sent = await send(context, reply);
  try {
    if (sent.response === null) return { sent, captured: null, text: '' };
    const captured = captureOf(sent.response);
    const text = await readBody(sent.response, captured, context.bounds.caseMs);
    return { sent, captured, text };
  } finally {
    sent.done();
  }
}

/** Milliseconds from the kit's request to when the upstream received the relay's, or null when it never did. */
export function upstreamArrivalMs(sent: Sent, request: RecordedRequest | undefined): number | null {
  return request === undefined ? null : request.at - performance.timeOrigin - sent.startedAt;
}

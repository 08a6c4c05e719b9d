// The upstream the kit serves every relay route from: one fault server, and each case's stream handed to the request
// the relay makes for that case. Cases run at once, so each upstream request is matched to its case by a mark the
// kit's own request carried through the relay: the base URL's path, a header, or the prompt's text.
import { serveStream, type RecordedRequest, type RouteReply, type StreamServer } from '../server/index.js';

/** The header the kit sets on its requests to the relay, for relays that forward headers. */
export const CASE_HEADER = 'x-sse-reconstruct-case';

/** The mark a case's prompt carries, which relays translate along with the prompt. */
export function caseMark(id: number): string {
  return `[sse-reconstruct case ${id}]`;
}

const PATH_MARK = /^\/sse-reconstruct-case-(\d+)(?=\/|$)/;
const TEXT_MARK = /\[sse-reconstruct case (\d+)\]/;

/** What a case serves, and the upstream requests the relay made for it. */
interface OpenCase {
  reply: RouteReply;
  requests: RecordedRequest[];
  /** Called with each request the relay makes for the case. */
  arrived: Array<(request: RecordedRequest) => void>;
}

/** The kit's upstream: a fault server that serves each case's stream to the request made for it. */
export class Upstream {
  private readonly cases = new Map<number, OpenCase>();

  private constructor(readonly server: StreamServer) {}

  static async start(): Promise<Upstream> {
    let upstream: Upstream | null = null;
    const server = await serveStream({ '* *': (request: RecordedRequest) => (upstream as Upstream).answer(request) }, { idleLifetimeMs: Infinity, journal: 10_000 });
    upstream = new Upstream(server);
    return upstream;
  }

  /** The base URL every case shares (the callback wiring). */
  get url(): string {
    return this.server.url;
  }

  /** The base URL of one case (the header wiring): its path names the case. */
  caseUrl(id: number): string {
    return `${this.server.url}/sse-reconstruct-case-${id}`;
  }

  /** Starts serving a case; `close` forgets it. */
  open(id: number, reply: RouteReply): { requests: RecordedRequest[]; firstRequest(timeoutMs: number): Promise<RecordedRequest | null>; close(): void } {
    const entry: OpenCase = { reply, requests: [], arrived: [] };
    this.cases.set(id, entry);
    return {
      requests: entry.requests,
      firstRequest: (timeoutMs) =>
        entry.requests[0] !== undefined
          ? Promise.resolve(entry.requests[0])
          : new Promise((resolve) => {
              const timer = setTimeout(() => resolve(null), timeoutMs);
              entry.arrived.push((request) => {
                clearTimeout(timer);
                resolve(request);
              });
            }),
      close: () => this.cases.delete(id),
    };
  }

  private answer(request: RecordedRequest): RouteReply {
    const id = this.caseOf(request);
    const entry = id === null ? undefined : this.cases.get(id);
    if (entry === undefined) {
      const message = `sse-reconstruct conformance: no case matches ${request.method} ${request.url}: the relay's upstream request carries neither the case's base URL path, nor the ${CASE_HEADER} header, nor the case mark of the prompt.`;
      return { json: { error: { message, type: 'not_found_error' } }, status: 404 };
    }
    entry.requests.push(request);
    for (const wake of entry.arrived.splice(0)) wake(request);
    return entry.reply;
  }

  private caseOf(request: RecordedRequest): number | null {
    const marked = PATH_MARK.exec(request.path)?.[1] ?? request.headers[CASE_HEADER] ?? TEXT_MARK.exec(request.text)?.[1];
    if (marked !== undefined && /^\d+$/.test(marked)) return Number(marked);
    // A relay that keeps none of the marks: only a case alone in flight can be told.
    return this.cases.size === 1 ? (this.cases.keys().next().value as number) : null;
  }

  close(): Promise<void> {
    this.cases.clear();
    return this.server.close();
  }
}

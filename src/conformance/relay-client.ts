// The kit as the relay's client: a base URL it fetches, a handler it calls in this process, or a Node server it
// starts on loopback when nobody else has. Leaving (the cancel case) is an abort either way.
import { describeArgument, SseReconstructError } from '../core/index.js';
import type { RelayHandler, RelayServer, RelayTarget } from './types.js';

/** A request the kit sends the relay. */
export interface RelayRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | null;
  signal: AbortSignal;
}

/** The relay, ready to be sent requests; `close` stops what the kit started. */
export interface RelayClient {
  send(request: RelayRequest): Promise<Response>;
  close(): Promise<void>;
}

/** The URL a handler's requests carry: it never goes on the wire. */
const HANDLER_ORIGIN = 'http://relay.invalid';

function isServer(value: unknown): value is RelayServer {
  if (value === null || typeof value !== 'object') return false;
  const candidate = value as Partial<RelayServer>;
  return typeof candidate.listen === 'function' && typeof candidate.address === 'function' && typeof candidate.close === 'function';
}

/** Checks the `relay` option, as misuse. */
export function checkRelay(relay: unknown): asserts relay is RelayTarget {
  if (typeof relay === 'string') {
    if (!/^https?:\/\/[^/]+/.test(relay)) fail(`relay must be a base URL such as 'http://127.0.0.1:8787'; it is ${JSON.stringify(relay)}.`);
    return;
  }
  if (typeof relay === 'function' || isServer(relay)) return;
  fail(`relay must be a base URL ('http://127.0.0.1:8787'), a fetch-style handler (request) => Response, or a Node http.Server; it is ${describeArgument(relay)}.`);
}

function fail(message: string): never {
  throw new SseReconstructError('ERR_SSE_OPTION', `sse-reconstruct: relay conformance: ${message}`);
}

/** Opens the relay: a server not yet listening is started on 127.0.0.1 port 0 (and closed by `close`). */
export async function openRelay(relay: RelayTarget): Promise<RelayClient> {
  if (typeof relay === 'string') return urlClient(relay.replace(/\/+$/, ''), async () => {});
  if (typeof relay === 'function') return handlerClient(relay);
  if (relay.listening) return urlClient(baseUrlOf(relay), async () => {});
  await new Promise<void>((resolve, reject) => {
    relay.once('error', reject);
    relay.listen(0, '127.0.0.1', () => {
      relay.off('error', reject);
      resolve();
    });
  });
  const close = () =>
    new Promise<void>((resolve) => {
      (relay as RelayServer & { closeAllConnections?: () => void }).closeAllConnections?.();
      relay.close(() => resolve());
    });
  return urlClient(baseUrlOf(relay), close);
}

function baseUrlOf(server: RelayServer): string {
  const address = server.address();
  if (address === null || typeof address !== 'object' || typeof (address as { port?: unknown }).port !== 'number') {
    return fail('the relay server listens on a pipe, not a TCP port: pass its URL instead.');
  }
  const { port, address: host } = address as { port: number; address: string };
  const shownHost = host === '::' || host === '0.0.0.0' || host === '' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${shownHost}:${port}`;
}

function urlClient(base: string, close: () => Promise<void>): RelayClient {
  return {
    send: ({ method, path, headers, body, signal }) => fetch(`${base}${path}`, { method, headers, body, signal }),
    close,
  };
}

function handlerClient(handler: RelayHandler): RelayClient {
  return {
    async send({ method, path, headers, body, signal }) {
      const request = new Request(`${HANDLER_ORIGIN}${path}`, { method, headers, body, signal });
      const response = await handler(request);
      if (!(response instanceof Response)) fail(`the relay handler must return a Response (or a promise of one); it returned ${describeArgument(response)}.`);
      return response;
    },
    close: async () => {},
  };
}

import type { ServerOptions } from './options.js';
import { serveStream, type Disconnect, type RecordedRequest, type RouteTable, type StreamServer } from './serve.js';
import type { ServedSource } from './source.js';
import { SseReconstructError } from '../core/index.js';

type Hook = (run: () => unknown, timeout?: number) => unknown;

/** The runner's lifecycle hooks: `import { beforeAll, afterAll, beforeEach } from 'vitest'` (or `@jest/globals`). */
export interface RunnerHooks {
  beforeAll: Hook;
  afterAll: Hook;
  /** When given (or global), the requests and disconnects are forgotten before each test. */
  beforeEach?: Hook;
}

/** The server of `useStreamServer()`: its fields can be read once `beforeAll` has run. */
export type StreamServerHandle = StreamServer;

function hooksOf(given: RunnerHooks | undefined): RunnerHooks {
  const globals = globalThis as unknown as Partial<RunnerHooks>;
  const hooks = given ?? globals;
  if (typeof hooks.beforeAll !== 'function' || typeof hooks.afterAll !== 'function') {
    throw new SseReconstructError('ERR_SSE_ARGUMENT',
      "sse-reconstruct: useStreamServer: no beforeAll/afterAll found. Under Vitest without `globals: true`, pass them: useStreamServer(source, options, { beforeAll, afterAll, beforeEach }) with the three imported from 'vitest'.",
    );
  }
  const beforeEach = hooks.beforeEach;
  return { beforeAll: hooks.beforeAll, afterAll: hooks.afterAll, ...(typeof beforeEach === 'function' ? { beforeEach } : {}) };
}

/**
 * Starts a stream server in `beforeAll` and closes it in `afterAll`; with a `beforeEach`, clears its journal before
 * each test. Works under Jest and Vitest (globals, or the hooks passed in). Returns the server: read `url`,
 * `requests` and `disconnects` inside tests.
 */
export function useStreamServer(source: ServedSource | RouteTable, options: ServerOptions = {}, hooks?: RunnerHooks): StreamServerHandle {
  const { beforeAll, afterAll, beforeEach } = hooksOf(hooks);
  let server: StreamServer | null = null;
  const started = (field: string): StreamServer => {
    if (server === null) throw new SseReconstructError('ERR_SSE_STATE', `sse-reconstruct: useStreamServer: the server's ${field} is there once beforeAll has run: read it inside a test or a hook, not while the file is collected.`);
    return server;
  };
  beforeAll(async () => {
    server = await serveStream(source, options);
  });
  afterAll(async () => {
    await server?.close();
  });
  beforeEach?.(() => {
    server?.reset();
  });
  return {
    get url(): string {
      return started('url').url;
    },
    get port(): number {
      return started('port').port;
    },
    get requests(): readonly RecordedRequest[] {
      return started('requests').requests;
    },
    get disconnects(): readonly Disconnect[] {
      return started('disconnects').disconnects;
    },
    waitForDisconnect: (waitOptions) => started('waitForDisconnect').waitForDisconnect(waitOptions),
    reset: () => started('reset').reset(),
    close: async () => {
      await server?.close();
    },
    [Symbol.asyncDispose]: async () => {
      await server?.close();
    },
  };
}

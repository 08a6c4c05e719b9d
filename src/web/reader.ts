import { ReadSession, type PageReport, type ReadRequest, type RowDetail, type TableRow } from './read-session.js';
import type { FromReader, ReaderAsk } from './worker.js';

/** Where the page's streams are read: a worker when the page can start one, else the main thread in slices. */
export interface Reader {
  readonly where: 'worker' | 'main thread';
  read(request: ReadRequest): Promise<PageReport>;
  rows(from: number, to: number): Promise<TableRow[]>;
  detail(index: number): Promise<RowDetail | null>;
}

/** Asks the page's worker and waits for its answer: null when the worker is gone (the main thread reads instead). */
type AskWorker = (message: ReaderAsk) => Promise<FromReader | null>;

/**
 * Starts the worker from the page's script and answers each ask by its id; null when no worker can start. Should the
 * worker die, `onDeath` runs first and every ask still waiting (and every later one, once `isGone`) answers null.
 */
function workerAsker(source: string, isGone: () => boolean, onDeath: () => void): AskWorker | null {
  let worker: Worker;
  try {
    worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
  } catch {
    return null;
  }
  let next = 0;
  const waiting = new Map<number, (message: FromReader | null) => void>();
  worker.onmessage = (event: MessageEvent<FromReader>) => {
    const resolve = waiting.get(event.data.id);
    waiting.delete(event.data.id);
    resolve?.(event.data);
  };
  worker.onerror = (event) => {
    event.preventDefault();
    onDeath();
    worker.terminate();
    for (const resolve of waiting.values()) resolve(null);
    waiting.clear();
  };
  return (message) =>
    new Promise((resolve) => {
      if (isGone()) return resolve(null);
      const id = (next += 1);
      waiting.set(id, resolve);
      worker.postMessage({ ...message, id });
    });
}

/**
 * A reader in a worker made from the page's own script (a blob URL, which the page's policy allows). Should the
 * worker fail to start or die, it reads on the main thread from then on: the stream is read either way.
 */
export function workerReader(source: string): Reader | null {
  let fallback: Reader | null = null;
  let lastRead: ReadRequest | null = null;
  const ask = workerAsker(
    source,
    () => fallback !== null,
    () => {
      fallback ??= mainThreadReader();
    },
  );
  if (ask === null) return null;
  /** The main-thread reader, having read the last stream the worker was given (its rows are asked for next). */
  const onMainThread = async (): Promise<Reader> => {
    const reader = (fallback ??= mainThreadReader());
    if (lastRead !== null) await reader.read(lastRead);
    lastRead = null;
    return reader;
  };
  return {
    get where() {
      return fallback === null ? 'worker' : 'main thread';
    },
    async read(request) {
      if (fallback !== null) return fallback.read(request);
      lastRead = request;
      const answer = await ask({ type: 'read', request });
      if (answer === null) {
        lastRead = null;
        return (await onMainThread()).read(request);
      }
      if (answer.type === 'failed') throw new Error(answer.message);
      if (answer.type !== 'report') throw new Error('the reader answered out of turn');
      return answer.report;
    },
    async rows(from, to) {
      const answer = await ask({ type: 'rows', from, to });
      if (answer === null) return (await onMainThread()).rows(from, to);
      return answer.type === 'rows' ? answer.rows : [];
    },
    async detail(index) {
      const answer = await ask({ type: 'detail', index });
      if (answer === null) return (await onMainThread()).detail(index);
      return answer.type === 'detail' ? answer.detail : null;
    },
  };
}

/** A reader on the main thread that yields to the event loop between slices, so the page keeps answering. */
export function mainThreadReader(): Reader {
  const session = new ReadSession();
  const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
  return {
    where: 'main thread',
    read: (request) => session.read(request, pause),
    rows: async (from, to) => session.rows(from, to),
    detail: async (index) => session.detail(index),
  };
}

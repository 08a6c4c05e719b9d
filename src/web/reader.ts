import { ReadSession, type PageReport, type ReadRequest, type RowDetail, type TableRow } from './read-session.js';
import type { FromReader, ReaderAsk } from './worker.js';

/** Where the page's streams are read: a worker when the page can start one, else the main thread in slices. */
export interface Reader {
  readonly where: 'worker' | 'main thread';
  read(request: ReadRequest): Promise<PageReport>;
  rows(from: number, to: number): Promise<TableRow[]>;
  detail(index: number): Promise<RowDetail | null>;
}

/** A reader in a worker made from the page's own script (a blob URL, which the page's policy allows). */
export function workerReader(source: string): Reader | null {
  let worker: Worker;
  try {
    const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
    worker = new Worker(url);
  } catch {
    return null;
  }
  let next = 0;
  const waiting = new Map<number, (message: FromReader) => void>();
  worker.onmessage = (event: MessageEvent<FromReader>) => {
    const resolve = waiting.get(event.data.id);
    waiting.delete(event.data.id);
    resolve?.(event.data);
  };
  const ask = (message: ReaderAsk): Promise<FromReader> =>
    new Promise((resolve) => {
      const id = (next += 1);
      waiting.set(id, resolve);
      worker.postMessage({ ...message, id });
    });
  return {
    where: 'worker',
    async read(request) {
      const answer = await ask({ type: 'read', request });
      if (answer.type === 'failed') throw new Error(answer.message);
      if (answer.type !== 'report') throw new Error('the reader answered out of turn');
      return answer.report;
    },
    async rows(from, to) {
      const answer = await ask({ type: 'rows', from, to });
      return answer.type === 'rows' ? answer.rows : [];
    },
    async detail(index) {
      const answer = await ask({ type: 'detail', index });
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

import { ReadSession, type ReadRequest } from './read-session.js';

/** Messages the page sends its reader, and what comes back. */
export type ReaderAsk = { type: 'read'; request: ReadRequest } | { type: 'rows'; from: number; to: number } | { type: 'detail'; index: number };
export type ToReader = ReaderAsk & { id: number };
export type FromReader =
  | { id: number; type: 'report'; report: Awaited<ReturnType<ReadSession['read']>> }
  | { id: number; type: 'rows'; rows: ReturnType<ReadSession['rows']> }
  | { id: number; type: 'detail'; detail: ReturnType<ReadSession['detail']> }
  | { id: number; type: 'failed'; message: string };

interface WorkerScope {
  onmessage: ((event: { data: ToReader }) => void) | null;
  postMessage(message: FromReader): void;
}

/** The reader's side in a worker: reads what the page sends and answers row requests for the frames table. */
export function serveReader(scope: WorkerScope): void {
  const session = new ReadSession();
  scope.onmessage = (event) => {
    const message = event.data;
    if (message.type === 'rows') {
      scope.postMessage({ id: message.id, type: 'rows', rows: session.rows(message.from, message.to) });
      return;
    }
    if (message.type === 'detail') {
      scope.postMessage({ id: message.id, type: 'detail', detail: session.detail(message.index) });
      return;
    }
    session.read(message.request).then(
      (report) => {
        scope.postMessage({ id: message.id, type: 'report', report });
        // The table asks for rows next: make them now, while the page draws the report.
        session.rows(0, 0);
      },
      (error: unknown) => scope.postMessage({ id: message.id, type: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
  };
}

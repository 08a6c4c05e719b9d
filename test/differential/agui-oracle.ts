// The official AG-UI client (@ag-ui/client 1.0.0, as installed) as an oracle: the same steps its HTTP agent runs on
// each event (enforceEvents: the schema; transformChunks: chunk expansion; verifyEvents: the order rules), and its
// default apply for the messages and state a run leaves. The first three run synchronously over an array, so the
// event being read when one of them throws is the event the client fails the run at.
import { defaultApplyEvents, enforceEvents, transformChunks, verifyEvents } from '@ag-ui/client';
import { from, lastValueFrom, map, Observable, tap, toArray } from 'rxjs';

// The client warns on every event it strips or drops; the tests read its verdicts, not its console.
process.env.SUPPRESS_TRANSFORMATION_WARNINGS = 'true';

type Json = Record<string, unknown>;

/** Where the client fails the run (the index of the event, and its message), or null when it accepts every event. */
export interface Verdict {
  throwsAt: number | null;
  message: string | null;
}

function checked(events: readonly unknown[], onIndex: (index: number) => void): Observable<unknown> {
  const source = from(events.map((event, index) => ({ event, index }))).pipe(
    tap(({ index }) => onIndex(index)),
    map(({ event }) => event),
  );
  // The operators are typed for the client's own event type; the events here are plain JSON.
  return (source as Observable<never>).pipe(enforceEvents(false), transformChunks(false), verifyEvents(false)) as Observable<unknown>;
}

/** Runs the client's checks over the events. */
export function clientVerdict(events: readonly unknown[]): Verdict {
  let current = -1;
  let verdict: Verdict = { throwsAt: null, message: null };
  checked(events, (index) => (current = index)).subscribe({
    error: (error: unknown) => {
      verdict = { throwsAt: current, message: error instanceof Error ? error.message : String(error) };
    },
  });
  return verdict;
}

/** The messages and state the client's default apply leaves after a run it accepts. */
export async function clientConversation(events: readonly unknown[]): Promise<{ messages: Json[]; state: unknown }> {
  const input = { threadId: 'thread', runId: 'run', messages: [], state: {}, tools: [], context: [] };
  const agent = { messages: [] as Json[], state: {} };
  const mutations = defaultApplyEvents(input as never, checked(events, () => {}) as never, agent as never, []);
  let messages: Json[] = [];
  let state: unknown = {};
  for (const mutation of await lastValueFrom((mutations as Observable<{ messages?: Json[]; state?: unknown }>).pipe(toArray()))) {
    if (mutation.messages !== undefined) messages = mutation.messages;
    if (mutation.state !== undefined) state = mutation.state;
  }
  return { messages: JSON.parse(JSON.stringify(messages)) as Json[], state };
}

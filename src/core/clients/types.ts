// What a client profile is: an executable model of one real reader of a format (an SDK's `for await` loop, its
// `final*()` helper, a framework's stream reader), and what it does with one stream.

/** How the body of a stream ended, as a client sees it. */
export type BodyEnding =
  /** The body ended: the server closed the response. */
  | 'closed'
  /** Reading the body failed (a reset connection): the client's read rejects. */
  | 'failed'
  /** The body is still open where reading stopped (a stall): the client is still waiting. */
  | 'open';

/** A stream as a client reads it: the body's text and how the body ended. */
export interface ClientBody {
  text: string;
  ending: BodyEnding;
}

/** A tool call as a client hands it to its caller. */
export interface ClientToolCall {
  /** The call's id as the client hands it; null when it has none (a client that makes one up says so in `notes`). */
  id: string | null;
  name: string;
  /** The arguments text the caller gets (the client's own join of the fragments). */
  arguments: string;
}

/** What a client does with a stream: how the call ends for its caller, and what it hands over. */
export interface ClientRun {
  /** `returns`: the loop ends or the promise resolves; `throws`: it rejects; `hangs`: it waits for more. */
  ends: 'returns' | 'throws' | 'hangs';
  /** The text of the first answer the client hands its caller (what it returned, or had handed over when it threw). */
  text: string;
  toolCalls: ClientToolCall[];
  /** The error it throws, as `Class: message`; null when it does not throw. */
  thrown: string | null;
  /** What else it did that a caller would not expect (calls merged or dropped, ids made up, frames skipped). */
  notes: string[];
}

/** One real client of a format, modelled: who it is, which versions, and where its behaviour was read. */
export interface ClientProfile {
  /** The client's name as `clients` options spell it: `openai-node`, `@anthropic-ai/sdk`, `ai-sdk`. */
  client: string;
  /** How the caller reads the stream with it: `for await (const chunk of stream)`, `finalChatCompletion()`. */
  reader: string;
  /** The versions the model follows, as an npm range. */
  versions: string;
  /** Where the behaviour was read: repository@version and path (and line). */
  source: string;
  /** True when the client installs from npm: its profile is checked against the real client in the tests. */
  installable: boolean;
  /** What this client does with `body`. Never throws: a client that throws is a `ClientRun` with `ends: 'throws'`. */
  read(body: ClientBody): ClientRun;
}

/**
 * What the stream itself is, whatever a client makes of it. The reconstruction's verdict, in a gateway's words:
 * `whole`: it finished and nothing is missing. `did not finish`: its end is not there (cut, reset, stalled, or it
 * ended in an error). `off its documentation`: its end is there, but a piece is missing or contradicts another (a
 * tool call whose id changes on one index, a block never started): the reconstruction's `not the whole stream`.
 */
export type StreamState = 'whole' | 'did not finish' | 'off its documentation';

/**
 * What a client does with the stream, held against the documented assembly. The stream's own state is
 * `ClientReading.stream`: the two together say whether the stream is broken, the client hides it, or both.
 */
export type ClientVerdict =
  /** It returns the documented assembly's text and tool calls (of a broken stream, the same part the documentation gives). */
  | 'hands over the answer'
  /** The stream did not finish, and it returns without an error: its caller holds part of an answer and cannot tell. */
  | 'returns part quietly'
  /** It returns, but not what the documented assembly holds (calls merged or dropped, text lost). */
  | 'returns another answer'
  /** It rejects or throws: its caller sees the failure. */
  | 'throws'
  /** It waits for more on a body left open. */
  | 'hangs';

/** One client's reading of one stream, beside the documented assembly. */
export interface ClientReading extends ClientRun {
  client: string;
  reader: string;
  versions: string;
  source: string;
  /** What the stream is: `whole`, `did not finish` or `off its documentation` (the same for every reading of it). */
  stream: StreamState;
  /** The stream's state in plain words, with the finding that decides it and where (empty when it is whole). */
  streamWhy: string;
  /** What this client does with the stream. */
  verdict: ClientVerdict;
  /** True when it returned the documented assembly's text and tool calls (whether or not the stream is whole). */
  sameAnswer: boolean;
  /** The client's verdict in plain words: what its caller sees, and why. */
  why: string;
  /** True when the stream is whole and this client hands its caller the documented answer: nothing to fix. */
  readsWhole: boolean;
}

// clientsOf: what each real client of a stream's format does with it, beside the documented assembly.
import { FORMAT_MODULES } from '../formats/registry.js';
import { toChunks, type StreamText } from '../input/chunks.js';
import { type StreamInput, type StreamOptions, type StreamReconstruction } from '../input/stream.js';
import { reconstructStream } from '../pipeline/stream.js';
import { SseReconstructError } from '../library-errors.js';
import type { BodyEnding, ClientBody, ClientProfile, ClientReading, StreamState } from './types.js';
import { readingOf, streamFactsOf } from './verdict.js';

/** Options of `clientsOf()`: those of `reconstructStream()`, and which clients to ask. */
export interface ClientsOfOptions extends StreamOptions {
  /** The clients to ask, by name (`openai-node`, `@anthropic-ai/sdk`, `ai-sdk`…); every client of the format when left out. */
  clients?: readonly string[];
}

/** What the clients of a stream's format do with it. */
export interface ClientsReport {
  /** The stream's reconstruction: the documented assembly the clients are held against. */
  reconstruction: StreamReconstruction;
  /** What the stream is: `whole`, `did not finish` or `off its documentation` (each reading says it too). */
  stream: StreamState;
  /** The stream's state in plain words, with the finding that decides it (empty when it is whole). */
  streamWhy: string;
  /** One reading per client profile asked (a client with two ways to read, such as a loop and a `final*()` helper, has two). */
  readings: ClientReading[];
}

/** Every client profile the registry's formats list, by format. */
export function clientProfiles(): ReadonlyMap<string, readonly ClientProfile[]> {
  return new Map(FORMAT_MODULES.map((module) => [module.name, module.clients ?? []]));
}

/**
 * Reads a stream as each real client of its format reads it (an executable model of each, checked against the real
 * client where it installs from npm): what the caller gets, whether the client throws, returns part of the answer
 * quietly or waits, beside the documented assembly.
 */
export async function clientsOf(input: StreamInput, options: ClientsOfOptions = {}): Promise<ClientsReport> {
  const { clients, ...readOptions } = options;
  checkClientNames(clients);
  return readClients(input, await reconstructStream(input, readOptions), clients);
}

/**
 * The clients' readings of a stream already reconstructed (`reconstruction` is `input`'s): what `clientsOf` does once
 * it has read the stream; the package's `clientsOf` and the matchers hand in their one read of a live stream.
 */
export function readClients(input: StreamInput, reconstruction: StreamReconstruction, clients?: readonly string[]): ClientsReport {
  // A live read keeps its text with its facts; text and bytes are the input itself.
  const body = reconstruction.source != null ? liveBody(reconstruction) : { text: textOf(input as StreamText), ending: 'closed' as const };
  const module = FORMAT_MODULES.find((candidate) => candidate.name === reconstruction.format);
  const profiles = (module?.clients ?? []).filter((profile) => clients === undefined || clients.includes(profile.client));
  const facts = streamFactsOf(reconstruction);
  return { reconstruction, ...facts, readings: profiles.map((profile) => readingOf(profile, profile.read(body), reconstruction, facts)) };
}

/** Throws, saying what to pass, for a client name no format's profiles know. */
export function checkClientNames(clients: readonly string[] | undefined): void {
  if (clients === undefined) return;
  const known = new Set([...clientProfiles().values()].flat().map((profile) => profile.client));
  const unknown = Array.isArray(clients) ? clients.filter((name) => typeof name !== 'string' || !known.has(name)) : [clients];
  if (unknown.length > 0) {
    throw new SseReconstructError('ERR_SSE_ARGUMENT', `sse-reconstruct: clientsOf() knows no client ${unknown.map((name) => JSON.stringify(name)).join(', ')}; pass some of ${[...known].map((name) => JSON.stringify(name)).join(', ')}.`);
  }
}

/** Text and bytes as the SDKs decode them: UTF-8, invalid bytes replaced. */
function textOf(input: StreamText): string {
  const decoder = new TextDecoder();
  return toChunks(input, 'clientsOf').map((chunk) => (typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }))).join('') + decoder.decode();
}

function liveBody(reconstruction: StreamReconstruction): ClientBody {
  const source = reconstruction.source;
  const ending: BodyEnding = source?.readError ? 'failed' : reconstruction.trace?.stoppedBy ? 'open' : 'closed';
  return { text: source === null ? '' : source.text(), ending };
}

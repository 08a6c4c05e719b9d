import { clientProfiles, isReconstruction, readClients, type ClientReading, type ClientsReport, type StreamReconstruction } from '../core/index.js';
import type { MatcherCheck } from './define.js';
import { ReceivedTypeError, type Received } from './input.js';
import { plural, quote } from './message.js';
import { checkMatcherOptions } from './options.js';
import type { ToBeReadableByOptions } from './types.js';

type Args = [clients: readonly string[], options?: ToBeReadableByOptions];

/** The clients some format's profiles know, by name. */
function knownClients(): string[] {
  return [...new Set([...clientProfiles().values()].flat().map((profile) => profile.client))];
}

/**
 * Each named client that reads the stream's format hands its caller the documented answer, whole: what `clientsOf`
 * says of the stream, for those clients.
 */
export const toBeReadableBy: MatcherCheck<Args, Received> = {
  name: 'toBeReadableBy',
  hint: ([, options]) => (options === undefined ? { expected: 'clients' } : { expected: 'clients', secondArgument: 'options' }),
  validate([clients, options]) {
    const known = knownClients();
    if (!Array.isArray(clients) || clients.length === 0 || clients.some((name) => typeof name !== 'string' || !known.includes(name))) {
      throw new TypeError(`Pass the clients as an array of names, some of ${known.map((name) => quote(name)).join(', ')}; it is ${quote(clients)}.`);
    }
    checkMatcherOptions('toBeReadableBy', options);
  },
  readOptions: ([, options]) => (options?.format ? { format: options.format } : {}),
  evaluate(_context, received, [clients], _prepared, input) {
    if (isReconstruction(input) && (input as Partial<StreamReconstruction>).source == null) {
      throw new ReceivedTypeError('A client reads the bytes of a stream, and a reconstruction made from text keeps none: pass the stream itself (its text, bytes or a Response).');
    }
    const report = readClients(input as Parameters<typeof readClients>[0], received as StreamReconstruction, clients);
    if (report.readings.length === 0) return noneRead(received, clients);
    const failing = report.readings.filter((reading) => !reading.readsWhole);
    const names = report.readings.map((reading) => `${reading.client} (${reading.reader})`);
    return {
      pass: failing.length === 0,
      failure: `Expected ${clients.map((name) => quote(name)).join(', ')} to hand their callers the documented answer, whole. ${whichFailed(report)}`,
      notFailure: `Expected some of ${clients.map((name) => quote(name)).join(', ')} not to read the stream whole; the stream is whole and all ${report.readings.length} hand over its answer: ${names.join(', ')}.`,
      details: [...failing.map(lineOf), ...skipped(received, clients, report.readings)],
    };
  },
};

/** Which of the two failed, in words: the stream (broken), the clients (not handing over its answer), or both. */
function whichFailed(report: ClientsReport): string {
  const stream = report.stream === 'whole' ? 'The stream is whole' : `The stream is broken: ${report.streamWhy}`;
  const others = report.readings.filter((reading) => reading.verdict !== 'hands over the answer').length;
  if (others === 0) return `${stream}; every reader hands over the answer the documentation makes of it, so the stream is what to fix.`;
  const hiding = report.readings.filter((reading) => reading.verdict === 'returns part quietly').length;
  const hidden = hiding > 0 ? `, ${hiding} of them ${hiding === 1 ? 'returns' : 'return'} part of it quietly` : '';
  return `${stream}; ${others} of ${plural(report.readings.length, 'reader')} ${others === 1 ? 'does' : 'do'} not hand over the answer the documentation makes of it${hidden}.`;
}

function lineOf(reading: ClientReading): string {
  return `${reading.client} ${reading.versions}, ${reading.reader}: ${reading.why}.`;
}

function noneRead(received: Received, clients: readonly string[]) {
  const failure = `Expected ${clients.map((name) => quote(name)).join(', ')} to hand their callers the documented answer, whole; none of them reads ${received.format ?? 'this'} streams.`;
  return { pass: false, failure, notFailure: failure };
}

/** The named clients that do not read the stream's format: not held against it, and said so. */
function skipped(received: Received, clients: readonly string[], readings: readonly ClientReading[]): string[] {
  const read = new Set(readings.map((reading) => reading.client));
  const others = clients.filter((name) => !read.has(name));
  return others.length === 0 ? [] : [`Not asked (they do not read ${received.format ?? 'this format'}): ${others.join(', ')}.`];
}

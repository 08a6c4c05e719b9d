// Every misuse a user can make, across the entry points, throws one class with a code from one table and one message
// prefix; matcher misuse keeps the runner's form. Nothing here opens a socket: the server's checks run before it listens.
import { describe, expect, it } from 'vitest';
import { chunkings, faults as faultLists, responses } from '../../src/arbitraries/index.js';
import { ERROR_PREFIX } from '../../src/core/index.js';
import { addBOM, applyFaults, drop, pace, scriptOf, stall, truncateAfter } from '../../src/faults/index.js';
import { fixture, fixtures, streamOf } from '../../src/fixtures/index.js';
import {
  LIBRARY_ERROR_CODES, SseReconstructError, SseReconstructRangeError, createDecoder, createInspection, decode, formatModule, inspect, reconstruct,
  reconstructStream, synthesize, type LibraryErrorCode,
} from '../../src/index.js';
import { createMatchers } from '../../src/matchers/index.js';
import { serveStream, useStreamServer } from '../../src/server/index.js';

const STREAM = 'data: {"choices":[{"index":0,"delta":{"content":"Hi"},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n';

function ended<T extends { end(): unknown }>(session: T): T {
  session.end();
  return session;
}

/** Calls that misuse the API, each with the code its error carries. */
const MISUSES: Array<[string, () => unknown, LibraryErrorCode]> = [
  ['reconstruct(42)', () => reconstruct(42 as never), 'ERR_SSE_ARGUMENT'],
  ['reconstruct with an unknown option', () => reconstruct(STREAM, { deadline: { idleMs: 1 } } as never), 'ERR_SSE_OPTION'],
  ['reconstruct with maxHeldChars 0', () => reconstruct(STREAM, { maxHeldChars: 0 }), 'ERR_SSE_OPTION'],
  ['decode(null)', () => decode(null as never), 'ERR_SSE_ARGUMENT'],
  ['createDecoder(null)', () => createDecoder(null as never), 'ERR_SSE_OPTION'],
  ['a decoder pushed a number', () => createDecoder({ onFrame: () => undefined }).push(3 as never), 'ERR_SSE_ARGUMENT'],
  ['a decoder pushed after end()', () => ended(createDecoder({ onFrame: () => undefined })).push(''), 'ERR_SSE_STATE'],
  ['inspect with a numeric path', () => inspect(STREAM, { path: 3 } as never), 'ERR_SSE_OPTION'],
  ['an inspection pushed after end()', () => ended(createInspection()).push(''), 'ERR_SSE_STATE'],
  ['synthesize of an unknown format', () => synthesize('openai' as never, {}), 'ERR_SSE_ARGUMENT'],
  ['synthesize of no message', () => synthesize('anthropic', null as never), 'ERR_SSE_ARGUMENT'],
  ['formatModule of an unknown format', () => formatModule('openai' as never), 'ERR_SSE_ARGUMENT'],
  ['fixture of an unknown name', () => fixture('openai/text'), 'ERR_SSE_ARGUMENT'],
  ['fixtures of an unknown format', () => fixtures('openai' as never), 'ERR_SSE_ARGUMENT'],
  ['streamOf with pieceSize 0', () => streamOf(fixture('anthropic/text').response, 'anthropic', { pieceSize: 0 }), 'ERR_SSE_OPTION'],
  ['applyFaults with a number for a fault', () => applyFaults(STREAM, 42 as never), 'ERR_SSE_ARGUMENT'],
  ['drop(-1)', () => applyFaults(STREAM, drop(-1)), 'ERR_SSE_ARGUMENT'],
  ['drop past the last frame', () => applyFaults(STREAM, drop(99)), 'ERR_SSE_FAULT'],
  ['truncateAfter past the last frame', () => applyFaults(STREAM, truncateAfter(99)), 'ERR_SSE_FAULT'],
  ['addBOM twice', () => applyFaults(STREAM, addBOM(), addBOM()), 'ERR_SSE_FAULT'],
  ['stall of 0 ms', () => applyFaults(STREAM, stall(1, 0)), 'ERR_SSE_FAULT'],
  ['pace at 0 tokens a second', () => pace({ tokensPerSec: 0 }), 'ERR_SSE_OPTION'],
  ['scriptOf(42)', () => scriptOf(42 as never), 'ERR_SSE_ARGUMENT'],
  ['scriptOf with an unknown format', () => scriptOf(STREAM, { format: 'openai' as never }), 'ERR_SSE_OPTION'],
  ['responses of an unknown format', () => responses('openai' as never), 'ERR_SSE_ARGUMENT'],
  ['chunkings(0)', () => chunkings(0), 'ERR_SSE_ARGUMENT'],
  ['faults with a negative length', () => faultLists({ maxLength: -1 }), 'ERR_SSE_OPTION'],
  ['useStreamServer without hooks', () => useStreamServer(STREAM, {}, {} as never), 'ERR_SSE_ARGUMENT'],
];

/** Async misuse: the promise rejects with the same kind of error. */
const ASYNC_MISUSES: Array<[string, () => Promise<unknown>, LibraryErrorCode]> = [
  ['reconstructStream with an unknown option', () => reconstructStream(new Response(STREAM), { signl: null } as never), 'ERR_SSE_OPTION'],
  ['serveStream(null)', () => serveStream(null as never), 'ERR_SSE_ARGUMENT'],
  ['serveStream on another host', () => serveStream(STREAM, { host: '0.0.0.0' }), 'ERR_SSE_OPTION'],
  ['serveStream with a route that is not one', () => serveStream({ 'send it': STREAM }), 'ERR_SSE_ARGUMENT'],
];

function thrownBy(call: () => unknown): unknown {
  try {
    call();
  } catch (error) {
    return error;
  }
  return 'nothing was thrown';
}

function expectLibraryError(error: unknown, code: LibraryErrorCode): void {
  expect(error).toBeInstanceOf(SseReconstructError);
  expect(error).toBeInstanceOf(TypeError);
  expect(error).toMatchObject({ name: 'SseReconstructError', code, message: expect.stringMatching(new RegExp(`^${ERROR_PREFIX}\\S`)) });
}

describe('misuse throws SseReconstructError with a code and the prefix', () => {
  it.each(MISUSES)('%s', (_title, call, code) => {
    expectLibraryError(thrownBy(call), code);
  });

  it.each(ASYNC_MISUSES)('%s (rejects)', async (_title, call, code) => {
    const error = await call().then(
      () => 'resolved',
      (reason: unknown) => reason,
    );
    expectLibraryError(error, code);
  });

  it('a RangeError for source.text() past what was kept, with its code', async () => {
    const result = await reconstructStream(new Response(STREAM), { frames: false });
    const error = thrownBy(() => result.source?.text());
    expect(error).toBeInstanceOf(SseReconstructRangeError);
    expect(error).toBeInstanceOf(RangeError);
    expect(error).not.toBeInstanceOf(SseReconstructError);
    expect(error).toMatchObject({ code: 'ERR_SSE_TEXT_NOT_KEPT', message: expect.stringMatching(/^sse-reconstruct: source\.text\(\)/) });
  });

  it('matcher misuse is in the runner form, with its code', () => {
    const context = {
      isNot: false,
      promise: '',
      utils: { matcherHint: (name: string) => `expect(received).${name}(expected)`, BOLD_WEIGHT: (text: string) => text, printReceived: String },
    };
    const error = thrownBy(() => createMatchers('jest').toBeFormat!.call(context as never, STREAM, 'openai'));
    expect(error).toBeInstanceOf(SseReconstructError);
    expect(error).toMatchObject({ code: 'ERR_SSE_MATCHER_USAGE', message: expect.stringMatching(/^expect\(received\)\.toBeFormat\(expected\)\n\nMatcher error: The format "openai" is not known/) });
  });

  it('only codes of the table, and every class of the table', () => {
    expect(Object.keys(LIBRARY_ERROR_CODES)).toEqual(expect.arrayContaining([...new Set([...MISUSES, ...ASYNC_MISUSES].map(([, , code]) => code))]));
    expect(new Set(Object.values(LIBRARY_ERROR_CODES).map((entry) => entry.thrownAs))).toEqual(new Set(['SseReconstructError', 'SseReconstructRangeError']));
  });

  it('instanceof holds for an error from another copy of the class (a separate bundle)', () => {
    const copy = Object.assign(new TypeError('sse-reconstruct: x'), { code: 'ERR_SSE_OPTION' });
    Object.defineProperty(copy, Symbol.for('sse-reconstruct.error'), { value: 'SseReconstructError' });
    expect(copy).toBeInstanceOf(SseReconstructError);
    expect(new TypeError('sse-reconstruct: x')).not.toBeInstanceOf(SseReconstructError);
  });
});

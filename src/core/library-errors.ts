// The errors this library throws: one class a user can catch (a TypeError, as misuse is), each with a `code` from one
// table, and a message that starts with one prefix. docs/errors.md's table of codes is generated from this one.

/** What every message of an error this library throws starts with (matcher failures aside: see ERR_SSE_MATCHER_USAGE). */
export const ERROR_PREFIX = 'sse-reconstruct: ';

/** One code of the errors this library throws: what it means and what to do. */
export interface LibraryErrorEntry {
  meaning: string;
  fix: string;
  /** The class it is thrown as. */
  thrownAs: 'SseReconstructError' | 'SseReconstructRangeError';
}

/** Every code an error of this library carries. Bad input never throws: only a call the library cannot serve does. */
export const LIBRARY_ERROR_CODES = {
  ERR_SSE_OPTION: {
    meaning: 'An option is not one the function takes, or its value is not of the kind the option takes.',
    fix: 'The message names the option, what it takes and, for a near miss, the name you may have meant.',
    thrownAs: 'SseReconstructError',
  },
  ERR_SSE_ARGUMENT: {
    meaning: 'An argument is not of the kind the function reads: a stream that is neither text, bytes nor chunks; an unknown format, fixture or route; a response of another shape.',
    fix: 'Pass what the message says the function takes; a live stream goes to the async functions (`reconstructStream()`, `inspectStream()`).',
    thrownAs: 'SseReconstructError',
  },
  ERR_SSE_STATE: {
    meaning: 'A call came when it cannot be served: `push()` after `end()`, a field of `useStreamServer()` read before `beforeAll` ran, `waitForDisconnect()` before any request, or a live stream read again with other options once its text was let go.',
    fix: 'Make a new decoder, reconstruction or inspection for a new stream; read server fields inside tests; pass the options to the first read of a stream.',
    thrownAs: 'SseReconstructError',
  },
  ERR_SSE_FAULT: {
    meaning: 'A fault cannot apply to this stream: the frame it names is not there, it needs a format the frames do not tell, or an earlier fault took away what it changes.',
    fix: 'Name a frame the stream has, give the format (`scriptOf(stream, { format })`), or apply the faults in another order; the message says which.',
    thrownAs: 'SseReconstructError',
  },
  ERR_SSE_TEXT_NOT_KEPT: {
    meaning: "`source.text()` was asked for a body the read did not keep whole: longer than the 1,048,576 characters the frames table keeps, or read with `frames: false`.",
    fix: 'Read the body from `response.clone()`, or read the stream with the frames table on.',
    thrownAs: 'SseReconstructRangeError',
  },
  ERR_SSE_NO_DISCONNECT: {
    meaning: "`waitForDisconnect()` saw no client leave: the response ended first, or the client was still connected after `timeoutMs`. It is the fault server's way to fail a test of a relay that kept its upstream call open.",
    fix: 'Make the code under test cancel its upstream request when its own client leaves.',
    thrownAs: 'SseReconstructError',
  },
  ERR_SSE_MATCHER_USAGE: {
    meaning: "A matcher was given an argument it cannot use, or a received value it cannot read. The message is in the runner's own form (the matcher hint, then `Matcher error:`), without the prefix, as every Jest and Vitest matcher writes it.",
    fix: 'Pass what `Matcher error:` says; the failure holds whether or not `.not` was used.',
    thrownAs: 'SseReconstructError',
  },
  ERR_SSE_NOT_AWAITED: {
    meaning: "A matcher that reads a stream returned a promise that the test did not await; the `afterEach` hook fails the test with the matcher's own result. In the runner's form, without the prefix.",
    fix: 'Write `await expect(…).toX(…)`.',
    thrownAs: 'SseReconstructError',
  },
  ERR_SSE_PAGE_NOT_BUILT: {
    meaning: "The CLI's page (`dist/web/sse-reconstruct.html`) is missing or not the one the package ships, so `--html` and `--open` cannot write it.",
    fix: 'Build the package (`npm run build`), or reinstall it.',
    thrownAs: 'SseReconstructError',
  },
} as const satisfies Record<string, LibraryErrorEntry>;

/** Marks errors of this library, so `instanceof` holds across the copies of the classes that separate bundles carry. */
const BRAND = Symbol.for('sse-reconstruct.error');

function isBranded(value: unknown, name: string): boolean {
  return typeof value === 'object' && value !== null && (value as { [BRAND]?: unknown })[BRAND] === name;
}

/** The code of an error this library throws. */
export type LibraryErrorCode = keyof typeof LIBRARY_ERROR_CODES;

/**
 * What this library throws when it is called in a way it cannot serve (bad input never throws: it gets findings). A
 * TypeError, so `toThrow(TypeError)` holds; catch it by class or by `code`.
 */
export class SseReconstructError extends TypeError {
  /** Which kind of misuse this is, from `LIBRARY_ERROR_CODES`. */
  readonly code: LibraryErrorCode;

  constructor(code: LibraryErrorCode, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'SseReconstructError';
    this.code = code;
    Object.defineProperty(this, BRAND, { value: 'SseReconstructError' });
  }

  /** True for an error of this class from any copy of the package (each CommonJS entry bundles its own). */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return isBranded(value, 'SseReconstructError');
  }
}

/** What `source.text()` throws for a body it did not keep whole: a RangeError with a `code`, like `SseReconstructError`. */
export class SseReconstructRangeError extends RangeError {
  /** `ERR_SSE_TEXT_NOT_KEPT`. */
  readonly code: LibraryErrorCode;

  constructor(code: LibraryErrorCode, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'SseReconstructRangeError';
    this.code = code;
    Object.defineProperty(this, BRAND, { value: 'SseReconstructRangeError' });
  }

  /** True for an error of this class from any copy of the package. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return isBranded(value, 'SseReconstructRangeError');
  }
}

import type { MatcherContext, MatcherResult } from './context.js';
import type { MatcherFunction } from './define.js';
import { SseReconstructError } from '../core/index.js';

/**
 * Neither runner notices an async matcher nobody awaited: Vitest passes the test, Jest crashes on the rejection.
 * The guard hands back a thenable that knows whether the test consumed it, and a hook fails the test that did not.
 */
interface Call {
  name: string;
  /** Set when the test awaited the result (or chained on it), after the runner's own plumbing. */
  consumed: boolean;
  /** The failure message, or null when the check passed; resolves once the stream is read. */
  failure: Promise<string | null>;
  /** The stack from the test's line down: the error points there, not at the hook. */
  site: string[];
}

let calls: Call[] = [];

type Handler = ((value: unknown) => unknown) | null | undefined;

/** A promise's surface, so the test and the runner chain on it as on any promise. */
interface Thenable {
  then(onFulfilled?: Handler, onRejected?: Handler): Thenable;
  catch(onRejected?: Handler): Thenable;
  finally(onFinally?: (() => void) | null): Thenable;
}

/** Wraps matchers so a promise they return must be awaited by the test. */
export function guardMatchers<M extends Record<string, MatcherFunction>>(matchers: M): M {
  const guarded: Record<string, MatcherFunction> = {};
  for (const [name, matcher] of Object.entries(matchers)) {
    guarded[name] = function guardedMatcher(this: MatcherContext, received: unknown, ...args: unknown[]) {
      const result = matcher.call(this, received, ...args);
      return result instanceof Promise ? (track(name, result, this.isNot === true) as unknown as Promise<MatcherResult>) : result;
    };
  }
  return guarded as M;
}

function track(name: string, result: Promise<MatcherResult>, isNot: boolean): Thenable {
  const call: Call = {
    name,
    consumed: false,
    failure: result.then(
      (outcome) => (outcome.pass === isNot ? outcome.message() : null),
      (error: unknown) => String((error as { message?: unknown } | null)?.message ?? error),
    ),
    site: testStack(),
  };
  calls.push(call);
  // The runner chains one handler on the result inside `expect()` (Vitest: then; Jest: then, catch). A consumer
  // passes a rejection handler (`await`, a returned promise, Promise.all) or comes later.
  let plumbing = true;
  queueMicrotask(() => {
    plumbing = false;
  });
  const wrap = (promise: Promise<unknown>, depth: number): Thenable => {
    // Reported by the hook if nobody awaits it, instead of as an unhandled rejection outside any test.
    promise.catch(() => undefined);
    const consume = (handlesRejection: boolean) => {
      if (handlesRejection || !plumbing) call.consumed = true;
    };
    return {
      then(onFulfilled, onRejected) {
        consume(typeof onRejected === 'function');
        const next = promise.then(onFulfilled, onRejected);
        // The runner builds its failure inside this callback, with no trace of the test: point it at the test's line.
        return wrap(depth === 0 && plumbing ? next.catch((error: unknown) => Promise.reject(atTestLine(error, call.site))) : next, depth + 1);
      },
      catch(onRejected) {
        consume(false);
        return wrap(promise.catch(onRejected), depth + 1);
      },
      finally(onFinally) {
        consume(false);
        return wrap(promise.finally(onFinally), depth + 1);
      },
    };
  };
  return wrap(result, 0);
}

function atTestLine(error: unknown, site: readonly string[]): unknown {
  if (site.length === 0 || typeof error !== 'object' || error === null) return error;
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (typeof message !== 'string') return error;
  (error as { stack?: string }).stack = `${typeof name === 'string' ? name : 'Error'}: ${message}\n${site.map((line) => `    ${line}`).join('\n')}`;
  return error;
}

/** How long the hook waits for a forgotten check to finish reading, to say whether it passed. */
const SETTLE_MS = 2000;

/** The `afterEach` hook: fails the test when a matcher it called was not awaited. */
export async function checkAwaited(): Promise<void> {
  const forgotten = calls.filter((call) => !call.consumed);
  calls = [];
  if (forgotten.length === 0) return;
  const reports = await Promise.all(forgotten.map(report));
  const error = new SseReconstructError('ERR_SSE_NOT_AWAITED', reports.join('\n\n'));
  const site = forgotten[0]?.site ?? [];
  if (site.length > 0) error.stack = `Error: ${error.message}\n${site.map((line) => `    ${line}`).join('\n')}`;
  throw error;
}

async function report(call: Call): Promise<string> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<'pending'>((resolve) => {
    timer = setTimeout(() => resolve('pending'), SETTLE_MS);
  });
  const failure = await Promise.race([call.failure, timeout]);
  clearTimeout(timer);
  const location = /([^()\s]+:\d+:\d+)\)?$/.exec(call.site[0] ?? '')?.[1];
  const where = location ? ` at ${location}` : '';
  const head = `expect(…).${call.name}() was not awaited${where}. It reads a stream, so it returns a promise: without \`await\` the test ends before the check does and a failure is lost. Write \`await expect(…).${call.name}(…)\`.`;
  if (failure === 'pending') return `${head}\nThe check had not finished ${SETTLE_MS} ms after the test ended.`;
  return failure === null ? `${head}\nThe check itself passed.` : `${head}\nThe check itself failed:\n\n${failure}`;
}

/** The stack lines outside this file and the runners: the test's own line first. */
function testStack(): string[] {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 40; // the runners add a dozen frames between the test and here
  const stack = new Error().stack ?? '';
  Error.stackTraceLimit = limit;
  const lines = stack.split('\n').map((text) => text.trim()).filter((text) => text.startsWith('at '));
  const own = fileOf(lines[0] ?? '');
  return lines.filter((text) => !(own && text.includes(own)) && !/node_modules|node:internal|[\\/]src[\\/]matchers[\\/]/.test(text));
}

/** The file of a stack line: `at fn (/path/file.js:1:2)` or `at /path/file.js:1:2`. */
function fileOf(line: string): string | null {
  const match = /\(?([^()\s]+?):\d+:\d+\)?$/.exec(line);
  return match?.[1] ?? null;
}

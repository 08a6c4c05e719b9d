import { mediaTypeOf } from '../core/index.js';
import type { MatcherCheck } from './define.js';
import type { Received } from './input.js';
import { isPlainObject } from './paths.js';
import type { ToBeEventStreamOptions } from './types.js';

type Args = [options?: ToBeEventStreamOptions];

interface HeaderCheck {
  /** What a client or proxy needs, in a few words. */
  want: string;
  /** What the Response has, or null when it is right. */
  problem(headers: Record<string, string>, status: number): string | null;
}

const CHECKS: Record<string, HeaderCheck> = {
  status: {
    want: 'a 2xx status',
    problem: (_headers, status) => (status >= 200 && status <= 299 ? null : `the status is ${status}: answer 200 once the stream starts (fetch-based clients and the SDKs throw on any other and never read the events)`),
  },
  'content-type': {
    want: 'content-type: text/event-stream',
    problem: (headers) =>
      mediaTypeOf(headers['content-type']) === 'text/event-stream' ? null : `content-type is ${shown(headers['content-type'])}: set \`content-type: text/event-stream\``,
  },
  'cache-control': {
    want: 'cache-control: no-cache',
    problem: (headers) =>
      /(^|,)\s*no-(cache|store)\s*(,|$)/i.test(headers['cache-control'] ?? '')
        ? null
        : `cache-control is ${shown(headers['cache-control'])}: set \`cache-control: no-cache\` so no cache or CDN holds the stream`,
  },
  'x-accel-buffering': {
    want: 'x-accel-buffering: no',
    problem: (headers) =>
      (headers['x-accel-buffering'] ?? '').trim().toLowerCase() === 'no'
        ? null
        : `x-accel-buffering is ${shown(headers['x-accel-buffering'])}: set \`x-accel-buffering: no\` so nginx (and the proxies that follow it) pass each chunk on at once instead of buffering it (pass { xAccelBuffering: false } when no such proxy is in front)`,
  },
  'content-length': {
    want: 'no content-length',
    problem: (headers) =>
      headers['content-length'] === undefined ? null : `content-length is ${shown(headers['content-length'])}: remove it, and let the body go out chunked as it is written (with a length, proxies wait for the whole body)`,
  },
  'content-encoding': {
    want: 'no compression',
    problem: (headers) => {
      const encoding = (headers['content-encoding'] ?? 'identity').trim().toLowerCase();
      return encoding === 'identity' ? null : `content-encoding is ${shown(headers['content-encoding'])}: do not compress the stream (a compressor holds bytes until its block fills); exclude text/event-stream from compression`;
    },
  },
};

/** A Response a client and the proxies between will read as an event stream, as it arrives. */
export const toBeEventStream: MatcherCheck<Args> = {
  name: 'toBeEventStream',
  hint: ([options]) => (options === undefined ? { expected: '' } : { expected: 'options' }),
  validate([options]) {
    if (options === undefined) return;
    if (!isPlainObject(options)) throw new TypeError('The options must be an object such as { xAccelBuffering: false }.');
    for (const [key, value] of Object.entries(options)) {
      if (key !== 'xAccelBuffering') throw new TypeError(`${JSON.stringify(key)} is not an option of toBeEventStream(); the option is xAccelBuffering.`);
      if (typeof value !== 'boolean') throw new TypeError('options.xAccelBuffering must be true or false.');
    }
  },
  evaluate(_context, received, [options]) {
    const { status, headers } = responseOf(received);
    const names = Object.keys(CHECKS).filter((name) => name !== 'x-accel-buffering' || options?.xAccelBuffering !== false);
    const problems = names.map((name) => (CHECKS[name] as HeaderCheck).problem(headers, status)).filter((problem): problem is string => problem !== null);
    const wanted = names.map((name) => (CHECKS[name] as HeaderCheck).want).join(', ');
    return {
      pass: problems.length === 0,
      failure: `Expected a Response a client reads as an event stream (${wanted}); ${problems.join('; ')}.`,
      notFailure: `Expected a Response that is not an event stream; it has ${wanted}.`,
      diff: { expected: expectedHeaders(names), actual: actualHeaders(names, headers, status) },
      findings: received.findings.filter((finding) => finding.code === 'http status' || finding.code === 'content type'),
    };
  },
};

function responseOf(received: Received): { status: number; headers: Record<string, string> } {
  const source = received.source;
  if (source?.kind !== 'Response' || source.status === null || source.headers === null) {
    const what = source ? `a ${source.kind}` : 'text or a reconstruction';
    throw new TypeError(`toBeEventStream() checks a fetch Response's status and headers; it received ${what}. Pass the Response itself: await expect(res).toBeEventStream().`);
  }
  return { status: source.status, headers: source.headers };
}

function expectedHeaders(names: readonly string[]): Record<string, string> {
  const wanted: Record<string, string> = { status: '2xx', 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'x-accel-buffering': 'no', 'content-length': '(none)', 'content-encoding': '(none)' };
  return Object.fromEntries(names.map((name) => [name, wanted[name] ?? '']));
}

/** What the Response has where a check fails; the expected value where it holds, so the diff shows only failures. */
function actualHeaders(names: readonly string[], headers: Record<string, string>, status: number): Record<string, string> {
  const expected = expectedHeaders(names);
  return Object.fromEntries(
    names.map((name) => {
      if ((CHECKS[name] as HeaderCheck).problem(headers, status) === null) return [name, expected[name] ?? ''];
      return [name, name === 'status' ? String(status) : (headers[name] ?? '(none)')];
    }),
  );
}

function shown(value: string | undefined): string {
  return value === undefined ? 'missing' : JSON.stringify(value);
}

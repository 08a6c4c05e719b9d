// Checking the kit's options: misuse throws an SseReconstructError that says what to pass; the routes come out with
// their defaults filled in.
import { describeArgument, FORMAT_NAMES, isObject, SseReconstructError, suggestion, type FormatName } from '../core/index.js';
import type { ResolvedRoute } from './exchange.js';
import { checkRelay } from './relay-client.js';
import type { ConformanceBounds, ConformanceOptions, ConformanceRoute } from './types.js';

/** The bounds unless told, in milliseconds. */
export const DEFAULT_BOUNDS: Required<ConformanceBounds> = { firstContentMs: 500, cancelMs: 1000, idleMs: 1000, caseMs: 15_000 };
/** How many cases run at once unless told. */
export const DEFAULT_CONCURRENCY = 4;
/** A route's heartbeat when it says `heartbeat: true`. */
const DEFAULT_HEARTBEAT_MS = 1000;

const OPTION_KEYS = ['relay', 'routes', 'cases', 'skip', 'bounds', 'concurrency', 'xAccelBuffering', 'report', 'print', 'title', 'runner'];
const ROUTE_KEYS = ['path', 'from', 'to', 'upstream', 'heartbeat', 'request', 'name', 'compare'];

function fail(message: string): never {
  throw new SseReconstructError('ERR_SSE_OPTION', `sse-reconstruct: relay conformance: ${message}`);
}

function knownKeys(value: Record<string, unknown>, keys: readonly string[], where: string): void {
  for (const key of Object.keys(value)) {
    if (!keys.includes(key)) fail(`${JSON.stringify(key)} is not an option of ${where}${suggestion(key, keys)}; the options are ${keys.join(', ')}.`);
  }
}

function formatOf(value: unknown, where: string): FormatName {
  if (typeof value === 'string' && (FORMAT_NAMES as readonly string[]).includes(value)) return value as FormatName;
  return fail(`${where} must be one of ${FORMAT_NAMES.join(', ')}; it is ${describeArgument(value)}.`);
}

function heartbeatOf(value: unknown, where: string): number | null {
  if (value === undefined || value === false) return null;
  if (value === true) return DEFAULT_HEARTBEAT_MS;
  if (typeof value === 'number' && Number.isFinite(value) && value >= 1) return value;
  return fail(`${where}.heartbeat must be the longest silence in milliseconds before the relay writes a heartbeat (or true for ${DEFAULT_HEARTBEAT_MS}); it is ${describeArgument(value)}.`);
}

function routeOf(value: unknown, index: number): ResolvedRoute {
  const where = `routes[${index}]`;
  if (!isObject(value)) return fail(`${where} must be { path, from, to, upstream }; it is ${describeArgument(value)}.`);
  knownKeys(value, ROUTE_KEYS, where);
  const route = value as Partial<ConformanceRoute>;
  if (typeof route.path !== 'string' || !route.path.startsWith('/')) fail(`${where}.path must be the path on the relay, starting with '/' ('/v1/chat/completions'); it is ${describeArgument(route.path)}.`);
  const from = formatOf(route.from, `${where}.from`);
  const to = formatOf(route.to, `${where}.to`);
  if (typeof route.upstream !== 'function' && (typeof route.upstream !== 'string' || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(route.upstream))) {
    fail(`${where}.upstream must be a callback given the upstream's base URL ((baseUrl) => { process.env.X_BASE_URL = baseUrl }) or the name of a header the kit sets to it on each request; it is ${describeArgument(route.upstream)}.`);
  }
  if (route.request !== undefined && !isObject(route.request)) fail(`${where}.request must be { method?, body?, headers? }; it is ${describeArgument(route.request)}.`);
  if (route.name !== undefined && typeof route.name !== 'string') fail(`${where}.name must be a string; it is ${describeArgument(route.name)}.`);
  if (route.compare !== undefined && !isObject(route.compare)) fail(`${where}.compare must be { ignore?, usage?, ids? }; it is ${describeArgument(route.compare)}.`);
  return {
    name: route.name ?? `${from} → ${to} ${route.path}`,
    path: route.path as string,
    from,
    to,
    upstream: route.upstream as ResolvedRoute['upstream'],
    heartbeatMs: heartbeatOf(route.heartbeat, where),
    request: { ...route.request },
    compare: { ...route.compare },
  };
}

function boundsOf(value: unknown): Required<ConformanceBounds> {
  if (value === undefined) return { ...DEFAULT_BOUNDS };
  if (!isObject(value)) return fail(`bounds must be { firstContentMs?, cancelMs?, idleMs?, caseMs? }; it is ${describeArgument(value)}.`);
  knownKeys(value, Object.keys(DEFAULT_BOUNDS), 'bounds');
  const bounds = { ...DEFAULT_BOUNDS };
  for (const [key, given] of Object.entries(value)) {
    if (given === undefined) continue;
    if (typeof given !== 'number' || !Number.isFinite(given) || given < 1) fail(`bounds.${key} must be a number of milliseconds ≥ 1; it is ${describeArgument(given)}.`);
    bounds[key as keyof ConformanceBounds] = given;
  }
  return bounds;
}

function namesOf(value: unknown, name: string): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((entry) => typeof entry !== 'string')) fail(`${name} must be an array of case names, rule ids or prefixes ('framing:'); it is ${describeArgument(value)}.`);
  return [...(value as string[])];
}

/** The kit's options, checked, with defaults. */
export interface CheckedOptions {
  relay: ConformanceOptions['relay'];
  routes: ResolvedRoute[];
  cases: string[];
  skip: string[];
  bounds: Required<ConformanceBounds>;
  concurrency: number;
  xAccelBuffering: boolean;
}

/** Checks the options of `runRelayConformance()` and `relayConformance()`. */
export function checkOptions(options: unknown): CheckedOptions {
  if (!isObject(options)) return fail(`pass { relay, routes: [{ path, from, to, upstream }] }; it received ${describeArgument(options)}.`);
  knownKeys(options, OPTION_KEYS, 'the kit');
  checkRelay(options.relay);
  if (!Array.isArray(options.routes) || options.routes.length === 0) fail(`routes must be a non-empty array of { path, from, to, upstream }; it is ${describeArgument(options.routes)}.`);
  const routes = (options.routes as unknown[]).map(routeOf);
  const names = new Set<string>();
  for (const route of routes) {
    if (names.has(route.name)) fail(`two routes are named ${JSON.stringify(route.name)}: give each a \`name\`.`);
    names.add(route.name);
  }
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  if (typeof concurrency !== 'number' || !Number.isInteger(concurrency) || concurrency < 1) fail(`concurrency must be a whole number ≥ 1; it is ${describeArgument(concurrency)}.`);
  if (options.xAccelBuffering !== undefined && typeof options.xAccelBuffering !== 'boolean') fail(`xAccelBuffering must be true or false; it is ${describeArgument(options.xAccelBuffering)}.`);
  return {
    relay: options.relay as ConformanceOptions['relay'],
    routes,
    cases: namesOf(options.cases, 'cases'),
    skip: namesOf(options.skip, 'skip'),
    bounds: boundsOf(options.bounds),
    concurrency: concurrency as number,
    xAccelBuffering: options.xAccelBuffering !== false,
  };
}

/** True when a case is named by one of `names`: its name, its rule id, or a prefix of its name. */
export function named(names: readonly string[], name: string, rule: string): boolean {
  return names.some((entry) => entry === name || entry === rule || name.startsWith(entry));
}

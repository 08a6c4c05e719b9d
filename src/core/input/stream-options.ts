import type { Deadlines } from '../model.js';
import { checkOptions, checkOptionTable, RECONSTRUCT_OPTION_RULES, type OptionRules } from '../options.js';

/** The options only a live read takes, beside those of reconstruct() (whose deadlines it enforces while reading). */
export const STREAM_OPTION_RULES: OptionRules = {
  signal: { expects: 'an AbortSignal (such as AbortSignal.timeout(5000) or controller.signal)', accepts: isAbortSignal },
  startedAt: { expects: 'a performance.now() reading taken when the request was sent', accepts: (value) => typeof value === 'number' && Number.isFinite(value) },
};

/** Checks the options of `reconstructStream()`: a wrong one throws a TypeError that says what to pass. */
export function checkStreamOptions(options: unknown): void {
  checkOptions(options, { where: 'reconstructStream', extraRules: STREAM_OPTION_RULES });
}

/** Checks what `configure()` takes: `{ deadlines }`. */
export function checkMatcherSettings(settings: unknown): void {
  checkOptionTable(settings, { deadlines: RECONSTRUCT_OPTION_RULES.deadlines as OptionRules[string] }, { where: 'configure', name: 'settings', example: '{ deadlines: { firstContentMs: 2000, idleMs: 2000, totalMs: 4000 } }' });
}

function isAbortSignal(value: unknown): value is AbortSignal {
  const candidate = value as Partial<AbortSignal> | null;
  return typeof candidate === 'object' && candidate !== null && typeof candidate.aborted === 'boolean' && typeof candidate.addEventListener === 'function';
}

/** What `configure()` sets for the live reads of a test file: the matchers' and `reconstructStream()`'s. */
export interface RunnerSettings {
  deadlines?: Deadlines;
}

// On globalThis under a registered symbol: the runner entry points, `sse-reconstruct/matchers` and the main entry are
// separate bundles, and configure() from any of them must reach the live reads of all.
const SETTINGS = Symbol.for('sse-reconstruct.matcher-settings');
type Holder = { [SETTINGS]?: RunnerSettings };

/** The settings `configure()` set (an empty object when it was never called). */
export function runnerSettings(): RunnerSettings {
  return (globalThis as Holder)[SETTINGS] ?? {};
}

/** Replaces the settings (already checked); returns those it replaced. */
export function setRunnerSettings(settings: RunnerSettings): RunnerSettings {
  const previous = runnerSettings();
  (globalThis as Holder)[SETTINGS] = settings.deadlines === undefined ? {} : { deadlines: { ...settings.deadlines } };
  return previous;
}

/** The deadlines a live read holds to: the configured ones, with those `given` names over them (a partial object keeps the rest). */
export function withConfiguredDeadlines(given: Deadlines | undefined): Deadlines | undefined {
  const configured = runnerSettings().deadlines;
  return configured === undefined ? given : { ...configured, ...given };
}

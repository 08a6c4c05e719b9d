// A conformance run: the plan (route × case, known before anything starts, so runners can register one test each),
// the session that serves the upstream and reaches the relay, and `runRelayConformance()`, which runs every case.
import { SseReconstructError } from '../core/index.js';
import { casesOf, type CaseDefinition } from './cases.js';
import type { CellResult } from './checks.js';
import type { CaseContext, ResolvedRoute } from './exchange.js';
import { checkOptions, named, type CheckedOptions } from './options.js';
import { openRelay, type RelayClient } from './relay-client.js';
import { CONFORMANCE_RULES, ruleOf } from './rules.js';
import type { ConformanceCell, ConformanceMatrix, ConformanceOptions } from './types.js';
import { Upstream } from './upstream.js';

/** One route × case of the plan: skipped (with why) or to run. */
export interface PlannedCase {
  route: ResolvedRoute;
  definition: CaseDefinition;
  /** Why it does not run, or null. */
  skip: string | null;
}

/** Every route × case the options ask for, in the matrix's order. */
export function planOf(options: CheckedOptions): PlannedCase[] {
  return options.routes.flatMap((route) =>
    casesOf(route, options.bounds)
      .filter((definition) => options.cases.length === 0 || named(options.cases, definition.name, definition.rule))
      .map((definition) => ({
        route,
        definition,
        skip: named(options.skip, definition.name, definition.rule) ? 'left out by the `skip` option' : definition.skip,
      })),
  );
}

/** A bound on how many cases run at once. */
export class Limiter {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running += 1;
    try {
      return await task();
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }
}

/** The cell of a skipped case. */
export function skippedCell(planned: PlannedCase): ConformanceCell {
  const { route, definition } = planned;
  return { route: route.name, case: definition.name, rule: definition.rule, reason: ruleOf(definition.rule).reason, status: 'skipped', why: planned.skip ?? '', durationMs: 0 };
}

/** The upstream and the relay of a run, open; `runCase` runs one planned case on them. */
export class ConformanceSession {
  private nextId = 1;
  private readonly limiter: Limiter;

  private constructor(
    private readonly options: CheckedOptions,
    private readonly upstream: Upstream,
    private readonly relay: RelayClient,
  ) {
    // A route whose own body carries no case mark, reached through one shared base URL, can only be told one at a time.
    const unmarked = options.routes.some((route) => route.request.body !== undefined && typeof route.upstream === 'function');
    this.limiter = new Limiter(unmarked ? 1 : options.concurrency);
  }

  static async open(options: CheckedOptions): Promise<ConformanceSession> {
    const upstream = await Upstream.start();
    let relay: RelayClient | null = null;
    try {
      relay = await openRelay(options.relay);
      for (const route of options.routes) if (typeof route.upstream === 'function') await route.upstream(upstream.url);
      return new ConformanceSession(options, upstream, relay);
    } catch (error) {
      await relay?.close();
      await upstream.close();
      throw error;
    }
  }

  /** Runs a case (waiting for a free slot): its cell, pass or fail, never a throw. */
  runCase(planned: PlannedCase): Promise<ConformanceCell> {
    if (planned.skip !== null) return Promise.resolve(skippedCell(planned));
    return this.limiter.run(async () => {
      const started = performance.now();
      const context: CaseContext = { id: this.nextId++, route: planned.route, upstream: this.upstream, relay: this.relay, bounds: this.options.bounds, xAccelBuffering: this.options.xAccelBuffering };
      let result: CellResult;
      try {
        result = await planned.definition.run(context);
      } catch (error) {
        result = { status: 'fail', why: `the case failed to run: ${error instanceof Error ? error.message : String(error)}` };
      }
      const { route, definition } = planned;
      const cell: ConformanceCell = { route: route.name, case: definition.name, rule: definition.rule, reason: ruleOf(definition.rule).reason, status: result.status, why: result.why, durationMs: Math.round(performance.now() - started) };
      if (result.details !== undefined && result.status === 'fail') cell.details = result.details;
      return cell;
    });
  }

  async close(): Promise<void> {
    await this.relay.close();
    await this.upstream.close();
  }
}

/** The matrix of a run's cells, in the plan's order. */
export function matrixOf(options: CheckedOptions, cells: readonly ConformanceCell[], startedAt: Date, durationMs: number): ConformanceMatrix {
  const totals = { pass: 0, fail: 0, skipped: 0 };
  for (const cell of cells) totals[cell.status] += 1;
  return {
    version: 1,
    startedAt: startedAt.toISOString(),
    durationMs: Math.round(durationMs),
    routes: options.routes.map(({ name, path, from, to }) => ({ name, path, from, to })),
    rules: CONFORMANCE_RULES.map((rule) => ({ ...rule })),
    cells: [...cells],
    totals,
  };
}

/**
 * Runs every case of every route through the relay (cases at once, up to `concurrency`) and resolves to the matrix:
 * one cell per route × case, pass, fail (with what shows it) or skipped (with why). Throws only on misuse.
 */
export async function runRelayConformance(options: ConformanceOptions): Promise<ConformanceMatrix> {
  const checked = checkOptions(options);
  const plan = planOf(checked);
  if (plan.length === 0) throw new SseReconstructError('ERR_SSE_OPTION', 'sse-reconstruct: relay conformance: the `cases` option leaves no case to run; pass case names, rule ids or prefixes such as \'framing:\'.');
  const startedAt = new Date();
  const started = performance.now();
  const session = await ConformanceSession.open(checked);
  try {
    const cells = await Promise.all(plan.map((planned) => session.runCase(planned)));
    return matrixOf(checked, cells, startedAt, performance.now() - started);
  } finally {
    await session.close();
  }
}

// Each broken gateway fails exactly its cells: one test per flaw, its whole matrix run by runRelayConformance. The
// flaws are spread over a few files, grouped by what they break, so that Vitest runs the groups side by side, a
// worker each: a matrix spends its time waiting on the kit's bounds (frames held back, stalls, heartbeats, leaves),
// not on the CPU, and one event loop per group keeps those timings as they are when a matrix runs alone.
import { runRelayConformance } from 'sse-reconstruct/conformance';
import { describe, expect, test } from 'vitest';
import type { GatewayFlaw } from '../../src/gateway.cjs';
import { BROKEN, brokenUnderTest, failingCells } from '../gateway-conformance.cjs';

/** The flaws of each broken-*.test.ts file (conformance.test.ts checks that they cover BROKEN, each once). */
export const FLAW_GROUPS = {
  connection: ['keeps-upstream', 'no-heartbeat'],
  failures: ['done-after-cut', 'swallows-error'],
  framing: ['empty-on-comment', 'crlf-whole'],
  content: ['decodes-each-read', 'drops-first-characters', 'refusal-to-stop', 'drops-usage'],
} as const satisfies Record<string, readonly GatewayFlaw[]>;

/** Registers, one after another, a test per flaw: its gateway's matrix fails exactly the cells BROKEN lists. */
export function brokenGateways(flaws: readonly GatewayFlaw[]): void {
  describe('each broken gateway fails exactly its cells', () => {
    test.each(flaws)('%s', async (flaw) => {
      const matrix = await runRelayConformance(brokenUnderTest(flaw));
      expect(failingCells(matrix)).toEqual([...BROKEN[flaw].failing].sort());
    });
  });
}

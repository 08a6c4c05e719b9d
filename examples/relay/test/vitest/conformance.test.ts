// The gateway against the relay conformance kit, under Vitest: the correct gateway passes every case of both routes
// (one test per route × case, registered by relayConformance), and each broken gateway fails exactly its cells (asserted
// here only: the Jest suite runs the correct gateway, which proves the kit's Jest registration).
import { relayConformance, runRelayConformance } from 'sse-reconstruct/conformance';
import { describe, expect, test } from 'vitest';
import type { GatewayFlaw } from '../../src/gateway.cjs';
import { BROKEN, brokenUnderTest, failingCells, gatewayUnderTest } from '../gateway-conformance.cjs';

relayConformance({ ...gatewayUnderTest(), title: 'the gateway, correct', print: false });

describe('each broken gateway fails exactly its cells', () => {
  test.each(Object.keys(BROKEN) as GatewayFlaw[])('%s', async (flaw) => {
    const matrix = await runRelayConformance(brokenUnderTest(flaw));
    expect(failingCells(matrix)).toEqual([...BROKEN[flaw].failing].sort());
  });
});

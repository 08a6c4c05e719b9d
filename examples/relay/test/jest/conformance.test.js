// The gateway against the relay conformance kit, under Jest: the correct gateway passes every case of both routes
// (one test per route × case, registered by relayConformance), and each broken gateway fails exactly its cells.
const { relayConformance, runRelayConformance } = require('sse-reconstruct/conformance');
const { BROKEN, brokenUnderTest, failingCells, gatewayUnderTest } = require('../gateway-conformance.cjs');

relayConformance({ ...gatewayUnderTest(), title: 'the gateway, correct', print: false });

describe('each broken gateway fails exactly its cells', () => {
  test.each(Object.keys(BROKEN))('%s', async (flaw) => {
    const matrix = await runRelayConformance(brokenUnderTest(/** @type {import('../../src/gateway.cjs').GatewayFlaw} */ (flaw)));
    expect(failingCells(matrix)).toEqual([...BROKEN[flaw].failing].sort());
  });
});

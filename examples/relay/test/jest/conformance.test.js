// The gateway against the relay conformance kit, under Jest: the correct gateway passes every case of both routes
// (one test per route × case, registered by relayConformance through Jest's globals). Each broken gateway's exact
// failing cells are asserted once, under Vitest (test/vitest/broken-*.test.ts): the kit's matrix is the same
// whichever runner drives it, and this suite is what proves the Jest registration.
const { relayConformance } = require('sse-reconstruct/conformance');
const { gatewayUnderTest } = require('../gateway-conformance.cjs');

relayConformance({ ...gatewayUnderTest(), title: 'the gateway, correct', print: false });

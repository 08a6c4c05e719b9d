// The gateway against the relay conformance kit, under Vitest: the correct gateway passes every case of both routes
// (one test per route × case, registered by relayConformance). Each broken gateway's exact failing cells are asserted
// in the broken-*.test.ts files, under Vitest only: the Jest suite runs the correct gateway, which proves the kit's
// Jest registration.
import { relayConformance } from 'sse-reconstruct/conformance';
import { expect, test } from 'vitest';
import { BROKEN, gatewayUnderTest } from '../gateway-conformance.cjs';
import { FLAW_GROUPS } from './broken-gateways.js';

relayConformance({ ...gatewayUnderTest(), title: 'the gateway, correct', print: false });

test('the broken-*.test.ts files run every broken gateway, each once', () => {
  expect(Object.values(FLAW_GROUPS).flat().sort()).toEqual(Object.keys(BROKEN).sort());
});

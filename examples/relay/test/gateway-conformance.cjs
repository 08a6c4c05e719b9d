// What the gateway's conformance suites (Vitest and Jest) share: its two routes as the kit takes them, the bounds,
// and, for each broken gateway, the exact cells the kit must fail: a kit that misses one or reports one more fails
// the suite. A cell is named `<route> · <case>`.
const { createGateway, UPSTREAM_HEADER } = require('../src/gateway.cjs');

/**
 * @typedef {import('../src/gateway.cjs').GatewayFlaw} GatewayFlaw
 * @typedef {import('sse-reconstruct/conformance').ConformanceMatrix} ConformanceMatrix
 * @typedef {import('sse-reconstruct/conformance').ConformanceOptions} ConformanceOptions
 */

const PASS_THROUGH = 'chat → chat';
const TRANSLATED = 'claude → chat';

/** The gateway writes a heartbeat once it has been quiet this long; the routes tell the kit a little more. */
const HEARTBEAT_MS = 100;

/**
 * Short bounds: on loopback the gateway answers at once. firstContentMs is also how long the kit holds a clean
 * stream's last frame back (twice it), so a gateway that waits for the end shows it.
 */
const BOUNDS = { firstContentMs: 150, cancelMs: 1000, idleMs: 500 };

/**
 * The kit's options for a gateway (correct, or with one flaw): a Node http.Server the kit starts and closes, its
 * pass-through route told its upstream by a header, its translating route by a callback.
 * @param {GatewayFlaw} [flaw]
 * @returns {ConformanceOptions}
 */
function gatewayUnderTest(flaw) {
  /** @type {import('../src/gateway.cjs').Upstreams} */
  const upstreams = {};
  return {
    relay: createGateway({ flaw, upstreams, heartbeatMs: HEARTBEAT_MS, upstreamIdleMs: 10_000 }),
    routes: [
      { name: PASS_THROUGH, path: '/v1/chat/completions', from: 'chat-completions', to: 'chat-completions', upstream: UPSTREAM_HEADER, heartbeat: 2 * HEARTBEAT_MS },
      {
        name: TRANSLATED,
        path: '/claude/v1/chat/completions',
        from: 'anthropic',
        to: 'chat-completions',
        upstream: (baseUrl) => {
          upstreams.anthropic = baseUrl;
        },
        heartbeat: 2 * HEARTBEAT_MS,
      },
    ],
    bounds: BOUNDS,
    concurrency: 6,
  };
}

/** @param {string} route @param {string[]} cases */
const cells = (route, cases) => cases.map((name) => `${route} · ${name}`);
/** @param {string[]} cases */
const onBoth = (cases) => [...cells(PASS_THROUGH, cases), ...cells(TRANSLATED, cases)];

/**
 * The cells each broken gateway fails, and only those. The translation flaws live in the translating route's code,
 * so their runs test that route alone.
 * @type {Record<GatewayFlaw, { routes?: string[], failing: string[] }>}
 */
const BROKEN = {
  'keeps-upstream': { failing: onBoth(['connection: cancel']) },
  'no-heartbeat': { failing: onBoth(['connection: heartbeat']) },
  'done-after-cut': { failing: onBoth(['fault: cut mid-text', 'fault: cut mid-tool-call', 'fault: reset', 'fault: silent close']) },
  'swallows-error': { failing: [...cells(PASS_THROUGH, ['clean: chat-completions/error-mid-stream']), ...cells(TRANSLATED, ['clean: anthropic/error-mid-stream']), ...onBoth(['fault: error event'])] },
  'empty-on-comment': { failing: onBoth(['framing: comments']) },
  'crlf-whole': { failing: onBoth(['framing: CRLF', 'framing: CR LF split']) },
  'decodes-each-read': { failing: onBoth(['framing: UTF-8 split']) },
  'drops-first-characters': { routes: [TRANSLATED], failing: cells(TRANSLATED, ['clean: anthropic/text']) },
  'refusal-to-stop': { routes: [TRANSLATED], failing: cells(TRANSLATED, ['clean: anthropic/refusal']) },
  'drops-usage': { routes: [TRANSLATED], failing: cells(TRANSLATED, ['clean: anthropic/usage']) },
};

/**
 * The options for one broken gateway's run: its routes only.
 * @param {GatewayFlaw} flaw
 * @returns {ConformanceOptions}
 */
function brokenUnderTest(flaw) {
  const options = gatewayUnderTest(flaw);
  const routes = BROKEN[flaw].routes;
  return routes === undefined ? options : { ...options, routes: options.routes.filter((route) => routes.includes(route.name ?? '')) };
}

/**
 * The matrix's failing cells as `<route> · <case>`, sorted.
 * @param {ConformanceMatrix} matrix
 */
function failingCells(matrix) {
  return matrix.cells.filter((cell) => cell.status === 'fail').map((cell) => `${cell.route} · ${cell.case}`).sort();
}

module.exports = { BROKEN, gatewayUnderTest, brokenUnderTest, failingCells };

// What the gateway's conformance suites (Vitest and Jest) share: its two routes as the kit takes them, the bounds,
// and, for each broken gateway, the exact cells the kit must fail (asserted under Vitest): a kit that misses one or
// reports one more fails the suite. A cell is named `<route> · <case>`.
const { createGateway, UPSTREAM_HEADER } = require('../src/gateway.cjs');

/**
 * @typedef {import('../src/gateway.cjs').GatewayFlaw} GatewayFlaw
 * @typedef {import('sse-reconstruct/conformance').ConformanceMatrix} ConformanceMatrix
 * @typedef {import('sse-reconstruct/conformance').ConformanceOptions} ConformanceOptions
 */

const PASS_THROUGH = 'chat → chat';
const TRANSLATED = 'claude → chat';

/**
 * The gateway writes a heartbeat once it has been quiet this long; the routes promise one every four times that, so a
 * busy machine's late timer does not read as a missing heartbeat.
 */
const HEARTBEAT_MS = 100;

/**
 * The kit's bounds, with a longer idle limit than its default (1000 ms): on a shared CI machine under load, a clean
 * case's read once went quiet past the default and failed a cell no flaw touches. The stall case waits this long.
 */
const BOUNDS = { idleMs: 2000 };

/**
 * Anthropic's `stop_reason: refusal` has no Chat Completions reason of its class: the gateway carries it as
 * `content_filter`, the nearest one, which compareStreams takes as the same finish; `stop` is not.
 */
const REFUSAL_CASE = 'clean: anthropic/refusal';

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
      { name: PASS_THROUGH, path: '/v1/chat/completions', from: 'chat-completions', to: 'chat-completions', upstream: UPSTREAM_HEADER, heartbeat: 4 * HEARTBEAT_MS },
      {
        name: TRANSLATED,
        path: '/claude/v1/chat/completions',
        from: 'anthropic',
        to: 'chat-completions',
        upstream: (baseUrl) => {
          upstreams.anthropic = baseUrl;
        },
        heartbeat: 4 * HEARTBEAT_MS,
      },
    ],
    bounds: BOUNDS,
    concurrency: 4,
  };
}

/** @param {string} route @param {string[]} cases */
const cells = (route, cases) => cases.map((name) => `${route} · ${name}`);
/** @param {string[]} cases */
const onBoth = (cases) => [...cells(PASS_THROUGH, cases), ...cells(TRANSLATED, cases)];

// The clean cases whose answer has text (the refusal's text is its refusal, carried as content).
const CLEAN_TEXT = ['text', 'parallel-tool-calls', 'reasoning', 'refusal', 'usage', 'length-limit'].map((kind) => `clean: anthropic/${kind}`);
const FRAMINGS = ['comments', 'CRLF', 'one-byte reads', 'UTF-8 split', 'CR LF split', 'frame over many reads'].map((kind) => `framing: ${kind}`);

/**
 * The cells each broken gateway fails, and only those (the kit's why for each is in the comment). The translation
 * flaws live in the translating route's code, so their runs test that route alone.
 * @type {Record<GatewayFlaw, { routes?: string[], failing: string[] }>}
 */
const BROKEN = {
  // "kept its upstream request open 1000 ms after its client left"
  'keeps-upstream': { failing: onBoth(['connection: cancel']) },
  // "wrote nothing for 1000 ms while upstream was silent for 1000 ms (a heartbeat was due every 400 ms)"
  'no-heartbeat': { failing: onBoth(['connection: heartbeat']) },
  // "upstream failed, and the downstream ends as a finished answer (failure hidden)"; a stall is left by the kit's
  // client before the gateway gives up on upstream, so nothing ends it.
  'done-after-cut': { failing: onBoth(['fault: cut mid-text', 'fault: cut mid-tool-call', 'fault: reset', 'fault: silent close']) },
  // "upstream's error event did not come out as a chat-completions error", in the error fixture and the error fault
  'swallows-error': { failing: [...cells(PASS_THROUGH, ['clean: chat-completions/error-mid-stream']), ...cells(TRANSLATED, ['clean: anthropic/error-mid-stream']), ...onBoth(['fault: error event'])] },
  // "failure changed, choice lost": the answer ends where the first comment was
  'empty-on-comment': { failing: onBoth(['framing: comments']) },
  // Passed through, the CRLF stream comes out whole but only at the end ("the first content came … after upstream
  // sent it"); translated, it is one frame that is no event ("failure changed, choice lost").
  'crlf-whole': { failing: onBoth(['framing: CRLF', 'framing: CR LF split']) },
  // "text changed": the characters split between two reads come out as U+FFFD
  'decodes-each-read': { failing: onBoth(['framing: UTF-8 split']) },
  // "text dropped at start", in every case whose answer has text (the error cases check the failure only)
  'drops-first-characters': { routes: [TRANSLATED], failing: cells(TRANSLATED, [...CLEAN_TEXT, ...FRAMINGS]) },
  // "finish changed": upstream finished with refusal, downstream with stop (the correct gateway says content_filter)
  'refusal-to-stop': { routes: [TRANSLATED], failing: cells(TRANSLATED, [REFUSAL_CASE]) },
  // "usage missing", in every case but the error ones
  'drops-usage': { routes: [TRANSLATED], failing: cells(TRANSLATED, [...CLEAN_TEXT, 'clean: anthropic/tool-call', ...FRAMINGS]) },
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

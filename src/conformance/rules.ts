// The rules the kit's cases check: what each holds a relay to, and the reason in one line (our own words for the
// relay advice of the streaming-failures literature: flush, heartbeat, cancel, end explicitly, surface errors).
import type { ConformanceRule, ConformanceRuleId } from './types.js';

/** Every rule, in the order the matrix lists them. */
export const CONFORMANCE_RULES: readonly ConformanceRule[] = [
  {
    id: 'relays-clean-stream',
    title: 'a clean stream comes out with the same answer, as an event stream, at once',
    reason: 'a relay that changes, buffers or mislabels a healthy stream breaks every client behind it, on the happy path',
  },
  {
    id: 'never-looks-whole',
    title: 'after an upstream cut, reset, silent close or stall, the downstream does not end as a finished answer',
    reason: 'a client can only tell a partial answer from a whole one by the end marker; one written after a failure makes it keep a broken answer and never retry',
  },
  {
    id: 'carries-the-error',
    title: "an upstream error event comes out as the downstream format's own error",
    reason: 'providers report failures after the 200 inside the body; a relay that drops the event leaves its client with no error to act on',
  },
  {
    id: 'answers-errors-with-status',
    title: 'an upstream HTTP error before the first byte comes out as a non-2xx JSON error',
    reason: "clients and SDKs decide to retry or back off from the status and the error body; a 200 stream hides a rate limit or an outage",
  },
  {
    id: 'survives-framing',
    title: 'comments, CRLF, one-byte reads, split UTF-8 and split line ends give the same answer, piece by piece',
    reason: 'the wire cuts bytes anywhere and providers write every legal line end; a relay that parses per read or waits for LF-only frames loses or holds text',
  },
  {
    id: 'cancels-upstream',
    title: 'the relay cancels its upstream request soon after its client leaves',
    reason: 'a user who closes the tab should not keep paying for tokens nobody reads, nor hold a provider connection open',
  },
  {
    id: 'sends-heartbeats',
    title: 'the relay writes a heartbeat or comment while upstream is silent',
    reason: 'proxies and load balancers close connections idle for a round number of seconds; a heartbeat keeps a slow answer alive',
  },
];

const BY_ID = new Map(CONFORMANCE_RULES.map((rule) => [rule.id, rule]));

/** The rule of an id. */
export function ruleOf(id: ConformanceRuleId): ConformanceRule {
  return BY_ID.get(id) as ConformanceRule;
}

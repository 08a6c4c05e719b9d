/**
 * The one catalogue of differences between two answers: what `compareStreams` reports when a relay's downstream
 * says something else than its upstream. docs/compare.md is generated from this table (`npm run docs`).
 */

/**
 * How much a difference matters: `error` changes the answer a client sees (text, tool calls, finish, a hidden
 * failure); `warning` is an inconsistency a client may survive (usage counted differently, a citation lost).
 */
export type DifferenceSeverity = 'error' | 'warning';

/** One kind of difference: how much it matters, what happened, what it means for a client, and where to look. */
export interface DifferenceEntry {
  readonly severity: DifferenceSeverity;
  /** One line: what happened. */
  readonly title: string;
  /** What it means for a client of the relay. */
  readonly meaning: string;
  /** Where a relay usually goes wrong this way, and what to change. */
  readonly fix: string;
}

/** Every difference compareStreams reports, by code: severity, title, what it means for a client, and what to change. */
export const DIFFERENCES = {
  'failure hidden': {
    severity: 'error',
    title: 'Upstream failed, downstream looks whole',
    meaning:
      'Upstream ended in an error, was cut, stalled or dropped, and the downstream ends as a finished answer. This is the worst difference: the client takes a partial answer for a complete one and has no reason to retry.',
    fix: 'When upstream fails, send the failure on: an error event in the downstream format, or close the connection without the end marker. Never write a finish or `[DONE]` the upstream did not send.',
  },
  'failure changed': {
    severity: 'error',
    title: 'The two sides fail differently',
    meaning:
      'Downstream failed (an error, a cut, a stall) where upstream ended, or both failed and the error says otherwise about retrying: the client retries, or gives up, when upstream meant otherwise.',
    fix: "Carry upstream's error type and status over to the downstream format's error, and end the downstream only where upstream ended.",
  },
  'choice lost': {
    severity: 'error',
    title: 'A choice of upstream is missing downstream',
    meaning: 'Upstream had a choice (candidate) at this index that the downstream does not carry: a client that asked for `n` answers gets fewer.',
    fix: 'Translate every choice index, not only the first.',
  },
  'choice added': {
    severity: 'error',
    title: 'Downstream has a choice upstream did not',
    meaning: 'The downstream carries a choice index upstream never sent: the relay made up an answer, or split one into two.',
    fix: "Keep upstream's choice indexes; do not open a new choice for a block or part of the same answer.",
  },
  'text dropped at start': {
    severity: 'error',
    title: 'The start of the answer is missing',
    meaning: "Downstream's text is upstream's without its first characters: the client shows an answer that starts mid-sentence.",
    fix: 'Forward the first content piece too: relays often lose the text that comes in the same chunk as the role or a block start.',
  },
  'text dropped at end': {
    severity: 'error',
    title: 'The end of the answer is missing',
    meaning: "Downstream's text is upstream's without its last characters: the answer stops short.",
    fix: 'Forward the pieces that arrive with or after the finish reason, and flush what is buffered before ending the stream.',
  },
  'text missing inside': {
    severity: 'error',
    title: 'A span inside the answer is missing',
    meaning: "Downstream's text is upstream's with a span in the middle left out.",
    fix: 'Look for a chunk the relay skipped: one it could not parse, one split across reads, or one it took for a keepalive.',
  },
  'text added': {
    severity: 'error',
    title: 'Downstream has text upstream did not send',
    meaning: "Downstream's text is upstream's with a span put in that upstream never sent.",
    fix: 'Find what the relay writes as content of its own: a notice, a placeholder, an error message as text.',
  },
  'text duplicated': {
    severity: 'error',
    title: 'A span of the answer is repeated',
    meaning:
      "Downstream's text is upstream's with a span sent twice: often the whole answer again at the end, from a final chunk that repeats what the deltas built.",
    fix: 'Send each delta once; when the upstream ends with the full text (a final message or a done event), do not forward it as one more delta.',
  },
  'repeats collapsed': {
    severity: 'error',
    title: 'Pieces that repeat were merged into one',
    meaning:
      'Upstream sent the same piece twice in a row (`6` then `6`), and downstream kept one: a relay that drops a chunk equal to the one before it takes real repeats for duplicates.',
    fix: 'Never drop a chunk because its content equals the previous one; deduplicate by event id or sequence number if at all.',
  },
  'text reordered': {
    severity: 'error',
    title: 'The same pieces in another order',
    meaning: "Downstream's text has the pieces upstream sent, in another order: the relay forwarded them out of order.",
    fix: 'Forward pieces in the order they arrive, one choice and block at a time; do not fan work out and write whatever finishes first.',
  },
  'text changed': {
    severity: 'error',
    title: 'The answer says something else',
    meaning: "Downstream's text differs from upstream's in a way that is not a span dropped, added, repeated or moved; the difference gives the first position where they part on both sides.",
    fix: "Check the relay's decoding (UTF-8 split across chunks, escapes) and any rewriting it does of the text.",
  },
  'tool call lost': {
    severity: 'error',
    title: 'A tool call of upstream is missing downstream',
    meaning: 'The model asked for a tool and the client is never told: the turn ends without the call, or with the call finish and no call.',
    fix: "Translate every tool call, including those that come after text and those upstream sends whole in one event.",
  },
  'tool call added': {
    severity: 'error',
    title: 'Downstream has a tool call upstream did not',
    meaning: 'The client is asked to run a tool the model never called, or one call was split into two.',
    fix: 'Start one downstream call per upstream call; send later argument pieces to the call they belong to, by index or id.',
  },
  'tool call renamed': {
    severity: 'error',
    title: 'A tool call names another tool',
    meaning: 'The client runs a different tool than the model asked for.',
    fix: 'Carry the tool name unchanged (prefixes a gateway adds must be removed on the way back).',
  },
  'tool arguments changed': {
    severity: 'error',
    title: "A tool call's arguments differ",
    meaning: 'The call reaches the client with other arguments: pieces lost, repeated or reordered, or JSON that no longer parses.',
    fix: "Join argument pieces per call in order, and send them all; compare parsed input if the relay re-serialises the JSON.",
  },
  'tool call id changed': {
    severity: 'warning',
    title: "A tool call's id differs",
    meaning: 'Only checked with `ids: true`. A client that answers the call with this id may not match it upstream.',
    fix: "Carry upstream's call id, or map the ids both ways.",
  },
  'reasoning dropped': {
    severity: 'error',
    title: "Upstream's reasoning is missing downstream",
    meaning: 'Upstream sent thinking or a reasoning summary that the downstream does not carry, or carries only in part.',
    fix: "Translate reasoning deltas into the downstream format's reasoning field, if it has one.",
  },
  'reasoning changed': {
    severity: 'error',
    title: 'The reasoning says something else',
    meaning: "Both sides carry reasoning, and downstream's is not upstream's.",
    fix: 'Forward reasoning pieces once each and in order.',
  },
  'signature dropped': {
    severity: 'error',
    title: 'A reasoning signature or encrypted reasoning is missing',
    meaning:
      'Upstream signed its reasoning (or sent it encrypted), and the downstream does not carry it: the next request that sends the reasoning back is rejected, or loses it.',
    fix: 'Carry signatures and encrypted reasoning through, even when the downstream client does not show the reasoning.',
  },
  'refusal changed': {
    severity: 'error',
    title: 'The refusal differs',
    meaning: 'Upstream refused and downstream does not say so, says it as ordinary text, or says another refusal.',
    fix: "Map upstream's refusal to the downstream format's refusal field, not to its text.",
  },
  'citations changed': {
    severity: 'warning',
    title: 'Citations or annotations differ',
    meaning: 'The sources upstream cited are missing or different downstream: the text reads the same but cannot be checked.',
    fix: 'Translate citations and annotations with their spans.',
  },
  'finish changed': {
    severity: 'error',
    title: 'The answer ends for another reason',
    meaning:
      'The finish classes differ (a refusal or a length cut mapped to `stop`, a tool-call finish lost): a client decides what to do next from this, and decides wrong. A format with no reason of upstream\'s class carries it by its nearest one: a refusal as `content_filter` in Chat Completions is the same finish.',
    fix: "Map each upstream finish reason to the downstream format's reason of the same class.",
  },
  'usage changed': {
    severity: 'warning',
    title: 'Token counts differ',
    meaning: 'A count both sides carry has another value: billing and limits read downstream are wrong.',
    fix: "Carry upstream's counts over, converting between the formats' conventions (Anthropic's input leaves cache reads out; OpenAI's counts them in).",
  },
  'usage inconsistent': {
    severity: 'warning',
    title: 'Token counts contradict each other',
    meaning:
      'Counts that formats say differently still cannot both be right: a total that is not input plus output, cache reads reported as 0 where upstream read from the cache, more cached than input.',
    fix: "Convert counts between the formats' conventions, and keep cache counts when translating.",
  },
  'usage missing': {
    severity: 'warning',
    title: 'Usage upstream sent is missing downstream',
    meaning: 'Upstream reported token counts and the downstream carries none: a client that asked for usage gets no usage chunk.',
    fix: 'Forward the usage, in the last chunk when the downstream format wants it there (`stream_options.include_usage`).',
  },
} as const satisfies Record<string, DifferenceEntry>;

/** A difference code: a key of DIFFERENCES. */
export type DifferenceCode = keyof typeof DIFFERENCES;

/** Every difference code, in the catalogue's order. */
export const DIFFERENCE_CODES = Object.keys(DIFFERENCES) as DifferenceCode[];

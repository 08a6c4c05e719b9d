// AG-UI read by us and by the official client (@ag-ui/client 1.0.0, @ag-ui/core 1.0.0, as installed): where the
// client fails a run, we report an error finding of an order rule at the same event; where it accepts every event,
// we report none, and the messages and state its default apply leaves are our response's. Over every fixture, every
// frame fault of every fixture, and random event sequences (legal, with one rule broken, or any order at all).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decode, formatModule, reconstruct, type Reconstruction } from '../../src/index.js';
import { fixtures } from '../../src/fixtures/index.js';
import { applyFaults, dropEnd, dropStart, scriptText } from '../../src/faults/index.js';
import { clientConversation, clientVerdict } from './agui-oracle.js';

type Json = Record<string, unknown>;

/** The codes of the rules the client throws on: the schema, the chunk expansion and the order verifier. */
const CLIENT_RULES = new Set(['no start', 'block unstarted', 'block restarted', 'block open', 'after run end', 'invalid event', 'delta mismatch']);

function eventsOf(stream: string): unknown[] {
  return decode(stream).frames.flatMap((frame) => {
    if (frame.data === null) return [];
    try {
      return [JSON.parse(frame.data) as unknown];
    } catch {
      return [];
    }
  });
}

function streamOf(events: readonly unknown[]): string {
  return events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join('');
}

/** The frame of our first finding of a rule the client throws on, or null. */
function firstRuleBroken(result: Reconstruction): number | null {
  const frames = result.findings.filter((finding) => CLIENT_RULES.has(finding.code) && finding.severity === 'error').map((finding) => finding.frame ?? -1);
  return frames.length === 0 ? null : Math.min(...frames);
}

function agreeOnOrder(events: readonly unknown[]): { ours: Reconstruction; client: ReturnType<typeof clientVerdict> } {
  const ours = reconstruct(streamOf(events), { format: 'ag-ui' });
  const client = clientVerdict(events);
  const detail = `client: ${client.message ?? 'accepts'}; ours: ${JSON.stringify(ours.findings.map((finding) => [finding.code, finding.frame]))}`;
  expect(firstRuleBroken(ours), detail).toBe(client.throwsAt);
  return { ours, client };
}

async function agreeOnConversation(events: readonly unknown[], ours: Reconstruction): Promise<void> {
  const client = await clientConversation(events);
  const response = ours.response as Json;
  expect(response.messages).toEqual(client.messages);
  expect(response.state ?? {}).toEqual(client.state);
}

const AG_UI_FIXTURES = fixtures('ag-ui');

describe('AG-UI: the official client and we agree', () => {
  it.each(AG_UI_FIXTURES.map((fixture) => [fixture.name, fixture] as const))('%s: accepted by both, the same conversation', async (_, fixture) => {
    const events = eventsOf(fixture.stream);
    const { ours, client } = agreeOnOrder(events);
    expect(client.throwsAt).toBeNull();
    await agreeOnConversation(events, ours);
  });

  it('every fixture with one frame dropped, sent twice, swapped or cut after, or its start or end taken away', async () => {
    let rejected = 0;
    // The fixtures with every kind of event the synthesized streams hold (the others repeat their shapes).
    for (const fixture of AG_UI_FIXTURES.filter((each) => ['usage', 'reasoning', 'parallel-tool-calls', 'error-mid-stream'].includes(each.kind))) {
      const events = eventsOf(fixture.stream);
      const ends = events.some((each) => (each as Json).type === 'RUN_FINISHED');
      // The fault scripts for the whole stream; the frame faults (drop, duplicate, swap, truncateAfter) as the same
      // edits of the event list, which costs a fraction of a script each.
      const variants = [eventsOf(scriptText(applyFaults(fixture.stream, dropStart()))), ...(ends ? [eventsOf(scriptText(applyFaults(fixture.stream, dropEnd())))] : [])];
      events.forEach((_, n) => {
        variants.push(events.filter((__, i) => i !== n), [...events.slice(0, n + 1), events[n], ...events.slice(n + 1)], events.slice(0, n + 1));
        if (n + 1 < events.length) variants.push([...events.slice(0, n), events[n + 1], events[n], ...events.slice(n + 2)]);
      });
      for (const variant of variants) {
        const { ours, client } = agreeOnOrder(variant);
        if (client.throwsAt === null) await agreeOnConversation(variant, ours);
        else rejected++;
      }
    }
    // The faults break rules often enough that both sides of the comparison are exercised.
    expect(rejected).toBeGreaterThan(20);
  });

  it('the issue\'s cases: RUN_FINISHED without threadId, messages closed out of order, content after the end', () => {
    const start = { type: 'RUN_STARTED', threadId: 't', runId: 'r' };
    const finish = { type: 'RUN_FINISHED', threadId: 't', runId: 'r' };
    const cases: unknown[][] = [
      [start, { type: 'RUN_FINISHED', runId: 'r' }],
      [start, { type: 'TEXT_MESSAGE_START', messageId: 'a' }, { type: 'TEXT_MESSAGE_END', messageId: 'b' }, finish],
      [start, { type: 'TEXT_MESSAGE_START', messageId: 'a' }, finish],
      [start, finish, { type: 'TEXT_MESSAGE_CONTENT', messageId: 'a', delta: 'late' }],
      [start, { type: 'STEP_FINISHED', stepName: 's' }, finish],
      [{ type: 'TEXT_MESSAGE_START', messageId: 'a' }, finish],
      [start, start],
      [start, { type: 'TOOL_CALL_CHUNK', delta: '{}' }, finish],
      [start, { type: 'TEXT_MESSAGE_CHUNK', messageId: 'a', delta: 'x' }, { type: 'TEXT_MESSAGE_CHUNK', role: 'user', delta: 'y' }, finish],
    ];
    for (const events of cases) expect(agreeOnOrder(events).client.throwsAt).not.toBeNull();
  });
});

// ── random event sequences ──────────────────────────────────────────────────────────────────────────────

const messageId = fc.constantFrom('m1', 'm2');
const callId = fc.constantFrom('c1', 'c2');
const step = fc.constantFrom('s1', 's2');
const delta = fc.constantFrom('', 'a', 'bc', '{"x":', '1}');

/** One event of a small vocabulary over few ids, so starts, contents and ends meet; now and then one lacks a field. */
const event: fc.Arbitrary<Json> = fc.oneof(
  fc.constant({ type: 'RUN_STARTED', threadId: 't', runId: 'r' }),
  fc.constant({ type: 'RUN_FINISHED', threadId: 't', runId: 'r' }),
  fc.constant({ type: 'RUN_FINISHED', runId: 'r' }),
  fc.constant({ type: 'RUN_ERROR', message: 'failed' }),
  messageId.map((id) => ({ type: 'TEXT_MESSAGE_START', messageId: id, role: 'assistant' })),
  fc.tuple(messageId, delta).map(([id, text]) => ({ type: 'TEXT_MESSAGE_CONTENT', messageId: id, delta: text })),
  messageId.map((id) => ({ type: 'TEXT_MESSAGE_END', messageId: id })),
  fc.tuple(fc.option(messageId, { nil: undefined }), delta).map(([id, text]) => ({ type: 'TEXT_MESSAGE_CHUNK', ...(id ? { messageId: id } : {}), delta: text })),
  fc.tuple(callId, fc.option(messageId, { nil: undefined })).map(([id, parent]) => ({ type: 'TOOL_CALL_START', toolCallId: id, toolCallName: 'lookup', ...(parent ? { parentMessageId: parent } : {}) })),
  fc.tuple(callId, delta).map(([id, text]) => ({ type: 'TOOL_CALL_ARGS', toolCallId: id, delta: text })),
  callId.map((id) => ({ type: 'TOOL_CALL_END', toolCallId: id })),
  fc.tuple(fc.option(callId, { nil: undefined }), delta).map(([id, text]) => ({ type: 'TOOL_CALL_CHUNK', ...(id ? { toolCallId: id, toolCallName: 'lookup' } : {}), delta: text })),
  callId.map((id) => ({ type: 'TOOL_CALL_RESULT', messageId: `result_${id}`, toolCallId: id, content: 'ok' })),
  step.map((name) => ({ type: 'STEP_STARTED', stepName: name })),
  step.map((name) => ({ type: 'STEP_FINISHED', stepName: name })),
  fc.constantFrom('REASONING_START', 'REASONING_END', 'REASONING_MESSAGE_START', 'REASONING_MESSAGE_END').map((type) => ({ type, messageId: 'r1', ...(type === 'REASONING_MESSAGE_START' ? { role: 'reasoning' } : {}) })),
  delta.map((text) => ({ type: 'REASONING_MESSAGE_CONTENT', messageId: 'r1', delta: text })),
  fc.constant({ type: 'STATE_SNAPSHOT', snapshot: { n: 1 } }),
  fc.constant({ type: 'STATE_DELTA', delta: [{ op: 'add', path: '/k', value: 2 }] }),
  fc.constant({ type: 'CUSTOM', name: 'x', value: 1 }),
  fc.constant({ type: 'RAW', event: { any: true } }),
);

/** A legal run: start, messages with text and calls (each opened, filled and closed), finish. */
const legalRun = fc
  .array(fc.tuple(fc.constantFrom('text', 'call', 'step', 'state'), delta), { maxLength: 6 })
  .map((parts) => {
    const events: Json[] = [{ type: 'RUN_STARTED', threadId: 't', runId: 'r' }];
    parts.forEach(([kind, text], n) => {
      if (kind === 'text') events.push({ type: 'TEXT_MESSAGE_START', messageId: `m${n}` }, { type: 'TEXT_MESSAGE_CONTENT', messageId: `m${n}`, delta: text }, { type: 'TEXT_MESSAGE_END', messageId: `m${n}` });
      if (kind === 'call') events.push({ type: 'TOOL_CALL_START', toolCallId: `c${n}`, toolCallName: 'f' }, { type: 'TOOL_CALL_ARGS', toolCallId: `c${n}`, delta: text }, { type: 'TOOL_CALL_END', toolCallId: `c${n}` });
      if (kind === 'step') events.push({ type: 'STEP_STARTED', stepName: `s${n}` }, { type: 'STEP_FINISHED', stepName: `s${n}` });
      if (kind === 'state') events.push({ type: 'STATE_DELTA', delta: [{ op: 'add', path: `/k${n}`, value: text }] });
    });
    events.push({ type: 'RUN_FINISHED', threadId: 't', runId: 'r' });
    return events;
  });

/** A legal run with one rule broken: an event dropped, repeated or moved. */
const brokenRun = fc.tuple(legalRun, fc.nat(), fc.nat(), fc.constantFrom('drop', 'repeat', 'move')).map(([events, a, b, how]) => {
  const out = [...events];
  const i = a % out.length;
  const j = b % out.length;
  if (how === 'drop') out.splice(i, 1);
  else if (how === 'repeat') out.splice(j, 0, out[i] as Json);
  else out.splice(j, 0, ...out.splice(i, 1));
  return out;
});

describe('AG-UI: random event sequences, read by the client and by us', () => {
  it('legal runs: both accept them, and the conversation is the same', async () => {
    await fc.assert(
      fc.asyncProperty(legalRun, async (events) => {
        const { ours, client } = agreeOnOrder(events);
        expect(client.throwsAt).toBeNull();
        await agreeOnConversation(events, ours);
      }),
      { numRuns: 20 },
    );
  });

  it('the documented streams of random responses (the format\'s arbitrary): both accept them, the same conversation', async () => {
    const module = formatModule('ag-ui');
    const responses = (module.arbitrary as (fastCheck: typeof fc) => fc.Arbitrary<Json>)(fc);
    await fc.assert(
      fc.asyncProperty(responses, fc.integer({ min: 1, max: 9 }), async (response, pieceSize) => {
        const events = eventsOf(module.synthesize(response, { pieceSize }));
        const { ours, client } = agreeOnOrder(events);
        expect(client.throwsAt).toBeNull();
        await agreeOnConversation(events, ours);
        expect(ours.response).toEqual(response);
      }),
      { numRuns: 15 },
    );
  });

  it('runs with one rule broken: the client fails the run at the event of our first order finding', () => {
    fc.assert(
      fc.property(brokenRun, (events) => void agreeOnOrder(events)),
      { numRuns: 100 },
    );
  });

  it('any sequence of events: the same', () => {
    fc.assert(
      fc.property(fc.tuple(fc.boolean(), fc.array(event, { maxLength: 14 })), ([started, events]) => void agreeOnOrder(started ? [{ type: 'RUN_STARTED', threadId: 't', runId: 'r' }, ...events] : events)),
      { numRuns: 150 },
    );
  });
});

// Our `response` against openai@6.49.0's ResponseStream.finalResponse(), on every recorded Responses stream and on
// every stream cut short of its end at a frame boundary. Where the SDK throws or differs, the case is listed with
// its reason and the finding we give instead.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { reconstruct, type FindingCode } from '../../src/index.js';

type Json = Record<string, unknown>;

const DIR = join(import.meta.dirname, '../../fixtures/recorded/responses');
const STREAMS = readdirSync(DIR).filter((name) => name.endsWith('.sse')).sort();
const readStream = (name: string) => readFileSync(join(DIR, name), 'utf8');

/** Runs the body through the SDK as if the server had sent it. */
async function sdkFinal(body: string): Promise<{ response: Json } | { thrown: Error }> {
  const client = new OpenAI({
    apiKey: 'test',
    fetch: async () => new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
  });
  try {
    const response = await client.responses.stream({ model: 'x', input: 'x' }).finalResponse();
    // structuredClone, not JSON: the wire's `-0.0` logprobs must stay -0 on both sides.
    return { response: structuredClone(response) as unknown as Json };
  } catch (error) {
    return { thrown: error as Error };
  }
}

/**
 * Fields the SDK adds that the server never sent: `output_text` (the joined text, kept as sent when a gateway sends
 * it), `output_parsed`, `parsed_arguments` on function calls and `parsed` on message content parts. They are
 * dropped from the SDK's object unless ours has them too.
 */
const SDK_ONLY = ['output_text', 'output_parsed', 'parsed_arguments', 'parsed'];

function withoutSdkOnly(sdk: Json, ours: Json): Json {
  const copy = structuredClone(sdk);
  if (!('output_text' in ours)) delete copy.output_text;
  delete copy.output_parsed;
  const output = Array.isArray(copy.output) ? (copy.output as Json[]) : [];
  for (const item of output) {
    if (item.parsed_arguments === null) delete item.parsed_arguments;
    for (const part of Array.isArray(item.content) ? (item.content as Json[]) : []) if (part.parsed === null) delete part.parsed;
  }
  return copy;
}

/** Where the SDK does not give what we give on a whole recorded stream: why, and what we report instead. */
const WHOLE_STREAM_CASES: Record<string, { sdk: RegExp | 'differs'; reason: string; finding: FindingCode | null }> = {
  'pydantic-ai--background-resume-starting-after.sse': {
    sdk: /When snapshot hasn't been set yet, expected 'response.created' event, got response.queued/,
    reason: 'a stream resumed with starting_after begins after response.created; its response.queued snapshot is whole',
    finding: null,
  },
  'vercel--apply-patch-tool.sse': {
    sdk: /Unhandled response stream event: .*response\.apply_patch_call_operation_diff\.delta/,
    reason: 'the SDK throws on an event type it does not know; the final object carries the apply_patch_call item',
    finding: 'not assembled',
  },
  'vercel--insufficient-quota-error-failed.sse': {
    sdk: /You exceeded your current quota/,
    reason: 'the SDK throws the `error` event as an APIError; we keep the failed response and its error',
    finding: 'error event',
  },
  'vercel--reasoning-encrypted-content.sse': {
    sdk: 'differs',
    reason: 'four responses back to back: the SDK reads past response.completed and returns the fourth; a client stops at the first end',
    finding: 'after end',
  },
};

describe('openai ResponseStream.finalResponse() on the recorded streams', () => {
  it('lists the SDK-only fields it ignores', () => {
    expect(SDK_ONLY).toEqual(['output_text', 'output_parsed', 'parsed_arguments', 'parsed']);
  });

  it.each(STREAMS)('%s', async (name) => {
    const body = readStream(name);
    const ours = reconstruct(body);
    const sdk = await sdkFinal(body);
    const known = WHOLE_STREAM_CASES[name];
    if (!known) {
      expect('response' in sdk, `the SDK threw: ${'thrown' in sdk ? sdk.thrown.message : ''}`).toBe(true);
      if ('response' in sdk) expect(ours.response).toEqual(withoutSdkOnly(sdk.response, ours.response as Json));
      return;
    }
    if (known.finding) expect(ours.findingCounts[known.finding]).toBeGreaterThan(0);
    else expect(ours.findings).toEqual([]);
    if (known.sdk === 'differs') {
      expect('response' in sdk).toBe(true);
      if ('response' in sdk) expect(ours.response).not.toEqual(withoutSdkOnly(sdk.response, ours.response as Json));
    } else {
      expect('thrown' in sdk ? sdk.thrown.message : 'no error').toMatch(known.sdk);
    }
  });

  it('takes the first response of the back-to-back fixture where the SDK takes the last', async () => {
    const body = readStream('vercel--reasoning-encrypted-content.sse');
    const ids = [...body.matchAll(/"type":"response\.completed","sequence_number":\d+,"response":\{"id":"([^"]+)"/g)].map((match) => match[1]);
    expect(ids).toHaveLength(4);
    const sdk = await sdkFinal(body);
    expect('response' in sdk && sdk.response.id).toBe(ids[3]);
    expect((reconstruct(body).response as Json).id).toBe(ids[0]);
  });
});

/** The body up to (not including) frame `count`, as a capture cut there would hold it. */
function cutAt(body: string, count: number): string {
  return `${body.split('\n\n').slice(0, count).join('\n\n')}\n\n`;
}

function frameCount(body: string): number {
  return body.split('\n\n').filter((text) => text.trim() !== '').length;
}

/** Where to cut: at every frame of a stream up to 120 frames; in longer ones at every 25th and the last five. */
function cutsOf(body: string): number[] {
  const frames = frameCount(body);
  const all = Array.from({ length: frames - 1 }, (_, index) => index + 1);
  return frames <= 120 ? all : all.filter((count) => count % 25 === 0 || count >= frames - 5);
}

/** Sets the `status` of each of our items to the SDK's, which it takes from tool progress events we do not assemble. */
function withSdkStatuses(ours: Json, sdk: Json): Json {
  const copy = JSON.parse(JSON.stringify(ours)) as Json;
  const theirs = (sdk.output as Json[]) ?? [];
  (copy.output as Json[]).forEach((item, index) => {
    if (theirs[index] && 'status' in theirs[index]!) item.status = theirs[index]!.status;
  });
  return copy;
}

describe('openai ResponseStream.finalResponse() on every stream cut at a frame boundary', () => {
  it.each(STREAMS)('%s', async (name) => {
    const body = readStream(name);
    const tally = { equal: 0, progressStatus: 0, afterEnd: 0, thrown: new Set<string>() };
    const cuts = cutsOf(body);
    for (const count of cuts) {
      const cut = cutAt(body, count);
      const ours = reconstruct(cut);
      const sdk = await sdkFinal(cut);
      if ('thrown' in sdk) {
        tally.thrown.add(sdk.thrown.message.replace(/\{.*$/, '{…'));
        continue;
      }
      const expected = withoutSdkOnly(sdk.response, ours.response as Json);
      if (isDeepStrictEqual(ours.response, expected)) {
        tally.equal += 1;
      } else if (ours.findingCounts['after end']) {
        // The SDK has moved on to a later response of the fixture; we stay with the first.
        tally.afterEnd += 1;
      } else {
        // The only other difference: an item's status, set by tool progress events we list as not assembled.
        expect(ours.findingCounts['not assembled'], `cut at ${count}`).toBeGreaterThan(0);
        expect(withSdkStatuses(ours.response as Json, expected), `cut at ${count}`).toEqual(expected);
        tally.progressStatus += 1;
      }
    }
    const thrown = [...tally.thrown];
    switch (name) {
      case 'pydantic-ai--background-resume-starting-after.sse':
        expect(thrown).toEqual(["When snapshot hasn't been set yet, expected 'response.created' event, got response.queued"]);
        break;
      case 'vercel--apply-patch-tool.sse':
        // Cuts before the first diff event agree; every later one throws.
        expect(tally.equal).toBe(3);
        expect(thrown).toEqual(['Unhandled response stream event: {…']);
        break;
      case 'vercel--insufficient-quota-error-failed.sse':
        expect(tally.equal).toBe(2);
        expect(thrown).toEqual([expect.stringMatching(/^You exceeded your current quota/)]);
        break;
      case 'pydantic-ai--openrouter-reasoning-text.sse':
        // The first "frame" is the `: OPENROUTER PROCESSING` comment: the SDK sees no event; we find the input empty.
        expect(thrown).toEqual(['request ended without sending any events']);
        expect(reconstruct(cutAt(body, 1)).findingCounts.empty).toBe(1);
        expect(tally.equal).toBe(cuts.length - 1);
        break;
      case 'pydantic-ai--web-search-annotations.sse':
        expect(tally.progressStatus).toBe(2);
        expect(tally.equal).toBe(cuts.length - 2);
        break;
      case 'vercel--reasoning-encrypted-content.sse':
        expect(tally.afterEnd).toBe(cuts.length - 56);
        expect(tally.equal).toBe(56);
        break;
      default:
        expect(thrown).toEqual([]);
        expect(tally.equal).toBe(cuts.length);
    }
  });
});

// Responses: every recorded stream with what its source asserts, one hand-made stream per finding, verdicts and
// outcomes, detection, the frames table, synthesize() and a never-throws property.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { responses } from '../../../src/core/formats/responses/index.js';
import { reconstruct, type FindingCode, type Reconstruction } from '../../../src/index.js';

const DIR = join(import.meta.dirname, '../../../fixtures/recorded/responses');
const STREAMS = readdirSync(DIR).filter((name) => name.endsWith('.sse')).sort();
const readStream = (name: string) => readFileSync(join(DIR, name), 'utf8');

type Json = Record<string, unknown>;

// ── Hand-made streams: each frame is `event:`, `data:` and a blank line, so frame k starts on line 3k + 1. ──

const lineOf = (frameIndex: number) => frameIndex * 3 + 1;

/** Frames numbered 0, 1, 2… unless a payload sets its own `sequence_number` (or `sequence_number: undefined`). */
function stream(...payloads: Json[]): string {
  return payloads
    .map((payload, index) => {
      const data = 'sequence_number' in payload ? payload : { ...payload, sequence_number: index };
      return `event: ${String(payload.type)}\ndata: ${JSON.stringify(data)}\n\n`;
    })
    .join('');
}

const RESPONSE: Json = { id: 'resp_1', object: 'response', created_at: 1_700_000_000, model: 'gpt-test', error: null, incomplete_details: null };
const USAGE = { input_tokens: 5, output_tokens: 3, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 8 };
const life = (type: string, status: string, output: unknown[] = [], more: Json = {}): Json => ({
  type,
  response: { ...RESPONSE, status, output, usage: status === 'in_progress' ? null : USAGE, ...more },
});
const created = () => life('response.created', 'in_progress');
const message = (text: string, status = 'completed'): Json => ({
  id: 'msg_1',
  type: 'message',
  status,
  role: 'assistant',
  content: text === '' && status === 'in_progress' ? [] : [{ type: 'output_text', text, annotations: [] }],
});
const call = (args: string, status = 'completed'): Json => ({ id: 'fc_1', type: 'function_call', status, call_id: 'call_1', name: 'add', arguments: args });
const added = (index: number, item: Json): Json => ({ type: 'response.output_item.added', output_index: index, item });
const itemDone = (index: number, item: Json): Json => ({ type: 'response.output_item.done', output_index: index, item });
const partAdded = (index: number): Json => ({
  type: 'response.content_part.added',
  item_id: 'msg_1',
  output_index: index,
  content_index: 0,
  part: { type: 'output_text', text: '', annotations: [] },
});
const textDelta = (index: number, delta: string): Json => ({ type: 'response.output_text.delta', item_id: 'msg_1', output_index: index, content_index: 0, delta, logprobs: [] });
const textDone = (index: number, text: string): Json => ({ type: 'response.output_text.done', item_id: 'msg_1', output_index: index, content_index: 0, text, logprobs: [] });
const argsDelta = (index: number, delta: string): Json => ({ type: 'response.function_call_arguments.delta', item_id: 'fc_1', output_index: index, delta });
const argsDone = (index: number, args: string): Json => ({ type: 'response.function_call_arguments.done', item_id: 'fc_1', output_index: index, arguments: args });
const completed = (output: unknown[]) => life('response.completed', 'completed', output);

/** A whole, clean text stream: frames 0–7. */
function textEvents(text = 'Hello'): Json[] {
  return [
    created(),
    life('response.in_progress', 'in_progress'),
    added(0, message('', 'in_progress')),
    partAdded(0),
    textDelta(0, text.slice(0, 2)),
    textDelta(0, text.slice(2)),
    textDone(0, text),
    itemDone(0, message(text)),
    completed([message(text)]),
  ];
}

function only(result: Reconstruction, code: FindingCode) {
  const found = result.findings.filter((finding) => finding.code === code);
  expect(found, `${code} in ${JSON.stringify(result.findings, null, 1)}`).toHaveLength(1);
  return found[0]!;
}

function codes(result: Reconstruction): Record<string, number> {
  return result.findingCounts as Record<string, number>;
}

describe('recognise', () => {
  const score = (value: unknown) => responses.recognise({} as never, { kind: 'json', value });

  it('names response.* events that carry a Responses field', () => {
    expect(score({ type: 'response.output_text.delta', item_id: 'm', output_index: 0, delta: 'x' })).toBe(2);
    expect(score({ type: 'response.created', response: {} })).toBe(2);
    expect(score({ type: 'response.in_progress', sequence_number: 1 })).toBe(2);
    expect(score({ type: 'response.output_item.added', item: {} })).toBe(2);
  });

  it("scores Salyro Behavior Run's response.started and slim response.completed 0", () => {
    expect(score({ type: 'response.started', id: 'run_1', behavior: 'refund-helper', version: 7, created: 1 })).toBe(0);
    expect(score({ type: 'response.completed', id: 'run_1', usage: { inputTokens: 1, outputTokens: 2, totalTokens: 3 } })).toBe(0);
  });

  it('could be a numbered error event, and is nothing else', () => {
    expect(score({ type: 'error', code: 'x', message: 'y', sequence_number: 4 })).toBe(1);
    expect(score({ type: 'error', error: { message: 'y' } })).toBe(0);
    expect(score({ type: 'output_text.delta', delta: 'x' })).toBe(0);
    expect(score({ object: 'chat.completion.chunk', choices: [] })).toBe(0);
    expect(score([1, 2])).toBe(0);
    expect(responses.recognise({} as never, { kind: 'done' })).toBe(0);
  });
});

// ── The recorded corpus ──

/** What each recorded stream gives: findings by code (and why), verdict and outcome. */
const CORPUS: Record<string, { findings?: Partial<Record<FindingCode, number>>; verdict?: string; outcome?: string; why?: string }> = {
  // Built-in web search: its three progress event types are not assembled; the final object carries the search item.
  'pydantic-ai--web-search-annotations.sse': { findings: { 'not assembled': 3 } },
  // apply_patch_call_operation_diff.* is newer than the event list we read (openapi 2.3.0): listed, not assembled.
  'vercel--apply-patch-tool.sse': { findings: { 'not assembled': 2 } },
  // An `error` event then response.failed: one error, the failed response's own.
  'vercel--insufficient-quota-error-failed.sse': { findings: { 'error event': 1 }, verdict: 'did not finish', outcome: 'error_event' },
  // The fixture holds four whole responses back to back (a multi-step conversation): after the first ends, the
  // other 54 frames are after the end.
  'vercel--reasoning-encrypted-content.sse': { findings: { 'after end': 1 } },
};

describe('recorded streams', () => {
  it('has every corpus Responses stream, byte for byte', () => {
    const corpus = join(import.meta.dirname, '../../../../shared/corpus/responses');
    let shared: string[] = [];
    try {
      shared = readdirSync(corpus).filter((name) => name.endsWith('.sse'));
    } catch {
      shared = [];
    }
    for (const name of shared) expect(readStream(name), name).toBe(readFileSync(join(corpus, name), 'utf8'));
    expect(STREAMS.length).toBe(23);
  });

  it.each(STREAMS)('%s reads as Responses with the findings it really has', (name) => {
    const result = reconstruct(readStream(name));
    const expected = CORPUS[name] ?? {};
    expect(result.format).toBe('responses');
    expect(codes(result)).toEqual(expected.findings ?? {});
    expect(result.verdict).toBe(expected.verdict ?? 'complete');
    expect(result.outcome).toBe(expected.outcome ?? 'ok');
    expect(result.choices).toHaveLength(1);
    expect(result.response).toMatchObject({ object: 'response' });
  });

  const EXPECTED = readdirSync(DIR).filter((name) => name.endsWith('.expected.json'));

  it.each(EXPECTED)('%s: the stream gives what its source asserts', (name) => {
    const expected = JSON.parse(readFileSync(join(DIR, name), 'utf8')) as Json;
    const result = reconstruct(readStream(String(expected.stream)));
    const response = result.response as Json;
    const choice = result.choices[0]!;
    const known = new Set(['stream', 'expectation_source', 'test', 'notes', 'note_on_provenance']);
    for (const [key, value] of Object.entries(expected)) {
      if (known.has(key)) continue;
      if (key === 'text') expect(choice.text).toBe(value);
      else if (key === 'status') expect(response.status).toBe(value);
      else if (key === 'response_id') expect(response.id).toBe(value);
      else if (key === 'model') expect(response.model).toBe(value);
      else if (key === 'usage') {
        expect(result.usage).toMatchObject(value as Json);
        expect(response.usage).toBe(result.usage);
      } else if (key === 'function_calls') {
        const calls = (value as Json[]).map((entry) => ({ name: entry.name, input: entry.arguments_json }));
        expect(choice.toolCalls.map((toolCall) => ({ name: toolCall.name, input: toolCall.input }))).toEqual(calls);
      } else throw new Error(`${name}: no check for the expected field ${key}`);
    }
  });

  it('reads the answers of a few streams in full', () => {
    const pong = reconstruct(readStream('llm--gpt55-text-pong.sse'));
    expect(pong.choices[0]).toMatchObject({ text: 'pong', toolCalls: [], finishReason: 'completed' });
    expect(pong.choices[0]!.finishMeaning).toMatch(/finished normally/);

    const parallel = reconstruct(readStream('fantasy--gpt5-parallel-function-calls.sse'));
    expect(parallel.choices[0]!.toolCalls.map((toolCall) => toolCall.name)).toEqual(['add', 'multiply']);
    for (const toolCall of parallel.choices[0]!.toolCalls) {
      expect(toolCall.id).toMatch(/^call_/);
      expect(toolCall.input).toEqual(JSON.parse(toolCall.arguments));
    }

    const summary = reconstruct(readStream('pydantic-ai--reasoning-summary-long.sse'));
    expect(summary.choices[0]!.reasoning!.split('\n\n').length).toBeGreaterThanOrEqual(4);

    const rawReasoning = reconstruct(readStream('pydantic-ai--openrouter-reasoning-text.sse'));
    expect(rawReasoning.choices[0]).toMatchObject({ text: '4', reasoning: expect.stringContaining('What is 2+2?') });
  });

  it('keeps the failed response, and its own error as the error the stream ended with', () => {
    const result = reconstruct(readStream('vercel--insufficient-quota-error-failed.sse'));
    expect(result.error).toEqual({ code: 'insufficient_quota', message: expect.stringContaining('exceeded your current quota') });
    expect(result.choices[0]!.finishReason).toBe('failed');
    expect(result.frames.at(-1)!.carried).toMatch(/^end: response failed/);
    expect(only(result, 'error event').line).toBe(lineOf(2));
  });

  it('answers with the first of the four responses in the back-to-back fixture', () => {
    const name = 'vercel--reasoning-encrypted-content.sse';
    const result = reconstruct(readStream(name));
    const firstCompleted = result.frames.findIndex((frame) => frame.type === 'response.completed');
    const finding = only(result, 'after end');
    expect(finding.frame).toBe(firstCompleted + 1);
    expect(finding.message).toMatch(/^54 frames came after the stream ended at frame 55/);
    expect(result.frames.slice(firstCompleted + 1).every((frame) => frame.carried === 'after the end: not read')).toBe(true);
  });

  it('says which events it does not assemble, and which of them are newer than the event list it knows', () => {
    const search = reconstruct(readStream('pydantic-ai--web-search-annotations.sse')).findings;
    expect(search.map((finding) => finding.message.split(' ')[0])).toEqual([
      'response.web_search_call.in_progress',
      'response.web_search_call.searching',
      'response.web_search_call.completed',
    ]);
    expect(search.every((finding) => !finding.message.includes('newer'))).toBe(true);
    const patch = reconstruct(readStream('vercel--apply-patch-tool.sse')).findings;
    expect(patch[0]!.message).toMatch(/^response\.apply_patch_call_operation_diff\.delta is an event this library does not assemble \(32 frames of this type, the first at frame 3\)/);
    expect(patch.every((finding) => finding.message.endsWith('(a newer one?).'))).toBe(true);
  });

  it('does not take a resumed stream starting at sequence_number 1 for a gap', () => {
    const result = reconstruct(readStream('pydantic-ai--background-resume-starting-after.sse'));
    expect(result.frames[0]!.type).toBe('response.queued');
    expect(result.findings).toEqual([]);
  });

  it('accepts the [DONE] OpenRouter sends after response.completed, and the comment line before it all', () => {
    const result = reconstruct(readStream('pydantic-ai--openrouter-reasoning-text.sse'));
    const last = result.frames.at(-1)!;
    expect(last).toMatchObject({ type: '[DONE]', carried: '[DONE] (not part of Responses)' });
  });
});

// ── Hand-made streams: one per finding, verdict and outcome ──

describe('a clean stream', () => {
  it('is complete, ok, with the text, usage, and the final object as the response', () => {
    const result = reconstruct(stream(...textEvents()));
    expect(result).toMatchObject({ format: 'responses', verdict: 'complete', outcome: 'ok', findings: [], usage: USAGE });
    expect(result.choices).toEqual([{ index: 0, text: 'Hello', toolCalls: [], finishReason: 'completed', finishMeaning: expect.any(String) }]);
    expect(result.response).toEqual(completed([message('Hello')]).response);
  });

  it('fills the frames table: type, what each frame carried, and which frames were content', () => {
    const result = reconstruct(stream(...textEvents()));
    expect(result.frames.map((frame) => frame.type)).toEqual(textEvents().map((payload) => payload.type));
    expect(result.frames[4]).toMatchObject({ carried: 'text +2 chars to item 0 content 0', progress: true });
    expect(result.frames[2]).toMatchObject({ carried: 'item 0 added: message msg_1', progress: false });
    expect(result.frames[8]!.carried).toBe('end: response completed, status completed, usage');
    expect(result.frames.filter((frame) => frame.progress)).toHaveLength(2);
  });

  it('reads a data-only stream (no event: lines) that ends in [DONE] as Responses', () => {
    const body = textEvents()
      .map((payload, index) => `data: ${JSON.stringify({ ...payload, sequence_number: index })}\n\n`)
      .join('') + 'data: [DONE]\n\n';
    const result = reconstruct(body);
    expect(result).toMatchObject({ format: 'responses', verdict: 'complete', outcome: 'ok', findings: [] });
    expect(result.choices[0]!.text).toBe('Hello');
  });

  it('assembles function calls: id is the call_id, input the parsed arguments', () => {
    const result = reconstruct(
      stream(created(), added(0, call('', 'in_progress')), argsDelta(0, '{"a":'), argsDelta(0, '1}'), argsDone(0, '{"a":1}'), itemDone(0, call('{"a":1}')), completed([call('{"a":1}')])),
    );
    expect(result.findings).toEqual([]);
    expect(result.choices[0]!.toolCalls).toEqual([{ index: 0, id: 'call_1', name: 'add', arguments: '{"a":1}', input: { a: 1 } }]);
  });

  it('takes refusal parts and reasoning summaries into the choice', () => {
    const refusal = { id: 'msg_1', type: 'message', status: 'completed', role: 'assistant', content: [{ type: 'refusal', refusal: 'No.' }] };
    const reasoning = { id: 'rs_1', type: 'reasoning', summary: [{ type: 'summary_text', text: 'First.' }, { type: 'summary_text', text: 'Then.' }] };
    const result = reconstruct(stream(created(), completed([reasoning, refusal])));
    expect(result.choices[0]).toMatchObject({ text: '', refusal: 'No.', reasoning: 'First.\n\nThen.' });
  });

  it('ignores keepalive events', () => {
    const events = textEvents();
    events.splice(3, 0, { type: 'keepalive' });
    const result = reconstruct(stream(...events));
    expect(result.findings).toEqual([]);
    expect(result.frames[3]!.carried).toBe('keepalive');
  });

  it('does not look for gaps in a stream with no sequence_number at all', () => {
    const result = reconstruct(stream(...textEvents().map((payload) => ({ ...payload, sequence_number: undefined }))));
    expect(result.findings).toEqual([]);
    expect(result.verdict).toBe('complete');
  });
});

describe('findings', () => {
  it('sequence gap: names the missing events', () => {
    const events = textEvents().map((payload, index) => ({ ...payload, sequence_number: index < 5 ? index : index + 2 }));
    const result = reconstruct(stream(...events));
    const finding = only(result, 'sequence gap');
    expect(finding).toMatchObject({ line: lineOf(5), column: 1, frame: 5 });
    expect(finding.message).toMatch(/sequence_number 7, but the highest before it was 4: events 5 to 6 are missing/);
    expect(result.verdict).toBe('not the whole stream');
  });

  it('sequence gap: names an event out of order, and the ones after it are not gaps', () => {
    const numbers = [0, 1, 2, 4, 3, 5, 6, 7, 8];
    const result = reconstruct(stream(...textEvents().map((payload, index) => ({ ...payload, sequence_number: numbers[index] }))));
    expect(result.findings.map((finding) => [finding.frame, finding.message.match(/: (.*?)\. Find/)?.[1]])).toEqual([
      [3, 'event 3 is missing'],
      [4, 'it is out of order'],
    ]);
  });

  it('sequence gap: an event without a number in a numbered stream', () => {
    const events = textEvents();
    events[4] = { ...events[4], sequence_number: undefined };
    const finding = only(reconstruct(stream(...events)), 'sequence gap');
    expect(finding).toMatchObject({ frame: 4, line: lineOf(4) });
    expect(finding.message).toMatch(/has no sequence_number, though the events before it are numbered/);
  });

  it('block open: an item never done, and no final object to rest on', () => {
    const result = reconstruct(stream(created(), added(0, message('', 'in_progress')), partAdded(0), textDelta(0, 'Hel')));
    expect(only(result, 'block open').message).toMatch(/^output item 0 \(message msg_1\), added at frame 1, never got response\.output_item\.done/);
    expect(only(result, 'no end').line).toBe(0);
    expect(result).toMatchObject({ verdict: 'did not finish', outcome: 'dropped' });
    expect(result.choices[0]).toMatchObject({ text: 'Hel', finishReason: 'in_progress' });
    expect(result.response).toMatchObject({ id: 'resp_1', status: 'in_progress', output: [{ id: 'msg_1', content: [{ text: 'Hel' }] }] });
  });

  it('block open: a final event whose response has no output does not rest the items', () => {
    const { output: _output, ...withoutOutput } = completed([]).response as Json;
    const result = reconstruct(stream(created(), added(0, message('', 'in_progress')), partAdded(0), textDelta(0, 'Hi'), { type: 'response.completed', response: withoutOutput }));
    only(result, 'block open');
    expect(result).toMatchObject({ verdict: 'not the whole stream', outcome: 'ok' });
    expect(result.response).toMatchObject({ status: 'completed', usage: USAGE, output: [{ content: [{ text: 'Hi' }] }] });
  });

  it('block unstarted: an event for an item never added is not assembled; the final object still answers', () => {
    const events = textEvents();
    events.splice(2, 1);
    const result = reconstruct(stream(...events));
    const findings = result.findings.filter((finding) => finding.code === 'block unstarted');
    expect(findings.map((finding) => finding.frame)).toEqual([2, 3, 4, 5, 6]);
    expect(findings[0]!.message).toMatch(/about output index 0, which no response\.output_item\.added opened/);
    expect(result.frames[3]!.progress).toBe(false);
    expect(result.choices[0]!.text).toBe('Hello');
    expect(result).toMatchObject({ verdict: 'not the whole stream', outcome: 'ok' });
  });

  it('block unstarted: a delta for a content part never added', () => {
    const events = textEvents();
    events.splice(3, 1);
    const finding = reconstruct(stream(...events)).findings.find((entry) => entry.code === 'block unstarted')!;
    expect(finding).toMatchObject({ frame: 3, line: lineOf(3) });
    expect(finding.message).toMatch(/content part 0 of output item 0 \(message msg_1\) was never added/);
  });

  it('block restarted: a second item at an output index replaces the first, and says how much', () => {
    const events = textEvents();
    events.splice(6, 0, added(0, call('', 'in_progress')));
    const result = reconstruct(stream(...events));
    const finding = only(result, 'block restarted');
    expect(finding).toMatchObject({ frame: 6, line: lineOf(6), column: 1 });
    expect(finding.message).toMatch(/first added at frame 2\)\. The new output item 0 \(function_call fc_1\) replaces output item 0 \(message msg_1\), which held 1 content part \(5 chars\)/);
    expect(result.verdict).toBe('not the whole stream');
  });

  it('done mismatch: output_text.done disagrees with the deltas; the done value is kept', () => {
    const events = textEvents();
    events[5] = textDelta(0, 'LX');
    const result = reconstruct(stream(...events));
    const finding = only(result, 'done mismatch');
    expect(finding).toMatchObject({ frame: 6, line: lineOf(6) });
    expect(finding.message).toMatch(/content 0 of output item 0 \(message msg_1\): the stream built 4 chars "HeLX", the final value is 5 chars "Hello"/);
    expect(result.choices[0]!.text).toBe('Hello');
    expect(result.verdict).toBe('complete');
  });

  it('done mismatch: function_call_arguments.done disagrees with the deltas', () => {
    const result = reconstruct(stream(created(), added(0, call('', 'in_progress')), argsDelta(0, '{"a":'), argsDone(0, '{"a":12}'), itemDone(0, call('{"a":12}')), completed([call('{"a":12}')])));
    expect(only(result, 'done mismatch')).toMatchObject({ frame: 3 });
    expect(result.choices[0]!.toolCalls[0]!.input).toEqual({ a: 12 });
  });

  it('done mismatch: arguments sent only in the done event are not a mismatch', () => {
    const result = reconstruct(stream(created(), added(0, call('', 'in_progress')), argsDone(0, '{"a":1}'), itemDone(0, call('{"a":1}')), completed([call('{"a":1}')])));
    expect(result.findings).toEqual([]);
  });

  it('done mismatch: the final object disagrees with the items the stream built; the final value is kept', () => {
    const events = textEvents();
    events[8] = completed([message('Hullo')]);
    const result = reconstruct(stream(...events));
    const finding = only(result, 'done mismatch');
    expect(finding).toMatchObject({ frame: 8, line: lineOf(8) });
    expect(finding.message).toMatch(/^The final response object \(frame 8\) disagrees with what the stream built for output item 0/);
    expect(result.choices[0]!.text).toBe('Hullo');
  });

  it('incomplete: max_output_tokens is a length limit', () => {
    const events = textEvents();
    events[8] = life('response.incomplete', 'incomplete', [message('Hello', 'incomplete')], { incomplete_details: { reason: 'max_output_tokens' } });
    const result = reconstruct(stream(...events));
    expect(only(result, 'incomplete')).toMatchObject({ frame: 8, line: lineOf(8) });
    expect(result).toMatchObject({ verdict: 'complete', outcome: 'length_limit' });
    expect(result.choices[0]!.finishReason).toBe('incomplete:max_output_tokens');
    expect(result.choices[0]!.finishMeaning).toMatch(/max_output_tokens/);
  });

  it('incomplete: content_filter is filtered; a reason we do not know is still a partial answer', () => {
    const ending = (reason: string) => {
      const events = textEvents();
      events[8] = life('response.incomplete', 'incomplete', [message('Hello')], { incomplete_details: { reason } });
      return reconstruct(stream(...events));
    };
    expect(ending('content_filter').outcome).toBe('filtered');
    const unknown = ending('tired');
    expect(unknown.outcome).toBe('length_limit');
    expect(only(unknown, 'unknown finish reason').message).toMatch(/"incomplete:tired"/);
    expect(only(unknown, 'incomplete').message).toMatch(/its reason is "tired"/);
  });

  it('error event: response.failed ends the stream with its own error', () => {
    const events = textEvents();
    events[8] = life('response.failed', 'failed', [], { error: { code: 'server_error', message: 'boom' } });
    const result = reconstruct(stream(...events));
    expect(only(result, 'error event')).toMatchObject({ frame: 8, line: lineOf(8) });
    expect(result).toMatchObject({ verdict: 'did not finish', outcome: 'error_event', error: { code: 'server_error', message: 'boom' } });
    expect(result.choices[0]!.finishReason).toBe('failed');
  });

  it('error event: an `error` event ends the stream, nested or flat', () => {
    const nested = reconstruct(stream(...textEvents().slice(0, 5), { type: 'error', error: { type: 'server_error', code: 'server_error', message: 'down', param: null } }));
    expect(only(nested, 'error event')).toMatchObject({ frame: 5, line: lineOf(5) });
    expect(nested).toMatchObject({ verdict: 'did not finish', outcome: 'error_event', error: { code: 'server_error', message: 'down' } });
    expect(nested.findingCounts['no end']).toBeUndefined();
    expect(nested.choices[0]!.text).toBe('He');

    const flat = reconstruct(stream(created(), { type: 'error', code: 'ERR_SOMETHING', message: 'Something went wrong', param: null }));
    expect(flat.error).toEqual({ code: 'ERR_SOMETHING', message: 'Something went wrong', param: null });
  });

  it('error event: an error then response.failed is one error, the failed response’s own, and nothing is after the end', () => {
    const result = reconstruct(
      stream(created(), { type: 'error', error: { code: 'quota', message: 'event' } }, life('response.failed', 'failed', [], { error: { code: 'quota', message: 'response' } })),
    );
    expect(codes(result)).toEqual({ 'error event': 1 });
    expect(result.error).toEqual({ code: 'quota', message: 'response' });
  });

  it('no end: a stream without a terminal event did not finish and is dropped', () => {
    const result = reconstruct(stream(...textEvents().slice(0, 8)));
    expect(codes(result)).toEqual({ 'no end': 1 });
    expect(result).toMatchObject({ verdict: 'did not finish', outcome: 'dropped' });
    expect(result.choices[0]).toMatchObject({ text: 'Hello', finishReason: 'in_progress' });
    expect(result.response).toMatchObject({ status: 'in_progress', usage: null, output: [message('Hello')] });
  });

  it('after end: frames after response.completed are counted and not read', () => {
    const events = textEvents();
    const result = reconstruct(stream(...events, textDelta(0, 'more'), textDelta(0, 'and more')));
    const finding = only(result, 'after end');
    expect(finding).toMatchObject({ frame: 9, line: lineOf(9) });
    expect(finding.message).toMatch(/^2 frames came after the stream ended at frame 8 \(response\.completed\), from frame 9 on/);
    expect(result.choices[0]!.text).toBe('Hello');
    expect(result.verdict).toBe('complete');
  });

  it('event mismatch: the event: line and the type disagree; the type is read', () => {
    const body = stream(...textEvents()).replace('event: response.output_text.delta', 'event: response.text.delta');
    const result = reconstruct(body);
    expect(only(result, 'event mismatch')).toMatchObject({ frame: 4, line: lineOf(4), column: 1 });
    expect(result.choices[0]!.text).toBe('Hello');
  });

  it('not assembled: tool progress events are named once per type, with their count', () => {
    const search = { id: 'ws_1', type: 'web_search_call', status: 'in_progress' };
    const progress = (type: string) => ({ type, output_index: 0, item_id: 'ws_1' });
    const result = reconstruct(
      stream(
        created(),
        added(0, search),
        progress('response.web_search_call.in_progress'),
        progress('response.web_search_call.searching'),
        progress('response.web_search_call.searching'),
        itemDone(0, { ...search, status: 'completed' }),
        completed([{ ...search, status: 'completed' }]),
      ),
    );
    const findings = result.findings.filter((finding) => finding.code === 'not assembled');
    expect(findings.map((finding) => finding.frame)).toEqual([2, 3]);
    expect(findings[1]!.message).toMatch(/^response\.web_search_call\.searching is an event this library does not assemble \(2 frames of this type, the first at frame 3\); the final response object carries its result/);
    expect(findings[0]!.severity).toBe('info');
    expect(result.frames[4]!.carried).toBe('response.web_search_call.searching: not assembled');
    expect(result.verdict).toBe('complete');
  });

  it('not assembled: a delta aimed at an item of the wrong kind', () => {
    const events = textEvents();
    events.splice(5, 0, argsDelta(0, '{}'));
    const finding = only(reconstruct(stream(...events)), 'not assembled');
    expect(finding).toMatchObject({ frame: 5 });
    expect(finding.message).toMatch(/output item 0 \(message msg_1\) is not a function_call item/);
  });

  it('unknown event: a type that is not a Responses event', () => {
    const events = textEvents();
    events.splice(3, 0, { type: 'thread.message.delta', delta: {} });
    const result = reconstruct(stream(...events));
    expect(only(result, 'unknown event')).toMatchObject({ frame: 3, line: lineOf(3) });
    expect(result.verdict).toBe('complete');
  });

  it('arguments not json: a finished call whose arguments do not parse', () => {
    const result = reconstruct(stream(created(), completed([call('{"a":')])));
    const finding = only(result, 'arguments not json');
    expect(finding).toMatchObject({ frame: 1, line: lineOf(1) });
    expect(result.choices[0]!.toolCalls[0]).toEqual({ index: 0, id: 'call_1', name: 'add', arguments: '{"a":' });
  });

  it('[DONE] after the terminal event is accepted silently', () => {
    const result = reconstruct(stream(...textEvents()) + 'data: [DONE]\n\n');
    expect(result.findings).toEqual([]);
    expect(result.frames.at(-1)).toMatchObject({ type: '[DONE]', carried: '[DONE] (not part of Responses)' });
  });
});

describe('synthesize', () => {
  it('writes the documented event order with event: lines and sequence numbers from 0', () => {
    const response = { ...(completed([message('Hello'), call('{"a":1}')]).response as Json) };
    const body = responses.synthesize(response, { pieceSize: 3 });
    const frames = body.split('\n\n').filter(Boolean);
    const types = frames.map((text) => text.split('\n')[0]!.slice('event: '.length));
    expect(types).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
      'response.output_text.delta',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.output_item.added',
      'response.function_call_arguments.delta',
      'response.function_call_arguments.delta',
      'response.function_call_arguments.delta',
      'response.function_call_arguments.done',
      'response.output_item.done',
      'response.completed',
    ]);
    frames.forEach((text, index) => {
      const data = JSON.parse(text.split('\n')[1]!.slice('data: '.length)) as Json;
      expect(data.sequence_number).toBe(index);
      expect(data.type).toBe(types[index]);
    });
    const first = JSON.parse(frames[0]!.split('\n')[1]!.slice(6)) as { response: Json };
    expect(first.response).toMatchObject({ status: 'in_progress', output: [], usage: null });
    const result = reconstruct(body);
    expect(result.findings).toEqual([]);
    expect(result.response).toEqual(response);
  });

  it('ends an incomplete or failed response with its own terminal event', () => {
    const last = (status: string) => responses.synthesize({ ...RESPONSE, status, output: [] }).trim().split('\n\n').at(-1)!.split('\n')[0];
    expect(last('incomplete')).toBe('event: response.incomplete');
    expect(last('failed')).toBe('event: response.failed');
    expect(last('completed')).toBe('event: response.completed');
  });

  it('writes reasoning summaries as summary parts and deltas', () => {
    const reasoning = { id: 'rs_1', type: 'reasoning', summary: [{ type: 'summary_text', text: 'Think.' }] };
    const body = responses.synthesize({ ...RESPONSE, status: 'completed', output: [reasoning] }, { pieceSize: 2 });
    expect(body.match(/event: response\.reasoning_summary_text\.delta/g)).toHaveLength(3);
    expect(reconstruct(body).choices[0]!.reasoning).toBe('Think.');
  });
});

describe('never throws', () => {
  const TYPES = [
    'response.created',
    'response.in_progress',
    'response.completed',
    'response.incomplete',
    'response.failed',
    'response.output_item.added',
    'response.output_item.done',
    'response.content_part.added',
    'response.content_part.done',
    'response.output_text.delta',
    'response.output_text.done',
    'response.output_text.annotation.added',
    'response.refusal.delta',
    'response.function_call_arguments.delta',
    'response.function_call_arguments.done',
    'response.reasoning_summary_part.added',
    'response.reasoning_summary_text.delta',
    'response.reasoning_text.done',
    'response.web_search_call.searching',
    'response.something_new',
    'error',
    'keepalive',
  ];
  const field = fc.oneof(fc.jsonValue(), fc.nat(3), fc.constantFrom('msg_1', 'fc_1', ''));
  const shaped = fc.record(
    {
      type: fc.constantFrom(...TYPES),
      output_index: field,
      content_index: field,
      summary_index: field,
      annotation_index: field,
      item_id: field,
      item: fc.oneof(field, fc.record({ type: fc.constantFrom('message', 'function_call', 'reasoning', 'x'), content: field, summary: field, arguments: field, id: field })),
      part: fc.oneof(field, fc.record({ type: fc.constantFrom('output_text', 'refusal', 'reasoning_text', 'summary_text'), text: field, refusal: field })),
      delta: field,
      text: field,
      arguments: field,
      response: fc.oneof(field, fc.record({ status: field, output: field, usage: field, error: field, incomplete_details: field, output_text: field })),
      error: field,
      sequence_number: field,
    },
    { requiredKeys: ['type'] },
  );

  it('reads random JSON payloads as Responses without throwing', () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue(), { maxLength: 12 }), (payloads) => {
        const body = payloads.map((payload) => `data: ${JSON.stringify(payload)}\n\n`).join('');
        const result = reconstruct(body, { format: 'responses' });
        expect(result.format).toBe('responses');
        JSON.stringify(result);
      }),
      { numRuns: 200 },
    );
  });

  it('reads Responses-shaped events with fields of the wrong type without throwing', () => {
    fc.assert(
      fc.property(fc.array(shaped, { maxLength: 16 }), fc.boolean(), (events, done) => {
        const body = events.map((event) => `event: ${String(event.type)}\ndata: ${JSON.stringify(event)}\n\n`).join('') + (done ? 'data: [DONE]\n\n' : '');
        const result = reconstruct(body, { format: 'responses' });
        expect(['complete', 'did not finish', 'not the whole stream']).toContain(result.verdict);
        JSON.stringify(result);
      }),
      { numRuns: 300 },
    );
  });
});

describe('a function call without call_id or name', () => {
  it('is left out of the tool calls and named in a finding', () => {
    const events = [
      { type: 'response.created', sequence_number: 0, response: { id: 'resp_1', object: 'response', status: 'in_progress', output: [] } },
      { type: 'response.output_item.added', sequence_number: 1, output_index: 0, item: { type: 'function_call', id: 'fc_1', call_id: '', name: 'lookup', arguments: '', status: 'in_progress' } },
      { type: 'response.function_call_arguments.delta', sequence_number: 2, output_index: 0, item_id: 'fc_1', delta: '{"q":1}' },
      { type: 'response.output_item.done', sequence_number: 3, output_index: 0, item: { type: 'function_call', id: 'fc_1', call_id: '', name: 'lookup', arguments: '{"q":1}', status: 'completed' } },
      { type: 'response.completed', sequence_number: 4, response: { id: 'resp_1', object: 'response', status: 'completed', output: [{ type: 'function_call', id: 'fc_1', call_id: '', name: 'lookup', arguments: '{"q":1}', status: 'completed' }] } },
    ];
    const text = events.map((event) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`).join('');
    const result = reconstruct(text);
    expect(result.choices[0]?.toolCalls).toEqual([]);
    expect(result.findingCounts).toEqual({ 'tool call incomplete': 1 });
    expect(result.findings[0]).toMatchObject({ code: 'tool call incomplete', line: 13, frame: 4 });
    expect(result.findings[0]?.message).toContain('no call_id');
  });
});

describe('output items the caller must answer are tool calls', () => {
  const custom: Json = { type: 'custom_tool_call', id: 'ctc_1', call_id: 'call_c', name: 'run_sql', input: 'SELECT 1;' };
  const search: Json = { type: 'tool_search_call', id: 'tsc_1', call_id: 'call_s', execution: 'client', arguments: { query: 'weather' }, status: 'completed' };
  const serverSearch: Json = { ...search, id: 'tsc_2', call_id: 'call_t', execution: 'server' };

  it('custom_tool_call (free-form input, not JSON) and a client tool_search_call, beside a function_call', () => {
    const output = [custom, search, serverSearch, call('{"a":1}')];
    const events: Json[] = [created()];
    output.forEach((item, index) => events.push(added(index, item), itemDone(index, item)));
    events.push(completed(output));
    const result = reconstruct(stream(...events));
    expect(result.findings).toEqual([]);
    expect(result.choices[0]!.toolCalls).toEqual([
      { index: 0, id: 'call_c', name: 'run_sql', arguments: 'SELECT 1;' },
      { index: 1, id: 'call_s', name: 'tool_search', arguments: '{"query":"weather"}', input: { query: 'weather' } },
      { index: 2, id: 'call_1', name: 'add', arguments: '{"a":1}', input: { a: 1 } },
    ]);
    expect(result.summary).toContain('3 tool calls');
  });

  it('a custom_tool_call without call_id is left out and named, as a function_call is', () => {
    const item = { ...custom, call_id: '' };
    const result = reconstruct(stream(created(), added(0, item), itemDone(0, item), completed([item])));
    expect(result.choices[0]!.toolCalls).toEqual([]);
    expect(only(result, 'tool call incomplete').message).toMatch(/custom_tool_call 0 has no call_id/i);
  });
});

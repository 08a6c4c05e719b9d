import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { reconstruct } from '../../../src/index.js';
import type { Reconstruction } from '../../../src/index.js';
import { behaviorRun, BEHAVIOR_RUN_FINISH_REASONS } from '../../../src/core/formats/behavior-run/index.js';
import { readPayload } from '../../../src/core/decode/payload.js';
import type { Frame } from '../../../src/core/decode/frame.js';

const dir = new URL('../../../fixtures/recorded/behavior-run/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, dir), 'utf8');
const codes = (result: Reconstruction) => result.findings.map((finding) => finding.code);
type Json = Record<string, unknown>;
const responseOf = (result: Reconstruction) => result.response as Json;

/** A run written by hand: each event framed with its `event:` line, as the contract frames it. */
const event = (data: Json, name = String(data.type)) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
const start = (extra: Json = {}) => event({ type: 'response.started', id: 'run_1', behavior: 'helper', version: 3, ...extra });
const delta = (text: string) => event({ type: 'output_text.delta', delta: text });
const completed = (usage: unknown = { inputTokens: 1, outputTokens: 2, totalTokens: 3 }, id = 'run_1') =>
  event({ type: 'response.completed', id, usage });
const run = (...events: string[]) => reconstruct(events.join(''));

describe('Behavior Run: the fixtures (streams written from salyro.md)', () => {
  const names = readdirSync(dir).filter((name) => name.endsWith('.sse'));

  it('has an expected result for every stream', () => {
    expect(names.length).toBeGreaterThan(5);
    for (const name of names) expect(readdirSync(dir)).toContain(name.replace(/\.sse$/, '.expected.json'));
  });

  for (const name of names) {
    it(`${name} gives its expected verdict, outcome, findings and behavior.run`, () => {
      const expected = JSON.parse(fixture(name.replace(/\.sse$/, '.expected.json')));
      const result = reconstruct(fixture(name));
      expect(result.format).toBe('behavior-run');
      expect({ verdict: result.verdict, outcome: result.outcome, findings: codes(result), response: result.response }).toEqual({
        verdict: expected.verdict,
        outcome: expected.outcome,
        findings: expected.findings,
        response: expected.response,
      });
    });
  }

  it('reads salyro.md\'s example as the behavior.run object salyro.md prints, with `created` copied', () => {
    // The behavior.run object salyro.md prints, copied into the fixtures so the suite runs without shared/.
    const printed = JSON.parse(readFileSync(new URL('../../../fixtures/recorded/behavior-run/salyro-md--printed-run.json', import.meta.url), 'utf8'));
    const result = reconstruct(fixture('salyro--refund-helper-complete.sse'));
    expect(result.response).toEqual({ ...printed, created: 1764400000 });
    expect(result.steps).toEqual(printed.steps);
    expect(result.choices).toEqual([
      { index: 0, text: printed.output_text, toolCalls: [], finishReason: 'completed', finishMeaning: BEHAVIOR_RUN_FINISH_REASONS.reasons.completed?.meaning },
    ]);
    expect(result.usage).toEqual(printed.usage);
  });
});

describe('Behavior Run: assembly', () => {
  it('says what each frame carried, and counts text and tool events as progress', () => {
    const result = reconstruct(fixture('salyro--refund-helper-complete.sse'));
    expect(result.frames.map((frame) => [frame.type, frame.carried, frame.progress])).toEqual([
      ['response.started', 'run run_01J9Z started: refund-helper version 7', false],
      ['output_text.delta', 'text +13 chars', true],
      ['tool.started', 'step 1 started: lookup_order', true],
      ['tool.failed', 'step 1 failed', true],
      ['tool.started', 'step 2 started: lookup_order', true],
      ['tool.completed', 'step 2 completed', true],
      ['output_text.delta', 'text +27 chars', true],
      ['response.completed', 'end: usage 412 in, 23 out', false],
    ]);
  });

  it('a failed tool is info and the run goes on; the finding names the step, tool and error', () => {
    const result = reconstruct(fixture('salyro--refund-helper-complete.sse'));
    expect(result.findings).toHaveLength(1);
    expect(result.findings[0]).toMatchObject({ code: 'tool failed', severity: 'info', frame: 3, line: 10 });
    expect(result.findings[0]?.message).toContain('Step 1 (lookup_order)');
    expect(result.findings[0]?.message).toContain('orders service timed out');
  });

  it('an error event ends the run: failed, its error object, did not finish, later frames after end', () => {
    const error = { message: 'provider down', code: 'upstream' };
    const result = run(start(), delta('Hi'), event({ type: 'error', error }), delta(' there'));
    expect(responseOf(result)).toMatchObject({ status: 'failed', error, output_text: 'Hi', usage: null });
    expect(result.error).toEqual(error);
    expect(result.verdict).toBe('did not finish');
    expect(result.outcome).toBe('error_event');
    expect(codes(result)).toEqual(['error event', 'after end']);
    expect(result.choices[0]?.finishReason).toBe('failed');
  });

  it('a run without its end did not finish; its status is in_progress and its open step is open', () => {
    const result = run(start(), event({ type: 'tool.started', step: 4, tool: 'search' }));
    expect(codes(result)).toEqual(['block open', 'no end']);
    expect(result.findings[0]?.message).toContain('Step 4 (search)');
    expect(result.steps).toEqual([{ step: 4, tool: 'search', status: 'in_progress' }]);
    expect(responseOf(result).status).toBe('in_progress');
    expect(result.choices[0]?.finishReason).toBeNull();
    expect(result.verdict).toBe('did not finish');
  });

  it('a completed run with a step never closed is not the whole stream', () => {
    const result = run(start(), event({ type: 'tool.started', step: 1, tool: 'search', input: { q: 'x' } }), completed());
    expect(codes(result)).toEqual(['block open']);
    expect(result.verdict).toBe('not the whole stream');
  });

  it('response.started arriving late is no start, at the first frame before it', () => {
    const result = run(delta('a'), start(), completed());
    expect(codes(result)).toEqual(['no start']);
    expect(result.findings[0]).toMatchObject({ frame: 0 });
    expect(result.findings[0]?.message).toContain('before response.started (frame 1)');
    expect(result.verdict).toBe('not the whole stream');
  });

  it('a second response.started, or a second start of a step, is block restarted: the later one is kept', () => {
    const again = run(start(), start({ id: 'run_2', version: 4 }), completed(undefined, 'run_2'));
    expect(codes(again)).toEqual(['block restarted']);
    expect(responseOf(again)).toMatchObject({ id: 'run_2', version: 4 });
    const step = run(
      start(),
      event({ type: 'tool.started', step: 1, tool: 'a' }),
      event({ type: 'tool.started', step: 1, tool: 'b' }),
      event({ type: 'tool.completed', step: 1, tool: 'b', output: 1 }),
      completed(),
    );
    expect(codes(step)).toEqual(['block restarted']);
    expect(step.steps).toEqual([{ step: 1, tool: 'b', status: 'completed', output: 1 }]);
    expect(step.verdict).toBe('not the whole stream');
  });

  it('closing a step twice is block unstarted for the second close', () => {
    const result = run(
      start(),
      event({ type: 'tool.started', step: 1, tool: 'a' }),
      event({ type: 'tool.completed', step: 1, tool: 'a' }),
      event({ type: 'tool.failed', step: 1, tool: 'a', error: { message: 'late' } }),
      completed(),
    );
    expect(codes(result)).toEqual(['block unstarted']);
    expect(result.findings[0]?.message).toContain('already completed');
    expect(result.steps?.[0]?.status).toBe('completed');
  });

  it('a close naming another tool, or an end naming another run, is done mismatch; the final value is kept', () => {
    const result = run(
      start(),
      event({ type: 'tool.started', step: 1, tool: 'a' }),
      event({ type: 'tool.completed', step: 1, tool: 'b' }),
      completed(undefined, 'run_9'),
    );
    expect(codes(result)).toEqual(['done mismatch', 'done mismatch']);
    expect(result.steps?.[0]?.tool).toBe('b');
    expect(responseOf(result).id).toBe('run_9');
  });

  it('an event: name that differs from the type, or is missing, is event mismatch; the type is read', () => {
    const named = run(start(), event({ type: 'output_text.delta', delta: 'x' }, 'text'), completed());
    expect(codes(named)).toEqual(['event mismatch']);
    expect(named.findings[0]?.message).toContain('`text`');
    expect(named.choices[0]?.text).toBe('x');
    const bare = run(start(), `data: ${JSON.stringify({ type: 'output_text.delta', delta: 'y' })}\n\n`, completed());
    expect(codes(bare)).toEqual(['event mismatch']);
    expect(bare.findings[0]?.message).toContain('no `event:` line');
  });

  it('an unknown type, a [DONE] and a non-object are unknown events and are not read', () => {
    const result = reconstruct(`${start()}${event({ type: 'tool.progress', step: 1 })}data: [DONE]\n\ndata: 7\n\n${completed()}`, {
      format: 'behavior-run',
    });
    expect(codes(result)).toEqual(['unknown event', 'unknown event', 'unknown event']);
    expect(result.verdict).toBe('complete');
  });

  it('fields of the wrong type outside the bad-field list are not assembled', () => {
    const result = run(start({ id: 5, created: 'soon' }), event({ type: 'output_text.delta', delta: 3 }), event({ type: 'tool.started', step: 'one', tool: 'a' }), completed());
    expect(codes(result)).toEqual(['not assembled', 'not assembled', 'not assembled', 'not assembled']);
    expect(responseOf(result)).not.toHaveProperty('created');
    expect(responseOf(result).id).toBe('run_1');
  });
});

describe('Behavior Run: bad fields are shown as unknown', () => {
  it('version null is a draft; version missing, fractional or a string is unknown', () => {
    expect(responseOf(run(start({ version: null }), completed())).version).toBeNull();
    for (const version of [undefined, 2.5, '3']) {
      const result = run(start({ version }), completed());
      expect(codes(result)).toEqual(['bad field']);
      expect(responseOf(result).version).toBe('unknown');
    }
  });

  it('a behavior that is not a string is unknown', () => {
    const result = run(start({ behavior: ['a'] }), completed());
    expect(codes(result)).toEqual(['bad field']);
    expect(responseOf(result).behavior).toBe('unknown');
  });

  it('usage must be exactly the three whole counts', () => {
    const cases: unknown[] = [
      undefined,
      null,
      { inputTokens: 1, outputTokens: 2 },
      { inputTokens: 1, outputTokens: 2, totalTokens: 3, cachedTokens: 0 },
      { inputTokens: 1.5, outputTokens: 2, totalTokens: 3 },
      { inputTokens: '1', outputTokens: 2, totalTokens: 3 },
    ];
    for (const usage of cases) {
      const result = run(start(), event({ type: 'response.completed', id: 'run_1', usage }));
      expect(codes(result)).toEqual(['bad field']);
      expect(responseOf(result).usage).toBe('unknown');
      expect(result.usage).toBeNull();
      expect(result.verdict).toBe('complete');
    }
  });
});

describe('Behavior Run: recognise', () => {
  const frame = { index: 0, event: 'message', data: '', lastEventId: '', dispatched: true, line: 1, endLine: 1, start: 0, end: 0 } as Frame;
  const score = (value: unknown) => behaviorRun.recognise(frame, readPayload(JSON.stringify(value)));

  it('scores run events 2, a usage-carrying response.completed 2, a plain error 1', () => {
    for (const type of ['response.started', 'output_text.delta', 'tool.started', 'tool.completed', 'tool.failed']) expect(score({ type })).toBe(2);
    expect(score({ type: 'response.completed', id: 'r', usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 } })).toBe(2);
    expect(score({ type: 'error', error: { message: 'x' } })).toBe(1);
  });

  it('leaves Responses, Anthropic and chat frames alone', () => {
    expect(score({ type: 'response.completed', sequence_number: 9, response: { usage: { inputTokens: 1, outputTokens: 1 } } })).toBe(0);
    expect(score({ type: 'error', error: { type: 'overloaded_error', message: 'x' } })).toBe(0);
    expect(score({ type: 'error', sequence_number: 3, error: { message: 'x' } })).toBe(0);
    expect(score({ type: 'response.output_text.delta', delta: 'x' })).toBe(0);
    expect(score({ object: 'chat.completion.chunk', choices: [] })).toBe(0);
  });

  it('gives a response.completed without `response` 1 even when its usage is bad, so a bad field still reaches the run', () => {
    expect(score({ type: 'response.completed', id: 'r', usage: 'lots' })).toBe(1);
  });
});

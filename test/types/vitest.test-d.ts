// Matcher types under Vitest (checked by tsc): typed unions reject typos, streams give promises, options are typed.
import { expect, expectTypeOf } from 'vitest';
import type { FindingCode, FormatName, Outcome, Verdict } from '../../src/index.js';
import { configure as configureVitest } from '../../src/runners/vitest.js';

declare const capture: string;
declare const response: Response;

expectTypeOf(expect(capture).toHaveFinding).parameter(0).toEqualTypeOf<FindingCode>();
expectTypeOf(expect(capture).toHaveVerdict).parameter(0).toEqualTypeOf<Verdict>();
expectTypeOf(expect(capture).toHaveOutcome).parameter(0).toEqualTypeOf<Outcome>();
expectTypeOf(expect(capture).toBeFormat).parameter(0).toEqualTypeOf<FormatName>();
expectTypeOf(expect(response).toReconstructAs({})).toEqualTypeOf<void | Promise<void>>();
expectTypeOf(expect(capture).not.toBeComplete()).toEqualTypeOf<void | Promise<void>>();

// @ts-expect-error a misspelt finding code does not compile
expect(capture).toHaveFinding('sequnce gap');
// @ts-expect-error a verdict that does not exist
expect(capture).toHaveVerdict('completed');
// @ts-expect-error an outcome that does not exist
expect(capture).toHaveOutcome('timeout');
// @ts-expect-error a format that does not exist
expect(capture).toBeFormat('openai');
// @ts-expect-error ignore takes finding codes
expect(capture).toHaveNoFindings({ ignore: ['unterminate'] });
// @ts-expect-error a severity that does not exist
expect(capture).toHaveNoFindings({ severity: 'warn' });
expect(capture).toHaveNoFindings({ severity: 'warning', ignore: ['crlf'] });
// @ts-expect-error a limit that does not exist
expect(capture).toArriveWithin({ firstTokenMs: 100 });

expect(capture).toHaveFinding('sequence gap', { count: 2, line: 12, frame: 3, message: /missing/ });
expect(capture).toHaveFinding('no end', { message: expect.stringContaining('stops') });
expect(capture).toHaveNoFindings({ ignore: ['crlf', 'not assembled'] });
expect(capture).toHaveText(expect.stringMatching(/hi/), { choice: 1 });
expect(capture).toHaveToolCalls(['get_weather', { name: 'get_time', input: { zone: 'UTC' } }]);
expect(capture).toStopWith('stop', { choice: 0 });
expect(capture).toHaveUsage({ prompt_tokens: 1 });
expect(capture).toArriveWithin({ firstByteMs: 1, firstContentMs: 2, idleMs: 3, totalMs: 4 });
void expect(response).toReconstructAs({ id: expect.any(String) }, { ignore: ['created'], format: 'chat-completions' });

// The sync matchers work asymmetrically inside toEqual.
expect({ run: capture }).toEqual({ run: expect.toHaveFinding('no end') });
expect({ run: capture }).toEqual({ run: expect.not.toHaveFinding('no end') });

// The live-stream matcher and the file's deadlines.
void expect(response).toBeEventStream();
void expect(response).toBeEventStream({ xAccelBuffering: false });
// @ts-expect-error an option that does not exist
void expect(response).toBeEventStream({ cacheControl: false });
configureVitest({ deadlines: { idleMs: 2000 } });

// The relay matchers: any input on each side, typed options.
void expect(response).toRelay(capture);
void expect(capture).not.toRelay(response, { usage: 'exact', ignore: ['choices.*.citations'], ids: true, format: { upstream: 'anthropic', downstream: 'chat-completions' } });
// @ts-expect-error a usage comparison that does not exist
void expect(capture).toRelay(capture, { usage: 'loose' });
// @ts-expect-error format names a format for each side
void expect(capture).toRelay(capture, { format: 'anthropic' });
void expect(response).toMatchNonStreamed({ id: 'msg_1' }, { usage: 'ignore', format: 'chat-completions', responseFormat: 'anthropic' });
// @ts-expect-error a response format that does not exist
void expect(capture).toMatchNonStreamed({}, { responseFormat: 'claude' });

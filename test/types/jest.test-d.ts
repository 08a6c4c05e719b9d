// Matcher types under Jest (checked by tsc): `@jest/globals` (module 'expect') and the global `jest` namespace.
import { expect } from '@jest/globals';
import { expectTypeOf } from 'expect-type';
import type { FindingCode, Verdict } from '../../src/index.js';
import { configure as configureJest } from '../../src/runners/jest.js';

declare const capture: string;
declare const response: Response;

expectTypeOf(expect(capture).toHaveFinding).parameter(0).toEqualTypeOf<FindingCode>();
expectTypeOf(expect(capture).toHaveVerdict).parameter(0).toEqualTypeOf<Verdict>();
expectTypeOf(expect(response).toReconstructAs({})).toEqualTypeOf<void | Promise<void>>();
expectTypeOf(expect(Promise.resolve(capture)).resolves.toBeComplete()).toEqualTypeOf<Promise<void>>();

// @ts-expect-error a misspelt finding code does not compile
expect(capture).toHaveFinding('sequnce gap');
// @ts-expect-error a verdict that does not exist
expect(capture).not.toHaveVerdict('completed');
// @ts-expect-error ignore takes finding codes
expect(capture).toHaveNoFindings({ ignore: ['unterminate'] });
// @ts-expect-error a severity that does not exist
expect(capture).toHaveNoFindings({ severity: 'warn' });
expect(capture).toHaveNoFindings({ severity: 'warning', ignore: ['crlf'] });

expect(capture).toHaveToolCall('get_weather', { city: expect.any(String) });
expect({ run: capture }).toEqual({ run: expect.toHaveFinding('no end') });
expect({ run: capture }).toEqual({ run: expect.not.toBeComplete() });

// The global namespace (what @types/jest users get).
expectTypeOf<jest.Matchers<void>['toHaveFinding']>().parameter(0).toEqualTypeOf<FindingCode>();
expectTypeOf<jest.Expect['toHaveFinding']>().returns.toHaveProperty('asymmetricMatch');

// The live-stream matcher and the file's deadlines.
void expect(response).toBeEventStream();
void expect(response).toBeEventStream({ xAccelBuffering: false });
// @ts-expect-error an option that does not exist
void expect(response).toBeEventStream({ cacheControl: false });
configureJest({ deadlines: { firstByteMs: 1000, firstContentMs: 2000, idleMs: 2000, totalMs: 4000 } });

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

// Where each part of the answer came from: recorded by the assemblers as they read, the same with the speed layer
// on and off (its accelerators apply frames through the assemblers' own steps), for every format of the registry.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { responses } from '../../../src/arbitraries/index.js';
import { frameAt } from '../../../src/core/answer/place-book.js';
import { FIXTURES } from '../../../src/fixtures/index.js';
import { FORMAT_MODULES, placesOf, synthesize, type AnswerPlaces, type Reconstruction } from '../../../src/index.js';
import { fastSettings, reconstructWith } from '../fast/fast-session.js';

function placesJson(result: Reconstruction): unknown {
  const places = placesOf(result) as AnswerPlaces;
  return { ...places, choices: [...places.choices.entries()] };
}

function readBoth(stream: string): { on: Reconstruction; off: Reconstruction; built: number } {
  const settings = fastSettings(true);
  const on = reconstructWith(settings, stream);
  return { on, off: reconstructWith(fastSettings(false), stream), built: settings.counts.built };
}

/** Every run points into the frames, in offset order from 0, inside the part's text; a run's frame carried content. */
function expectWellFormed(result: Reconstruction): void {
  const places = placesOf(result) as AnswerPlaces;
  for (const choice of result.answer.choices) {
    const at = places.choices.get(choice.index);
    for (const part of ['text', 'reasoning', 'refusal'] as const) {
      const runs = at?.[part] ?? [];
      if (choice[part] === '') continue;
      expect(runs[0]?.offset).toBe(0);
      for (let i = 1; i < runs.length; i += 1) expect(runs[i]?.offset).toBeGreaterThan(runs[i - 1]?.offset ?? 0);
      for (const run of runs) {
        expect(run.offset).toBeLessThan(choice[part].length + 2 * runs.length);
        expect(result.frames[run.frame]?.progress).toBe(true);
      }
    }
    expect(at?.toolCalls ?? []).toHaveLength(choice.toolCalls.length);
  }
  expect(places.last).toBe(result.frameCount - 1);
}

describe('places on every fixture', () => {
  it.each(FIXTURES.map((fixture) => [fixture.name, fixture] as const))('%s', (_name, fixture) => {
    const { on, off } = readBoth(fixture.stream);
    expect(placesJson(on)).toEqual(placesJson(off));
    expectWellFormed(on);
    const places = placesOf(on) as AnswerPlaces;
    if (on.answer.usage !== null) expect(places.usage).not.toBeNull();
    if (on.answer.error !== null) expect(places.error).not.toBeNull();
    for (const choice of on.answer.choices) {
      if (choice.finish.reason !== null && !choice.finish.reason.startsWith('promptFeedback')) expect(places.choices.get(choice.index)?.finish).not.toBeNull();
    }
  });

  it('names the frame a character came from', () => {
    const fixture = FIXTURES.find((entry) => entry.name === 'chat-completions/text');
    const result = readBoth(fixture?.stream ?? '').on;
    const runs = placesOf(result)?.choices.get(0)?.text ?? [];
    expect(frameAt(runs, 0)).toBe(1);
    expect(frameAt(runs, 12)).toBe(2);
    expect(frameAt(runs, 13)).toBe(2);
    expect(frameAt(runs, 100)).toBe(3);
    expect(frameAt([], 0)).toBeNull();
  });
});

describe('places with the speed layer on and off', () => {
  it.each(FORMAT_MODULES.map((module) => [module.name, module.accelerator !== undefined] as const))('%s: long streams of small pieces', (name, accelerated) => {
    let built = 0;
    fc.assert(
      fc.property(responses(name), fc.integer({ min: 1, max: 4 }), (response, pieceSize) => {
        const both = readBoth(synthesize(name, response, { pieceSize }));
        built += both.built;
        expect(placesJson(both.on)).toEqual(placesJson(both.off));
        expectWellFormed(both.on);
      }),
      { numRuns: 40 },
    );
    // A format with an accelerator had frames applied by it (its steps recorded the places); one without reads them all.
    if (accelerated) expect(built).toBeGreaterThan(0);
  });
});

// Every format's result is the same with its accelerator on and off, byte for byte. The formats come from the
// registry, so a new format and a new accelerator are tested here without being listed.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { acceleratorOf } from '../../../src/core/fast/accelerators.js';
import { FORMAT_MODULES } from '../../../src/core/formats/registry.js';
import { runsPerFormat } from '../../setup/runs.js';
import { reconstruct } from '../../../src/core/reconstruct.js';
import { fastSettings, reconstructWith } from './fast-session.js';
import type { FormatModule, ReconstructOptions } from '../../../src/index.js';
import { fixture, fixtures } from '../../../src/fixtures/index.js';

function readWith(enabled: boolean, input: string | Uint8Array[], options: ReconstructOptions = {}): string {
  return JSON.stringify(reconstructWith(fastSettings(enabled), input, options));
}

function inChunks(text: string, size: number): Uint8Array[] {
  const bytes = new TextEncoder().encode(text);
  const chunks: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
  return chunks;
}

function expectSame(text: string, module: FormatModule): void {
  for (const options of [{}, { frames: false }, { format: module.name }] satisfies ReconstructOptions[]) {
    expect(readWith(true, text, options)).toBe(readWith(false, text, options));
    expect(readWith(true, inChunks(text, 65_536), options)).toBe(readWith(false, inChunks(text, 65_536), options));
    expect(readWith(true, inChunks(text, 61), options)).toBe(readWith(false, inChunks(text, 61), options));
  }
}

const recorded = join(import.meta.dirname, '../../../fixtures/recorded');

/** Real captures of the format: fixtures/recorded/<name>, and test/vectors/<name> where the newer formats keep theirs. */
function recordedStreams(module: FormatModule): string[] {
  return [join(recorded, module.name), join(import.meta.dirname, '../../vectors', module.name)].flatMap((dir) => {
    let names: string[] = [];
    try {
      names = readdirSync(dir).filter((name) => name.endsWith('.sse'));
    } catch {
      names = [];
    }
    return names.map((name) => join(dir, name));
  });
}

/** The format's text fixture with a long answer, cut into small pieces: most of its frames are hot deltas. */
function longTextStream(module: FormatModule): string {
  const long = 'word, "quoted" \\ '.repeat(120);
  const response = JSON.parse(JSON.stringify(fixture(module.name, 'text').response).replaceAll(/"(text|content)":"[^"]*"/g, `"$1":${JSON.stringify(long)}`)) as unknown;
  return module.synthesize(response, { pieceSize: 4 });
}

describe.each(FORMAT_MODULES.map((module) => [module.name, module] as const))('%s: accelerator on and off', (_name, module) => {
  const files = recordedStreams(module);

  // Without an accelerator, on and off are the same reading: only a format that has one needs recorded streams here.
  it('has recorded streams to compare, when it has an accelerator', () => expect(module.accelerator === undefined || files.length > 0).toBe(true));

  it.each(files.map((file) => [file.slice(recorded.length + 1), file]))('%s reads the same', (_label, file) => {
    expectSame(readFileSync(file, 'utf8'), module);
  });

  it('reads every fixture of the format the same', () => {
    for (const { stream } of fixtures(module.name)) expectSame(stream, module);
  });

  it('reads its own documented streams the same, however they are cut into pieces', () => {
    const responses = fixtures(module.name).map(({ response }) => response);
    fc.assert(
      fc.property(fc.constantFrom(...responses), fc.integer({ min: 1, max: 12 }), fc.integer(), (response, pieceSize, seed) => {
        let state = seed >>> 0;
        const random = (max: number) => {
          state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
          return 1 + (state % max);
        };
        expectSame(module.synthesize(response, { pieceSize, random }), module);
      }),
      { numRuns: runsPerFormat(40) },
    );
  });

  const accelerator = acceleratorOf(module.name);
  it.runIf(accelerator !== null)('applies most frames of a long answer through its accelerator', () => {
    if (accelerator === null) return;
    const text = longTextStream(module);
    const apply = vi.spyOn(accelerator, 'apply');
    try {
      const result = reconstruct(text);
      const applied = apply.mock.results.filter((call) => call.value === true).length;
      expect(result.verdict).toBe('complete');
      expect(applied).toBeGreaterThan(result.frameCount * 0.5);
    } finally {
      apply.mockRestore();
    }
    expect(readWith(true, text)).toBe(readWith(false, text));
  });
});

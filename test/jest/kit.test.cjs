// The fixtures, faults and arbitraries entries as users load them: the built package by its own name, under Jest
// (CommonJS) and from an ES module.
const { spawnSync } = require('node:child_process');
const { describe, expect, test } = require('@jest/globals');
const fc = require('fast-check');
const { FORMAT_MODULES, reconstruct } = require('sse-reconstruct');
const { fixture, fixtures, streamOf, FIXTURE_NAMES } = require('sse-reconstruct/fixtures');
const { applyFaults, truncateAfter, appendError, readScript, scriptText, stall, drop } = require('sse-reconstruct/faults');
const { streams, faults, chunkings } = require('sse-reconstruct/arbitraries');

describe('built entries under Jest', () => {
  test('fixtures reconstruct to their responses', () => {
    expect(FIXTURE_NAMES.length).toBe(FORMAT_MODULES.reduce((sum, module) => sum + module.fixtures.specs.length, 0));
    expect(FIXTURE_NAMES.length).toBeGreaterThanOrEqual(76);
    for (const entry of fixtures()) expect(reconstruct(entry.stream).response).toEqual(entry.response);
    const { response } = fixture('anthropic/tool-call');
    expect(reconstruct(streamOf(response, 'anthropic', { pieceSize: 3, seed: 1 })).response).toEqual(response);
  });

  test('faults state their reading, and the library reports it', () => {
    const script = applyFaults(fixture('anthropic/text'), truncateAfter(5), appendError(), stall(2, 60000));
    expect(script.expected).toMatchObject({ verdict: 'did not finish', outcome: 'stalled', findings: ['block open', 'error event', 'stalled'] });
    const reading = readScript(script);
    expect([reading.verdict, reading.outcome, Object.keys(reading.findingCounts).sort()]).toEqual(['did not finish', 'stalled', ['block open', 'error event', 'stalled']]);
    expect(() => applyFaults(fixture('anthropic/text'), drop(40))).toThrow(/has no frame 40/);
  });

  test('arbitraries work with the user’s own fast-check, and faults made by them apply', () => {
    fc.assert(
      fc.property(streams('chat-completions'), faults(), chunkings(), (stream, list, chunking) => {
        const script = applyFaults(stream, ...list);
        expect(chunking.split(scriptText(script)).join('')).toBe(scriptText(script));
      }),
      { numRuns: 50 },
    );
  });

  test('the same entries load from an ES module', () => {
    const code = [
      "import { fixture } from 'sse-reconstruct/fixtures';",
      "import { applyFaults, dropEnd } from 'sse-reconstruct/faults';",
      "import { streams } from 'sse-reconstruct/arbitraries';",
      "const s = applyFaults(fixture('gemini/text'), dropEnd());",
      "console.log(JSON.stringify([s.expected.outcome, typeof streams]));",
    ].join('\n');
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', code], { cwd: __dirname, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual(['dropped', 'function']);
  });
});

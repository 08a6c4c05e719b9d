import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { FORMAT_NAMES, reconstruct } from '../../src/core/index.js';
import { chunkings, FAULT_KINDS, faults, pacings, responses, streams } from '../../src/arbitraries/index.js';
import { applyFaults, scriptOf, scriptText } from '../../src/faults/index.js';
import { workOf } from '../../src/faults/work.js';
import { streamOf } from '../../src/fixtures/index.js';
import { faultedScript, faultedWork } from '../../src/faults/faults.js';
import { expectStated } from '../faults/reading.js';
import { oracleOfWork, statedReading } from '../oracle/expect.js';
import { ciRuns, runsPerFormat } from '../setup/runs.js';

describe.each(FORMAT_NAMES)('%s', (format) => {
  test('responses() stream and reconstruct to themselves at any piece size', () => {
    fc.assert(
      fc.property(responses(format), fc.integer({ min: 1, max: 20 }), fc.integer(), (response, pieceSize, seed) => {
        expect(reconstruct(streamOf(response, format, { pieceSize, seed })).response).toEqual(response);
      }),
      { numRuns: ciRuns(runsPerFormat(150)) },
    );
  });

  test('streams() are fixtures: the stream reconstructs to the response and reads as `expected` states', () => {
    fc.assert(
      fc.property(streams(format), (stream) => {
        const reading = reconstruct(stream.stream);
        expect(reading.format).toBe(format);
        expect(reading.response).toEqual(stream.response);
        expect({ verdict: reading.verdict, outcome: reading.outcome, findings: Object.keys(reading.findingCounts).sort() }).toEqual({
          verdict: stream.expected.verdict,
          outcome: stream.expected.outcome,
          findings: stream.expected.findings,
        });
        // The oracle, apart from the library, states the same reading.
        // (The fixture's script is its text cut into frames as scriptOf(stream.stream, { format }) cuts it, without reading it again.)
        expect(statedReading(workOf(scriptOf(stream)))).toMatchObject(stream.expected);
      }),
      { numRuns: ciRuns(runsPerFormat(150)) },
    );
  });
});

describe('faults(), chunkings(), pacings()', () => {
  test('every fault list applies to every stream it meets (one that cannot apply leaves it as it is)', () => {
    fc.assert(fc.property(fc.constantFrom(...FORMAT_NAMES).chain((f) => streams(f)), faults({ maxLength: 5 }), (stream, list) => {
      expect(() => applyFaults(stream, ...list)).not.toThrow();
    }), { numRuns: ciRuns(300) });
  });

  test('kinds restrict what is drawn, and lists print by name', () => {
    for (const list of fc.sample(faults({ kinds: ['drop', 'stall'], maxLength: 4 }), 100)) {
      for (const entry of list) expect(String(entry)).toMatch(/^(drop|stall)\(at \d+%/);
    }
    expect(FAULT_KINDS).toHaveLength(16);
    expect(() => faults({ kinds: ['explode' as never] })).toThrow(/kinds are some of truncateAfter/);
    expect(() => faults({ maxLength: -1 })).toThrow(/maxLength is a whole number/);
    expect(() => streams('claude' as never)).toThrow(/takes a format, one of/);
  });

  test('a chunking cuts text and bytes into pieces that join back, and reading the pieces gives the same reconstruction', () => {
    fc.assert(fc.property(streams('gemini'), chunkings(), (stream, chunking) => {
      const pieces = chunking.split(stream.stream);
      expect(pieces.join('')).toBe(stream.stream);
      expect(pieces.every((piece) => !/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/.test(piece) || piece.length === 0)).toBe(true);
      const bytes = new TextEncoder().encode(stream.stream);
      const chunks = chunking.splitBytes(bytes);
      expect(Buffer.concat(chunks)).toEqual(Buffer.from(bytes));
      expect(reconstruct(chunks).response).toEqual(stream.response);
      expect(reconstruct(pieces).response).toEqual(stream.response);
    }), { numRuns: ciRuns(150) });
  });

  test('pacings() pace any stream, and the reading is what the pace states', () => {
    fc.assert(fc.property(fc.constantFrom(...FORMAT_NAMES).chain((f) => streams(f)), pacings(), (stream, paced) => {
      // The pace applied once: its script is checked for its text and read as the oracle states.
      const made = faultedWork(stream, [paced]);
      const script = faultedScript(made);
      expect(scriptText(script)).toBe(stream.stream);
      expectStated(made, oracleOfWork(made), [paced], script);
    }), { numRuns: ciRuns(150) });
  });
});

describe('shrinking finds the smallest stream that breaks a relay', () => {
  /** A relay with a classic bug: it decodes each network chunk on its own, so a character cut between two chunks is lost. */
  async function brokenRelay(chunks: Uint8Array[]): Promise<string> {
    let out = '';
    for (const chunk of chunks) out += new TextDecoder().decode(chunk);
    return out;
  }

  test('the counterexample is one short non-ASCII text cut inside its character', async () => {
    const result = await fc.check(
      fc.asyncProperty(streams('anthropic'), chunkings(8), async (stream, chunking) => {
        const relayed = await brokenRelay(chunking.splitBytes(new TextEncoder().encode(stream.stream)));
        expect(reconstruct(relayed).response).toEqual(stream.response);
      }),
      { numRuns: 500, seed: 42 },
    );
    expect(result.failed).toBe(true);
    const [stream, chunking] = result.counterexample!;
    const texts = JSON.stringify(stream.response).match(/"(?:text|thinking)":"([^"]*)"/g) ?? [];
    const nonAscii = [...JSON.stringify(stream.response)].filter((c) => c.charCodeAt(0) > 127);
    expect(nonAscii.length).toBeGreaterThan(0);
    expect(nonAscii.length).toBeLessThanOrEqual(2);
    expect((stream.response as { content: unknown[] }).content).toHaveLength(1);
    expect(texts.length).toBeLessThanOrEqual(1);
    expect(chunking.sizes.length).toBeLessThanOrEqual(2);
  });
});

// What the built package shows users: exactly the names src/index.ts lists, and none of the speed machinery's
// internals in any declaration file. `npm test` builds before vitest; without dist/ this is skipped.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as api from '../../src/index.js';

const root = join(import.meta.dirname, '..', '..');
const dist = join(root, 'dist');
const built = existsSync(join(dist, 'index.d.ts'));

const VALUES = [
  'DEFAULT_DEADLINES', 'DIFFERENCES', 'DIFFERENCE_CODES', 'ERROR_MEANINGS', 'ERROR_SOURCES', 'FINDINGS', 'FINDINGS_LISTED_PER_CODE', 'FINDING_CODES', 'FINISH_CLASSES', 'FORMAT_MODULES',
  'FORMAT_NAMES', 'LIBRARY_ERROR_CODES', 'MAX_HELD_CHARS', 'OUTCOMES', 'SseReconstructError', 'SseReconstructRangeError', 'VERDICTS', 'answerOf', 'clientProfiles', 'clientsOf', 'compareAnswers', 'compareReconstructions', 'compareStreams',
  'createDecoder', 'createFrameReader', 'createInspection', 'createReconstruction', 'decode', 'explainError', 'formatModule',
  'inspect', 'inspectStream', 'isFindingCode', 'isReconstruction', 'placesOf', 'readPayload',
  'reconstruct', 'reconstructStream', 'renderInspection', 'renderText', 'synthesize',
];

/**
 * Names of the speed layer, the pipeline and the faces' helpers that users never call; none may appear in a published
 * declaration. (FindingList does: the optional list the pipeline hands createDecoder() and createFrameReader(); it is
 * not exported.)
 */
const INTERNAL = [
  'lane', 'FrameTaker', 'fastPlan', 'applyFast', 'knownStrings', 'FastPlan', 'MakerAt', 'Accelerator', 'LaneSink', 'FrameDispatch', 'openSession',
  'RECONSTRUCTION_BRAND', 'fixturesTable', 'isLiveStream', 'caretSnippet', 'formatSnippet', 'lineLookup', 'severityLabel', 'SEVERITY_LABELS',
  'valueAtPath', 'reassemble',
];

describe('the public surface', () => {
  it('exports exactly the listed values', () => {
    expect(Object.keys(api).sort()).toEqual([...VALUES].sort());
  });

  it.runIf(built)('the built index exports the same values', async () => {
    const built = (await import(join(dist, 'index.js'))) as Record<string, unknown>;
    expect(Object.keys(built).sort()).toEqual([...VALUES].sort());
  });

  it.runIf(built)('no declaration file names an internal of the speed layer', () => {
    const declarations = readdirSync(dist).filter((name) => /\.d\.c?ts$/.test(name));
    expect(declarations.length).toBeGreaterThan(0);
    for (const name of declarations) {
      const text = readFileSync(join(dist, name), 'utf8');
      const found = INTERNAL.filter((word) => new RegExp(`\\b${word}\\b`).test(text));
      expect({ file: name, found }).toEqual({ file: name, found: [] });
    }
  });
});

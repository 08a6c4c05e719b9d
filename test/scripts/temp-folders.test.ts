// The scripts behind `npm test` and `npm start` pack and install into temp folders (about 100 MB a run): each one
// made through tempDir() is removed by removeTempDirs(), which every script calls in a `finally`.
import { existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain .mjs script, without types
import { removeTempDirs, tempDir } from '../../scripts/test-examples.mjs';

const make = tempDir as (what: string) => string;
const removeAll = removeTempDirs as () => void;

describe('temp folders of the scripts', () => {
  it('are named sse-reconstruct-* in the system temp dir, and all removed, contents and all', () => {
    const dirs = [make('pack'), make('example-jest')];
    for (const dir of dirs) {
      expect(dirname(dir)).toBe(tmpdir());
      expect(basename(dir)).toMatch(/^sse-reconstruct-(pack|example-jest)-/);
      writeFileSync(join(dir, 'file.txt'), 'x');
    }
    removeAll();
    for (const dir of dirs) expect(existsSync(dir)).toBe(false);
  });
});

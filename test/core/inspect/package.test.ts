// The inspector, the error table and the reports as users get them: from the built package (ESM and CommonJS) and
// the built bin. `npm test` builds before it runs vitest; without dist/ these are skipped.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as source from '../../../src/index.js';
import { HARBOUR, HARBOUR_PATH } from './examples.js';

const root = join(import.meta.dirname, '../../..');
const built = existsSync(join(root, 'dist/index.js')) && existsSync(join(root, 'dist/index.cjs'));
type Api = typeof source;

describe.runIf(built)('the built package', () => {
  const loaders: Array<[string, () => Promise<Api>]> = [
    ['ESM', async () => (await import(pathToFileURL(join(root, 'dist/index.js')).href)) as Api],
    ['CommonJS', async () => createRequire(import.meta.url)(join(root, 'dist/index.cjs')) as Api],
  ];
  for (const [name, load] of loaders) {
    it(`${name}: inspect, explainError, the reports and the misuse errors give what the source gives`, async () => {
      const api = await load();
      const inspection = api.inspect(HARBOUR, { path: HARBOUR_PATH });
      expect(inspection).toEqual(source.inspect(HARBOUR, { path: HARBOUR_PATH }));
      expect(api.renderInspection(inspection)).toBe(source.renderInspection(inspection));
      const error = { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } };
      expect(api.explainError(error, 'anthropic')).toEqual(source.explainError(error, 'anthropic'));
      // The snippet and severity helpers are internal now: the problems above carry them. A misuse thrown by the
      // built copy is an instance of the source's class (its brand holds across copies) and carries its code.
      const misuse = (() => {
        try {
          api.inspect(HARBOUR, { path: 3 } as never);
        } catch (error) {
          return error;
        }
      })();
      expect(misuse).toBeInstanceOf(source.SseReconstructError);
      expect(misuse).toBeInstanceOf(TypeError);
      expect(misuse).toMatchObject({ code: 'ERR_SSE_OPTION', message: expect.stringMatching(/^sse-reconstruct: inspect\(\)'s path/) });
      expect(api.ERROR_MEANINGS.length).toBe(source.ERROR_MEANINGS.length);
    });
  }

  it.runIf(existsSync(join(root, 'dist/cli.js')))('the built bin prints the inspector report with --inspect --path', () => {
    const run = spawnSync(process.execPath, [join(root, 'dist/cli.js'), '--inspect', '--path', HARBOUR_PATH, '-'], { input: HARBOUR, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' } });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe(source.renderInspection(source.inspect(HARBOUR, { path: HARBOUR_PATH })));
  });
});

// Checks the package as published: `publint --strict` and `attw` on the packed tarball, and the Vitest matcher types
// against Vitest 5 (its types changed shape) from an ESM and a CommonJS consumer. Writes reports/package.json.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pack, removeTempDirs, tempDir, tscCheck, typeTestConfig, writeChecks } from './test-examples.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (path) => join(repo, 'node_modules', ...path.split('/'));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function check(name, command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: repo, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' }, ...options });
  return { name, passed: result.status === 0, output: `${result.stdout ?? ''}${result.stderr ?? ''}`.trim() };
}

/** Installs the tarball with Vitest 5 (types only; it needs Node 22 to run) and type-checks both consumer formats. */
async function vitest5Checks(tarball) {
  const dir = tempDir('vitest5');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'vitest5-types', private: true, type: 'module' }));
  const install = check('vitest 5: install the tarball', npm, ['install', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts', '--loglevel=error', tarball, 'vitest@5.1.1'], { cwd: dir });
  if (!install.passed) return [install];
  const esm = await tscCheck('vitest 5: test/types/vitest.test-d.ts, ESM consumer importing sse-reconstruct/vitest', dir, typeTestConfig(dir, 'vitest'));
  return [esm, await cjsConsumer(dir)];
}

/** A CommonJS-format consumer that gets the types from tsconfig `types` (the case where a .d.cts would miss `expect`). */
function cjsConsumer(dir) {
  const config = typeTestConfig(dir, 'vitest', { format: 'commonjs' });
  const file = join(dir, 'type-tests', 'vitest.test-d.ts');
  writeFileSync(file, readFileSync(file, 'utf8').replace("import 'sse-reconstruct/vitest';\n", ''));
  const tsconfig = JSON.parse(readFileSync(join(dir, config), 'utf8'));
  tsconfig.compilerOptions.types = ['sse-reconstruct/vitest'];
  writeFileSync(join(dir, config), JSON.stringify(tsconfig));
  return tscCheck('vitest 5: the same, CommonJS consumer with "types": ["sse-reconstruct/vitest"]', dir, config);
}

/** Every check of the packed package. */
async function packageChecks() {
  const tarball = pack();
  const attw = bin('@arethetypeswrong/cli/dist/index.js');
  return [
    check('publint --strict on the tarball', process.execPath, [bin('publint/src/cli.js'), 'run', '--strict', tarball]),
    check('attw on the tarball (strict profile; jest-preset is config, vitest is checked below)', process.execPath, [attw, tarball, '--no-emoji', '--format', 'ascii', '--exclude-entrypoints', 'jest-preset', 'vitest']),
    // Vitest is ESM-only, so its setup entry is too: a require() of it is expected to fail.
    check('attw on sse-reconstruct/vitest (ESM-only entry)', process.execPath, [attw, tarball, '--no-emoji', '--format', 'ascii', '--entrypoints', 'vitest', '--ignore-rules', 'cjs-resolves-to-esm']),
    ...(await vitest5Checks(tarball)),
  ];
}

let checks;
try {
  checks = await packageChecks();
} finally {
  removeTempDirs();
}
mkdirSync(join(repo, 'reports'), { recursive: true });
process.exitCode = writeChecks('package.json', checks) ? 0 : 1;

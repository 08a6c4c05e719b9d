// A format's bench rows alone: `npm run bench`'s speed and memory table for its streams only (bench/run.mjs with
// --only, without the live, matchers, page and compare parts). The bench/formats/<name>.mjs files call it when run.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export function runAlone(streams) {
  const run = fileURLToPath(new URL('../run.mjs', import.meta.url));
  const passed = process.argv.slice(2);
  const child = spawn(process.execPath, [run, `--only=${streams.join(',')}`, '--no-live', '--no-matchers', '--no-page', '--no-compare', ...passed], { stdio: 'inherit' });
  return new Promise((resolve) => child.on('close', (code) => resolve((process.exitCode = code ?? 1))));
}

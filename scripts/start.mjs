// The main job, in seconds after `npm ci`: the CLI, from the source (no build), on two bundled captures, a clean
// recording and a broken one. The example relay's suites install packages and run two runners: `npm test` runs
// them, and `npm run examples` runs them alone.
import { spawnSync } from 'node:child_process';

const CLI = ['--import', 'tsx', 'src/cli/index.ts'];

function run(title, args, okCodes = [0]) {
  console.log(`\n━━ ${title}\n$ sse-reconstruct ${args.join(' ')}\n`);
  const result = spawnSync(process.execPath, [...CLI, ...args], { stdio: 'inherit' });
  if (!okCodes.includes(result.status ?? -1)) {
    console.error(`\n${title}: exited ${result.status}, expected ${okCodes.join(' or ')}`);
    process.exit(1);
  }
}

run('a clean recorded stream (exit 0)', ['fixtures/recorded/chat-completions/openai-python--parallel-tool-calls.sse']);
run('a broken capture: cut mid tool call by a relay (exit 1: it has findings)', ['--frames', 'fixtures/captures/relay-cut-mid-tool-call.sse'], [1]);
console.log('\nThe example relay, tested with the matchers under vitest and jest: npm run examples (npm test runs it too).');

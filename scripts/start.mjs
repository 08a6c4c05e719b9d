// The main job: build, run the CLI on two bundled captures (a clean recording and a broken one), then the examples.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

function run(title, command, args, okCodes = [0]) {
  console.log(`\n━━ ${title}\n$ ${[command, ...args].join(' ')}\n`);
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (!okCodes.includes(result.status ?? -1)) {
    console.error(`\n${title}: exited ${result.status}, expected ${okCodes.join(' or ')}`);
    process.exit(1);
  }
}

run('build', 'npx', ['tsup', '--silent']);
run('a clean recorded stream (exit 0)', 'node', ['dist/cli.js', 'fixtures/recorded/chat-completions/openai-python--parallel-tool-calls.sse']);
run('a broken capture: cut mid tool call by a relay (exit 1: it has findings)', 'node', ['dist/cli.js', '--frames', 'fixtures/captures/relay-cut-mid-tool-call.sse'], [1]);
if (existsSync('scripts/run-examples.mjs')) run('the examples: a relay tested with the matchers', 'node', ['scripts/run-examples.mjs']);

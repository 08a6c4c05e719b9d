// Matcher overhead on a 50-frame stream (target: under 1 ms), measured on the built package through Jest's
// `expect` with the runner-free matchers. `npm run build && node bench/matchers.mjs [--json]`.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'expect';
import { reconstruct, reconstructStream } from '../dist/index.js';
import { matchers } from '../dist/matchers.js';

const here = dirname(fileURLToPath(import.meta.url));
const capture = readFileSync(join(here, '..', 'fixtures', 'recorded', 'chat-completions', 'openai-python--n3-interleaved-choices.sse'), 'utf8');
const frames = reconstruct(capture).frames.length;
expect.extend(matchers);

/** Median microseconds per call over `rounds` rounds of `batch` calls, after a warm-up. */
async function time(run, { batch = 200, rounds = 15 } = {}) {
  for (let i = 0; i < batch; i += 1) await run(i);
  const samples = [];
  for (let round = 0; round < rounds; round += 1) {
    const start = performance.now();
    for (let i = 0; i < batch; i += 1) await run(i);
    samples.push(((performance.now() - start) * 1000) / batch);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)];
}

const result = reconstruct(capture);
// A different string each call defeats the matchers' text cache: the cost of a first matcher on a capture.
const fresh = (i) => `${capture}: ${i}\n`;
const sync = async (fn) => time((i) => fn(i), { batch: 500 });
const live = (i) => new Response(fresh(i), { headers: { 'content-type': 'text/event-stream' } });

const rows = {
  'reconstruct(text)': await sync((i) => reconstruct(fresh(i))),
  "expect(x).toBe(x): Jest's own matcher, for scale": await sync(() => expect(result).toBe(result)),
  'toHaveNoFindings on a reconstruction': await sync(() => expect(result).toHaveNoFindings()),
  'toReconstructAs on a reconstruction': await sync(() => expect(result).toReconstructAs(result.response, { ignore: ['id', 'created'] })),
  'toHaveToolCalls + toStopWith + toHaveUsage on a reconstruction': await sync(() => {
    expect(result).toHaveToolCalls([]);
    expect(result).toStopWith('stop');
    expect(result).toHaveUsage({ prompt_tokens: 79 });
  }),
  'toBeComplete on new text (reconstructs it)': await sync((i) => expect(fresh(i)).toBeComplete()),
  'toBeComplete on the same text again (cached)': await sync(() => expect(capture).toBeComplete()),
  'reconstructStream(Response)': await time((i) => reconstructStream(live(i))),
  'await toBeComplete on a Response (reads it)': await time((i) => expect(live(i)).toBeComplete()),
};
const overheadOnText = rows['toBeComplete on new text (reconstructs it)'] - rows['reconstruct(text)'];
const overheadOnResponse = rows['await toBeComplete on a Response (reads it)'] - rows['reconstructStream(Response)'];
const overhead = Math.max(rows['toHaveNoFindings on a reconstruction'], rows['toReconstructAs on a reconstruction'], overheadOnText, overheadOnResponse);

if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ frames, microseconds: rows, overheadMicroseconds: overhead, targetMicroseconds: 1000, met: overhead < 1000 }, null, 2));
} else {
  console.log(`Matcher overhead on a ${frames}-frame stream (median µs per call, built package, Jest's expect):`);
  for (const [name, us] of Object.entries(rows)) console.log(`  ${us.toFixed(1).padStart(8)} µs  ${name}`);
  console.log(`  matcher over reconstruct() on text: ${overheadOnText.toFixed(1)} µs; over reconstructStream() on a Response: ${overheadOnResponse.toFixed(1)} µs`);
  console.log(`Overhead ${overhead.toFixed(1)} µs: ${overhead < 1000 ? 'under' : 'OVER'} the 1 ms target.`);
}

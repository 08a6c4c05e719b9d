// Places cost: reconstruct() on a ~10 MB Chat Completions stream, this tree against another (`git archive <commit> src`
// unpacked in a folder), alternated in one process, best and median of 40. Not the bench: a local check.
// Usage: node --import tsx scripts/answer-timing.mts /path/to/other/tree
const other = process.argv[2];
if (other === undefined) throw new TypeError('Pass the folder of the other tree (one that holds src/).');
const before = await import(`${other}/src/core/index.ts`);
const after = await import(new URL('../src/core/index.ts', import.meta.url).href);
const text = Array.from({ length: 70_000 }, (_, i) => `word${i % 97} `).join('');
const response = { id: 'chatcmpl-1', object: 'chat.completion', created: 1, model: 'm', choices: [{ index: 0, message: { role: 'assistant', content: text, refusal: null }, logprobs: null, finish_reason: 'stop' }], usage: { prompt_tokens: 5, completion_tokens: 9, total_tokens: 14 } };
const stream: string = after.synthesize('chat-completions', response, { pieceSize: 8 });
const best = { before: Infinity, after: Infinity };
const all = { before: [] as number[], after: [] as number[] };
for (let i = 0; i < 40; i += 1) {
  for (const [name, lib] of [['before', before], ['after', after]] as const) {
    const start = performance.now();
    const result = lib.reconstruct(stream, { frames: false });
    const ms = performance.now() - start;
    if (result.choices[0].text.length !== text.length) throw new Error('wrong');
    best[name] = Math.min(best[name], ms);
    all[name].push(ms);
  }
}
const median = (xs: number[]): number => xs.sort((a, b) => a - b)[xs.length >> 1] ?? Number.NaN;
console.log(`${(stream.length / 1e6).toFixed(1)} MB: best before ${best.before.toFixed(1)} ms, after ${best.after.toFixed(1)} ms (${((best.after / best.before - 1) * 100).toFixed(1)} %); median ${median(all.before).toFixed(1)} / ${median(all.after).toFixed(1)} ms`);

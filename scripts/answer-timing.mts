// Places cost: reconstruct() on a ~10 MB Chat Completions stream, this tree against other trees (`git archive
// <commit> src` unpacked in a folder), alternated in one process. Per round each tree's time over this tree's; the
// median and min of those paired ratios, and each tree's median and best time. Not the bench: a local check.
// Usage: node --import tsx scripts/answer-timing.mts [--rounds=N] [--format=chat-completions] /path/to/tree ...
const args = process.argv.slice(2);
const rounds = Number(args.find((arg) => arg.startsWith('--rounds='))?.slice(9) ?? 60);
const format = args.find((arg) => arg.startsWith('--format='))?.slice(9) ?? 'chat-completions';
const others = args.filter((arg) => !arg.startsWith('--'));
if (others.length === 0) throw new TypeError('Pass the folder of at least one other tree (one that holds src/).');
const here = await import(new URL('../src/core/index.ts', import.meta.url).href);
const trees = [{ name: 'this', lib: here }];
for (const other of others) trees.push({ name: other, lib: await import(`${other}/src/core/index.ts`) });
const text = Array.from({ length: 70_000 }, (_, i) => `word${i % 97} `).join('');
const response = { id: 'chatcmpl-1', object: 'chat.completion', created: 1, model: 'm', choices: [{ index: 0, message: { role: 'assistant', content: text, refusal: null }, logprobs: null, finish_reason: 'stop' }], usage: { prompt_tokens: 5, completion_tokens: 9, total_tokens: 14 } };
const chat = here.formatModule('chat-completions');
const target = here.formatModule(format);
const stream: string = target.synthesize(target.responseOf(here.answerOf(here.reconstruct(chat.synthesize(response, { pieceSize: 8 })))), { pieceSize: 8 });
const times = new Map<string, number[]>(trees.map((tree) => [tree.name, []]));
const ratios = new Map<string, number[]>(trees.map((tree) => [tree.name, []]));
for (let i = 0; i < rounds + 3; i += 1) {
  const round = new Map<string, number>();
  for (const tree of i % 2 === 0 ? trees : [...trees].reverse()) {
    const start = performance.now();
    const result = tree.lib.reconstruct(stream, { frames: false });
    round.set(tree.name, performance.now() - start);
    if (result.choices[0].text.length !== text.length) throw new Error(`wrong text from ${tree.name}`);
  }
  if (i < 3) continue;
  for (const tree of trees) {
    times.get(tree.name)?.push(round.get(tree.name) as number);
    ratios.get(tree.name)?.push((round.get(tree.name) as number) / (round.get('this') as number));
  }
}
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? Number.NaN;
console.log(`${format} ${(stream.length / 1e6).toFixed(1)} MB, ${rounds} rounds`);
for (const tree of trees) {
  const t = times.get(tree.name) as number[];
  const r = ratios.get(tree.name) as number[];
  console.log(`${tree.name}: median ${median(t).toFixed(1)} ms, best ${Math.min(...t).toFixed(1)} ms; time ÷ this: median ${median(r).toFixed(3)}, min ${Math.min(...r).toFixed(3)}`);
}

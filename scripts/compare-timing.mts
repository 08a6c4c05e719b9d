// compareStreams' cost over the two reconstruct() calls alone, on bench/compare.mjs's rows, from src/ (no build):
// paired rounds in one process, median and min of the ratios, and where the time goes. Not the bench: a local check.
// Usage: node --import tsx scripts/compare-timing.mts [--rounds=N] [--row=same|translated|defect] [--megabytes=N]
// The bench's streams (plain JS, no types).
const { buildStream } = (await import(new URL('../bench/streams.mjs', import.meta.url).href)) as { buildStream: (name: string, megabytes: number) => { bytes: Uint8Array } };
const lib = await import(new URL('../src/index.ts', import.meta.url).href);
const faults = await import(new URL('../src/faults/index.ts', import.meta.url).href);
const args = process.argv.slice(2);
const value = (name: string): string | undefined => args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const rounds = Number(value('rounds') ?? 20);
const megabytes = Number(value('megabytes') ?? 10);
const rows: Record<string, { stream: string; down: (up: string) => string }> = {
  same: { stream: 'chat-text', down: (up) => up },
  translated: {
    stream: 'anthropic-text',
    down: (up) => {
      const chat = lib.formatModule('chat-completions');
      return chat.synthesize(chat.responseOf(lib.answerOf(lib.reconstruct(up))), { pieceSize: 16 });
    },
  },
  defect: { stream: 'chat-text', down: (up) => faults.dropFirstCharacters(3).apply(up, { pieceSize: 16 }) },
};
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? Number.NaN;
for (const [name, row] of Object.entries(rows)) {
  if (value('row') !== undefined && value('row') !== name) continue;
  const up = new TextDecoder().decode(buildStream(row.stream, megabytes).bytes);
  const down = row.down(up);
  const ratios: number[] = [];
  const parts = { reconstructions: [] as number[], compare: [] as number[], answers: [] as number[], compareAnswers: [] as number[] };
  for (let i = 0; i < rounds + 2; i += 1) {
    let start = performance.now();
    const a = lib.reconstruct(up);
    const b = lib.reconstruct(down);
    const both = performance.now() - start;
    start = performance.now();
    lib.answerOf(a);
    lib.answerOf(b);
    const answers = performance.now() - start;
    start = performance.now();
    lib.compareReconstructions(a, b);
    const compareAnswers = performance.now() - start;
    start = performance.now();
    const found = await lib.compareStreams(up, down);
    const compare = performance.now() - start;
    if (i === 0) console.log(`${name}: same ${found.same}, ${found.differences.length} differences`);
    if (i < 2) continue;
    ratios.push(compare / both);
    parts.reconstructions.push(both);
    parts.compare.push(compare);
    parts.answers.push(answers);
    parts.compareAnswers.push(compareAnswers);
  }
  console.log(`${name}: compareStreams ÷ two reconstruct(): median ${median(ratios).toFixed(3)}, min ${Math.min(...ratios).toFixed(3)}; medians ms: ${Object.entries(parts).map(([key, xs]) => `${key} ${median(xs).toFixed(1)}`).join(', ')}`);
}

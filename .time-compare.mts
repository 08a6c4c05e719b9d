// Local timing: compareStreams on two 10 MB streams vs the two reconstructions alone.
import { buildStream } from './bench/streams.mjs';
import { reconstruct } from './src/core/reconstruct.js';
import { compareReconstructions, compareStreams } from './src/core/compare/streams.js';
import { answerOf } from './src/core/answer/index.js';
import { synthesize } from './src/core/synthesize.js';

const name = process.argv[2] ?? 'chat-text';
const rounds = Number(process.argv[3] ?? 5);
const { bytes } = buildStream(name, 10);
const text = new TextDecoder().decode(bytes);
const rec = reconstruct(text);
const answer = answerOf(rec);
// The same answer as a Chat Completions stream (the cross-format downstream).
const chat = synthesize('chat-completions', {
  id: 'c', object: 'chat.completion', created: 1, model: 'm',
  choices: answer.choices.map((c) => ({ index: c.index, message: { role: 'assistant', content: c.text }, finish_reason: 'stop' })),
}, { pieceSize: 6 });
const broken = text.replace(/(?<="(?:text|content)":")[^"\\]{3}/, '');

function median(values: number[]) { const s = [...values].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; }
async function time(label: string, run: () => unknown) {
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) { const t = performance.now(); await run(); times.push(performance.now() - t); }
  return median(times);
}
const pairs: [string, string, string][] = [['same stream twice', text, text], ['first characters dropped', text, broken], ['cross-format (chat downstream)', text, chat]];
console.log(`${name}: ${(bytes.length / 1e6).toFixed(1)} MB upstream, answer ${answer.choices[0]?.text.length} chars`);
for (const [label, up, down] of pairs) {
  const base = await time('two reconstructions', () => { reconstruct(up); reconstruct(down); });
  const full = await time('compareStreams', () => compareStreams(up, down));
  const r1 = reconstruct(up), r2 = reconstruct(down);
  const only = await time('compareReconstructions', () => compareReconstructions(r1, r2));
  const c = compareReconstructions(r1, r2);
  console.log(`${label}: reconstructions ${base.toFixed(0)} ms, compareStreams ${full.toFixed(0)} ms (+${((full / base - 1) * 100).toFixed(1)} %), compare alone ${only.toFixed(1)} ms; ${c.summary}`);
}

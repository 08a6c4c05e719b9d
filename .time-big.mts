import { reconstruct } from './src/core/reconstruct.js';
import { compareReconstructions, compareStreams } from './src/core/compare/streams.js';
import { synthesize } from './src/core/synthesize.js';
const words = 'the of and to a in is that for it as with was on be by this are from'.split(' ');
const parts: string[] = []; let n = 0; let s = 1; while (n < 6_000_000) { s = (s * 1103515245 + 12345) >>> 0; const w = ' ' + words[s % words.length]; parts.push(w); n += w.length; }
const text = parts.join('');
const anthropic = (t: string) => synthesize('anthropic', { id: 'msg', type: 'message', role: 'assistant', model: 'm', content: [{ type: 'text', text: t }], stop_reason: 'end_turn', stop_sequence: null, usage: { input_tokens: 10, output_tokens: 5 } }, { pieceSize: 96 });
const chat = (t: string) => synthesize('chat-completions', { id: 'c', object: 'chat.completion', created: 1, model: 'm', choices: [{ index: 0, message: { role: 'assistant', content: t }, finish_reason: 'stop' }], usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } }, { pieceSize: 128 });
const up = anthropic(text);
const pairs: [string, string][] = [['same answer, Anthropic → Chat', chat(text)], ['first 3 dropped', chat(text.slice(3))], ['middle span missing', chat(text.slice(0, 3e6) + text.slice(3e6 + 500))], ['answer repeated', chat(text + text)]];
function median(v: number[]) { const x = [...v].sort((a, b) => a - b); return x[Math.floor(x.length / 2)]!; }
console.log(`upstream ${(up.length / 1e6).toFixed(1)} MB, text ${(text.length / 1e6).toFixed(1)} M chars`);
for (const [label, down] of pairs) {
  const base: number[] = [], full: number[] = [], only: number[] = [];
  let summary = '';
  for (let i = 0; i < 5; i++) {
    let a = performance.now(); const r1 = reconstruct(up); const r2 = reconstruct(down); base.push(performance.now() - a);
    a = performance.now(); summary = compareReconstructions(r1, r2).summary; only.push(performance.now() - a);
    a = performance.now(); await compareStreams(up, down); full.push(performance.now() - a);
  }
  console.log(`${label} (downstream ${(down.length / 1e6).toFixed(1)} MB): two reconstructions ${median(base).toFixed(0)} ms, compareStreams ${median(full).toFixed(0)} ms (${((median(full) / median(base) - 1) * 100).toFixed(1)} %), comparing alone ${median(only).toFixed(1)} ms; ${summary}`);
}

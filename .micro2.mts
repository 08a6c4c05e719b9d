import { reconstruct } from './src/core/reconstruct.js';
import { answerOf } from './src/core/answer/index.js';
import { synthesize } from './src/core/synthesize.js';
const words = 'the of and to a in is that for it as with was on be by this are from'.split(' ');
const parts: string[] = []; let n = 0; let s = 1; while (n < 6_000_000) { s = (s * 1103515245 + 12345) >>> 0; const w = ' ' + words[s % words.length]; parts.push(w); n += w.length; }
const text = parts.join('');
const up = synthesize('anthropic', { id: 'msg', type: 'message', role: 'assistant', model: 'm', content: [{ type: 'text', text }], stop_reason: 'end_turn', stop_sequence: null, usage: { input_tokens: 10, output_tokens: 5 } }, { pieceSize: 96 });
for (let i = 0; i < 3; i++) {
  let a = performance.now(); const r = reconstruct(up); const tr = performance.now() - a;
  const t = answerOf(r).choices[0]!.text;
  a = performance.now(); t.charCodeAt(5); const t1 = performance.now() - a;
  a = performance.now(); t.charCodeAt(7); const t2 = performance.now() - a;
  const r2 = reconstruct(up);
  a = performance.now(); JSON.stringify(r2.response).length; const t3 = performance.now() - a;
  console.log(`reconstruct ${tr.toFixed(0)} ms; first charCodeAt ${t1.toFixed(1)} ms, second ${t2.toFixed(3)} ms; JSON.stringify(response) of a fresh one ${t3.toFixed(1)} ms`);
}
let rope = ''; for (const p of parts) rope += p;
let a = performance.now(); rope.charCodeAt(3); console.log(`a += rope of ${parts.length} pieces flattens in ${(performance.now() - a).toFixed(1)} ms`);

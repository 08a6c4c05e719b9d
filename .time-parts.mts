import { reconstruct } from './src/core/reconstruct.js';
import { answerOf } from './src/core/answer/index.js';
import { compareAnswers } from './src/core/compare/answers.js';
import { synthesize } from './src/core/synthesize.js';
const words = 'the of and to a in is that for it as with was on be by this are from'.split(' ');
const parts: string[] = []; let n = 0; let s = 1; while (n < 6_000_000) { s = (s * 1103515245 + 12345) >>> 0; const w = ' ' + words[s % words.length]; parts.push(w); n += w.length; }
const text = parts.join('');
const up = synthesize('anthropic', { id: 'msg', type: 'message', role: 'assistant', model: 'm', content: [{ type: 'text', text }], stop_reason: 'end_turn', stop_sequence: null, usage: { input_tokens: 10, output_tokens: 5 } }, { pieceSize: 96 });
const down = synthesize('chat-completions', { id: 'c', object: 'chat.completion', created: 1, model: 'm', choices: [{ index: 0, message: { role: 'assistant', content: text.slice(3) }, finish_reason: 'stop' }], usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } }, { pieceSize: 128 });
for (let i = 0; i < 4; i++) {
  const r1 = reconstruct(up), r2 = reconstruct(down);
  let a = performance.now(); const a1 = answerOf(r1); const t1 = performance.now() - a;
  a = performance.now(); const a2 = answerOf(r2); const t2 = performance.now() - a;
  a = performance.now(); const c = compareAnswers(a1, a2); const t3 = performance.now() - a;
  a = performance.now(); const again = compareAnswers(a1, a2); const t4 = performance.now() - a;
  console.log(`answerOf up ${t1.toFixed(1)} ms, down ${t2.toFixed(1)} ms, compareAnswers ${t3.toFixed(1)} ms, again ${t4.toFixed(1)} ms: ${c.summary} ${again.same}`);
}

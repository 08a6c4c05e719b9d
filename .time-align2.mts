import { alignTexts, commonPrefix, commonSuffix } from './src/core/compare/text-align.js';
const words = 'the of and to a in is that for it as with was on be by this are from'.split(' ');
const parts: string[] = []; let n = 0; let s = 1; while (n < 10_000_000) { s = (s * 1103515245 + 12345) >>> 0; const w = ' ' + words[s % words.length]; parts.push(w); n += w.length; } const t = parts.join('');
const other = t.split('').reverse().join('');
const longer = t.replace(/a/g, 'aa');
for (const [label, down] of [['reversed', other], ['runs lengthened', longer], ['reversed', other], ['runs lengthened', longer]] as const) {
  let a = performance.now(); const p = commonPrefix(t, down); const tp = performance.now() - a;
  a = performance.now(); commonSuffix(t, down, Math.min(t.length, down.length) - p); const ts = performance.now() - a;
  a = performance.now(); const kind = alignTexts(t, down)?.kind; console.log(`${label}: ${kind}, ${(performance.now() - a).toFixed(1)} ms (prefix ${tp.toFixed(1)}, suffix ${ts.toFixed(1)})`);
}

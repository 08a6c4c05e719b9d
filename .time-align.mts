import { alignTexts } from './src/core/compare/text-align.js';
const words = 'the of and to a in is that for it as with was on be by this are from'.split(' ');
const parts: string[] = []; let n = 0; let s = 1; while (n < 10_000_000) { s = (s * 1103515245 + 12345) >>> 0; const w = ' ' + words[s % words.length]; parts.push(w); n += w.length; } const t = parts.join('');
const cases: [string, string][] = [['equal copy', (' ' + t).slice(1)], ['first 3 dropped', t.slice(3)], ['last 3 dropped', t.slice(0, -3)], ['middle changed', t.slice(0, 5e6) + 'XYZ' + t.slice(5e6 + 3)], ['duplicated', t + t.slice(0, 1000)]];
for (const [label, down] of cases) {
  const times: number[] = [];
  let kind = '';
  for (let i = 0; i < 5; i++) { const a = performance.now(); kind = alignTexts(t, down)?.kind ?? 'same'; times.push(performance.now() - a); }
  times.sort((a, b) => a - b);
  console.log(`${label}: ${kind}, median ${times[2]!.toFixed(1)} ms on ${(t.length / 1e6).toFixed(1)} M chars`);
}
{
  const other = t.split('').reverse().join('');
  const longer = t.replace(/a/g, 'aa');
  const shorter = t.replace(/ the/g, ' th');
  for (const [label, down] of [['all different, same length', other], ['runs lengthened', longer], ['many small changes shorter', shorter]] as const) {
    const a = performance.now(); const kind = alignTexts(t, down)?.kind; console.log(`${label}: ${kind}, ${(performance.now() - a).toFixed(1)} ms`);
  }
}

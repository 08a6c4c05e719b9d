const words = 'the of and to a in is that for it as with was on be by this are from'.split(' ');
const parts: string[] = []; let n = 0; let s = 1; while (n < 10_000_000) { s = (s * 1103515245 + 12345) >>> 0; const w = ' ' + words[s % words.length]; parts.push(w); n += w.length; } const t = parts.join('');
const other = t.split('').reverse().join('');
function count(a: string, b: string, start: number, end: number) {
  const counts = new Int32Array(65536);
  for (let i = start; i < end; i++) counts[a.charCodeAt(i)]! += 1;
  for (let i = start; i < end; i++) { const c = b.charCodeAt(i); if (counts[c] === 0) return false; counts[c]! -= 1; }
  return true;
}
for (let r = 0; r < 4; r++) { const a = performance.now(); const x = count(t, other, 1, t.length - 1); console.log(x, (performance.now() - a).toFixed(1)); }

// The one line a comparison ends with.
import type { Difference } from './types.js';

/** `same answer`, or how many differences and of which codes, the errors first. */
export function summarize(differences: readonly Difference[]): string {
  if (differences.length === 0) return 'same answer';
  const counts = new Map<string, number>();
  const ordered = [...differences].sort((a, b) => Number(b.severity === 'error') - Number(a.severity === 'error'));
  for (const { code } of ordered) counts.set(code, (counts.get(code) ?? 0) + 1);
  const codes = [...counts].map(([code, count]) => (count === 1 ? code : `${code} ×${count}`)).join(', ');
  return `${differences.length === 1 ? '1 difference' : `${differences.length} differences`}: ${codes}`;
}

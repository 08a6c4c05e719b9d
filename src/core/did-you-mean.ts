/** " Did you mean "frames"?" for a misspelt name, when one of `known` is close; '' when none is. */
export function suggestion(value: unknown, known: readonly string[]): string {
  if (typeof value !== 'string') return '';
  let best: string | null = null;
  let bestDistance = Math.max(2, Math.floor(value.length / 3)) + 1;
  for (const candidate of known) {
    const distance = editDistance(value.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best === null ? '' : ` Did you mean ${JSON.stringify(best)}?`;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

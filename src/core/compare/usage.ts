// Token counts compared. Both answers say usage in one vocabulary already (input counts cache reads in, whatever the
// format); what formats still say differently (a total left out, no cache count) is allowed in `consistent` mode.
import type { AnswerUsage } from '../answer/types.js';
import type { DifferenceCode } from './catalogue.js';
import { makeDifference } from './difference.js';
import { placeOfFrame, type ComparePlaces } from './places.js';
import type { Difference, UsageComparison } from './types.js';
import { grouped } from '../words.js';

const COUNTS = ['input', 'output', 'total', 'cacheRead', 'cacheWrite', 'reasoning'] as const;
type Count = (typeof COUNTS)[number];

const COUNT_WORDS: Record<Count, string> = {
  input: 'input tokens',
  output: 'output tokens',
  total: 'total tokens',
  cacheRead: 'tokens read from the cache',
  cacheWrite: 'tokens written to the cache',
  reasoning: 'reasoning tokens',
};

/** The differences between two usages, as `mode` compares them. */
export function compareUsage(up: AnswerUsage | null, down: AnswerUsage | null, mode: UsageComparison, places: ComparePlaces): Difference[] {
  if (mode === 'ignore' || up === null) return [];
  const upAt = placeOfFrame(places.upstream, places.upstream?.places.usage);
  const downAt = placeOfFrame(places.downstream, places.downstream?.places.usage);
  if (down === null) return [makeDifference('usage missing', 'usage', 'upstream reported token counts and downstream reports none', { value: up, at: upAt }, { value: null, at: downAt })];
  const differ = (code: DifferenceCode, count: Count, message: string) =>
    makeDifference(code, `usage.${count}`, message, { value: up[count], at: upAt }, { value: down[count], at: downAt });
  if (mode === 'exact') {
    return COUNTS.filter((count) => up[count] !== down[count]).map((count) => differ('usage changed', count, `${COUNT_WORDS[count]}: upstream ${says(up[count])}, downstream ${says(down[count])}`));
  }
  return consistentDifferences(up, down, differ);
}

type Differ = (code: DifferenceCode, count: Count, message: string) => Difference;

/** Only contradictions: counts both sides carry that disagree, and cache reads reported as 0 where upstream had some. */
function consistentDifferences(up: AnswerUsage, down: AnswerUsage, differ: Differ): Difference[] {
  const differences: Difference[] = [];
  for (const count of ['input', 'output'] as const) {
    const [u, d] = [up[count], down[count]];
    if (u === null || d === null || u === d) continue;
    differences.push(differ('usage changed', count, `${COUNT_WORDS[count]}: upstream ${says(u)}, downstream ${says(d)}${cacheHint(up, count, d)}`));
  }
  const upTotal = totalOf(up);
  const downTotal = totalOf(down);
  if (differences.length === 0 && upTotal !== null && downTotal !== null && upTotal !== downTotal) {
    differences.push(differ('usage changed', 'total', `total tokens: upstream ${says(upTotal)}, downstream ${says(downTotal)}`));
  }
  for (const count of ['cacheRead', 'cacheWrite', 'reasoning'] as const) {
    const [u, d] = [up[count], down[count]];
    if (u === null || d === null || u === d) continue;
    differences.push(differ('usage inconsistent', count, `${COUNT_WORDS[count]}: upstream ${says(u)}, downstream ${says(d)}`));
  }
  const inputChanged = differences.some((difference) => difference.path === 'usage.input');
  if (!inputChanged && down.cacheRead !== null && down.input !== null && down.cacheRead > down.input) {
    differences.push(differ('usage inconsistent', 'cacheRead', `downstream reads ${says(down.cacheRead)} from the cache, more than its ${says(down.input)} input tokens`));
  }
  return differences;
}

/** The total as carried, or input + output when a side leaves it out. */
function totalOf(usage: AnswerUsage): number | null {
  if (usage.total !== null) return usage.total;
  return usage.input !== null && usage.output !== null ? usage.input + usage.output : null;
}

/** When downstream's input is upstream's without the cache counts: Anthropic's convention left unconverted. */
function cacheHint(up: AnswerUsage, count: Count, down: number): string {
  if (count !== 'input' || up.input === null) return '';
  const cached = (up.cacheRead ?? 0) + (up.cacheWrite ?? 0);
  return cached > 0 && up.input - cached === down ? ' (downstream left the cache tokens out of its input)' : '';
}

function says(value: number | null): string {
  return value === null ? 'none' : grouped(value);
}

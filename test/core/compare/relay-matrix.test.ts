// Issue 22 §4: for every ordered pair of formats the registry lists, the stream a correct translation sends compares
// the same as its upstream, and each translation defect applied to it is reported as exactly its difference, placed
// in the streams. Cells where a format cannot carry what the defect changes are n/a, with the reason. The matrix is
// printed at the end (pair × defect → caught / n/a).
import { afterAll, describe, expect, it } from 'vitest';
import { FORMAT_MODULES } from '../../../src/core/index.js';
import { TRANSLATION_DEFECTS } from '../../../src/faults/translation-defects.js';
import { runCell, type CellResult } from './relay-cells.js';

const PAIRS = FORMAT_MODULES.flatMap((up) => FORMAT_MODULES.map((down) => [up, down] as const));
const results = new Map<string, CellResult>();

describe.each(PAIRS.map(([up, down]) => [`${up.name} → ${down.name}`, up, down] as const))('%s', (pair, up, down) => {
  it.each(TRANSLATION_DEFECTS.map((defect) => [defect.name, defect] as const))('%s', async (_name, defect) => {
    const result = await runCell(up, down, defect);
    results.set(`${pair}\u0000${defect.name}`, result);
    expect(result.status, result.status === 'missed' ? result.why : undefined).not.toBe('missed');
  });
});

afterAll(() => {
  const names = TRANSLATION_DEFECTS.map((defect) => defect.name.replace(/\(.*$/, ''));
  const lines = [`pair | ${names.join(' | ')}`, `---|${names.map(() => '---').join('|')}`];
  const reasons = new Set<string>();
  for (const [up, down] of PAIRS) {
    const cells = TRANSLATION_DEFECTS.map((defect) => {
      const result = results.get(`${up.name} → ${down.name}\u0000${defect.name}`);
      if (result?.status === 'n/a') reasons.add(result.reason);
      return result === undefined ? '–' : result.status === 'missed' ? 'MISSED' : result.status;
    });
    lines.push(`${up.name} → ${down.name} | ${cells.join(' | ')}`);
  }
  const counted = [...results.values()];
  const tally = ['caught', 'n/a', 'missed'].map((status) => `${counted.filter((result) => result.status === status).length} ${status}`).join(', ');
  console.log(`\nRelay matrix (${PAIRS.length} pairs × ${TRANSLATION_DEFECTS.length} defects: ${tally})\n${lines.join('\n')}\n\nn/a because:\n${[...reasons].sort().map((reason) => `- ${reason}`).join('\n')}\n`);
});

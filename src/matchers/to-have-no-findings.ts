import type { FindingCode } from '../core/index.js';
import type { MatcherCheck } from './define.js';
import { bySeverity, checkFindingCode, countsText, plural } from './message.js';
import type { ToHaveNoFindingsOptions } from './types.js';

type Args = [options?: ToHaveNoFindingsOptions];

/** No findings, or none but the ignored codes. */
export const toHaveNoFindings: MatcherCheck<Args> = {
  name: 'toHaveNoFindings',
  hint: ([options]) => (options === undefined ? { expected: '' } : { expected: 'options' }),
  validate([options]) {
    if (options === undefined) return;
    const ignore: unknown = typeof options === 'object' && options !== null ? options.ignore : options;
    if (ignore === undefined) return;
    if (!Array.isArray(ignore)) throw new TypeError(`options.ignore must be an array of finding codes, such as ['crlf', 'not assembled'].`);
    ignore.forEach((code: unknown, index) => checkFindingCode(`options.ignore[${index}]`, code));
  },
  evaluate(_context, received, [options]) {
    const ignored = new Set<FindingCode>(options?.ignore ?? []);
    const counts = Object.fromEntries(Object.entries(received.findingCounts).filter(([code]) => !ignored.has(code as FindingCode)));
    const total = Object.values(counts).reduce<number>((sum, count) => sum + (count ?? 0), 0);
    const ignoring = ignored.size > 0 ? ` (ignoring ${[...ignored].join(', ')})` : '';
    return {
      pass: total === 0,
      failure: `Expected no findings${ignoring}; found ${plural(total, 'finding')}: ${countsText(counts)}.`,
      notFailure: `Expected findings${ignoring}; there are none.`,
      findings: bySeverity(received.findings.filter((finding) => !ignored.has(finding.code))),
    };
  },
};

import { withRequest } from './input.js';
import type { FindingCode } from '../core/index.js';
import { countsAtLeast, isAtLeast } from '../core/index.js';
import type { MatcherCheck } from './define.js';
import { bySeverity, checkFindingCode, countsText, plural } from './message.js';
import { checkMatcherOptions } from './options.js';
import type { ToHaveNoFindingsOptions } from './types.js';

type Args = [options?: ToHaveNoFindingsOptions];

/** No findings at `severity` or worse (any severity by default), apart from the ignored codes. */
export const toHaveNoFindings: MatcherCheck<Args> = {
  name: 'toHaveNoFindings',
  hint: ([options]) => (options === undefined ? { expected: '' } : { expected: 'options' }),
  readOptions: ([options]) => withRequest(options),
  validate([options]) {
    checkMatcherOptions('toHaveNoFindings', options);
    (options?.ignore ?? []).forEach((code: unknown, index) => checkFindingCode(`options.ignore[${index}]`, code));
  },
  evaluate(_context, received, [options]) {
    const ignored = new Set<FindingCode>(options?.ignore ?? []);
    const threshold = options?.severity ?? 'info';
    const counted = (code: FindingCode) => !ignored.has(code);
    const counts = Object.fromEntries(Object.entries(countsAtLeast(received.findingCounts, threshold)).filter(([code]) => counted(code as FindingCode)));
    const total = Object.values(counts).reduce<number>((sum, count) => sum + (count ?? 0), 0);
    const which = threshold === 'info' ? 'findings' : `findings of severity ${threshold === 'error' ? 'error' : 'warning or error'}`;
    const ignoring = ignored.size > 0 ? ` (ignoring ${[...ignored].join(', ')})` : '';
    const listed = received.findings.filter((finding) => counted(finding.code));
    const atThreshold = listed.filter((finding) => isAtLeast(finding.severity, threshold));
    return {
      pass: total === 0,
      failure: `Expected no ${which}${ignoring}; found ${plural(total, 'finding')}: ${countsText(counts)}.`,
      notFailure: `Expected ${which}${ignoring}; there are none.`,
      // The findings that fail the check come first; those under the threshold follow, for the whole picture.
      findings: [...bySeverity(atThreshold), ...bySeverity(listed.filter((finding) => !atThreshold.includes(finding)))],
    };
  },
};

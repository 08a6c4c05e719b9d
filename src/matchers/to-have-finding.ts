import { withRequest } from './input.js';
import type { Finding, FindingCode } from '../core/index.js';
import type { MatcherContext } from './context.js';
import type { MatcherCheck } from './define.js';
import { expectedAndOptions } from './define.js';
import { checkFindingCode, plural, position } from './message.js';
import { checkMatcherOptions } from './options.js';
import type { ToHaveFindingOptions } from './types.js';

type Args = [code: FindingCode, options?: ToHaveFindingOptions];

/** A finding of `code` (at least one, or exactly `count`), narrowed by line, frame and message when given. */
export const toHaveFinding: MatcherCheck<Args> = {
  name: 'toHaveFinding',
  hint: expectedAndOptions,
  readOptions: ([, options]) => withRequest(options),
  validate([code, options]) {
    checkFindingCode('The finding code', code);
    checkMatcherOptions('toHaveFinding', options);
  },
  evaluate(context, received, [code, options = {}]) {
    const narrowed = options.line !== undefined || options.frame !== undefined || options.message !== undefined;
    const matching = received.findings.filter((finding) => finding.code === code && fits(context, finding, options));
    const found = narrowed ? matching.length : (received.findingCounts[code] ?? 0);
    const pass = options.count === undefined ? found > 0 : found === options.count;
    const what = `${describeWanted(code, options)}`;
    const sameCode = received.findings.filter((finding) => finding.code === code);
    const elsewhere = narrowed && sameCode.length > matching.length ? ` Findings of that code are at ${sameCode.map(position).join(', ')}.` : '';
    const others = received.findings.filter((finding) => finding.code !== code);
    return {
      pass,
      failure:
        options.count === undefined
          ? `Expected a finding ${what}; found none.${elsewhere}`
          : `Expected exactly ${plural(options.count, 'finding')} ${what}; found ${found}.${elsewhere}`,
      notFailure:
        options.count === undefined
          ? `Expected no finding ${what}; found ${found}.`
          : `Expected other than ${plural(options.count, 'finding')} ${what}; found exactly that.`,
      ...(options.count === undefined ? {} : { diff: { expected: options.count, actual: found } }),
      findings: [...(narrowed ? matching : sameCode), ...(narrowed ? sameCode.filter((f) => !matching.includes(f)) : []), ...others],
    };
  },
};

function fits(context: MatcherContext, finding: Finding, options: ToHaveFindingOptions): boolean {
  if (options.line !== undefined && finding.line !== options.line) return false;
  if (options.frame !== undefined && finding.frame !== options.frame) return false;
  const wanted = options.message;
  if (wanted === undefined) return true;
  if (typeof wanted === 'string') return finding.message.includes(wanted);
  if (wanted instanceof RegExp) return wanted.test(finding.message);
  return context.equals(finding.message, wanted);
}

function describeWanted(code: FindingCode, options: ToHaveFindingOptions): string {
  const parts = [`\`${code}\``];
  if (options.line !== undefined) parts.push(options.line === 0 ? 'about the whole stream' : `at line ${options.line}`);
  if (options.frame !== undefined) parts.push(`about frame ${options.frame}`);
  const message = options.message;
  if (typeof message === 'string') parts.push(`whose message contains ${JSON.stringify(message)}`);
  else if (message instanceof RegExp) parts.push(`whose message matches ${String(message)}`);
  else if (message !== undefined) parts.push('whose message matches the asymmetric matcher');
  return parts.join(' ');
}

// Issue 20, item 9 (the page's side): the page shows the verdict it is given, and never paints a complete stream
// green above a finding that needs fixing or checking. The colour follows the findings' severities, as the CLI's does.
import { describe, expect, it } from 'vitest';
import { reconstruct } from '../../src/index.js';
import { reconstructionHtml } from '../../src/web/render-report.js';
import { buildReconstructionReport, type ReconstructionReport } from '../../src/web/report-model.js';

const CLEAN = 'data: {"choices":[{"index":0,"delta":{"content":"Hi"}}]}\n\ndata: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n';

function tone(report: ReconstructionReport): string | undefined {
  return /<section class="summary tone-(\w+)"/.exec(reconstructionHtml(report))?.[1];
}

function reportOf(text: string): ReconstructionReport {
  return buildReconstructionReport(reconstruct(text), text, 1);
}

describe('the summary colour', () => {
  it('is good for a complete stream with no finding, and stays green-ish (ok) for notes only', () => {
    expect(tone(reportOf(CLEAN))).toBe('good');
    expect(tone(reportOf(CLEAN.replace(/\n/g, '\r\n')))).toBe('ok');
  });

  it.each(['error', 'warning'] as const)('is not green for a complete stream with a finding of severity %s: the verdict shown is the one given', (severity) => {
    const report = reportOf(CLEAN.replace(/\n/g, '\r\n'));
    const given: ReconstructionReport = { ...report, findings: report.findings.map((finding) => ({ ...finding, severity })) };
    expect(given.verdict).toBe('complete');
    expect(tone(given)).toBe(severity === 'error' ? 'bad' : 'warn');
    expect(reconstructionHtml(given)).toContain('data-verdict="complete"');
  });

  it('is not green for a complete stream whose outcome is not ok', () => {
    const report = reportOf(CLEAN.replace('"stop"', '"length"'));
    expect([report.verdict, report.outcome]).toEqual(['complete', 'length_limit']);
    expect(tone(report)).toBe('warn');
    expect(tone({ ...report, outcome: 'error_event' })).toBe('bad');
  });

  it('shows a verdict short of complete as given', () => {
    const report = reportOf(CLEAN.slice(0, CLEAN.indexOf('data: [DONE]') - 60));
    expect(report.verdict).toBe('did not finish');
    expect(tone(report)).toBe('bad');
  });
});

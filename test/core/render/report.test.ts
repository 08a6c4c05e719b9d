// Issue 21, "one report model": the CLI text, the page (and --html), the snapshot serializer and the matcher messages
// all render the core's report. A fact put in the report shows in all four; none of them reads the reconstruction.
import { describe, expect, it } from 'vitest';
import { reportOf, type Report, type ReportFinding } from '../../../src/core/index.js';
import { renderReportText } from '../../../src/core/render/text.js';
import { reconstruct, renderText } from '../../../src/index.js';
import { reportWhy } from '../../../src/matchers/message.js';
import { createSerializer } from '../../../src/runners/serializer.js';
import { snapshotBlock } from '../../../src/runners/snapshot-block.js';
import { reconstructionHtml } from '../../../src/web/render-report.js';
import { buildReconstructionReport, pageReport } from '../../../src/web/report-model.js';

const OVERLOADED = [
  'event: message_start',
  'data: {"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","model":"claude","content":[],"stop_reason":null,"usage":{"input_tokens":5,"output_tokens":1}}}',
  '',
  'event: content_block_start',
  'data: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}',
  '',
  'event: content_block_delta',
  'data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Harbour lights"}}',
  '',
  'event: error',
  'data: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}',
  '',
  '',
].join('\n');

const CLEAN = 'data: {"choices":[{"index":0,"delta":{"content":"Hi"}}]}\n\ndata: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n';

/** Every face's rendering of one report, with nothing from the reconstruction. */
function renderings(report: Report): Record<'text' | 'page' | 'snapshot' | 'message', string> {
  return {
    text: renderReportText(report),
    page: reconstructionHtml(pageReport(report, 1000, 1)),
    snapshot: snapshotBlock(report, { at: '  ', indent: '  ', frames: false }, (value) => JSON.stringify(value)),
    message: reportWhy(report, (label) => label),
  };
}

describe('one report model', () => {
  it('reads the answer, the error and its explanation, and the findings with their snippets from the reconstruction', () => {
    const report = reportOf(reconstruct(OVERLOADED), { source: OVERLOADED, frames: { last: 2 } });
    expect([report.format, report.verdict, report.outcome]).toEqual(['anthropic', 'did not finish', 'error_event']);
    expect(report.choices[0]?.text).toBe('Harbour lights');
    expect(report.errorExplanation?.matched).toContain('overloaded_error');
    expect(report.findings.find((finding) => finding.code === 'error event')?.snippet).toEqual({ line: 'event: error', caret: '^' });
    expect(report.frames.map((frame) => frame.index)).toEqual([2, 3]);
    expect(report.frameCount).toBe(4);
    // Plain data: what the page's worker posts to its main thread.
    expect(JSON.parse(JSON.stringify(report))).toEqual(report);
  });

  it('shows a finding added to the report in all four renderings', () => {
    const report = reportOf(reconstruct(CLEAN), { source: CLEAN, frames: { last: 3 } });
    const added: ReportFinding = { code: 'unknown event', severity: 'warning', title: 'added', message: 'A finding only the report holds', line: 3, column: 7, snippet: { line: 'data: {}', caret: '      ^' } };
    const given: Report = { ...report, findings: [...report.findings, added], findingTotal: report.findingTotal + 1, findingCounts: { ...report.findingCounts, 'unknown event': 1 } };
    for (const [face, shown] of Object.entries(renderings(given))) {
      expect(shown, face).toContain('A finding only the report holds');
      expect(shown, face).toMatch(/3:7|line 3, column 7/);
    }
    for (const shown of Object.values(renderings(report))) expect(shown).not.toContain('A finding only the report holds');
  });

  it('shows an error, its summary line and its answer text set in the report in all four renderings', () => {
    const report = reportOf(reconstruct(CLEAN));
    const choice = report.choices[0];
    if (choice === undefined) throw new Error('the clean stream has a choice');
    const given: Report = { ...report, summary: 'a summary only the report holds', error: { type: 'error', error: { type: 'overloaded_error', message: 'only in the report' } }, choices: [{ ...choice, text: 'text only the report holds' }] };
    for (const [face, shown] of Object.entries(renderings(given))) {
      expect(shown, face).toContain('a summary only the report holds');
      expect(shown, face).toContain('only in the report');
    }
    // The message shows no answer text (its matchers quote what they compare); the other three do.
    const shown = renderings(given);
    for (const face of ['text', 'page', 'snapshot'] as const) expect(shown[face], face).toContain('text only the report holds');
  });

  it('is what each face renders: its entry point is the report rendered', () => {
    const result = reconstruct(OVERLOADED);
    expect(renderText(result, { source: OVERLOADED, frames: true })).toBe(renderReportText(reportOf(result, { source: OVERLOADED, frames: 'all' }), { frames: true }));
    // The page's report is the report model rendered, with the clients' readings beside it (its client panel).
    const page = buildReconstructionReport(result, OVERLOADED, 5);
    expect(page).toEqual(pageReport(reportOf(result, { source: OVERLOADED, snippetWidth: 96 }), OVERLOADED.length, 5, page.clients));
    expect(page.clients?.readings.map((reading) => reading.client)).toContain('@anthropic-ai/sdk');
    const printer = (value: unknown) => JSON.stringify(value);
    const serialized = createSerializer({ frames: true }).serialize(result, { indent: '  ' }, '', 0, [], printer);
    expect(serialized).toBe(snapshotBlock(reportOf(result, { frames: 'all' }), { at: '  ', indent: '  ', frames: true }, printer));
    expect(serialized).toContain('#3  line 10  error');
  });

  it.each([
    ['a clean stream', CLEAN, 'good', ''],
    ['notes only', CLEAN.replace(/\n/g, '\r\n'), 'ok', null],
    ['a length limit', CLEAN.replace('"stop"', '"length"'), 'warn', '\u001b[33m'],
    ['an error event', OVERLOADED, 'bad', '\u001b[31m'],
    ['a stream missing its start', OVERLOADED.slice(OVERLOADED.indexOf('event: content_block_delta')).replace(/event: error[^]*$/, 'event: message_stop\ndata: {"type":"message_stop"}\n\n'), 'warn', '\u001b[33m'],
  ])('paints the headline of %s in one tone on the page and in the terminal', (_name, stream, tone, ansi) => {
    const result = reconstruct(stream);
    expect(reconstructionHtml(buildReconstructionReport(result, stream, 1))).toContain(`<section class="summary tone-${tone}"`);
    const headline = renderText(result, { color: true }).split('\n')[0] ?? '';
    if (ansi === null) expect(headline).toBe(`\u001b[1m${result.summary}\u001b[22m`);
    else expect(headline.startsWith(`\u001b[1m${ansi || '\u001b[32m'}`)).toBe(true);
  });

  it('escapes what the stream wrote on the page and in the terminal alike', () => {
    const report = reportOf(reconstruct(CLEAN));
    const given: Report = { ...report, summary: `<b>'bold'</b>\u001b[2J` };
    const { text, page } = renderings(given);
    expect(text).toContain('<b>\'bold\'</b>␛[2J');
    expect(page).toContain('&#60;b&#62;&#39;bold&#39;&#60;/b&#62;');
  });
});

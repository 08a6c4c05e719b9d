import { SEVERITY_LABELS, toneOf, type ReportChoice } from '../core/index.js';
import { duration, escapeHtml, findingAnchor, inlineCode, plural } from './html.js';
import { clientsSection } from './render-clients.js';
import type { PageFinding, ReconstructionReport } from './report-model.js';

const VERDICT_MEANINGS: Record<ReconstructionReport['verdict'], string> = {
  complete: 'The answer finished, and the whole stream is there.',
  'did not finish': 'Its end is not there: no end frame arrived, it was cut, it ended in an error, or reading stopped at the size bound. What arrived may be partial.',
  'not the whole stream': 'Its end is there, but a piece from before the end is missing: its start, a block never closed, or an event for something never started.',
};

const VERDICT_WORDS: Record<ReconstructionReport['verdict'], string> = {
  complete: 'Complete',
  'did not finish': 'Did not finish',
  'not the whole stream': 'Not the whole stream',
};

/** The reconstructor's report as HTML, without the frames' rows (the page fills them as they scroll into view). */
export function reconstructionHtml(report: ReconstructionReport): string {
  return [
    summarySection(report),
    clientsSection(report.clients),
    findingsSection(report.findings, report.unlisted, report.findingTotal),
    errorSection(report),
    answerSection(report),
    stepsSection(report),
    responseSection(report),
    framesSection(report),
  ].join('\n');
}

function summarySection(report: ReconstructionReport): string {
  const tone = toneOf(report);
  const facts = [
    report.formatTitle ?? 'No format recognised',
    `outcome <code>${escapeHtml(report.outcome)}</code>`,
    plural(report.frameCount, 'frame'),
    plural(report.lines.total, 'line'),
    plural(report.findingTotal, 'finding'),
  ];
  if (report.timestamped) facts.push('timestamped capture');
  const timing = report.timestamped ? timingLine(report.timing) : '';
  return `<section class="summary tone-${tone}" id="summary" aria-live="polite">
  <div class="verdict"><span class="verdict-word" data-verdict="${escapeHtml(report.verdict)}">${VERDICT_WORDS[report.verdict]}</span>
  <span class="facts">${facts.join(' <span class="dot">·</span> ')}</span></div>
  <p class="verdict-meaning">${VERDICT_MEANINGS[report.verdict]}</p>
  <p class="summary-line" data-testid="summary-line"><code>${escapeHtml(report.summary)}</code></p>
  ${timing}
  <p class="read-time">Read ${plural(report.inputChars, 'character')} in <span data-testid="read-ms">${Math.round(report.readMs)}</span> ms, in this browser.</p>
</section>`;
}

function timingLine(timing: ReconstructionReport['timing']): string {
  const parts = [`first content after ${duration(timing.firstContentMs)}`, `longest gap between content ${duration(timing.maxIdleMs)}`, `whole stream ${duration(timing.totalMs)}`];
  return `<p class="timing">Timing: ${parts.join(' · ')}</p>`;
}

function answerSection(report: ReconstructionReport): string {
  if (report.choices.length === 0) return `<section id="answer"><h2>Answer</h2><p class="empty">No choice was assembled.</p>${usageBlock(report)}</section>`;
  return `<section id="answer"><h2>Answer</h2>${report.choices.map(choiceHtml).join('\n')}${usageBlock(report)}</section>`;
}

/** One choice's answer as the page shows it: text, refusal, reasoning, tool call cards and the finish reason. */
export function choiceHtml(choice: ReportChoice): string {
  const parts = [`<h3>Choice ${choice.index}</h3>`];
  parts.push(choice.text.length > 0 ? long('div', 'answer-text', `choices.${choice.index}.text`, choice.text, 'data-testid="answer-text"') : `<p class="empty">No text.</p>`);
  if (choice.refusal !== undefined) parts.push(`<h4>Refusal</h4>${long('div', 'answer-text refusal', `choices.${choice.index}.refusal`, choice.refusal)}`);
  if (choice.reasoning !== undefined) parts.push(`<details class="reasoning"><summary>Reasoning (${plural(choice.reasoning.length, 'character')})</summary>${long('div', 'answer-text', `choices.${choice.index}.reasoning`, choice.reasoning)}</details>`);
  if (choice.toolCalls.length > 0) parts.push(`<h4>Tool calls</h4>${choice.toolCalls.map(toolCallCard).join('')}`);
  parts.push(finishBlock(choice.finish));
  return `<div class="choice" data-choice="${choice.index}">${parts.join('\n')}</div>`;
}

/** Characters of a long text drawn at first: laying out megabytes of text would hold the page for seconds. */
export const SHOWN_CHARS = 10_000;

/**
 * A text in an element, cut to its first SHOWN_CHARS characters when longer, with a button that shows the rest
 * (`data-field` names where the page finds the whole text in the report).
 */
function long(tag: 'div' | 'pre', className: string, field: string, text: string, attributes = ''): string {
  const element = `<${tag} class="${className}" ${attributes} data-field="${escapeHtml(field)}">${escapeHtml(text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}…` : text)}</${tag}>`;
  if (text.length <= SHOWN_CHARS) return element;
  return `${element}<p class="cut-note">Showing the first ${plural(SHOWN_CHARS, 'character')} of ${text.length.toLocaleString('en-US')}. <button type="button" class="button small" data-expand="${escapeHtml(field)}">Show all</button></p>`;
}

function toolCallCard(call: ReportChoice['toolCalls'][number]): string {
  const parsed = 'input' in call;
  const body = parsed
    ? `<pre class="json">${escapeHtml(JSON.stringify(call.input, null, 2) ?? '')}</pre>`
    : `<p class="warn-text">The arguments do not parse as JSON; shown as assembled:</p><pre class="json">${escapeHtml(call.arguments === '' ? '(empty)' : call.arguments)}</pre>`;
  return `<div class="tool-call" data-testid="tool-call"><div class="tool-head"><span class="tool-name">${escapeHtml(call.name)}</span> <span class="muted">#${call.index}</span> ${call.id === null ? '<span class="muted">no id</span>' : `<code class="muted">${escapeHtml(call.id)}</code>`}</div>${body}</div>`;
}

function finishBlock(finish: ReportChoice['finish']): string {
  if (finish.reason === null) return `<p class="finish"><span class="label">Finish reason</span> <span class="muted">none received</span></p>`;
  const source = finish.source === null ? '' : `<span class="source"><strong>Source:</strong> ${inlineCode(finish.source)}${finish.read ? ` <span class="dot">·</span> read ${escapeHtml(finish.read)}` : ''}</span>`;
  return `<div class="finish"><span class="label">Finish reason</span> <code data-testid="finish-reason">${escapeHtml(finish.reason)}</code><p>${inlineCode(finish.meaning ?? '')}</p>${source}</div>`;
}

function errorSection(report: ReconstructionReport): string {
  const { error, errorExplanation: explained } = report;
  if (error === null || error === undefined) return '';
  const json = `<pre class="json">${escapeHtml(JSON.stringify(error, null, 2) ?? String(error))}</pre>`;
  if (explained === null) return `<section id="stream-error" class="stream-error"><h2>The error the stream ended with</h2>${json}</section>`;
  const retry = explained.retry === 'with backoff' ? 'Yes, with backoff' : explained.retry === 'never' ? 'No: the same request fails again' : 'Unknown';
  const known = explained.matched === null ? '' : ` <code>${escapeHtml(explained.matched)}</code>`;
  const http = explained.http === null ? '' : ` <span class="muted">HTTP ${explained.http}</span>`;
  const source = explained.source === null ? '' : `<span class="source"><strong>Source:</strong> ${inlineCode(explained.source.where)} <span class="dot">·</span> read ${escapeHtml(explained.source.read)}</span>`;
  return `<section id="stream-error" class="stream-error"><h2>The error the stream ended with</h2>${json}
<dl class="explain" data-testid="error-explanation">
  <dt>What it means${known}${http}</dt><dd>${inlineCode(explained.meaning)}</dd>
  <dt>Retry?</dt><dd data-testid="error-retry">${retry}</dd>
  <dt>What to change</dt><dd>${inlineCode(explained.change)}</dd>
</dl>${source}</section>`;
}

function stepsSection(report: ReconstructionReport): string {
  if (report.steps === null || report.steps.length === 0) return '';
  const rows = report.steps.map((step) => {
    const detail = step.status === 'failed' ? step.error : step.output;
    return `<tr><td class="num">${step.step}</td><td><code>${escapeHtml(step.tool)}</code></td><td><span class="status status-${step.status}">${escapeHtml(step.status.replace('_', ' '))}</span></td><td><code class="wrap">${escapeHtml(compact(step.input))}</code></td><td><code class="wrap">${escapeHtml(compact(detail))}</code></td></tr>`;
  });
  return `<section id="steps"><h2>Tool steps</h2><table class="plain"><thead><tr><th>Step</th><th>Tool</th><th>Status</th><th>Input</th><th>Output or error</th></tr></thead><tbody>${rows.join('')}</tbody></table></section>`;
}

function usageBlock(report: ReconstructionReport): string {
  if (report.usage === null) return `<div id="usage" class="usage"><h4>Usage</h4><p class="empty">The stream carries no usage.</p></div>`;
  const rows = flatten(report.usage).map(([key, value]) => `<tr><th scope="row"><code>${escapeHtml(key)}</code></th><td class="num">${escapeHtml(value)}</td></tr>`);
  return `<div id="usage" class="usage"><h4>Usage</h4><table class="plain kv">${rows.join('')}</table></div>`;
}

/** Nested usage objects as dotted keys: `prompt_tokens_details.cached_tokens`. */
function flatten(value: Record<string, unknown>, prefix = ''): Array<[string, string]> {
  const rows: Array<[string, string]> = [];
  for (const [key, item] of Object.entries(value)) {
    const name = prefix === '' ? key : `${prefix}.${key}`;
    if (item !== null && typeof item === 'object' && !Array.isArray(item)) rows.push(...flatten(item as Record<string, unknown>, name));
    else rows.push([name, typeof item === 'number' ? item.toLocaleString('en-US') : compact(item)]);
  }
  return rows;
}

function compact(value: unknown): string {
  if (value === undefined) return '—';
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
}

/** The findings list: severity, line:column, message, the caret snippet and a link to the catalogue entry. */
export function findingsSection(findings: readonly PageFinding[], unlisted: ReconstructionReport['unlisted'], total: number): string {
  if (total === 0) return `<section id="findings"><h2>Findings</h2><p class="empty good-text">No findings: the stream reads as its format documents it.</p></section>`;
  const items = findings.map(findingItem);
  const more = unlisted.map(({ code, count }) => `<li class="more">and ${count.toLocaleString('en-US')} more <a href="#${findingAnchor(code)}"><code>${escapeHtml(code)}</code></a>, counted, not listed</li>`);
  return `<section id="findings"><h2>Findings <span class="count">${total.toLocaleString('en-US')}</span></h2><ol class="findings">${[...items, ...more].join('\n')}</ol></section>`;
}

export function findingItem(finding: PageFinding): string {
  const where = finding.line === 0 ? 'whole stream' : `line ${finding.line}, column ${finding.column}`;
  const frame = finding.frame === undefined ? '' : ` <a class="frame-link" href="#frames" data-show-frame="${finding.frame}">frame ${finding.frame}</a>`;
  const snippet = finding.snippet === null ? '' : `<pre class="snippet">${escapeHtml(`${finding.snippet.line}\n${finding.snippet.caret}`)}</pre>`;
  return `<li class="finding sev-border-${finding.severity}" data-code="${escapeHtml(finding.code)}">
  <div class="finding-head"><span class="sev sev-${finding.severity}" title="severity: ${finding.severity}">${SEVERITY_LABELS[finding.severity]}</span> <a class="code-link" href="#${findingAnchor(finding.code)}" title="In the catalogue below"><code>${escapeHtml(finding.code)}</code></a> <span class="finding-title">${inlineCode(finding.title)}</span> <span class="where">${where}${frame}</span></div>
  <p>${inlineCode(finding.message)}</p>${snippet}
</li>`;
}

function responseSection(report: ReconstructionReport): string {
  return `<section id="response"><div class="section-head"><h2>The non-streamed response</h2><button type="button" class="button small" data-copy="response-json" data-testid="copy-response">Copy</button></div>
<p class="muted">What the same request returns without <code>stream</code>, in the format the stream was read as.</p>
${long('pre', 'json', 'responseJson', report.responseJson, 'id="response-json"')}</section>`;
}

/** Where a clicked row is shown in full. */
export const DETAIL_PANEL = `<div class="frame-detail" hidden><div class="detail-head"><strong class="detail-title"></strong><button type="button" class="button small" data-close-detail>Close</button></div><p class="detail-note warn-text" hidden></p><pre class="detail-text"></pre></div>`;

function framesSection(report: ReconstructionReport): string {
  const time = report.timestamped ? '<span class="c-time">arrived</span>' : '';
  return `<section id="frames"><h2>Frames <span class="count">${report.frameCount.toLocaleString('en-US')}</span> <span class="hint">click a row, or use the arrow keys, to see a frame whole</span></h2>
<div class="frames ${report.timestamped ? 'timed' : ''}" data-frame-count="${report.frameCount}">
  <div class="frames-head" role="row"><span class="c-index">#</span><span class="c-lines">lines</span><span class="c-event">event</span><span class="c-carried">carried</span>${time}<span class="c-data">data</span></div>
  <div class="frames-viewport" tabindex="0" aria-label="Frames"><div class="frames-spacer"></div></div>
</div>${DETAIL_PANEL}</section>`;
}

// The compare view's HTML: both streams in a line each, then every difference with a link to its frame on each side.
import type { AnswerPlace, Comparison, Difference, FrameRecord, Reconstruction } from '../core/index.js';
import { escapeHtml, plural } from './html.js';

/** The two sides, as the view names them. */
export const SIDES = ['upstream', 'downstream'] as const;
export type Side = (typeof SIDES)[number];

/** The most characters of a side's value shown in a difference; the whole stays in the frame it links to. */
const VALUE_CHARS = 160;
/** The most characters of a frame the detail shows. */
const FRAME_CHARS = 20_000;

/** The comparison as HTML: the verdict, each side's summary, the differences, and a frame panel per side. */
export function comparisonHtml(comparison: Comparison, reads: Readonly<Record<Side, Reconstruction>>): string {
  const tone = comparison.same ? 'tone-good' : 'tone-bad';
  const word = comparison.same ? 'Same answer' : `${plural(comparison.differences.length, 'difference')}`;
  const sides = SIDES.map((side) => `<li><strong>${side}</strong> <code>${escapeHtml(reads[side].summary)}</code></li>`).join('');
  const list = comparison.differences.map((difference, index) => differenceHtml(difference, index)).join('');
  const meaning = comparison.same ? 'The downstream carries the upstream&#39;s answer.' : escapeHtml(comparison.summary);
  return `<section class="summary compare-summary ${tone}">
  <div class="verdict"><span class="verdict-word">${word}</span><span class="verdict-meaning">${meaning}</span></div>
  <ul class="compare-sides">${sides}</ul>
</section>
${comparison.differences.length === 0 ? '' : `<section class="compare-differences"><h2>Differences</h2><ol class="findings differences">${list}</ol></section>`}
<section class="compare-frames">${SIDES.map((side) => `<div class="frame-detail compare-frame" data-frame-side="${side}" hidden><div class="detail-head"><strong class="detail-title"></strong></div><pre class="detail-text"></pre></div>`).join('')}</section>`;
}

function differenceHtml(difference: Difference, index: number): string {
  return `<li class="finding difference sev-border-${difference.severity}" data-code="${escapeHtml(difference.code)}">
  <div class="finding-head"><span class="sev sev-${difference.severity}">${difference.severity === 'error' ? 'must fix' : 'check'}</span> <code>${escapeHtml(difference.code)}</code> <span class="where">at <code>${escapeHtml(difference.path)}</code></span></div>
  <p class="difference-message">${index + 1}. ${escapeHtml(difference.message)}</p>
  <dl class="difference-sides">${sideHtml('upstream', difference.upstream.at, difference.upstream.value)}${sideHtml('downstream', difference.downstream.at, difference.downstream.value)}</dl>
</li>`;
}

function sideHtml(side: Side, at: AnswerPlace | null, value: unknown): string {
  const link = at === null ? '<span class="muted">no frame</span>' : `<a class="frame-link" href="#compare-frames" data-compare-side="${side}" data-compare-frame="${at.frame}">${at.line}:${at.column} · frame ${at.frame}</a>`;
  return `<dt>${side}</dt><dd>${link} <code class="difference-value">${escapeHtml(valueText(value))}</code></dd>`;
}

/** A side's value in a few characters: JSON, cut, nothing as `(none)`. */
export function valueText(value: unknown): string {
  if (value === undefined || value === null) return '(none)';
  let text: string;
  try {
    text = JSON.stringify(value, withoutSources) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > VALUE_CHARS ? `${text.slice(0, VALUE_CHARS)}… (${text.length} chars)` : text;
}

/** The title and text of a side's frame, as its detail panel shows it; null past the end. */
export function frameDetail(side: Side, frames: readonly FrameRecord[], text: string, index: number): { title: string; text: string } | null {
  const frame = frames[index];
  if (frame === undefined) return null;
  const lines = frame.line === frame.endLine ? `line ${frame.line}` : `lines ${frame.line}–${frame.endLine}`;
  const body = text.slice(frame.start, frame.end);
  return { title: `${side} · frame ${index} · ${lines} · ${frame.carried}`, text: body.length > FRAME_CHARS ? `${body.slice(0, FRAME_CHARS)}…` : body };
}

/** A finish's `source` (where its class was read) says nothing about this stream: left out of the value shown. */
function withoutSources(key: string, value: unknown): unknown {
  return key === 'source' ? undefined : value;
}

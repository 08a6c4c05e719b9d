import { duration, escapeHtml, findingAnchor, inlineCode, plural } from './html.js';
import type { InspectionReport } from './inspection-model.js';
import { DETAIL_PANEL } from './render-report.js';

/** The inspector's report as HTML, without the events' rows (the page fills them as they scroll into view). */
export function inspectionHtml(report: InspectionReport): string {
  return [overview(report), problemsSection(report), notDispatchedSection(report), eventsSection(report)].join('\n');
}

function overview(report: InspectionReport): string {
  const { stats } = report;
  const worst = report.problems.some((p) => p.severity === 'error') ? 'bad' : report.problems.some((p) => p.severity === 'warning') ? 'warn' : 'good';
  const headline = `${plural(stats.events, 'event')} dispatched`;
  const ending = report.endsWithNewline
    ? ''
    : `<p class="warn-text">The stream does not end with a line terminator. Its last event is listed, but a live connection that ends this way leaves it in the buffer: a spec client never dispatches it.</p>`;
  const facts: Array<[string, string]> = [
    ['Events dispatched', stats.events.toLocaleString('en-US')],
    ['Comment lines (<code>:</code> …)', stats.comments.toLocaleString('en-US')],
    ['Events carrying JSON', stats.json.toLocaleString('en-US')],
    ['Events whose data failed to parse', stats.notJson.toLocaleString('en-US')],
    ['Named event types', stats.eventTypes.length === 0 ? '—' : stats.eventTypes.map((type) => `<code>${escapeHtml(type)}</code>`).join(', ')],
    ['Last event ID', stats.lastEventId === null ? '—' : `<code>${escapeHtml(stats.lastEventId)}</code>`],
  ];
  if (stats.reassembledChars !== null) facts.push(['Characters reassembled', stats.reassembledChars.toLocaleString('en-US')]);
  if (report.retry !== null) facts.push(['Reconnection delay (<code>retry</code>)', `${report.retry.toLocaleString('en-US')} ms`]);
  if (report.timing !== null) {
    facts.push(['First event after', duration(report.timing.firstEventMs)], ['Longest gap', duration(report.timing.longestGapMs)], ['Whole stream', duration(report.timing.totalMs)]);
  }
  const stats_ = facts.map(([term, value]) => `<div><dt>${term}</dt><dd>${value}</dd></div>`).join('');
  return `<section class="summary tone-${worst}" id="summary" aria-live="polite">
  <div class="verdict"><span class="verdict-word" data-testid="events-dispatched">${headline}</span>
  <span class="facts">${plural(report.problems.length, 'problem')} <span class="dot">·</span> ${plural(report.lines.total, 'line')}${report.timestamped ? ' <span class="dot">·</span> timestamped capture' : ''}</span></div>
  ${ending}
  <dl class="stats">${stats_}</dl>
  ${reassemblyBlock(report)}
  <p class="read-time">Read ${plural(report.inputChars, 'character')} in <span data-testid="read-ms">${Math.round(report.readMs)}</span> ms, in this browser.</p>
</section>`;
}

function reassemblyBlock(report: InspectionReport): string {
  const found = report.reassembly;
  if (found === null) return `<p class="muted">Type a dotted path in the field above (<code>choices.0.delta.content</code>) to join one string from every event's JSON.</p>`;
  const hint = found.hint === undefined ? '' : `<p class="warn-text">${inlineCode(found.hint)}</p>`;
  const text = found.text.length > 0 ? `<div class="answer-text" data-testid="reassembled">${escapeHtml(found.text)}</div>` : '';
  return `<div class="reassembly"><h3 data-testid="reassembly-summary">${inlineCode(found.summary)}</h3>${text}${hint}</div>`;
}

function problemsSection(report: InspectionReport): string {
  if (report.problems.length === 0) return `<section id="findings"><h2>Problems in the stream</h2><p class="empty good-text">None: a spec client reads every event as written.</p></section>`;
  const items = report.problems.map((problem) => {
    const where = problem.line === 0 ? 'whole stream' : `line ${problem.line}, column ${problem.column}`;
    const snippet = problem.snippet === undefined ? '' : `<pre class="snippet">${escapeHtml(`${problem.snippet.line}\n${problem.snippet.caret}`)}</pre>`;
    return `<li class="finding sev-border-${problem.severity}" data-code="${escapeHtml(problem.code)}">
  <div class="finding-head"><span class="sev sev-${problem.severity}" title="severity: ${problem.severity}">${escapeHtml(problem.label)}</span> <span class="finding-title">${inlineCode(problem.title)}</span> <a class="code-link" href="#${findingAnchor(problem.code)}" title="In the catalogue below"><code>${escapeHtml(problem.code)}</code></a> <span class="where">${where}</span></div>
  <p>${inlineCode(problem.message)}</p>${snippet}
</li>`;
  });
  return `<section id="findings"><h2>Problems in the stream <span class="count">${report.problems.length}</span></h2><ol class="findings">${items.join('\n')}</ol></section>`;
}

function notDispatchedSection(report: InspectionReport): string {
  if (report.notDispatched.length === 0) return '';
  const rows = report.notDispatched.slice(0, 200).map((block) => `<tr><td class="num">${block.line === block.endLine ? block.line : `${block.line}–${block.endLine}`}</td><td>${inlineCode(block.why)}</td></tr>`);
  const more = report.notDispatched.length > 200 ? `<p class="muted">and ${plural(report.notDispatched.length - 200, 'more block')}.</p>` : '';
  return `<section id="not-dispatched"><h2>Lines that dispatch nothing <span class="count">${report.notDispatched.length.toLocaleString('en-US')}</span></h2><table class="plain"><thead><tr><th>Lines</th><th>Why</th></tr></thead><tbody>${rows.join('')}</tbody></table>${more}</section>`;
}

function eventsSection(report: InspectionReport): string {
  const time = report.timestamped ? '<span class="c-time">arrived</span>' : '';
  return `<section id="frames"><h2>Decoded events <span class="count">${report.eventCount.toLocaleString('en-US')}</span> <span class="hint">click a row, or use the arrow keys, to see an event whole</span></h2>
<div class="frames events ${report.timestamped ? 'timed' : ''}" data-frame-count="${report.eventCount}">
  <div class="frames-head" role="row"><span class="c-index">#</span><span class="c-lines">lines</span><span class="c-event">event</span><span class="c-carried">id</span>${time}<span class="c-data">data</span></div>
  <div class="frames-viewport" tabindex="0" aria-label="Events"><div class="frames-spacer"></div></div>
</div>${DETAIL_PANEL}</section>`;
}

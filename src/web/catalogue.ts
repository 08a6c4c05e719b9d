import { FINDINGS, FINDING_CODES, SEVERITY_LABELS } from '../core/index.js';
import { escapeHtml, findingAnchor, inlineCode } from './html.js';

/** The findings catalogue, one entry per code, generated from the core's table, as docs/findings.md is. */
export function renderCatalogue(): string {
  const entries = FINDING_CODES.map((code) => {
    const entry = FINDINGS[code];
    return `<article class="entry" id="${findingAnchor(code)}">
  <h3><span class="sev sev-${entry.severity}" title="severity: ${entry.severity}">${SEVERITY_LABELS[entry.severity]}</span> <code>${escapeHtml(code)}</code> <span class="entry-title">${inlineCode(entry.title)}</span></h3>
  <p>${inlineCode(entry.meaning)}</p>
  <p class="fix"><strong>What to change:</strong> ${inlineCode(entry.fix)}</p>
</article>`;
  });
  return entries.join('\n');
}

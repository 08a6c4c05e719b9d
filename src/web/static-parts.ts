// What the build writes into the page's HTML, so the catalogue and the examples are there before any script runs.
export { renderCatalogue } from './catalogue.js';
import { EXAMPLES } from './examples.js';
import { escapeHtml } from './html.js';

export function renderExampleButtons(): string {
  return EXAMPLES.map((example) => `<button type="button" class="example" data-example="${escapeHtml(example.id)}" aria-pressed="false">${escapeHtml(example.label)}</button>`).join('');
}

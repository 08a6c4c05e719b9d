// What the build writes into the page's HTML, so the catalogue and the examples are there before any script runs.
export { renderCatalogue } from './catalogue.js';
import { FORMAT_MODULES } from '../core/index.js';
import { EXAMPLES } from './examples.js';
import { escapeHtml } from './html.js';

export function renderExampleButtons(): string {
  return EXAMPLES.map((example) => `<button type="button" class="example" data-example="${escapeHtml(example.id)}" aria-pressed="false">${escapeHtml(example.label)}</button>`).join('');
}

/** The "Read as" choices: told from the frames, each registered format by its title, then the inspector. */
export function renderReadModeOptions(): string {
  const formats = FORMAT_MODULES.map((module) => `<option value="${escapeHtml(module.name)}">${escapeHtml(module.title)}</option>`);
  return ['<option value="auto">Tell from the frames</option>', ...formats, '<option value="events">Any event stream (inspector)</option>'].join('');
}

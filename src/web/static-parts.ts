// What the build writes into the page's HTML, so the catalogue and the examples are there before any script runs.
export { renderCatalogue } from './catalogue.js';
import { FORMAT_MODULES } from '../core/index.js';
import { EXAMPLES, FORMAT_EXAMPLES, type PageExample } from './examples.js';
import { escapeHtml } from './html.js';

const button = (example: PageExample) => `<button type="button" class="example" data-example="${escapeHtml(example.id)}" aria-pressed="false">${escapeHtml(example.label)}</button>`;

/** The example buttons, then on a line of their own one stream of each registered format. */
export function renderExampleButtons(): string {
  const formats = `<span class="examples-break" aria-hidden="true"></span><span class="label">Each format</span>${FORMAT_EXAMPLES.map(button).join('')}`;
  return `${EXAMPLES.map(button).join('')}${formats}`;
}

/** The "Read as" choices: told from the frames, each registered format by its title, then the inspector. */
export function renderReadModeOptions(): string {
  const formats = FORMAT_MODULES.map((module) => `<option value="${escapeHtml(module.name)}">${escapeHtml(module.title)}</option>`);
  return ['<option value="auto">Tell from the frames</option>', ...formats, '<option value="events">Any event stream (inspector)</option>'].join('');
}

// The page's compare view: two streams (pasted, typed or dropped), what a provider sent a relay and what the relay
// sent on, read here and compared; each difference links to its frame on both sides.
import { compareReconstructions, createReconstruction, FORMAT_NAMES, type CompareOptions, type FormatName, type Reconstruction } from '../core/index.js';
import { comparisonHtml, frameDetail, SIDES, type Side } from './compare-render.js';
import { escapeHtml } from './html.js';

/** Wait after the last keystroke before comparing again. */
const TYPING_PAUSE_MS = 250;
/** How much text is read between yields to the page. */
const SLICE_CHARS = 1 << 20;

const SIDE_TITLES: Record<Side, { label: string; hint: string }> = {
  upstream: { label: 'Upstream', hint: 'what the provider sent the relay' },
  downstream: { label: 'Downstream', hint: 'what the relay sent its client' },
};

/** The view's markup; the page's policy allows no inline style, so the look is in styles.css. */
function viewHtml(): string {
  const formats = ['auto', ...FORMAT_NAMES].map((name) => `<option value="${escapeHtml(name)}">${name === 'auto' ? 'Tell from the frames' : escapeHtml(name)}</option>`).join('');
  const side = (name: Side) => `<div class="compare-side" data-side="${name}">
  <div class="input-head"><label class="label" for="compare-${name}">${SIDE_TITLES[name].label}</label> <span class="hint">${SIDE_TITLES[name].hint} — or drop a file here</span></div>
  <div class="drop"><textarea id="compare-${name}" spellcheck="false" autocomplete="off" autocapitalize="off"></textarea><div class="drop-veil" aria-hidden="true">Drop the ${name} capture</div></div>
  <div class="controls"><label class="control">Read as <select data-format="${name}">${formats}</select></label></div>
</div>`;
  return `<div class="input-head"><h2>Compare two streams</h2> <span class="hint">Did the relay carry what upstream said? Any two formats.</span> <span class="spacer"></span><button type="button" class="button ghost" id="compare-close">Back to one stream</button></div>
<div class="compare-inputs">${side('upstream')}${side('downstream')}</div>
<div class="controls"><label class="control">Token counts <select id="compare-usage"><option value="consistent">consistent</option><option value="exact">exact</option><option value="ignore">ignore</option></select></label>
<label class="control compare-check"><span>Tool-call ids</span><span><input type="checkbox" id="compare-ids"> compare</span></label></div>
<div id="compare-status" class="status" role="status" aria-live="polite"></div>
<div id="compare-result" class="report"></div>`;
}

/** The compare view: built into `host` on first open, hidden until opened. */
export class CompareView {
  private built = false;
  private generation = 0;
  private typing: ReturnType<typeof setTimeout> | undefined;
  private texts: Record<Side, string> = { upstream: '', downstream: '' };
  private reads: Record<Side, Reconstruction> | null = null;

  constructor(private readonly host: HTMLElement) {}

  /** Shows the view (building it the first time) and hides the one-stream view. */
  open(): void {
    if (!this.built) this.build();
    this.host.hidden = false;
    document.body.classList.add('mode-compare');
    this.host.querySelector<HTMLTextAreaElement>('#compare-upstream')?.focus();
  }

  close(): void {
    this.host.hidden = true;
    document.body.classList.remove('mode-compare');
  }

  /** Puts a stream on one side and compares (for a drop, a file, or a test). */
  setSide(side: Side, text: string): Promise<void> {
    if (!this.built) this.build();
    this.field(side).value = text;
    return this.compare();
  }

  private build(): void {
    this.built = true;
    this.host.innerHTML = viewHtml();
    this.host.querySelector('#compare-close')?.addEventListener('click', () => this.close());
    for (const side of SIDES) this.listenToSide(side);
    this.host.querySelectorAll('select, input[type="checkbox"]').forEach((control) => control.addEventListener('change', () => void this.compare()));
    this.host.querySelector('#compare-result')?.addEventListener('click', (event) => {
      const link = (event.target as HTMLElement).closest<HTMLElement>('[data-compare-frame]');
      if (link === null) return;
      event.preventDefault();
      this.showFrame(link.dataset.compareSide as Side, Number(link.dataset.compareFrame));
    });
  }

  private field(side: Side): HTMLTextAreaElement {
    return this.host.querySelector(`#compare-${side}`) as HTMLTextAreaElement;
  }

  private listenToSide(side: Side): void {
    const field = this.field(side);
    field.addEventListener('input', () => {
      clearTimeout(this.typing);
      this.typing = setTimeout(() => void this.compare(), TYPING_PAUSE_MS);
    });
    const area = this.host.querySelector<HTMLElement>(`[data-side="${side}"] .drop`) as HTMLElement;
    area.addEventListener('dragover', (event) => {
      event.preventDefault();
      area.classList.add('dragging');
    });
    area.addEventListener('dragleave', () => area.classList.remove('dragging'));
    // Stopped here, so the page's own drop (the one-stream view's input) does not take the file too.
    area.addEventListener('drop', (event) => {
      event.preventDefault();
      event.stopPropagation();
      area.classList.remove('dragging');
      const file = event.dataTransfer?.files[0];
      if (file !== undefined) void file.arrayBuffer().then((bytes) => this.setSide(side, new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)));
    });
  }

  private options(): CompareOptions {
    const usage = (this.host.querySelector('#compare-usage') as HTMLSelectElement).value as CompareOptions['usage'];
    const ids = (this.host.querySelector('#compare-ids') as HTMLInputElement).checked;
    return { ...(usage ? { usage } : {}), ...(ids ? { ids } : {}) };
  }

  private formatOf(side: Side): FormatName | undefined {
    const value = (this.host.querySelector(`[data-format="${side}"]`) as HTMLSelectElement).value;
    return (FORMAT_NAMES as readonly string[]).includes(value) ? (value as FormatName) : undefined;
  }

  /** Reads both sides (in slices, yielding to the page) and shows the comparison; a newer compare wins. */
  private async compare(): Promise<void> {
    clearTimeout(this.typing);
    const mine = (this.generation += 1);
    const status = this.host.querySelector('#compare-status') as HTMLElement;
    const result = this.host.querySelector('#compare-result') as HTMLElement;
    const texts = { upstream: this.field('upstream').value, downstream: this.field('downstream').value };
    if (!/\S/.test(texts.upstream) || !/\S/.test(texts.downstream)) {
      result.innerHTML = '';
      result.removeAttribute('data-state');
      status.textContent = 'Give both streams to compare them.';
      return;
    }
    status.textContent = 'Reading both streams…';
    result.dataset.state = 'reading';
    const started = performance.now();
    const upstream = await readText(texts.upstream, this.formatOf('upstream'));
    const downstream = await readText(texts.downstream, this.formatOf('downstream'));
    if (mine !== this.generation) return;
    const comparison = compareReconstructions(upstream, downstream, this.options());
    this.texts = texts;
    this.reads = { upstream, downstream };
    result.innerHTML = comparisonHtml(comparison, this.reads);
    result.dataset.state = 'shown';
    status.textContent = `Read and compared in ${Math.round(performance.now() - started)} ms, on this page.`;
  }

  private showFrame(side: Side, index: number): void {
    const read = this.reads?.[side];
    const panel = this.host.querySelector<HTMLElement>(`[data-frame-side="${side}"]`);
    if (read === undefined || panel === null) return;
    const detail = frameDetail(side, read.frames, this.texts[side], index);
    if (detail === null) return;
    (panel.querySelector('.detail-title') as HTMLElement).textContent = detail.title;
    (panel.querySelector('.detail-text') as HTMLElement).textContent = detail.text;
    panel.hidden = false;
    panel.scrollIntoView({ block: 'nearest' });
  }
}

async function readText(text: string, format: FormatName | undefined): Promise<Reconstruction> {
  const session = createReconstruction(format ? { format } : {});
  for (let at = 0; at < text.length; at += SLICE_CHARS) {
    session.push(text.slice(at, at + SLICE_CHARS));
    if (at + SLICE_CHARS < text.length) await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return session.end();
}

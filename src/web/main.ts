import { EXAMPLES, type PageExample } from './examples.js';
import { escapeHtml, plural } from './html.js';
import { fromLink, toLink } from './link.js';
import { READ_MODES, type PageReport, type ReadMode, type ReadRequest } from './read-session.js';
import { mainThreadReader, workerReader, type Reader } from './reader.js';
import { inspectionHtml } from './render-inspection.js';
import { reconstructionHtml } from './render-report.js';
import { TableView } from './table-view.js';
import { serveReader } from './worker.js';

/** Past this many characters a capture is kept beside the editor, not in it: a textarea holding megabytes is slow. */
const HELD_CHARS = 1_000_000;
/** The longest fragment a link is given: browsers keep addresses of about 2 MB. */
const MAX_LINK_CHARS = 1_900_000;

/** Wait after the last keystroke before reading again. */
const TYPING_PAUSE_MS = 250;

const source = typeof document === 'undefined' ? '' : (document.currentScript?.textContent ?? '');

if (typeof document === 'undefined') serveReader(self as unknown as Parameters<typeof serveReader>[0]);
else if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => startPage());
else startPage();

function byId<T extends HTMLElement>(id: string): T {
  return document.getElementById(id) as T;
}

function startPage(): void {
  const reader: Reader = workerReader(source) ?? mainThreadReader();
  const ui = {
    stream: byId<HTMLTextAreaElement>('stream'),
    mode: byId<HTMLSelectElement>('mode'),
    path: byId<HTMLInputElement>('path'),
    file: byId<HTMLInputElement>('file'),
    drop: byId<HTMLElement>('drop'),
    held: byId<HTMLElement>('held'),
    report: byId<HTMLElement>('report'),
    status: byId<HTMLElement>('status'),
    linkBox: byId<HTMLElement>('link-box'),
    link: byId<HTMLInputElement>('link'),
  };
  /** The capture when it is too large for the editor; null when the editor holds it. */
  let held: string | null = null;
  let generation = 0;
  let table: TableView | null = null;
  let typing: ReturnType<typeof setTimeout> | undefined;
  let startedAt = 0;
  let shownReport: PageReport | null = null;

  const currentText = () => held ?? ui.stream.value;
  const currentMode = () => (READ_MODES as readonly string[]).includes(ui.mode.value) ? (ui.mode.value as ReadMode) : 'auto';

  function setText(text: string): void {
    ui.linkBox.hidden = true;
    if (text.length > HELD_CHARS) {
      held = text;
      ui.stream.value = '';
      ui.stream.hidden = true;
      ui.held.hidden = false;
      byId('held-size').textContent = `${megabytes(text.length)} capture`;
      byId('held-what').textContent = `(${plural(text.length, 'character')})`;
    } else {
      held = null;
      ui.stream.hidden = false;
      ui.held.hidden = true;
      ui.stream.value = text;
    }
  }

  function syncMode(): void {
    document.body.classList.toggle('mode-events', currentMode() === 'events');
  }

  async function read(from = performance.now()): Promise<void> {
    clearTimeout(typing);
    const text = currentText();
    const mine = (generation += 1);
    table?.dispose();
    table = null;
    if (!/\S/.test(text)) {
      ui.report.innerHTML = '';
      ui.status.textContent = '';
      ui.report.removeAttribute('data-state');
      return;
    }
    startedAt = from;
    ui.report.dataset.state = 'reading';
    ui.status.classList.remove('error');
    ui.status.textContent = `Reading ${megabytes(text.length)} ${reader.where === 'worker' ? 'in a worker' : 'on this page'}…`;
    const request: ReadRequest = { text, mode: currentMode() };
    if (request.mode === 'events' && ui.path.value.trim() !== '') request.path = ui.path.value.trim();
    let report: PageReport;
    try {
      report = await reader.read(request);
    } catch (error) {
      if (mine !== generation) return;
      ui.status.classList.add('error');
      ui.status.textContent = `The page could not read this: ${error instanceof Error ? error.message : String(error)}`;
      return;
    }
    if (mine !== generation) return;
    show(report);
  }

  function show(report: PageReport): void {
    shownReport = report;
    ui.report.innerHTML = report.kind === 'reconstruction' ? reconstructionHtml(report) : inspectionHtml(report);
    const frames = ui.report.querySelector<HTMLElement>('.frames');
    if (frames !== null) {
      const count = report.kind === 'reconstruction' ? report.frameCount : report.eventCount;
      table = new TableView(frames, count, (from, to) => reader.rows(from, to), report.timestamped);
      const flagged = report.kind === 'reconstruction' ? report.findings.map((f) => f.frame) : report.problems.map((p) => p.event);
      table.flagged = new Set(flagged.filter((index): index is number => index !== undefined));
    }
    const shownMs = performance.now() - startedAt;
    ui.report.dataset.state = 'shown';
    ui.report.dataset.shownMs = String(Math.round(shownMs));
    ui.status.textContent = `Read and shown in ${Math.round(shownMs)} ms (${reader.where === 'worker' ? 'read in a worker' : 'read on this page'}).`;
  }

  function readSoon(): void {
    clearTimeout(typing);
    typing = setTimeout(() => void read(), TYPING_PAUSE_MS);
  }

  function choose(example: PageExample): void {
    setText(example.text);
    ui.mode.value = example.mode;
    ui.path.value = example.path ?? '';
    syncMode();
    document.querySelectorAll<HTMLElement>('[data-example]').forEach((button) => button.setAttribute('aria-pressed', String(button.dataset.example === example.id)));
    void read();
  }

  // Examples.
  const examples = document.querySelector<HTMLElement>('.examples');
  if (examples !== null && examples.querySelector('[data-example]') === null) {
    examples.insertAdjacentHTML('beforeend', EXAMPLES.map((example) => `<button type="button" class="example" data-example="${escapeHtml(example.id)}" aria-pressed="false">${escapeHtml(example.label)}</button>`).join(''));
  }
  examples?.addEventListener('click', (event) => {
    const id = (event.target as HTMLElement).closest<HTMLElement>('[data-example]')?.dataset.example;
    const example = EXAMPLES.find((candidate) => candidate.id === id);
    if (example !== undefined) choose(example);
  });

  // Typing and pasting.
  let pastedAt: number | null = null;
  ui.stream.addEventListener('paste', (event) => {
    pastedAt = performance.now();
    const text = event.clipboardData?.getData('text/plain') ?? '';
    if (text.length > HELD_CHARS) {
      event.preventDefault();
      const at = pastedAt;
      pastedAt = null;
      setText(text);
      // Read after the paste event returns, so the browser draws the held capture first.
      setTimeout(() => void read(at), 0);
    }
  });
  ui.stream.addEventListener('input', () => {
    ui.linkBox.hidden = true;
    clearPressed();
    if (pastedAt !== null) {
      const at = pastedAt;
      pastedAt = null;
      void read(at);
    } else readSoon();
  });
  ui.mode.addEventListener('change', () => {
    syncMode();
    void read();
  });
  ui.path.addEventListener('input', () => {
    if (currentMode() === 'events') readSoon();
  });
  byId('clear').addEventListener('click', () => {
    setText('');
    clearPressed();
    history.replaceState(null, '', location.pathname + location.search);
    void read();
    ui.stream.focus();
  });
  byId('held-edit').addEventListener('click', () => {
    if (held === null) return;
    const text = held;
    held = null;
    ui.held.hidden = true;
    ui.stream.hidden = false;
    ui.stream.value = text;
  });

  // Files: chosen or dropped.
  const readFile = async (file: File | undefined) => {
    if (file === undefined) return;
    const at = performance.now();
    setText(await file.text());
    clearPressed();
    void read(at);
  };
  ui.file.addEventListener('change', () => void readFile(ui.file.files?.[0]));
  let depth = 0;
  document.addEventListener('dragenter', (event) => {
    if (!event.dataTransfer?.types.includes('Files')) return;
    depth += 1;
    ui.drop.classList.add('dragging');
  });
  document.addEventListener('dragleave', () => {
    depth = Math.max(0, depth - 1);
    if (depth === 0) ui.drop.classList.remove('dragging');
  });
  document.addEventListener('dragover', (event) => event.preventDefault());
  document.addEventListener('drop', (event) => {
    event.preventDefault();
    depth = 0;
    ui.drop.classList.remove('dragging');
    void readFile(event.dataTransfer?.files[0]);
  });

  // Copy buttons copy the whole text, from the report (what is drawn may be cut); "Show all" draws it whole.
  document.addEventListener('click', (event) => {
    const button = (event.target as HTMLElement).closest<HTMLButtonElement>('[data-copy], [data-expand]');
    if (button === null) return;
    const field = button.dataset.expand;
    if (field !== undefined) {
      const target = ui.report.querySelector<HTMLElement>(`[data-field="${CSS.escape(field)}"]`);
      if (target !== null) target.textContent = fieldText(shownReport, field) ?? target.textContent;
      button.closest('.cut-note')?.remove();
      return;
    }
    const target = document.getElementById(button.dataset.copy ?? '');
    if (target === null) return;
    const whole = fieldText(shownReport, target.dataset.field ?? '');
    void copy(whole ?? (target instanceof HTMLInputElement ? target.value : (target.textContent ?? '')), button);
  });
  byId('copy-link').addEventListener('click', (event) => void copy(ui.link.value, event.currentTarget as HTMLButtonElement));

  // A link that carries the input: made only when asked for, with the page's warning that it does.
  const linkWarning = ui.linkBox.querySelector('.warn-text')?.innerHTML ?? '';
  byId('make-link').addEventListener('click', async () => {
    const mode = currentMode();
    const hash = await toLink({ text: currentText(), mode, path: mode === 'events' ? ui.path.value.trim() : '' });
    const warning = ui.linkBox.querySelector<HTMLElement>('.warn-text') as HTMLElement;
    ui.linkBox.hidden = false;
    if (hash.length > MAX_LINK_CHARS) {
      warning.textContent = `Too large for a link: even compressed, this stream needs ${megabytes(hash.length)} of address, more than browsers keep. Share the file instead.`;
      ui.link.value = '';
      return;
    }
    warning.innerHTML = linkWarning;
    history.replaceState(null, '', `${location.pathname}${location.search}#${hash}`);
    ui.link.value = location.href;
    ui.link.select();
  });

  // Frames a finding points at; a clicked row shown whole.
  ui.report.addEventListener('click', (event) => {
    const target = event.target as HTMLElement;
    const frame = target.closest<HTMLElement>('[data-show-frame]')?.dataset.showFrame;
    if (frame !== undefined && table !== null) {
      event.preventDefault();
      document.getElementById('frames')?.scrollIntoView({ block: 'start' });
      table.reveal(Number(frame));
      void showDetail(Number(frame));
      return;
    }
    const row = target.closest<HTMLElement>('.frame-row')?.dataset.index;
    if (row !== undefined) void showDetail(Number(row));
    if (target.closest('[data-close-detail]') !== null) ui.report.querySelector<HTMLElement>('.frame-detail')?.setAttribute('hidden', '');
  });

  async function showDetail(index: number): Promise<void> {
    const mine = generation;
    const detail = await reader.detail(index);
    const panel = ui.report.querySelector<HTMLElement>('.frame-detail');
    if (detail === null || panel === null || mine !== generation) return;
    (panel.querySelector('.detail-title') as HTMLElement).textContent = detail.title;
    (panel.querySelector('.detail-text') as HTMLElement).textContent = detail.text;
    const note = panel.querySelector('.detail-note') as HTMLElement;
    note.textContent = detail.note ?? '';
    note.hidden = detail.note === null;
    panel.hidden = false;
    table?.select(index);
  }

  function clearPressed(): void {
    document.querySelectorAll<HTMLElement>('[data-example]').forEach((button) => button.setAttribute('aria-pressed', 'false'));
  }

  syncMode();
  void startWith();

  /** What the page opens with: a stream written into it (`--html`), a link's stream, or nothing. */
  async function startWith(): Promise<void> {
    const preload = document.getElementById('sse-preload');
    if (preload !== null) {
      const written = JSON.parse(preload.textContent ?? '{}') as { text?: string; mode?: string; path?: string };
      applyInput(written.text ?? '', written.mode, written.path);
      return void read();
    }
    const linked = await fromLink(location.hash.slice(1));
    if (linked !== null) {
      applyInput(linked.text, linked.mode, linked.path);
      ui.link.value = location.href;
      ui.linkBox.hidden = false;
      void read();
    }
  }

  function applyInput(text: string, mode: string | undefined, path: string | undefined): void {
    setText(text);
    if (mode !== undefined && (READ_MODES as readonly string[]).includes(mode)) ui.mode.value = mode;
    ui.path.value = path ?? '';
    syncMode();
  }
}

/** The whole text of a report's field as `data-field` names it: `responseJson`, `choices.0.text`. */
function fieldText(report: PageReport | null, field: string): string | null {
  if (report === null || report.kind !== 'reconstruction') return null;
  if (field === 'responseJson') return report.responseJson;
  const match = /^choices\.(\d+)\.(text|refusal|reasoning)$/.exec(field);
  if (match === null) return null;
  const choice = report.choices.find((candidate) => candidate.index === Number(match[1]));
  const value = choice?.[match[2] as 'text' | 'refusal' | 'reasoning'];
  return typeof value === 'string' ? value : null;
}

async function copy(text: string, button: HTMLButtonElement): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    document.body.append(area);
    area.select();
    document.execCommand('copy');
    area.remove();
  }
  const label = button.textContent;
  button.textContent = 'Copied';
  button.classList.add('done');
  setTimeout(() => {
    button.textContent = label;
    button.classList.remove('done');
  }, 1400);
}

function megabytes(chars: number): string {
  if (chars < 1000) return plural(chars, 'character');
  if (chars < 1_000_000) return `${(chars / 1000).toFixed(1)} kB`;
  return `${(chars / 1_000_000).toFixed(1)} MB`;
}

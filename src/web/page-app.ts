import { ALL_EXAMPLES } from './examples.js';
import { plural } from './html.js';
import { ExactText } from './exact-text.js';
import { fromLink, LINK_TEXT_LIMIT, LINK_TOO_LARGE, toLink } from './link.js';
import { READ_MODES, type PageReport, type ReadMode, type ReadRequest } from './read-session.js';
import type { Reader } from './reader.js';
import { inspectionHtml } from './render-inspection.js';
import { reconstructionHtml } from './render-report.js';
import { TableView } from './table-view.js';

/** Past this many characters a capture is kept beside the editor, not in it: a textarea holding megabytes is slow. */
const HELD_CHARS = 1_000_000;
/** The longest fragment a link is given: browsers keep addresses of about 2 MB. */
const MAX_LINK_CHARS = 1_900_000;
/** Wait after the last keystroke before reading again. */
const TYPING_PAUSE_MS = 250;

function byId<T extends HTMLElement>(id: string): T {
  return document.getElementById(id) as T;
}

/** The page's elements, found once. */
function pageElements() {
  return {
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
}

/**
 * The page: takes a stream (typed, pasted, chosen, dropped, from an example, a link or a page written by `--html`),
 * has the reader read it, and shows the report. One read at a time: a newer read makes an older one's answer stale.
 */
export class PageApp {
  private readonly ui = pageElements();
  /** The capture when it is too large for the editor; null when the editor holds it. */
  private held: string | null = null;
  /** The editor's text as it was given (its value has CRLF as LF). */
  private readonly given = new ExactText();
  /** A paste on its way into the editor: what it carried and the selection it replaces. */
  private pasting: { text: string; from: number; to: number } | null = null;
  private generation = 0;
  private table: TableView | null = null;
  private typing: ReturnType<typeof setTimeout> | undefined;
  private startedAt = 0;
  private shown: PageReport | null = null;
  private pastedAt: number | null = null;
  private readonly linkWarning: string;

  constructor(private readonly reader: Reader) {
    this.linkWarning = this.ui.linkBox.querySelector('.warn-text')?.innerHTML ?? '';
    this.listenToInput();
    this.listenToFiles();
    this.listenToButtons();
    this.listenToReport();
    this.listenToKeys();
    this.syncMode();
  }

  /** What the page opens with: a stream written into it (`--html`), a link's stream, or nothing. */
  async start(): Promise<void> {
    const preload = document.getElementById('sse-preload');
    if (preload !== null) {
      const written = JSON.parse(preload.textContent ?? '{}') as { text?: string; mode?: string; path?: string };
      this.applyInput(written.text ?? '', written.mode, written.path);
      return this.read();
    }
    const linked = await fromLink(location.hash.slice(1));
    if (linked === null) return;
    if (linked === 'too large') return this.refuse(LINK_TOO_LARGE);
    this.applyInput(linked.text, linked.mode, linked.path);
    this.ui.link.value = location.href;
    this.ui.linkBox.hidden = false;
    return this.read();
  }

  /** What the page reads: the capture as it was given, with the edits made in the editor since. */
  private get text(): string {
    return this.held ?? this.given.textFor(this.ui.stream.value);
  }

  /** Says why the page reads nothing, in place of a report. */
  private refuse(message: string): void {
    this.clear();
    this.ui.status.classList.add('error');
    this.ui.status.textContent = message;
  }

  private get mode(): ReadMode {
    const value = this.ui.mode.value;
    return (READ_MODES as readonly string[]).includes(value) ? (value as ReadMode) : 'auto';
  }

  private setText(text: string): void {
    const { ui } = this;
    ui.linkBox.hidden = true;
    const held = text.length > HELD_CHARS;
    this.held = held ? text : null;
    ui.stream.value = held ? '' : text;
    this.given.set(held ? '' : text);
    ui.stream.hidden = held;
    ui.held.hidden = !held;
    if (!held) return;
    byId('held-size').textContent = `${megabytes(text.length)} capture`;
    byId('held-what').textContent = `(${plural(text.length, 'character')})`;
  }

  private applyInput(text: string, mode: string | undefined, path: string | undefined): void {
    this.setText(text);
    if (mode !== undefined && (READ_MODES as readonly string[]).includes(mode)) this.ui.mode.value = mode;
    this.ui.path.value = path ?? '';
    this.syncMode();
  }

  private syncMode(): void {
    document.body.classList.toggle('mode-events', this.mode === 'events');
  }

  /** Reads what the page holds now; `from` is when the person acted (a paste, a drop), for the time shown. */
  private async read(from = performance.now()): Promise<void> {
    clearTimeout(this.typing);
    const { ui, reader } = this;
    const text = this.text;
    const mine = (this.generation += 1);
    this.table?.dispose();
    this.table = null;
    if (!/\S/.test(text)) return this.clear();
    this.startedAt = from;
    ui.report.dataset.state = 'reading';
    ui.status.classList.remove('error');
    ui.status.textContent = `Reading ${megabytes(text.length)} ${reader.where === 'worker' ? 'in a worker' : 'on this page'}…`;
    const request: ReadRequest = { text, mode: this.mode };
    if (request.mode === 'events' && ui.path.value.trim() !== '') request.path = ui.path.value.trim();
    try {
      const report = await reader.read(request);
      if (mine === this.generation) this.show(report);
    } catch (error) {
      if (mine !== this.generation) return;
      ui.status.classList.add('error');
      ui.status.textContent = `The page could not read this: ${error instanceof Error ? error.message : String(error)}`;
    }
  }

  private clear(): void {
    this.ui.report.innerHTML = '';
    this.ui.status.textContent = '';
    this.ui.report.removeAttribute('data-state');
    this.shown = null;
  }

  private readSoon(): void {
    clearTimeout(this.typing);
    this.typing = setTimeout(() => void this.read(), TYPING_PAUSE_MS);
  }

  private show(report: PageReport): void {
    const { ui } = this;
    this.shown = report;
    ui.report.innerHTML = report.kind === 'reconstruction' ? reconstructionHtml(report) : inspectionHtml(report);
    const frames = ui.report.querySelector<HTMLElement>('.frames');
    if (frames !== null) {
      const count = report.kind === 'reconstruction' ? report.frameCount : report.eventCount;
      this.table = new TableView(frames, count, (from, to) => this.reader.rows(from, to), report.timestamped);
      const flagged = report.kind === 'reconstruction' ? report.findings.map((f) => f.frame) : report.problems.map((p) => p.event);
      this.table.flagged = new Set(flagged.filter((index): index is number => index !== undefined));
    }
    const shownMs = Math.round(performance.now() - this.startedAt);
    ui.report.dataset.state = 'shown';
    ui.report.dataset.shownMs = String(shownMs);
    ui.status.textContent = `Read and shown in ${shownMs} ms (${this.reader.where === 'worker' ? 'read in a worker' : 'read on this page'}).`;
  }

  private listenToInput(): void {
    const { ui } = this;
    ui.stream.addEventListener('paste', (event) => {
      this.pastedAt = performance.now();
      const text = event.clipboardData?.getData('text/plain') ?? '';
      if (text.length <= HELD_CHARS) {
        // The editor will hold it with CRLF as LF: keep it as it came, for the input event that follows (the edits
        // typed before it are carried over first, so the selection is measured in the same text).
        this.given.textFor(ui.stream.value);
        this.pasting = { text, from: ui.stream.selectionStart, to: ui.stream.selectionEnd };
        return;
      }
      event.preventDefault();
      const at = this.pastedAt;
      this.pastedAt = null;
      this.setText(text);
      this.pressExample(null);
      // Read after the paste event returns, so the browser draws the held capture first.
      setTimeout(() => void this.read(at), 0);
    });
    ui.stream.addEventListener('input', (event) => {
      const pasting = this.pasting;
      this.pasting = null;
      // A typed edit is carried over when the text is next read (textFor); a paste now, while its text is known.
      if (pasting !== null && (event as InputEvent).inputType === 'insertFromPaste') this.given.paste(ui.stream.value, pasting.from, pasting.to, pasting.text);
      ui.linkBox.hidden = true;
      this.pressExample(null);
      const at = this.pastedAt;
      this.pastedAt = null;
      if (at !== null) void this.read(at);
      else this.readSoon();
    });
    ui.mode.addEventListener('change', () => {
      this.syncMode();
      void this.read();
    });
    ui.path.addEventListener('input', () => {
      if (this.mode === 'events') this.readSoon();
    });
  }

  private listenToFiles(): void {
    const { ui } = this;
    const readFile = async (file: File | undefined) => {
      if (file === undefined) return;
      const at = performance.now();
      // The bytes as they are: a byte order mark stays (file.text() would drop it), and CRLF stays (see ExactText).
      this.setText(new TextDecoder('utf-8', { ignoreBOM: true }).decode(await file.arrayBuffer()));
      this.pressExample(null);
      void this.read(at);
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
  }

  private listenToButtons(): void {
    const { ui } = this;
    document.querySelector('.examples')?.addEventListener('click', (event) => {
      const id = (event.target as HTMLElement).closest<HTMLElement>('[data-example]')?.dataset.example;
      const example = ALL_EXAMPLES.find((candidate) => candidate.id === id);
      if (example === undefined) return;
      this.applyInput(example.text, example.mode, example.path);
      this.pressExample(example.id);
      void this.read();
    });
    byId('clear').addEventListener('click', () => {
      this.setText('');
      this.pressExample(null);
      history.replaceState(null, '', location.pathname + location.search);
      void this.read();
      ui.stream.focus();
    });
    byId('held-edit').addEventListener('click', () => {
      if (this.held !== null) this.setTextInEditor(this.held);
    });
    byId('make-link').addEventListener('click', () => void this.makeLink());
    byId('copy-link').addEventListener('click', (event) => void copy(ui.link.value, event.currentTarget as HTMLButtonElement));
  }

  private setTextInEditor(text: string): void {
    this.held = null;
    this.ui.held.hidden = true;
    this.ui.stream.hidden = false;
    this.ui.stream.value = text;
    this.given.set(text);
  }

  private pressExample(id: string | null): void {
    document.querySelectorAll<HTMLElement>('[data-example]').forEach((button) => button.setAttribute('aria-pressed', String(button.dataset.example === id)));
  }

  /** A link that carries the input, made only when asked for, with the page's warning that it does. */
  private async makeLink(): Promise<void> {
    const { ui } = this;
    const mode = this.mode;
    const hash = await toLink({ text: this.text, mode, path: mode === 'events' ? ui.path.value.trim() : '' });
    const warning = ui.linkBox.querySelector<HTMLElement>('.warn-text') as HTMLElement;
    ui.linkBox.hidden = false;
    if (hash === null) {
      warning.textContent = `Too large for a link: a link carries at most ${LINK_TEXT_LIMIT / 1024 / 1024} MiB of stream. Share the file instead.`;
      ui.link.value = '';
      return;
    }
    if (hash.length > MAX_LINK_CHARS) {
      warning.textContent = `Too large for a link: even compressed, this stream needs ${megabytes(hash.length)} of address, more than browsers keep. Share the file instead.`;
      ui.link.value = '';
      return;
    }
    warning.innerHTML = this.linkWarning;
    history.replaceState(null, '', `${location.pathname}${location.search}#${hash}`);
    ui.link.value = location.href;
    ui.link.select();
  }

  /** In the report: copy (the whole text, from the report: what is drawn may be cut), Show all, frames and rows. */
  private listenToReport(): void {
    this.ui.report.addEventListener('click', (event) => {
      const target = event.target as HTMLElement;
      const button = target.closest<HTMLButtonElement>('[data-copy], [data-expand], [data-close-detail]');
      if (button !== null) return this.pressReportButton(button);
      const frame = target.closest<HTMLElement>('[data-show-frame]')?.dataset.showFrame;
      if (frame !== undefined && this.table !== null) {
        event.preventDefault();
        document.getElementById('frames')?.scrollIntoView({ block: 'start' });
        this.table.reveal(Number(frame));
        return void this.showDetail(Number(frame));
      }
      const row = target.closest<HTMLElement>('.frame-row')?.dataset.index;
      if (row !== undefined) void this.showDetail(Number(row));
    });
  }

  /** In the frames table: the arrow keys (and Page Up/Down, Home, End) move the row shown whole. */
  private listenToKeys(): void {
    const moves: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: 14, PageUp: -14, Home: -Infinity, End: Infinity };
    this.ui.report.addEventListener('keydown', (event) => {
      const move = moves[event.key];
      if (move === undefined || this.table === null || !(event.target as HTMLElement).classList.contains('frames-viewport')) return;
      event.preventDefault();
      const index = this.table.step(Number.isFinite(move) ? move : move * 1e12);
      if (index !== null) void this.showDetail(index);
    });
  }

  private pressReportButton(button: HTMLButtonElement): void {
    const report = this.ui.report;
    if (button.dataset.closeDetail !== undefined) return void report.querySelector('.frame-detail')?.setAttribute('hidden', '');
    const field = button.dataset.expand;
    if (field !== undefined) {
      const target = report.querySelector<HTMLElement>(`[data-field="${CSS.escape(field)}"]`);
      if (target !== null) target.textContent = fieldText(this.shown, field) ?? target.textContent;
      return void button.closest('.cut-note')?.remove();
    }
    const target = document.getElementById(button.dataset.copy ?? '');
    if (target !== null) void copy(fieldText(this.shown, target.dataset.field ?? '') ?? target.textContent ?? '', button);
  }

  private async showDetail(index: number): Promise<void> {
    const mine = this.generation;
    const detail = await this.reader.detail(index);
    const panel = this.ui.report.querySelector<HTMLElement>('.frame-detail');
    if (detail === null || panel === null || mine !== this.generation) return;
    (panel.querySelector('.detail-title') as HTMLElement).textContent = detail.title;
    (panel.querySelector('.detail-text') as HTMLElement).textContent = detail.text;
    const note = panel.querySelector('.detail-note') as HTMLElement;
    note.textContent = detail.note ?? '';
    note.hidden = detail.note === null;
    panel.hidden = false;
    this.table?.select(index);
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

import type { EventRow } from './inspection-model.js';
import type { TableRow } from './read-session.js';
import type { FrameRow } from './report-model.js';

/** Height of a row in CSS pixels: fixed, so a row's place follows from its index. */
export const ROW_HEIGHT = 28;
/** Rows fetched at a time from the reader, and how many such blocks are kept. */
const BLOCK_ROWS = 256;
const KEPT_BLOCKS = 48;
/** Rows drawn past each edge of the view, so a short scroll shows rows already drawn. */
const OVERSCAN = 6;
/**
 * The tallest spacer every browser lays out (Firefox stops near 17.9 million pixels); past it, scrolling maps onto
 * rows by proportion, about 570,000 rows.
 */
const MAX_SPACER_PX = 16_000_000;

export type RowSource = (from: number, to: number) => Promise<TableRow[]>;

/**
 * The frames (or events) table: only the rows in view exist in the document, reused as it scrolls, so 500,000 rows
 * scroll as smoothly as fifty. Rows are fetched from the reader a block at a time.
 */
export class TableView {
  private readonly viewport: HTMLElement;
  private readonly spacer: HTMLElement;
  private readonly pool: HTMLElement[] = [];
  private readonly blocks = new Map<number, TableRow[]>();
  private readonly pending = new Set<number>();
  private scheduled = false;
  private disposed = false;
  /** Indexes of frames a finding points at: their rows are marked. */
  flagged: ReadonlySet<number> = new Set();
  /** The row shown whole under the table, marked. */
  private selected: number | null = null;

  constructor(
    root: HTMLElement,
    private readonly count: number,
    private readonly source: RowSource,
    private readonly timed: boolean,
  ) {
    this.viewport = root.querySelector<HTMLElement>('.frames-viewport') as HTMLElement;
    this.spacer = root.querySelector<HTMLElement>('.frames-spacer') as HTMLElement;
    this.spacer.style.height = `${Math.min(count * ROW_HEIGHT, MAX_SPACER_PX)}px`;
    if (count * ROW_HEIGHT < 420) this.viewport.style.height = `${Math.max(count, 1) * ROW_HEIGHT + 2}px`;
    this.viewport.addEventListener('scroll', () => this.schedule(), { passive: true });
    this.render();
  }

  dispose(): void {
    this.disposed = true;
  }

  /** Scrolls so that row `index` is in view, and marks it. */
  reveal(index: number): void {
    const ratio = this.ratio();
    this.viewport.scrollTop = Math.max(0, (index * ROW_HEIGHT - this.viewport.clientHeight / 3) / ratio);
    this.viewport.focus({ preventScroll: true });
    this.render();
  }

  /** The row `delta` rows from the marked one (or from the first in view), scrolled into view; null when empty. */
  step(delta: number): number | null {
    if (this.count === 0) return null;
    const from = this.selected ?? Math.floor((this.viewport.scrollTop * this.ratio()) / ROW_HEIGHT) - (delta > 0 ? 1 : 0);
    const index = Math.min(this.count - 1, Math.max(0, from + delta));
    if (this.ratio() === 1) {
      const top = index * ROW_HEIGHT;
      const view = this.viewport.clientHeight;
      if (top < this.viewport.scrollTop) this.viewport.scrollTop = top;
      else if (top + ROW_HEIGHT > this.viewport.scrollTop + view) this.viewport.scrollTop = top + ROW_HEIGHT - view;
    } else this.reveal(index);
    this.render();
    return index;
  }

  /** Marks row `index` as the one shown whole. */
  select(index: number): void {
    this.selected = index;
    for (const element of this.pool) element.classList.toggle('selected', element.dataset.index === String(index));
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    requestAnimationFrame(() => {
      this.scheduled = false;
      this.render();
    });
  }

  /** How many pixels of rows one pixel of scroll stands for (1 unless the table is taller than the spacer allows). */
  private ratio(): number {
    const full = this.count * ROW_HEIGHT;
    const shown = Math.min(full, MAX_SPACER_PX);
    const view = this.viewport.clientHeight;
    return shown <= view ? 1 : Math.max(1, (full - view) / (shown - view));
  }

  private render(): void {
    if (this.disposed || this.count === 0) return;
    const scrollTop = this.viewport.scrollTop;
    const exact = (scrollTop * this.ratio()) / ROW_HEIGHT;
    const first = Math.max(0, Math.floor(exact) - OVERSCAN);
    const last = Math.min(this.count, Math.ceil(exact + this.viewport.clientHeight / ROW_HEIGHT) + OVERSCAN);
    let used = 0;
    for (let index = first; index < last; index += 1) {
      const element = this.pool[used] ?? this.newRow();
      used += 1;
      const transform = `translateY(${Math.round(scrollTop + (index - exact) * ROW_HEIGHT)}px)`;
      if (element.style.transform !== transform) element.style.transform = transform;
      if (element.hidden) element.hidden = false;
      const row = this.rowAt(index);
      if (element.dataset.index !== String(index) || element.dataset.filled !== String(row !== null)) this.fill(element, index, row);
    }
    for (let i = used; i < this.pool.length; i += 1) {
      const element = this.pool[i] as HTMLElement;
      if (!element.hidden) element.hidden = true;
    }
  }

  private newRow(): HTMLElement {
    const element = document.createElement('div');
    element.className = 'frame-row';
    element.setAttribute('role', 'row');
    for (const className of COLUMN_CLASSES(this.timed)) {
      const cell = document.createElement('span');
      cell.className = className;
      element.append(cell);
    }
    this.spacer.append(element);
    this.pool.push(element);
    return element;
  }

  private rowAt(index: number): TableRow | null {
    const block = Math.floor(index / BLOCK_ROWS);
    const rows = this.blocks.get(block);
    if (rows !== undefined) return rows[index - block * BLOCK_ROWS] ?? null;
    this.fetch(block);
    return null;
  }

  private fetch(block: number): void {
    if (this.pending.has(block)) return;
    this.pending.add(block);
    const from = block * BLOCK_ROWS;
    this.source(from, Math.min(this.count, from + BLOCK_ROWS)).then((rows) => {
      this.pending.delete(block);
      if (this.disposed) return;
      this.blocks.set(block, rows);
      if (this.blocks.size > KEPT_BLOCKS) this.blocks.delete(this.blocks.keys().next().value as number);
      this.render();
    });
  }

  private fill(element: HTMLElement, index: number, row: TableRow | null): void {
    element.dataset.index = String(index);
    element.dataset.filled = String(row !== null);
    const cells = element.children;
    const texts = row === null ? [String(index), '…', '', '', ...(this.timed ? [''] : []), ''] : cellsOf(row, this.timed);
    for (let i = 0; i < cells.length; i += 1) {
      const cell = cells[i] as HTMLElement;
      const text = texts[i] ?? '';
      if (cell.textContent !== text) cell.textContent = text;
    }
    element.title = row !== null && 'note' in row && row.note !== null ? row.note : '';
    element.classList.toggle('loading', row === null);
    element.classList.toggle('undispatched', row !== null && !row.dispatched);
    element.classList.toggle('flagged', this.flagged.has(index));
    element.classList.toggle('selected', this.selected === index);
  }
}

function COLUMN_CLASSES(timed: boolean): string[] {
  return timed ? ['c-index', 'c-lines', 'c-event', 'c-carried', 'c-time', 'c-data'] : ['c-index', 'c-lines', 'c-event', 'c-carried', 'c-data'];
}

function cellsOf(row: TableRow, timed: boolean): string[] {
  const lines = row.line === row.endLine ? String(row.line) : `${row.line}–${row.endLine}`;
  const time = timed ? [row.elapsedMs === null ? (row.time ?? '') : elapsed(row.elapsedMs)] : [];
  if ('payload' in row) return eventCells(row, lines, time);
  return frameCells(row, lines, time);
}

/** Milliseconds since the capture's first timestamp, as the arrived column shows them. */
function elapsed(ms: number): string {
  return ms < 10_000 ? `+${Math.round(ms).toLocaleString('en-US')} ms` : `+${(ms / 1000).toFixed(2)} s`;
}

function frameCells(row: FrameRow, lines: string, time: string[]): string[] {
  const event = row.type !== null && row.type !== row.event ? (row.event === 'message' ? row.type : `${row.event} · ${row.type}`) : row.event;
  const carried = row.dispatched ? row.carried : `${row.carried} (not dispatched)`;
  return [String(row.index), lines, event, carried, ...time, row.data];
}

function eventCells(row: EventRow, lines: string, time: string[]): string[] {
  const data = row.payload === 'not json' ? `${row.data}  (not JSON)` : row.data;
  return [String(row.index), lines, row.dispatched ? row.event : `${row.event} (never dispatched)`, row.id === '' ? '—' : row.id, ...time, data];
}

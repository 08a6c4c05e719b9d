/** Text made safe to put between tags or inside a quoted attribute. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Text with its `code` spans (backticks, as the catalogue writes them) shown as code. */
export function inlineCode(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

/** The anchor of a finding code's entry in the catalogue on the page: `not json` → `finding-not-json`. */
export function findingAnchor(code: string): string {
  return `finding-${code.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}`;
}

/** A count with its noun: the one wording core messages use too. */
export { plural } from '../core/index.js';

/** Milliseconds as a person reads them: 840 ms, 2.4 s. */
export function duration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

// What a failing cell shows, bounded: the differences, the findings on both sides and the bytes the relay sent.
import type { Comparison, Reconstruction } from '../core/index.js';
import { capturedText, type Captured } from './downstream.js';
import type { CapturedDownstream, CellDetails, CellFinding, CellSide, CellTimings } from './types.js';

/** The most findings a side lists, and differences a cell lists. */
const FINDINGS_SHOWN = 20;
const DIFFERENCES_SHOWN = 8;

/** One side's reading: its summary and its first findings. */
export function sideOf(reading: Reconstruction | null): CellSide {
  if (reading === null) return { summary: 'nothing was read', findings: [], findingsLeft: 0 };
  const findings: CellFinding[] = reading.findings.slice(0, FINDINGS_SHOWN).map((finding) => ({ code: finding.code, severity: finding.severity, message: finding.message, line: finding.line > 0 ? finding.line : null }));
  return { summary: reading.summary, findings, findingsLeft: Math.max(0, reading.findings.length - FINDINGS_SHOWN) };
}

/** The relay's answer as a cell shows it: status, headers, the bounded bytes, and its reading. */
export function capturedOf(captured: Captured | null, reading: Reconstruction | null): CapturedDownstream {
  const side = sideOf(reading);
  if (captured === null) return { ...side, status: null, headers: {}, text: '', byteLength: 0, truncated: false };
  const { text, truncated } = capturedText(captured);
  return { ...side, status: captured.status, headers: { ...captured.headers }, text, byteLength: captured.byteLength, truncated };
}

/** The details of a cell that read both sides. */
export function detailsOf(parts: { comparison?: Comparison | null; upstream?: Reconstruction | null; captured: Captured | null; downstream: Reconstruction | null; timings?: CellTimings }): CellDetails {
  const details: CellDetails = { downstream: capturedOf(parts.captured, parts.downstream) };
  if (parts.upstream !== undefined) details.upstream = sideOf(parts.upstream);
  if (parts.comparison) {
    details.differences = parts.comparison.differences.slice(0, DIFFERENCES_SHOWN).map(({ code, severity, path, message }) => ({ code, severity, path, message }));
    details.differencesLeft = Math.max(0, parts.comparison.differences.length - DIFFERENCES_SHOWN);
  }
  if (parts.timings) details.timings = parts.timings;
  return details;
}

/** The longest gap between two reads, from the first read to the last; null with fewer than two. */
export function longestGap(readTimes: readonly number[]): number | null {
  let longest: number | null = null;
  for (let index = 1; index < readTimes.length; index += 1) {
    const gap = (readTimes[index] as number) - (readTimes[index - 1] as number);
    if (longest === null || gap > longest) longest = gap;
  }
  return longest;
}

/** What makes a response something a client and the proxies between read as an event stream, as `toBeEventStream()` checks it. */
export function eventStreamProblems(status: number, headers: Record<string, string>, xAccelBuffering: boolean): string[] {
  const problems: string[] = [];
  if (status < 200 || status > 299) problems.push(`status ${status}, not 2xx`);
  const type = (headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'text/event-stream') problems.push(`content-type is ${JSON.stringify(headers['content-type'] ?? null)}, not text/event-stream`);
  if (!/(^|,)\s*no-(cache|store)\s*(,|$)/i.test(headers['cache-control'] ?? '')) problems.push('no `cache-control: no-cache`');
  if (xAccelBuffering && (headers['x-accel-buffering'] ?? '').trim().toLowerCase() !== 'no') problems.push('no `x-accel-buffering: no`');
  if (headers['content-length'] !== undefined) problems.push('a content-length (proxies wait for the whole body)');
  const encoding = (headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  if (encoding !== 'identity') problems.push(`content-encoding ${encoding} (a compressor holds bytes back)`);
  return problems;
}

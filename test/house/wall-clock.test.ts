// No test asserts that something took less than some time (issue 20, item 28): the 10 MB page test failed at 2,071 ms
// against 2,000 on a loaded machine. Time targets live in the bench (bench/page.mjs, bench/run.mjs), which prints them.
// A lower bound stays allowed: "the stall lasted at least 100 ms" checks that a delay happened, and load only adds.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'vectors' ? [] : testFiles(path);
    return /\.test\.(ts|cjs|mjs|js)$/.test(entry.name) ? [path] : [];
  });
}

/** A clock read, or a name that holds a time (took, elapsed, …Ms, .ms, …At, …After, .at). */
const TIME = /performance\.now\(\)|Date\.now\(\)|\btook\b|\belapsed\w*|\w*Ms\b|\.ms\b|\bms\b|\w*(?:At|After)\b|\.at\b|\.median\b|\.longest\w*/;
/**
 * `expect(<time>)…toBeLessThan(<a figure>)` on one line: an upper bound on a duration. A bound with no figure in it
 * (`firstByteMs ≤ totalMs`) orders two times of one clock, which load cannot upset.
 */
const UPPER_BOUND = /expect\(([^;]*)\)(?:\.not)?\.toBeLessThan(?:OrEqual)?\(([^;]*\d[^;]*)\)/;

/** Every upper bound on a duration in the test files, as `file:line: code`. */
function upperBoundsOnTime(): string[] {
  return [...testFiles(join(root, 'test')), ...testFiles(join(root, 'examples'))].flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, index) => {
        const bound = UPPER_BOUND.exec(line);
        return bound && TIME.test(bound[1] ?? '') && file !== import.meta.filename ? [`${relative(root, file)}:${index + 1}: ${line.trim()}`] : [];
      }),
  );
}

describe('the wall clock in tests', () => {
  it('is never held to an upper bound', () => {
    expect(upperBoundsOnTime()).toEqual([]);
  });

  it('is recognised in the forms the suites used', () => {
    const caught = [
      'expect(pageMs).toBeLessThan(2000);',
      'expect(performance.now() - started).toBeLessThan(350 + 1000);',
      'expect(took).toBeLessThan(1500);',
      'expect(jump.ms).toBeLessThan(1000);',
      'expect(result.timing.firstByteMs).toBeLessThan(100);',
      'expect(closedAfter).toBeLessThan(2500);',
      'expect(disconnect.at - leftAt).toBeLessThan(500);',
      'expect(wheel.median).toBeLessThan(Math.max(50, idle.median * 3));',
    ];
    const isBound = (line: string) => TIME.test(UPPER_BOUND.exec(line)?.[1] ?? '');
    for (const line of caught) expect(isBound(line), line).toBe(true);
    const allowed = ['expect(took).toBeGreaterThanOrEqual(95);', 'expect(rowsInDocument).toBeLessThan(80);', 'expect(text.length).toBeLessThan(CHAT_TEXT.length);', 'expect(result.timing.firstByteMs).toBeLessThanOrEqual(result.timing.totalMs);'];
    for (const line of allowed) expect(isBound(line), line).toBe(false);
  });
});

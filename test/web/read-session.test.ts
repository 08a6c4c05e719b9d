// The page's reader, without a browser: what the worker (or the page, in slices) answers.
import { describe, expect, it } from 'vitest';
import { reconstruct } from '../../src/index.js';
import { EXAMPLES } from '../../src/web/examples.js';
import { ReadSession } from '../../src/web/read-session.js';

const text = (id: string) => EXAMPLES.find((example) => example.id === id)?.text ?? '';

describe('ReadSession', () => {
  it('gives the report of the reconstruction, and rows and details of its frames', async () => {
    const session = new ReadSession();
    const report = await session.read({ text: text('cut-off'), mode: 'auto' });
    const result = reconstruct(text('cut-off'));
    expect(report.kind).toBe('reconstruction');
    if (report.kind !== 'reconstruction') return;
    expect(report.summary).toBe(result.summary);
    expect(report.findings.map((finding) => [finding.code, finding.line, finding.column])).toEqual(result.findings.map((finding) => [finding.code, finding.line, finding.column]));
    expect(report.findings[0]?.snippet?.caret).toBe('^');
    expect(session.rows(0, 100).map((row) => row.index)).toEqual([0, 1, 2, 3, 4]);
    expect(session.detail(4)?.text).toBe(text('cut-off').slice(result.frames[4]?.start));
    expect(session.detail(5)).toBeNull();
  });

  it('keeps only the newest stream when reads in slices overtake each other', async () => {
    const session = new ReadSession();
    const big = text('salyro-chat').repeat(600); // more than one slice: it yields between them
    let release: () => void = () => {};
    const paused = new Promise<void>((resolve) => (release = resolve));
    const older = session.read({ text: big, mode: 'auto' }, () => paused);
    const newer = await session.read({ text: text('tool-fragments'), mode: 'auto' });
    release();
    await older;
    expect(newer.kind === 'reconstruction' && newer.frameCount).toBe(10);
    expect(session.rows(0, 1000)).toHaveLength(10);
  });

  it('reads any event stream with the inspector, with the path', async () => {
    const session = new ReadSession();
    const report = await session.read({ text: text('harbour'), mode: 'events', path: 'choices.0.delta.content' });
    expect(report.kind === 'inspection' && report.reassembly?.text).toBe('The harbour ');
    expect(session.rows(0, 10).map((row) => row.index)).toEqual([0, 1, 2, 3, 4]);
    expect(session.detail(2)?.text).toBe('event: token\nid: 42\ndata: {"id":"1","choices":[{"delta":{"content":"harbour "}}]}\n\n');
  });
});

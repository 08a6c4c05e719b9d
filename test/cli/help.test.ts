// Item 26 of issue 20: --help states the exit statuses --inspect really uses, and they are the ones it gives.
import { describe, expect, it } from 'vitest';
import { runInProcess } from './in-process.js';

const NOTE_ONLY = 'data: {"n":1}\n\ndata: [DONE]\n\n'; // one problem, a note ([DONE] is not part of the spec)
const WARNING = 'data: {"n":1}\n\nretry: soon\n\n'; // a warning: a retry that is not a number

async function help(): Promise<string> {
  return (await runInProcess(['--help'])).stdout;
}

describe('--help on --inspect (issue 20, item 26)', () => {
  it('does not say that any problem fails: a note passes by default', async () => {
    const text = await help();
    expect(text).not.toMatch(/exit status 1 when it has any problem/);
    const run = await runInProcess(['--inspect', '-'], { input: NOTE_ONLY });
    expect(run.stdout).toMatch(/note/);
    expect(run.status).toBe(0);
  });

  it('states the statuses of --inspect in the exit status table, as they are given', async () => {
    const table = (await help()).split('Exit status:')[1] ?? '';
    expect(table).toMatch(/with --inspect: 0 when it has no problem at or above --fail-on \(default warning\), 1 when it has one/);
    expect((await runInProcess(['--inspect', '-'], { input: WARNING })).status).toBe(1);
    expect((await runInProcess(['--inspect', '--fail-on', 'error', '-'], { input: WARNING })).status).toBe(0);
    expect((await runInProcess(['--inspect', '--fail-on', 'info', '-'], { input: NOTE_ONLY })).status).toBe(1);
    // A stream cut mid-event is a problem of its own (never dispatched), not a verdict: the status follows it.
    expect((await runInProcess(['--inspect', '-'], { input: 'data: {"n":1}\n\ndata: {"n"' })).status).toBe(1);
  });
});

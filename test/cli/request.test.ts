// `sse-reconstruct FILE --request REQUEST.json`: the capture checked against the request that produced it, in process.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { streamOf } from '../core/request/streams.js';
import { runInProcess } from './in-process.js';

const folder = mkdtempSync(join(tmpdir(), 'sse-reconstruct-request-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const path = join(folder, name);
  writeFileSync(path, text);
  return path;
}

describe('--request FILE', () => {
  const capture = file('capture.sse', streamOf('chat-completions', { text: '{"town":"Paris"}', usage: false }));

  it('a request the stream meets: exit 0; one it does not meet: exit 1 with the findings, the schema checked by ajv', async () => {
    const met = file('met.json', JSON.stringify({ model: 'gpt-4o', stream: true }));
    expect((await runInProcess([capture, '--request', met])).status).toBe(0);
    const schema = { type: 'object', required: ['city'] };
    const unmet = file('unmet.json', JSON.stringify({ model: 'gpt-4o', stream: true, stream_options: { include_usage: true }, response_format: { type: 'json_schema', json_schema: { name: 'c', schema } } }));
    const run = await runInProcess([capture, `--request=${unmet}`, '--json']);
    expect(run.status).toBe(1);
    const codes = (JSON.parse(run.stdout) as { findings: Array<{ code: string; message: string }> }).findings.map((finding) => finding.code);
    expect(codes).toEqual(expect.arrayContaining(['usage not sent', 'schema unmet']));
    expect(run.stdout).toContain("must have required property 'city'");
  });

  it('a file that is not a request, or is missing, is a usage error (exit 2) that says what to pass', async () => {
    const bad = file('bad.json', '[1, 2]');
    const run = await runInProcess([capture, '--request', bad]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/--request .*bad\.json: the file .*not a JSON object/);
    const missing = await runInProcess([capture, '--request', join(folder, 'none.json')]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('--request cannot read');
    expect((await runInProcess([capture, '--request'])).status).toBe(2);
  });
});

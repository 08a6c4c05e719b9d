// Adding a format is its folder and its line in the registry: a format the library does not ship
// (test/house/sixth-format/tgi, Hugging Face text-generation-inference) is copied into a copy of src/, listed in
// the registry, and then appears in every face: detection and reconstruction, fixtures, faults, the server's HTTP
// error body, arbitraries, the CLI's --format, the page's read modes and the generated docs.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const root = join(import.meta.dirname, '../..');
const folder = join(import.meta.dirname, 'sixth-format/tgi');

/** The registry with the format listed: its import, and its place at the end of the list. */
function listed(registry: string): string {
  const withImport = registry.replace(/(import \{ responses \} from '\.\/responses\/index\.js';\n)/, `$1import { tgi } from './tgi/index.js';\n`);
  // At the end of the list, whatever the list holds (each format adds its own entry).
  return withImport.replace(/(const LISTED = \[[^\]]*)\] as const;/, '$1, tgi] as const;');
}

/** The changed lines between two texts of the same file (lines only in one of them). */
function changedLines(before: string, after: string): string[] {
  const old = new Set(before.split('\n'));
  return after.split('\n').filter((line) => !old.has(line));
}

let copy = '';
// The copy is imported by path: each module is typed by what the test reads of it.
type Copied = Record<string, any>;
const load = (path: string): Promise<Copied> => import(join(copy, path)) as Promise<Copied>;

/** The documented stream of a three-token answer ending at the length limit. */
const STREAM = [
  { index: 1, token: { id: 415, text: 'The', logprob: -0.1, special: false }, generated_text: null, details: null },
  { index: 2, token: { id: 5565, text: ' capital', logprob: -0.3, special: false }, generated_text: null, details: null },
  { index: 3, token: { id: 302, text: ' of', logprob: -0.2, special: false }, generated_text: 'The capital of', details: { finish_reason: 'length', generated_tokens: 3, seed: null } },
].map((frame) => `data:${JSON.stringify(frame)}\n\n`).join('');

beforeAll(() => {
  // Inside the project, so the copy resolves fast-check from its node_modules.
  copy = mkdtempSync(join(root, '.sixth-format-'));
  cpSync(join(root, 'src'), join(copy, 'src'), { recursive: true });
  cpSync(join(root, 'test/oracle'), join(copy, 'test/oracle'), { recursive: true });
  cpSync(join(root, 'scripts/findings-doc.ts'), join(copy, 'scripts/findings-doc.ts'));
  cpSync(join(root, 'package.json'), join(copy, 'package.json'));
  cpSync(folder, join(copy, 'src/core/formats/tgi'), { recursive: true });
  const registry = join(copy, 'src/core/formats/registry.ts');
  const before = readFileSync(registry, 'utf8');
  writeFileSync(registry, listed(before));
});

afterAll(() => {
  if (copy !== '') rmSync(copy, { recursive: true, force: true });
});

describe('a sixth format, added as its folder and its registry line', () => {
  it('changes the registry by its import and its entry only', () => {
    const before = readFileSync(join(root, 'src/core/formats/registry.ts'), 'utf8');
    const after = readFileSync(join(copy, 'src/core/formats/registry.ts'), 'utf8');
    const list = before.split('\n').find((line) => line.startsWith('const LISTED = ['))?.replace('] as const;', ', tgi] as const;');
    expect(changedLines(before, after)).toEqual(["import { tgi } from './tgi/index.js';", list]);
  });

  it('is detected and reconstructed by its own rules', async () => {
    const { reconstruct, FORMAT_NAMES } = await load('src/index.ts');
    expect(FORMAT_NAMES).toContain('tgi');
    const result = reconstruct(STREAM);
    expect(result.format).toBe('tgi');
    expect(result.choices[0].text).toBe('The capital of');
    expect(result.choices[0].finishReason).toBe('length');
    expect(result.verdict).toBe('complete');
    expect(result.outcome).toBe('length_limit');
    expect(result.usage).toEqual({ generated_tokens: 3 });
  });

  it('has fixtures whose streams read as they say', async () => {
    const { fixtures } = await load('src/fixtures/index.ts');
    const { fixturesTable } = await load('src/fixtures/table.ts');
    const { reconstruct } = await load('src/index.ts');
    const own = fixtures('tgi');
    expect(own.map((entry: Copied) => entry.name)).toEqual(['tgi/text', 'tgi/length-limit']);
    for (const entry of own) {
      const result = reconstruct(entry.stream);
      expect({ name: entry.name, format: result.format, verdict: result.verdict, outcome: result.outcome }).toEqual({ name: entry.name, format: 'tgi', verdict: entry.expected.verdict, outcome: entry.expected.outcome });
      expect(result.response.generated_text).toBe(entry.response.generated_text);
    }
    expect(fixturesTable()).toContain('| `tgi/length-limit` |');
  });

  it('takes faults: its error frame ends the stream in an error, and dropEnd takes its end away', async () => {
    const { errorFrame, applyFaults, dropEnd } = await load('src/faults/index.ts');
    const { fixture } = await load('src/fixtures/index.ts');
    const { reconstruct, explainError } = await load('src/index.ts');
    const failed = reconstruct(STREAM.split('\n\n').slice(0, 2).join('\n\n') + '\n\n' + errorFrame('tgi', { message: 'out of memory' }));
    expect(failed.outcome).toBe('error_event');
    expect(failed.error).toEqual({ error: 'out of memory', error_type: 'generation' });
    const ended = applyFaults(fixture('tgi/text'), dropEnd());
    expect(ended.expected).toMatchObject({ verdict: 'did not finish', outcome: 'dropped' });
    const { oracleExpectation } = await load('test/oracle/expect.ts');
    expect(oracleExpectation(fixture('tgi/text'), [dropEnd()]).unstated).toMatch(/no rules for tgi/);
    expect(reconstruct(ended.pieces.map((piece: Copied) => piece.text).join('')).verdict).toBe('did not finish');
    const explained = explainError('Model is overloaded', 'tgi');
    expect(explained).toMatchObject({ provider: 'huggingface', http: 429, retry: 'with backoff' });
  });

  it("is answered by the server's HTTP error in its own shape", async () => {
    const { httpErrorReply } = await load('src/server/http-errors.ts');
    const reply = httpErrorReply({ status: 429, retryAfter: 1, times: 1 }, 'tgi');
    expect(reply.status).toBe(429);
    expect(JSON.parse(reply.body)).toEqual({ error: 'Rate limit reached; try again later.', error_type: 'overloaded' });
  });

  it('has arbitraries whose streams reconstruct to their response', async () => {
    const { responses, streams } = await load('src/arbitraries/index.ts');
    const { reconstruct } = await load('src/index.ts');
    const drawn = fc.sample(responses('tgi'), { numRuns: 5, seed: 21 });
    expect(drawn.length).toBe(5);
    for (const entry of fc.sample(streams('tgi'), { numRuns: 5, seed: 21 }) as Copied[]) {
      expect(reconstruct(entry.stream).choices[0].text).toBe(entry.response.generated_text);
    }
  });

  it("is one of the CLI's --format choices, and the page's read modes", async () => {
    const capture = join(copy, 'capture.txt');
    writeFileSync(capture, STREAM);
    const written: string[] = [];
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: unknown, ...rest: unknown[]) => {
      written.push(String(chunk));
      const done = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined;
      done?.();
      return true;
    });
    const argv = process.argv;
    process.argv = [argv[0] ?? 'node', 'cli', '--format', 'tgi', '--json', capture];
    try {
      await load('src/cli/index.ts');
      await vi.waitFor(() => expect(written.join('')).toContain('"format": "tgi"'), { timeout: 10_000 });
    } finally {
      process.argv = argv;
      write.mockRestore();
      process.exitCode = undefined;
    }
    const { READ_MODES } = await load('src/web/read-session.ts');
    expect(READ_MODES).toContain('tgi');
  });

  it('is in the generated docs: its error table and its fixtures', async () => {
    const { renderErrors } = await load('scripts/findings-doc.ts');
    expect(renderErrors()).toContain('**Hugging Face text-generation-inference**');
    expect(renderErrors()).toContain('message has "model is overloaded"');
  });
});

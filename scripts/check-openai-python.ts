// A check of the openai-python profile's event reading against openai-python's own code, run by hand (Python is not a
// dependency of this repository): `npx tsx scripts/check-openai-python.ts /path/to/openai-python [seed]` imports that
// checkout's src/openai/_streaming.py (httpx stubbed, nothing else of the SDK loaded), feeds its real Stream and
// SSEDecoder 4,000 random bodies in random slices, and compares the items and the raise with pythonStreamItems.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as fc from 'fast-check';
import { pythonStreamItems } from '../src/core/clients/openai-python-stream.js';
import { ClientThrow } from '../src/core/clients/run.js';

const STUBS: Record<string, string> = {
  'openai/__init__.py': '',
  'openai/_types.py': 'ResponseT = object\n',
  'openai/_utils.py': 'from collections.abc import Mapping\ndef is_mapping(x):\n    return isinstance(x, Mapping)\ndef extract_type_var_from_base(*a, **k):\n    raise NotImplementedError\n',
  'openai/_exceptions.py': 'class APIError(Exception):\n    def __init__(self, message, request=None, body=None):\n        super().__init__(message)\n',
  'httpx.py': 'class Response: pass\n',
  'httpx2.py': 'class Response: pass\n',
  'run.py': [
    'import json, sys',
    'from openai._streaming import Stream, SSEDecoder',
    'class Body:',
    '    def __init__(self, pieces): self.pieces = pieces; self.request = None',
    '    def iter_bytes(self): yield from (p.encode("utf-8") for p in self.pieces)',
    '    def close(self): pass',
    'class Client:',
    '    def _make_sse_decoder(self): return SSEDecoder()',
    '    def _process_response_data(self, data, cast_to, response): return data',
    'out = []',
    'for pieces in json.load(sys.stdin):',
    '    items, thrown = [], None',
    '    try:',
    '        for item in Stream(cast_to=object, response=Body(pieces), client=Client()): items.append(item)',
    '    except Exception as e:',
    '        thrown = type(e).__name__ + ": " + str(e)',
    '    out.append({"items": items, "thrown": thrown})',
    'json.dump(out, sys.stdout)',
  ].join('\n'),
};

const [checkout, seed = '42'] = process.argv.slice(2);
if (!checkout) throw new Error('pass the path of an openai-python checkout (v1.97.2 or later)');
const dir = mkdtempSync(join(tmpdir(), 'sse-python-'));
try {
  mkdirSync(join(dir, 'openai'));
  for (const [path, text] of Object.entries(STUBS)) writeFileSync(join(dir, path), text);
  writeFileSync(join(dir, 'openai/_streaming.py'), readFileSync(join(checkout, 'src/openai/_streaming.py')));
  const piece = fc.constantFrom('data: {"a":1}', 'data: {"error":{"message":"x"}}', 'data: {"error":null}', 'data: {"error":{}}', 'data: [DONE]', 'data:', 'data: ', ': ping', 'id: 1', 'id', 'id: \0', 'retry: 5', 'retry: x', 'event: x', 'event: thread.run', 'event:', '\uFEFF', '\n', '\r', '\r\n', '\n\n', 'data: 1', 'data: "s"', 'data: [1]', 'dat', 'data: {"b"', ':2}');
  const bodies = fc.sample(fc.tuple(fc.array(piece, { maxLength: 16 }), fc.array(fc.nat(), { maxLength: 4 })), { numRuns: 4000, seed: Number(seed) }).map(([pieces, cuts]) => {
    const text = pieces.join('');
    const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
    return { text, slices: [0, ...points].map((start, at, all) => text.slice(start, all[at + 1] ?? text.length)) };
  });
  const real = JSON.parse(execFileSync('python3', ['run.py'], { cwd: dir, input: JSON.stringify(bodies.map((body) => body.slices)), maxBuffer: 1 << 28 }).toString()) as Array<{ items: unknown[]; thrown: string | null }>;
  const classOf = (thrown: string | null) => (thrown === null ? null : thrown.slice(0, thrown.indexOf(':')));
  const differing = bodies.filter((body, at) => {
    const items: unknown[] = [];
    let thrown: string | null = null;
    try {
      const read = pythonStreamItems(body.text);
      for (let next = read.next(); !next.done; next = read.next()) items.push(next.value);
    } catch (error) {
      if (!(error instanceof ClientThrow)) throw error;
      thrown = error.thrown;
    }
    return JSON.stringify(items) !== JSON.stringify(real[at]!.items) || classOf(thrown) !== classOf(real[at]!.thrown);
  });
  console.log(`${bodies.length - differing.length} of ${bodies.length} bodies agree`);
  for (const body of differing.slice(0, 5)) console.log(JSON.stringify(body.text));
  process.exitCode = differing.length === 0 ? 0 : 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}

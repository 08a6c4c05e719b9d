// Tables and target checks for the bench: what ran, how fast, how much memory, and PASS/MISS per target.
import { readerLabel } from './contestants.mjs';

/**
 * The issues' targets (#2 decode, #3 and #4 reconstruct): ours over theirs, on the same bytes and input. Issue #2
 * states its decode target for 64 KiB chunks; the one-string figures are printed for information.
 */
export const TARGETS = [
  // Issue #2 names its decode target for the Chat Completions and Anthropic streams; elsewhere it is information.
  { id: 'decode-stream', what: '#2 decode: createFrameReader() / eventsource-parser + JSON.parse (both stream, both read JSON)', ours: 'ours-reader', theirs: 'es-json', min: 1.0, inputs: ['chunks'], streams: ['chat-text', 'chat-tools', 'anthropic-text', 'anthropic-tools'] },
  // Two lines of our own, for information (no issue sets them): the decoder without JSON, and decode() keeping every frame.
  { id: 'decoder', what: 'info: createDecoder() / eventsource-parser (both without JSON)', ours: 'ours-decoder', theirs: 'es', min: 1.0, info: true },
  { id: 'decode-json', what: 'info: decode() (frames kept) / eventsource-parser + JSON.parse (none kept)', ours: 'ours-decode', theirs: 'es-json', min: 1.0, info: true },
  { id: 'reconstruct', what: '#3 #4 reconstruct() / eventsource-parser + JSON.parse', ours: 'ours-reconstruct', theirs: 'es-json', min: 1.3 },
  { id: 'reconstruct-lean', what: '#3 #4 reconstruct({ frames: false }) / eventsource-parser + JSON.parse', ours: 'ours-reconstruct-lean', theirs: 'es-json', min: 1.3 },
  { id: 'sdk', what: '#3 #4 reconstruct() / SDK accumulator', ours: 'ours-reconstruct', theirs: 'sdk', min: 3.0, when: (spec) => !spec.peer },
  // Issue 24: each new format read live from 64 KiB chunks, at least 1.3× the best existing reader of it (the
  // stream's `sdk` contestant), with the frames table and without it.
  { id: 'peer', what: '#24 reconstruct() / the best existing reader', ours: 'ours-reconstruct', theirs: 'sdk', min: 1.3, inputs: ['chunks'], when: (spec) => spec.peer === true },
  { id: 'peer-lean', what: '#24 reconstruct({ frames: false }) / the best existing reader', ours: 'ours-reconstruct-lean', theirs: 'sdk', min: 1.3, inputs: ['chunks'], when: (spec) => spec.peer === true },
];

/** Fields where a contestant's findings differ from the stream's; null when it read the whole stream right. */
export function mismatchOf(contestant, found, expected) {
  if (found.stopped) return 'stopped at the 1,048,576-character bound (a frame holds the whole answer): not comparable';
  const wrong = [];
  for (const field of contestant.checks) {
    if (found[field] !== expected[field]) wrong.push(`${field} ${found[field]} (expected ${expected[field]})`);
  }
  if (found.verdict !== undefined && found.verdict !== 'complete') wrong.push(`verdict "${found.verdict}"`);
  return wrong.length === 0 ? null : wrong.join(', ');
}

/** One target on one stream: the ratio per input both sides ran on; n/c where a side is missing or read wrong. */
export function checkOf(target, results, spec) {
  if (target.when && !target.when(spec)) return null;
  const parts = [];
  for (const input of ['chunks', 'string']) {
    const ours = results.get(`${target.ours}:${input}`);
    const theirs = results.get(`${target.theirs}:${input}`);
    // A paired figure (a median beside its rival's) and a lone child's best run do not divide into a ratio.
    if (!ours || !theirs || Boolean(ours.paired) !== Boolean(theirs.paired)) continue;
    // Paired timing's ratio when both ran in the same children (with its spread); else the ratio of the two figures.
    const paired = results.pairs?.get(`${target.ours}/${target.theirs}:${input}`) ?? null;
    const ratio = paired ? paired.ratio : ours.mbps / theirs.mbps;
    const spread = paired ? { min: paired.min, max: paired.max, other: paired.other } : null;
    if (ours.wrong || theirs.wrong || (paired === null && ours.paired && theirs.paired)) parts.push({ input, ratio: null, pass: null });
    else if (target.info || (target.inputs && !target.inputs.includes(input)) || (target.streams && !target.streams.includes(spec.name))) {
      parts.push({ input, ratio, spread, pass: true, info: true });
    }
    else parts.push({ input, ratio, spread, pass: ratio >= target.min });
  }
  if (parts.length === 0) return null;
  return { target, spec, parts };
}

const pad = (text, width) => String(text).padEnd(width);
const lpad = (text, width) => String(text).padStart(width);
const mbps = (value) => (value === undefined ? '' : value.toFixed(1));
const verdictOf = (check) => {
  if (check.parts.some((part) => part.pass === null)) return 'n/c ';
  if (check.parts.every((part) => part.info)) return 'info';
  return check.parts.every((part) => part.pass) ? 'PASS' : 'MISS';
};
const otherText = (other) => (other?.ratio === undefined ? '' : `; ${other.clock} ${other.ratio.toFixed(2)}×`);
const spreadText = (part) => (part.spread ? ` (${part.spread.min.toFixed(2)}–${part.spread.max.toFixed(2)}${otherText(part.spread.other)})` : '');
const ratioText = (part) => `${part.input} ${part.ratio === null ? 'n/c' : `${part.ratio.toFixed(2)}×${spreadText(part)}`}${part.info ? ' (info)' : ''}`;

export function printStream(stream, results, checks) {
  const { spec, megabytes, expected } = stream;
  const bound = spec.readerOptions === undefined ? '' : ` · our readers with maxHeldChars: ${spec.readerOptions.maxHeldChars}`;
  console.log(`\n── ${spec.title} · ${(stream.bytes.length / 1e6).toFixed(1)} MB · ${expected.frames.toLocaleString('en-US')} frames · ${expected.textLength.toLocaleString('en-US')} chars of text · ${expected.toolCalls} tool calls${bound}`);
  console.log(`  ${pad('MB/s (best run; * median of paired runs)', 48)}${lpad('chunks', 9)}${lpad('string', 9)}`);
  const seen = new Set();
  for (const { contestant } of results.values()) {
    if (seen.has(contestant.id)) continue;
    seen.add(contestant.id);
    const chunks = results.get(`${contestant.id}:chunks`) ?? results.get(`${contestant.id}:payloads`);
    const string = results.get(`${contestant.id}:string`);
    const wrong = chunks?.wrong ?? string?.wrong;
    const failed = chunks?.error ?? string?.error; // its speed child crashed: run.mjs puts why in `wrong`
    const figure = (entry) => `${mbps(entry?.mbps)}${entry?.paired ? '*' : entry ? ' ' : ''}`;
    console.log(`  ${pad(contestant.label, 48)}${lpad(figure(chunks), 9)}${lpad(figure(string), 9)}${wrong ? `  ${failed ? 'FAILED' : 'NOT READ WHOLE'}: ${wrong}` : ''}`);
  }
  const ours = results.get('ours-reconstruct:chunks')?.found;
  if (ours?.findingCounts && Object.keys(ours.findingCounts).length > 0) console.log(`  reconstruct() findings: ${JSON.stringify(ours.findingCounts)}`);
  for (const check of checks) console.log(`  ${verdictOf(check)} ${pad(check.target.what, 66)} ${check.parts.map(ratioText).join('  ')}  (${check.target.floor ? 'floor' : 'target'} ≥ ${check.target.min}×)`);
  void megabytes;
}

/** Memory table per stream, and the memory target (see memoryCheck). */
export function printMemory(results, streams, measured) {
  for (const spec of streams) {
    const rows = results.filter((row) => row.stream === spec.name);
    if (rows.length === 0) continue;
    console.log(`\n  ${spec.title}`);
    console.log(`  ${pad('', 42)}${lpad('peak RSS', 10)}${lpad('baseline', 10)}${lpad('growth', 9)}${lpad('peak heap', 11)}  MB (2^20 bytes)`);
    for (const row of rows) {
      if (row.error) {
        console.log(`  ${pad(row.contestant, 42)} failed: ${row.error}`);
        continue;
      }
      const cells = [row.peakRssMB, row.baselineRssMB, row.peakRssMB - row.baselineRssMB, row.peakHeapMB].map((value) => value.toFixed(0));
      console.log(`  ${pad(labelOf(spec, row.contestant), 42)}${lpad(cells[0], 10)}${lpad(cells[1], 10)}${lpad(cells[2], 9)}${lpad(cells[3], 11)}`);
    }
    const entry = measured.filter((item) => item.spec === spec).at(-1);
    // Issue 24's formats are weighed against their best existing reader; the others against eventsource-parser.
    const rivalId = spec.peer ? 'sdk' : 'es-json';
    const rival = rows.find((row) => row.contestant === rivalId && !row.error);
    for (const ours of ['ours-reconstruct', 'ours-reconstruct-lean']) {
      const row = rows.find((item) => item.contestant === ours && !item.error);
      if (!row || !rival || !entry) continue;
      entry.checks.push(memoryCheck(spec, ours, row, rival, labelOf(spec, rivalId)));
    }
  }
}

/**
 * Issue #16's memory target: peak RSS no more than eventsource-parser + JSON.parse's plus what the result holds
 * (weighed by memory.mjs: the answer, tool inputs and frames log a reader that returns them must keep; it reads
 * nothing of that back from its input, so holding more than the result shows would fail). Issue 24's formats: no
 * more than their best existing reader's plus what the result holds (`rival`, named `rivalLabel`).
 */
function memoryCheck(spec, ours, row, rival, rivalLabel) {
  const allowed = rival.peakRssMB + (row.held?.totalMB ?? 0);
  const ratio = row.peakRssMB / allowed;
  const issue = spec.peer ? '#24' : '#16';
  const check = { target: { id: `memory-${ours}`, what: `${issue} peak RSS: ${labelOf(spec, ours)} / (${rivalLabel} + result held)`, min: null }, spec, parts: [{ input: 'chunks', ratio, pass: ratio <= 1 }] };
  const held = row.held ? `${row.held.totalMB.toFixed(1)} MiB held (answer ${row.held.answerMB.toFixed(1)}, tool inputs ${row.held.toolInputsMB.toFixed(1)}, the rest frames log and state)` : 'result not weighed';
  console.log(`  ${verdictOf(check)} ${pad(check.target.what, 66)} ${ratio.toFixed(2)}×  (target ≤ 1×: ${row.peakRssMB.toFixed(0)} MiB ≤ ${rival.peakRssMB.toFixed(0)} MiB ${rivalLabel} + ${held}; peak heap ${row.peakHeapMB.toFixed(0)} MiB, theirs ${rival.peakHeapMB.toFixed(0)} MiB)`);
  return check;
}

const LABELS = {
  'ours-decode': 'ours decode() (frames kept)',
  'ours-decoder': 'ours createDecoder() (no JSON)',
  'ours-reader': 'ours createFrameReader() (+ JSON)',
  es: 'eventsource-parser',
  'es-json': 'eventsource-parser + JSON.parse',
  'ours-reconstruct': 'ours reconstruct()',
  'ours-reconstruct-rows': 'ours reconstruct(), frame rows read',
  'ours-reconstruct-lean': 'ours reconstruct({ frames: false })',
};
function labelOf(spec, id) {
  if (id === 'sdk') return readerLabel(spec);
  return LABELS[id] ?? id;
}

/** Every target on every stream, one line each, and the count of PASS and MISS. */
export function printSummary(measured) {
  console.log('\n── Targets');
  const tally = { PASS: 0, MISS: 0, 'n/c ': 0, info: 0 };
  const floors = { met: 0, all: 0, under: [] };
  for (const { spec, megabytes, checks } of measured) {
    for (const check of checks) {
      const verdict = verdictOf(check);
      if (check.target.floor) {
        floors.all += 1;
        if (verdict === 'PASS') floors.met += 1;
        else floors.under.push(`${spec.name} ${megabytes} MB ${check.target.ours}`);
      } else tally[verdict] += 1;
      const shown = check.parts.map((part) => (part.ratio === null ? `${part.input} n/c` : `${part.input} ${part.ratio.toFixed(2)}×${spreadText(part)}`)).join('  ');
      console.log(`  ${verdict} ${pad(`${spec.name} ${megabytes} MB`, 22)} ${pad(check.target.what, 66)} ${shown}`);
    }
  }
  console.log(`  ${tally.PASS} PASS, ${tally.MISS} MISS, ${tally['n/c ']} not comparable (a contestant did not read the whole stream, or its process failed), ${tally.info} for information only`);
  if (floors.all > 0) console.log(`  after ÷ before (floor ≥ 0.9×, issue #16): ${floors.met} of ${floors.all} met${floors.under.length ? `; MISS ${floors.under.join(', ')}` : ''}`);
}

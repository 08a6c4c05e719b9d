// Would a fast path for the hot delta frames pay? A prototype, measured before anything is built in src/:
//   node bench/fast-path.mjs [--quick] [--only=chat-text,...]
// A "template" is learned from a frame that JSON.parse read: the text before the delta's string literal (prefix)
// and after it (suffix, where fields that change every frame — sequence_number, token counts, obfuscation — are
// holes). A later frame that starts with the prefix, holds a plain JSON string, and ends with the suffix is the
// same chunk with other text: its delta is cut out without JSON.parse. Anything else falls back to JSON.parse,
// which also re-learns the template. Correctness is checked: the fast path must give the same text.
import { createParser } from 'eventsource-parser';
import v8 from 'node:v8';
import vm from 'node:vm';
import { ours, payloadsOf } from './contestants.mjs';
import { buildStream, STREAMS } from './streams.mjs';

/** Where each format's hot delta string sits, and which fields change from frame to frame. */
const DELTA_KEYS = {
  'chat-completions': { keys: ['content', 'arguments'], holes: [] },
  anthropic: { keys: ['text', 'partial_json'], holes: [] },
  responses: { keys: ['delta'], holes: ['obfuscation', 'sequence_number'] },
  gemini: { keys: ['text'], holes: ['totalTokenCount', 'candidatesTokenCount'] },
};

/** The delta string a slow-path reader takes out of a parsed payload (what the assembler appends). */
function deltaOf(format, value) {
  if (typeof value !== 'object' || value === null) return null;
  switch (format) {
    case 'chat-completions': {
      const delta = value.choices?.[0]?.delta;
      if (typeof delta?.content === 'string') return delta.content;
      const call = delta?.tool_calls?.[0];
      return typeof call?.function?.arguments === 'string' ? call.function.arguments : null;
    }
    case 'anthropic':
      return value.type === 'content_block_delta' ? (value.delta?.text ?? value.delta?.partial_json ?? null) : null;
    case 'responses':
      return value.type === 'response.output_text.delta' ? value.delta : null;
    case 'gemini':
      return value.candidates?.[0]?.content?.parts?.[0]?.text ?? null;
    default:
      return null;
  }
}

const CONTROL = /[\u0000-\u001f]/;
const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Learns a template from a frame JSON.parse read; null when its delta key is not found exactly once. */
function learn(format, data) {
  const { keys, holes } = DELTA_KEYS[format];
  for (const key of keys) {
    for (const spacing of ['":"', '": "']) {
      const marker = `"${key}${spacing}`;
      const at = data.indexOf(marker);
      if (at === -1 || data.indexOf(marker, at + 1) !== -1) continue;
      const start = at + marker.length;
      const end = stringEnd(data, start);
      if (end === -1) return null;
      const suffix = data.slice(end + 1);
      const pattern = holes.some((hole) => suffix.includes(`"${hole}"`)) ? holedPattern(suffix, holes) : null;
      return { prefix: data.slice(0, start), suffix, pattern };
    }
  }
  return null;
}

/** A regular expression for the suffix where the values of the `holes` fields may be any number or plain string. */
function holedPattern(suffix, holes) {
  let source = '';
  let at = 0;
  for (;;) {
    let next = -1;
    let name = '';
    for (const hole of holes) {
      const found = suffix.indexOf(`"${hole}":`, at);
      if (found !== -1 && (next === -1 || found < next)) [next, name] = [found, hole];
    }
    if (next === -1) break;
    let valueStart = next + name.length + 3;
    if (suffix[valueStart] === ' ') valueStart += 1;
    const valueEnd = suffix[valueStart] === '"' ? stringEnd(suffix, valueStart + 1) + 1 : valueStart + /^-?\d*/.exec(suffix.slice(valueStart))[0].length;
    source += `${escapeRegExp(suffix.slice(at, valueStart))}(?:"[^"\\\\]*"|-?\\d+)`;
    at = valueEnd;
  }
  return new RegExp(`^${source}${escapeRegExp(suffix.slice(at))}$`);
}

/** Index of the quote that closes the JSON string starting at `start`; -1 when there is none. */
function stringEnd(data, start) {
  let at = start;
  for (;;) {
    const quote = data.indexOf('"', at);
    if (quote === -1) return -1;
    let slashes = 0;
    while (data.charCodeAt(quote - 1 - slashes) === 92) slashes += 1;
    if (slashes % 2 === 0) return quote;
    at = quote + 1;
  }
}

/** The delta of a frame that fits the template, or undefined when it does not (then JSON.parse reads it). */
function fastDelta(template, data) {
  if (!data.startsWith(template.prefix)) return undefined;
  const start = template.prefix.length;
  const end = stringEnd(data, start);
  if (end === -1) return undefined;
  if (template.pattern === null) {
    if (data.length - end - 1 !== template.suffix.length || !data.endsWith(template.suffix)) return undefined;
  } else if (!template.pattern.test(data.slice(end + 1))) return undefined;
  const body = data.slice(start, end);
  if (CONTROL.test(body)) return undefined; // JSON.parse would reject it: let it.
  return body.includes('\\') ? JSON.parse(`"${body}"`) : body;
}

/** A reader over our decoder: keeps what reconstruct keeps per frame (a record with type, carried, progress). */
function readWith(format, stream, fast, keep = true) {
  const records = [];
  const blocks = [];
  const pieces = [];
  let template = null;
  let fastFrames = 0;
  let frameCount = 0;
  const decoder = ours.createDecoder({
    onFrame(frame) {
      const record = frame;
      if (keep) records.push(record);
      else frameCount += 1;
      const data = frame.data;
      if (data === '[DONE]') return void (record.type = '[DONE]');
      let delta = template === null || !fast ? undefined : fastDelta(template, data);
      if (delta !== undefined) fastFrames += 1;
      else {
        const value = JSON.parse(data);
        delta = deltaOf(format, value);
        if (fast && typeof delta === 'string') template = learn(format, data);
      }
      if (typeof delta === 'string') {
        // Join every 512 pieces: a fast-path piece is a slice of the chunk's text and would keep all of it alive.
        if (pieces.length === 512) blocks.push(pieces.splice(0).join(''));
        pieces.push(delta);
        record.carried = `+${delta.length} chars`;
        record.progress = true;
      }
    },
  });
  for (const chunk of stream.chunks) decoder.push(chunk);
  decoder.end();
  return { text: blocks.join('') + pieces.join(''), frames: records.length + frameCount, fastFrames };
}

function esJson(stream) {
  let frames = 0;
  const parser = createParser({
    onEvent(event) {
      frames += 1;
      if (event.data !== '[DONE]') JSON.parse(event.data);
    },
  });
  const utf8 = new TextDecoder();
  for (const chunk of stream.chunks) parser.feed(utf8.decode(chunk, { stream: true }));
  return { frames };
}

/** The same per-payload work without any decoder: JSON.parse alone vs the template match alone. */
function payloadsOnly(format, stream, fast) {
  let template = null;
  let length = 0;
  for (const data of stream.payloads) {
    let delta = template === null || !fast ? undefined : fastDelta(template, data);
    if (delta === undefined) {
      delta = deltaOf(format, JSON.parse(data));
      if (fast && typeof delta === 'string') template = learn(format, data);
    }
    if (typeof delta === 'string') length += delta.length;
  }
  return { length };
}

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc');

function best(label, stream, run, reps) {
  let fastest = Infinity;
  let result;
  for (let rep = 0; rep < reps; rep += 1) {
    gc();
    const start = performance.now();
    result = run();
    fastest = Math.min(fastest, performance.now() - start);
  }
  return { label, mbps: stream.bytes.length / 1e6 / (fastest / 1000), result };
}

const args = process.argv.slice(2);
const only = args.find((arg) => arg.startsWith('--only='))?.slice(7).split(',');
const megabytes = args.includes('--quick') ? 10 : Number(args.find((arg) => arg.startsWith('--mb='))?.slice(5) ?? 10);
console.log(`fast path prototype · ${megabytes} MB streams · 64 KiB chunks · best of 5`);
for (const spec of STREAMS.filter((entry) => !only || only.includes(entry.name))) {
  const stream = buildStream(spec.name, megabytes);
  Object.assign(stream, payloadsOf(new TextDecoder().decode(stream.bytes)));
  const slow = readWith(spec.format, stream, false);
  const fast = readWith(spec.format, stream, true);
  const same = slow.text === fast.text ? 'same text' : 'TEXT DIFFERS';
  const rows = [];
  for (let round = 0; round < 5; round += 1) {
    for (const [label, run] of [
      ['eventsource-parser + JSON.parse', () => esJson(stream)],
      ['our decoder + JSON.parse + append', () => readWith(spec.format, stream, false)],
      ['our decoder + fast path + append', () => readWith(spec.format, stream, true)],
      ['same, no frames kept: JSON.parse', () => readWith(spec.format, stream, false, false)],
      ['same, no frames kept: fast path', () => readWith(spec.format, stream, true, false)],
      ['payloads: JSON.parse alone', () => payloadsOnly(spec.format, stream, false)],
      ['payloads: fast path alone', () => payloadsOnly(spec.format, stream, true)],
    ]) {
      const measured = best(label, stream, run, 1);
      const row = rows.find((entry) => entry.label === label);
      if (!row) rows.push(measured);
      else if (measured.mbps > row.mbps) row.mbps = measured.mbps;
    }
  }
  const byLabel = Object.fromEntries(rows.map((row) => [row.label, row.mbps]));
  console.log(`\n${spec.title}: ${fast.fastFrames} of ${fast.frames} frames took the fast path (${((100 * fast.fastFrames) / fast.frames).toFixed(0)}%), ${same}`);
  for (const row of rows) console.log(`  ${row.label.padEnd(38)} ${row.mbps.toFixed(1).padStart(7)} MB/s`);
  const gain = byLabel['our decoder + fast path + append'] / byLabel['our decoder + JSON.parse + append'];
  const versus = byLabel['our decoder + fast path + append'] / byLabel['eventsource-parser + JSON.parse'];
  const floor = byLabel['payloads: fast path alone'] / byLabel['payloads: JSON.parse alone'];
  const lean = byLabel['same, no frames kept: fast path'] / byLabel['same, no frames kept: JSON.parse'];
  const leanVersus = byLabel['same, no frames kept: fast path'] / byLabel['eventsource-parser + JSON.parse'];
  console.log(`  frames kept: fast path ${gain.toFixed(2)}× JSON.parse, ${versus.toFixed(2)}× eventsource-parser + JSON.parse`);
  console.log(`  no frames kept: fast path ${lean.toFixed(2)}× JSON.parse, ${leanVersus.toFixed(2)}× eventsource-parser + JSON.parse; per payload alone ${floor.toFixed(2)}×`);
}

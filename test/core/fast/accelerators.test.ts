// Every format's result is the same with its accelerator on and off, byte for byte. The formats come from the
// registry, so a new format and a new accelerator are tested here without being listed.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { acceleratorOf } from '../../../src/core/fast/accelerators.js';
import { FORMAT_MODULES } from '../../../src/core/formats/registry.js';
import { ciRuns, runsPerFormat } from '../../setup/runs.js';
import { reconstruct } from '../../../src/core/reconstruct.js';
import { fastSettings, reconstructWith } from './fast-session.js';
import type { FormatModule, ReconstructOptions } from '../../../src/index.js';
import { fixture, fixtures } from '../../../src/fixtures/index.js';
import { decode } from '../../../src/core/pipeline/decode.js';
import { RESPONSE_ARBITRARIES } from '../../../src/arbitraries/responses.js';
import { encodeEventStreamMessage } from '../../../src/core/decode/aws-event-stream/index.js';

function readWith(enabled: boolean, input: string | Uint8Array | Uint8Array[], options: ReconstructOptions = {}): string {
  return JSON.stringify(reconstructWith(fastSettings(enabled), input, options));
}

function inChunks(text: string | Uint8Array, size: number): Uint8Array[] {
  const bytes = typeof text === 'string' ? new TextEncoder().encode(text) : text;
  const chunks: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
  return chunks;
}

/** Text or bytes (a binary body), whole, in 64 KiB reads and in 61-byte reads: the same result on and off. */
function expectSame(text: string | Uint8Array, module: FormatModule): void {
  for (const options of [{}, { frames: false }, { format: module.name }] satisfies ReconstructOptions[]) {
    expect(readWith(true, text, options)).toBe(readWith(false, text, options));
    expect(readWith(true, inChunks(text, 65_536), options)).toBe(readWith(false, inChunks(text, 65_536), options));
    expect(readWith(true, inChunks(text, 61), options)).toBe(readWith(false, inChunks(text, 61), options));
  }
}

/** Whether the format's frames also come as AWS event-stream messages (Bedrock's real bodies are binary). */
const carriedInBinary = (module: FormatModule): boolean => module.framing === 'aws-event-stream' || (module.alsoFramings ?? []).includes('aws-event-stream');

/** A text stream's frames as AWS event-stream messages: each frame's event as `:event-type`, its data the payload. */
function binaryOf(text: string): Uint8Array {
  const messages = decode(text).frames.map((frame) =>
    encodeEventStreamMessage(
      [
        { name: ':event-type', value: frame.event },
        { name: ':content-type', value: 'application/json' },
        { name: ':message-type', value: 'event' },
      ],
      frame.data,
    ),
  );
  const body = new Uint8Array(messages.reduce((sum, message) => sum + message.length, 0));
  messages.reduce((at, message) => (body.set(message, at), at + message.length), 0);
  return body;
}

/** The stream as its format carries it: text, and for a format with a binary framing its messages too. */
function expectSameCarried(text: string, module: FormatModule): void {
  expectSame(text, module);
  if (carriedInBinary(module)) expectSame(binaryOf(text), module);
}

const recorded = join(import.meta.dirname, '../../../fixtures/recorded');

/**
 * Real captures of the format: fixtures/recorded/<name>, and test/vectors/<name> where the newer formats keep theirs
 * (text as `.sse` or `.ndjson`; a binary body as `.json` holding its reads in base64, `chunks`).
 */
function recordedStreams(module: FormatModule): string[] {
  return [join(recorded, module.name), join(import.meta.dirname, '../../vectors', module.name)].flatMap((dir) => {
    let names: string[] = [];
    try {
      names = readdirSync(dir).filter((name) => name.endsWith('.sse') || name.endsWith('.ndjson') || (carriedInBinary(module) && isRecordedBody(join(dir, name))));
    } catch {
      names = [];
    }
    return names.map((name) => join(dir, name));
  });
}

/** A `.json` file that holds a recorded binary body's reads (`chunks`), not an expected result. */
function isRecordedBody(file: string): boolean {
  if (!file.endsWith('.json')) return false;
  const held = JSON.parse(readFileSync(file, 'utf8')) as { chunks?: unknown };
  return Array.isArray(held.chunks);
}

/** A capture's stream: its text, or the bytes its recorded reads hold, joined. */
function captureOf(file: string): string | Uint8Array {
  if (!file.endsWith('.json')) return readFileSync(file, 'utf8');
  const { chunks } = JSON.parse(readFileSync(file, 'utf8')) as { chunks: string[] };
  return new Uint8Array(chunks.flatMap((chunk) => [...Buffer.from(chunk, 'base64')]));
}

/** The format's text fixture with a long answer, cut into small pieces: most of its frames are hot deltas. */
function longTextStream(module: FormatModule): string {
  const long = 'word, "quoted" \\ '.repeat(120);
  const response = JSON.parse(JSON.stringify(fixture(module.name, 'text').response).replaceAll(/"(text|content)":"[^"]*"/g, `"$1":${JSON.stringify(long)}`)) as unknown;
  return module.synthesize(response, { pieceSize: 4 });
}

describe.each(FORMAT_MODULES.map((module) => [module.name, module] as const))('%s: accelerator on and off', (_name, module) => {
  const files = recordedStreams(module);

  // Without an accelerator, on and off are the same reading: only a format that has one needs recorded streams here.
  it('has recorded streams to compare, when it has an accelerator', () => expect(module.accelerator === undefined || files.length > 0).toBe(true));

  it.each(files.map((file) => [file.slice(recorded.length + 1), file]))('%s reads the same', (_label, file) => {
    expectSame(captureOf(file), module);
  });

  it('reads every fixture of the format the same', () => {
    for (const { stream } of fixtures(module.name)) expectSameCarried(stream, module);
  });

  it('reads its own documented streams the same, however they are cut into pieces', () => {
    const responses = fixtures(module.name).map(({ response }) => response);
    fc.assert(
      fc.property(fc.constantFrom(...responses), fc.integer({ min: 1, max: 12 }), fc.integer(), (response, pieceSize, seed) => {
        let state = seed >>> 0;
        const random = (max: number) => {
          state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
          return 1 + (state % max);
        };
        expectSame(module.synthesize(response, { pieceSize, random }), module);
      }),
      { numRuns: ciRuns(runsPerFormat(40)) },
    );
  });

  // As its clients get them: text, and a binary framing's messages too.
  it.runIf(module.accelerator !== undefined)("reads the streams of its arbitrary's responses the same, as text and as binary messages", () => {
    fc.assert(
      fc.property(RESPONSE_ARBITRARIES[module.name], fc.integer({ min: 1, max: 12 }), (response, pieceSize) => {
        const text = module.synthesize(response, { pieceSize });
        for (const input of carriedInBinary(module) ? [text, binaryOf(text)] : [text]) {
          expect(readWith(true, input)).toBe(readWith(false, input));
          expect(readWith(true, inChunks(input, 61))).toBe(readWith(false, inChunks(input, 61)));
        }
      }),
      { numRuns: ciRuns(15) },
    );
  });

  const accelerator = acceleratorOf(module.name);
  it.runIf(accelerator !== null)('applies most frames of a long answer through its accelerator', () => {
    if (accelerator === null) return;
    const text = longTextStream(module);
    const apply = vi.spyOn(accelerator, 'apply');
    try {
      const result = reconstruct(text);
      const applied = apply.mock.results.filter((call) => call.value === true).length;
      expect(result.verdict).toBe('complete');
      expect(applied).toBeGreaterThan(result.frameCount * 0.5);
    } finally {
      apply.mockRestore();
    }
    expect(readWith(true, text)).toBe(readWith(false, text));
    if (carriedInBinary(module)) expect(readWith(true, binaryOf(text))).toBe(readWith(false, binaryOf(text)));
  });
});

// Properties of the live path: however a stream is chunked and paced, it reads as reconstruct() reads its text; a
// long body costs no memory of its own while it is read.
import v8 from 'node:v8';
import vm from 'node:vm';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { createReconstruction, reconstruct, reconstructStream, synthesize } from '../../../src/index.js';
import { anthropicAnswer, chat, chatAnswer, scripted, type Step } from './helpers.js';

const bodies = [
  anthropicAnswer(['Hello', ', ', 'world', '. ', 'Ünïcödé 東京 🙂']),
  chatAnswer(['One', ' two', ' three']),
  synthesize('gemini', { candidates: [{ content: { role: 'model', parts: [{ text: 'A Gemini answer in pieces.' }] }, finishReason: 'STOP', index: 0 }] }, { pieceSize: 4 }),
];

/** Cuts bytes at the given fractions (UTF-8 sequences split too). */
function cutAt(bytes: Uint8Array, cuts: readonly number[]): Uint8Array[] {
  const points = [...new Set(cuts.map((cut) => Math.floor(cut * bytes.length)))].filter((at) => at > 0 && at < bytes.length).sort((a, b) => a - b);
  const pieces: Uint8Array[] = [];
  let from = 0;
  for (const at of [...points, bytes.length]) {
    pieces.push(bytes.slice(from, at));
    from = at;
  }
  return pieces;
}

describe('chunking and pacing never change the answer', () => {
  test('any cut of any body, some chunks late: the frames, answer and findings reconstruct() gives', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...bodies),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 12 }),
        fc.array(fc.boolean(), { maxLength: 12 }),
        async (body, cuts, late) => {
          const pieces = cutAt(new TextEncoder().encode(body), cuts);
          const steps: Step[] = pieces.flatMap((piece, i) => (late[i] ? [{ waitMs: 2 }, piece] : [piece]));
          const live = await reconstructStream(scripted(steps).stream);
          const whole = reconstruct(body);
          expect(live.response).toEqual(whole.response);
          expect(live.findings).toEqual(whole.findings);
          expect(live.frames.map(({ elapsedMs: _elapsed, ...frame }) => frame)).toEqual(whole.frames);
          expect(live.source?.text()).toBe(body);
          expect(live.trace?.bytes).toBe(new TextEncoder().encode(body).length);
          const times = live.frames.map((frame) => frame.elapsedMs ?? -1);
          expect(times.every((time, i) => time >= 0 && time >= (times[i - 1] ?? 0))).toBe(true);
        },
      ),
      { numRuns: 40 },
    );
  });

  test('createReconstruction() with arrival times: counted from the first chunk, deadlines checked as chunks come', () => {
    const session = createReconstruction({ deadlines: { idleMs: 1000 } });
    session.push(chat.role, 5000);
    session.push(chat.delta('a'), 5100);
    session.push(chat.delta('b'), 7500);
    session.push(chat.finish + chat.done, 7600);
    const result = session.end();
    expect(result.timing).toEqual({ firstContentMs: 100, maxIdleMs: 2400, totalMs: 2600 });
    expect(result.outcome).toBe('stalled');
    expect(result.findings.find((finding) => finding.code === 'stalled')?.message).toMatch(/^No content came for 1 s after frame 1 \(chat\.completion\.chunk, line 3, 100 ms in\), past the idleMs deadline/);
  });
});

describe('a long body is not held', () => {
  test('30 MB of heartbeat comments, then an answer: the heap does not grow with the body', async () => {
    if (typeof (globalThis as { gc?: unknown }).gc !== 'function') v8.setFlagsFromString('--expose-gc');
    const gc = ((globalThis as { gc?: () => void }).gc ?? vm.runInNewContext('gc')) as () => void;
    const comment = new TextEncoder().encode(': keepalive\n\n'.repeat(5000));
    const chunks = Math.ceil(30e6 / comment.length);
    let sent = 0;
    let before = 0;
    let grown = Infinity;
    const stream = new ReadableStream<Uint8Array | string>({
      pull(controller) {
        if (sent === 10) {
          gc();
          before = process.memoryUsage().heapUsed;
        }
        if (sent === chunks) {
          gc();
          grown = process.memoryUsage().heapUsed - before;
          controller.enqueue(chatAnswer(['done']));
          controller.close();
          return;
        }
        sent += 1;
        controller.enqueue(comment.slice());
      },
    });
    const result = await reconstructStream(stream, { deadlines: { firstContentMs: 60_000 } });
    expect(result.verdict).toBe('complete');
    expect(result.lines.comments).toBeGreaterThan(2_000_000);
    // The kept text stops at 1 MiB; the rest of the 30 MB is read and let go.
    expect(grown).toBeLessThan(5e6);
  }, 60_000);
});

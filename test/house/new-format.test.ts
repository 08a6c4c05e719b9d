// A format the library does not ship, read by the pipeline as a sixth one would be: its module and assembler only,
// no accelerator. The speed layer still takes its frames whole where it can and hands them to its read(), and the
// result is the same with the speed layer on and off.
import { describe, expect, it } from 'vitest';
import { openFrameReader } from '../../src/core/decode/payload.js';
import { acceleratorOf } from '../../src/core/fast/accelerators.js';
import { readerSpeed } from '../../src/core/fast/reader-speed.js';
import { FrameDispatch } from '../../src/core/pipeline/dispatch.js';
import { FrameTable } from '../../src/core/pipeline/frame-table.js';
import type { Assembler, Assembly, FormatModule, FormatName, FrameRecord, Payload } from '../../src/index.js';
import { FindingList } from '../../src/core/findings.js';
import { noExpectations } from '../../src/core/request/index.js';
import { fastSettings } from '../core/fast/fast-session.js';

/** "Echo": `{"type": "echo", "text": …}` frames, then `{"done": true}`. */
class EchoAssembler implements Assembler {
  private text = '';
  private ended = false;
  read(frame: FrameRecord, payload: Payload): void {
    if (payload.kind !== 'json' || typeof payload.value !== 'object' || payload.value === null) return;
    const value = payload.value as { type?: unknown; text?: unknown; done?: unknown };
    if (value.type === 'echo' && typeof value.text === 'string') {
      this.text += value.text;
      frame.type = 'echo';
      frame.carried = `echo +${value.text.length} chars`;
      frame.progress = true;
    } else if (value.done === true) {
      this.ended = true;
      frame.type = 'done';
    }
  }
  finish(): Assembly {
    return {
      choices: [{ index: 0, text: this.text, toolCalls: [], finishReason: this.ended ? 'done' : null }],
      usage: null,
      response: { echo: this.text },
      error: null,
      ended: this.ended,
      missingPiece: false,
    };
  }
}

const echo: FormatModule = {
  name: 'echo' as FormatName,
  title: 'Echo',
  endFrame: '`{"done": true}`',
  recognise: (_frame, payload) => (payload.kind === 'json' && typeof payload.value === 'object' && payload.value !== null && (payload.value as { type?: unknown }).type === 'echo' ? 2 : 0),
  createAssembler: () => new EchoAssembler(),
  synthesize: () => '',
  responseOf: (answer) => ({ echo: answer.choices[0]?.text ?? '' }),
  finishReasons: { source: 'this test', read: '2026-12-01', reasons: { done: { meaning: 'finished', class: 'ok', finish: 'stop' } } },
  answer: {
    read: () => ({ choices: [], usage: null }),
    usage: { rule: 'none', source: 'this test', fields: { input: '—', output: '—', total: '—', cacheRead: '—', cacheWrite: '—', reasoning: '—' } },
  },
  request: { expectations: () => noExpectations(), modelOf: () => null },
  errorStyles: [],
  errorMessage: 'Echo failed.',
  errorFrame: () => '',
  httpErrorBody: () => ({}),
  endRule: { ends: () => false, withoutEnd: () => null },
  errorProviders: [],
  errorTables: [],
  fixtures: { specs: [], findings: [] },
  arbitrary: () => null,
};

function readEcho(stream: string, enabled: boolean): { assembly: Assembly; rows: FrameRecord[]; built: number } {
  const findings = new FindingList();
  const table = new FrameTable(true, 1 << 20);
  const dispatch = new FrameDispatch(echo, table, findings);
  const settings = fastSettings(enabled);
  const reader = openFrameReader((frame, payload) => dispatch.frame(frame, payload), findings, (text, bytes) => table.addText(text, bytes), {}, readerSpeed(dispatch, settings));
  reader.push(stream);
  reader.end();
  return { assembly: dispatch.finish(true).assembly, rows: table.rows(), built: settings.counts.built };
}

describe('a sixth format, with no accelerator', () => {
  const words = Array.from({ length: 400 }, (_, i) => ` word${i % 7}`);
  const stream = `${words.map((word) => `data: ${JSON.stringify({ type: 'echo', text: word })}\n\n`).join('')}data: {"done":true}\n\n`;

  it('has no accelerator', () => expect(acceleratorOf(echo.name)).toBeNull());

  it('is assembled by its read() alone, and the same with the speed layer on and off', () => {
    const on = readEcho(stream, true);
    const off = readEcho(stream, false);
    expect(on.assembly.choices[0]?.text).toBe(words.join(''));
    expect(on.assembly.ended).toBe(true);
    expect(JSON.stringify(on)).toBe(JSON.stringify({ ...off, built: on.built }));
    expect(on.rows).toHaveLength(401);
    expect(on.built).toBeGreaterThan(300);
    expect(off.built).toBe(0);
  });
});

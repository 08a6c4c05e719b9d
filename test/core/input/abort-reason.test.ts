// A signal's reason may be anything a caller passes to abort(): an object with no prototype cannot become a string,
// and the read must still end as a stall with the body cancelled, never a throw from the library's listener.
import { describe, expect, test } from 'vitest';
import { reconstructStream } from '../../../src/index.js';
import { chat, scripted, wait } from './helpers.js';

const reasons: Array<[string, () => unknown]> = [
  ['an object with no prototype', () => Object.create(null)],
  ['an object whose toString throws', () => ({ toString: () => { throw new Error('no'); } })],
  ['a symbol', () => Symbol('why')],
];

describe('an abort reason that is not an Error', () => {
  test.each(reasons)('%s, aborted while reading: stalled, the body cancelled', async (_name, reason) => {
    const source = scripted([chat.role, 'hang']);
    const controller = new AbortController();
    const reading = reconstructStream(source.stream, { signal: controller.signal });
    await wait(20);
    controller.abort(reason());
    const result = await reading;
    expect(result.outcome).toBe('stalled');
    expect(source.cancelled).not.toBeNull();
    expect(result.findings.find((finding) => finding.code === 'stalled')?.message).toMatch(/^The signal ended the read \d+ ms after reading began: /);
  });

  test.each(reasons)('%s, aborted before the read: stalled, the body cancelled', async (_name, reason) => {
    const source = scripted([chat.role, 'hang']);
    const controller = new AbortController();
    controller.abort(reason());
    const result = await reconstructStream(source.stream, { signal: controller.signal });
    expect(result.outcome).toBe('stalled');
    expect(result.source?.readError).toBeNull();
    expect(source.cancelled).not.toBeNull();
  });
});

// Every options object is checked: a wrong value or an unknown name throws a TypeError that names the option and
// says what to pass (issue 13, item 6). Good options, with `undefined` for any of them, are taken as before.
import { describe, expect, it } from 'vitest';
import { createDecoder, createFrameReader, createReconstruction, decode, FORMAT_NAMES, reconstruct } from '../../src/index.js';
import { FindingList } from '../../src/core/findings.js';
import { checkOptions, checkOptionTable, MILLISECONDS, RECONSTRUCT_OPTION_RULES } from '../../src/core/options.js';

const STREAM = 'data: {"id":"c","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"hi"},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n';
const loose = (value: unknown) => value as never;

/** The message `fn` throws, after checking it throws a TypeError. */
function thrown(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(TypeError);
    return (error as Error).message;
  }
  throw new Error('expected a TypeError; nothing was thrown');
}

describe('reconstruct() options', () => {
  it.each([
    ['deadlines is not an object', { deadlines: 'x' }, "reconstruct() options.deadlines must be an object such as { firstContentMs: 20000, idleMs: 30000, totalMs: 300000 }; received \"x\"."],
    ['deadlines is an array', { deadlines: [] }, 'options.deadlines must be an object such as'],
    ['a deadline is a string', { deadlines: { idleMs: 'x' } }, 'options.deadlines.idleMs must be a number of milliseconds, at least 0 (Infinity for no limit); received "x".'],
    ['a deadline is negative', { deadlines: { totalMs: -1 } }, 'options.deadlines.totalMs must be a number of milliseconds, at least 0 (Infinity for no limit); received -1.'],
    ['a deadline is NaN', { deadlines: { firstContentMs: Number.NaN } }, 'received NaN.'],
    ['a deadline is null', { deadlines: { firstByteMs: null } }, 'options.deadlines.firstByteMs must be a number of milliseconds'],
    ['a misspelt deadline', { deadlines: { idle: 5 } }, 'options.deadlines.idle is not a field. Did you mean "idleMs"? options.deadlines has firstByteMs, firstContentMs, idleMs, totalMs.'],
    ['frames is a string', { frames: 'no' }, 'reconstruct() options.frames must be true or false; received "no".'],
    ['frames is 0', { frames: 0 }, 'options.frames must be true or false; received 0.'],
    ['a misspelt option', { frame: false }, 'reconstruct() options.frame is not an option. Did you mean "frames"? The options are format, deadlines, frames, maxHeldChars, request, schemaValidator.'],
    ['an unknown option', { verbose: true }, 'options.verbose is not an option. The options are format, deadlines, frames, maxHeldChars, request, schemaValidator.'],
    ['maxHeldChars is 0', { maxHeldChars: 0 }, 'reconstruct() options.maxHeldChars must be a whole number of characters (at least 1) or Infinity for no bound; received 0.'],
    ['maxHeldChars is a string', { maxHeldChars: '1024' }, 'received "1024".'],
    ['a misspelt format', { format: 'antropic' }, `options.format must be one of ${FORMAT_NAMES.map((name) => `'${name}'`).join(', ')}; received "antropic". Did you mean "anthropic"?`],
    // The example names a format the registry holds: the first.
    ['options is a string', 'anthropic', `reconstruct() options must be an object such as { format: '${FORMAT_NAMES[0]}' }; received "anthropic".`],
    ['options is null', null, 'options must be an object such as'],
    ['options is a Map', new Map([['format', 'anthropic']]), 'received an object (Map).'],
  ])('%s throws a TypeError that says what to pass', (_title, options, message) => {
    expect(thrown(() => reconstruct(STREAM, loose(options)))).toContain(message);
  });

  it('every message starts with the package and the function called', () => {
    expect(thrown(() => reconstruct(STREAM, loose({ frames: 1 })))).toMatch(/^sse-reconstruct: reconstruct\(\) options\.frames/);
    expect(thrown(() => createReconstruction(loose({ frames: 1 })))).toMatch(/^sse-reconstruct: createReconstruction\(\) options\.frames/);
  });

  it('takes every option with a good value, undefined for any, and Infinity for deadlines and the bound', () => {
    const result = reconstruct(STREAM, {
      format: 'chat-completions',
      deadlines: { firstByteMs: 0, firstContentMs: 0, idleMs: Infinity, totalMs: 1.5 },
      frames: false,
      maxHeldChars: Infinity,
    } as never);
    expect(result.verdict).toBe('complete');
    expect(reconstruct(STREAM, { format: undefined, deadlines: undefined, frames: undefined, maxHeldChars: undefined }).verdict).toBe('complete');
    expect(reconstruct(STREAM, Object.create(null) as never).verdict).toBe('complete');
    expect(reconstruct(STREAM, { deadlines: {} }).verdict).toBe('complete');
  });

  it('a key carried by JSON (__proto__) is an unknown option, not a prototype', () => {
    const options = JSON.parse('{"__proto__": {"frames": "no"}}') as never;
    expect(thrown(() => reconstruct(STREAM, options))).toContain('options.__proto__ is not an option.');
  });

  it('the misuse is caught before any input is read', () => {
    expect(thrown(() => reconstruct(loose(42), loose({ frames: 'no' })))).toContain('options.frames');
  });
});

describe('decode() and the decoder', () => {
  it('decode() checks its one option and names an unknown one', () => {
    expect(thrown(() => decode(STREAM, loose({ maxHeldChars: -5 })))).toBe(
      'sse-reconstruct: decode() options.maxHeldChars must be a whole number of characters (at least 1) or Infinity for no bound; received -5.',
    );
    expect(thrown(() => decode(STREAM, loose({ format: 'anthropic' })))).toBe('sse-reconstruct: decode() options.format is not an option. The options are maxHeldChars.');
    expect(decode(STREAM, { maxHeldChars: Infinity }).frames).toHaveLength(2);
  });

  it('createFrameReader() checks its options', () => {
    expect(thrown(() => createFrameReader(() => undefined, new FindingList(), undefined, loose({ maxHeldChar: 9 })))).toContain(
      'createFrameReader() options.maxHeldChar is not an option. Did you mean "maxHeldChars"?',
    );
  });

  it('createDecoder() needs an onFrame function, and names a misspelt callback', () => {
    expect(thrown(() => createDecoder(loose(null)))).toContain('createDecoder() callbacks must be an object such as { onFrame(frame) { … } }; received null.');
    expect(thrown(() => createDecoder(loose({})))).toContain('callbacks.onFrame must be a function, called with each frame; received undefined.');
    expect(thrown(() => createDecoder(loose({ onFrame: 'x' })))).toContain('callbacks.onFrame must be a function; received "x".');
    expect(thrown(() => createDecoder(loose({ onFrame() {}, ontext() {} })))).toContain('callbacks.ontext is not an option. Did you mean "onText"? The options are onFrame, onText, maxHeldChars, timestamps.');
  });

  it('createDecoder() takes an instance of a class that keeps its own state', () => {
    class Collector {
      readonly frames: string[] = [];
      readonly onFrame = (frame: { data: string }): void => {
        this.frames.push(frame.data);
      };
    }
    const collector = new Collector();
    const decoder = createDecoder(collector);
    decoder.push(STREAM);
    decoder.end();
    expect(collector.frames).toHaveLength(2);
  });
});

describe('the checker, for other functions that take these options', () => {
  it('accepts extra keys the caller checks itself, and names the caller', () => {
    const signal = new AbortController().signal;
    expect(() => checkOptions({ signal, startedAt: 12, frames: true }, { where: 'reconstructStream', extraKeys: ['signal', 'startedAt'] })).not.toThrow();
    expect(thrown(() => checkOptions({ signl: signal }, { where: 'reconstructStream', extraKeys: ['signal', 'startedAt'] }))).toBe(
      'sse-reconstruct: reconstructStream() options.signl is not an option. Did you mean "signal"? The options are format, deadlines, frames, maxHeldChars, request, schemaValidator, signal, startedAt.',
    );
  });

  it('checks extra options by their rules', () => {
    const extraRules = { startedAt: MILLISECONDS };
    expect(thrown(() => checkOptions({ startedAt: 'now' }, { where: 'reconstructStream', extraRules }))).toBe(
      'sse-reconstruct: reconstructStream() options.startedAt must be a number of milliseconds, at least 0 (Infinity for no limit); received "now".',
    );
  });

  it('one table: every option of ReconstructOptions has a rule', () => {
    expect(Object.keys(RECONSTRUCT_OPTION_RULES)).toEqual(['format', 'deadlines', 'frames', 'maxHeldChars', 'request', 'schemaValidator']);
    expect(() => checkOptionTable({ a: 1 }, { a: MILLISECONDS }, { lead: '' })).not.toThrow();
    expect(thrown(() => checkOptionTable({ a: -1 }, { a: MILLISECONDS }, { lead: '' }))).toBe('options.a must be a number of milliseconds, at least 0 (Infinity for no limit); received -1.');
  });
});

describe('synthesize() and createSerializer()', () => {
  it('synthesize() checks pieceSize and random, and names an unknown option', async () => {
    const { synthesize } = await import('../../src/index.js');
    const response = reconstruct(STREAM).response;
    expect(thrown(() => synthesize('chat-completions', response, loose({ pieceSize: 0 })))).toBe(
      'sse-reconstruct: synthesize() options.pieceSize must be a whole number of characters, at least 1; received 0.',
    );
    expect(thrown(() => synthesize('chat-completions', response, loose({ piece: 4 })))).toContain('synthesize() options.piece is not an option. The options are pieceSize, random.');
    expect(reconstruct(synthesize('chat-completions', response, { pieceSize: 1 })).response).toEqual(response);
  });

  it('createSerializer() checks frames', async () => {
    const { createSerializer } = await import('../../src/runners/serializer.js');
    expect(thrown(() => createSerializer(loose({ frames: 'yes' })))).toBe('sse-reconstruct: createSerializer() options.frames must be true or false; received "yes".');
    expect(thrown(() => createSerializer(loose({ frame: true })))).toContain('Did you mean "frames"?');
    expect(typeof createSerializer({ frames: true }).test).toBe('function');
  });
});

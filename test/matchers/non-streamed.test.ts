// The non-streamed reply's format, told from its shape: every fixture of every format (the registry's), and replies
// no format reads.
import { describe, expect, test } from 'vitest';
import { FORMAT_MODULES } from '../../src/index.js';
import { reconstructResponse, responseValue } from '../../src/matchers/non-streamed.js';

describe('reconstructResponse', () => {
  // Every reply, the error-mid-stream ones too: a reply that failed mid-stream is written as the stream it was.
  const replies = FORMAT_MODULES.flatMap((module) => module.fixtures.specs.map((spec) => [`${module.name} ${spec.kind}`, module.name, spec.response] as const));

  test.each(replies)('%s is read as its own format, whole', (_title, format, response) => {
    const read = reconstructResponse(response);
    expect(read.format).toBe(format);
    expect(read.response).toEqual(response);
  });

  test('a reply no format reads is a usage error that names responseFormat', () => {
    expect(() => reconstructResponse({ hello: 'world' })).toThrow(/its fields: hello.*responseFormat/);
    expect(() => reconstructResponse({})).toThrow(TypeError);
  });

  test('the format named is the one used', () => {
    const response = FORMAT_MODULES[0]?.fixtures.specs[0]?.response;
    const other = FORMAT_MODULES[2]?.name;
    expect(reconstructResponse(response, other).format).toBe(other);
  });
});

describe('responseValue', () => {
  test('JSON text is parsed; a stream is told apart; a Response body is read once', async () => {
    expect(responseValue('{"a":1}')).toEqual({ a: 1 });
    expect(() => responseValue('data: {}\n\n')).toThrow(/looks like an event stream/);
    expect(() => responseValue(42)).toThrow(/must be the reply's JSON/);
    const response = new Response('{"b":2}');
    expect(await responseValue(response)).toEqual({ b: 2 });
    expect(await responseValue(response)).toEqual({ b: 2 });
    await expect(responseValue(new Response('nope'))).rejects.toThrow(/body is not JSON/);
  });
});

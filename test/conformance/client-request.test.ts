// What each format's clients send (request.ts's clientRequest, which the kit sends a relay): read back by the same
// format's own request reading, it asks for a stream, names the model, and carries the prompt's text.
import { describe, expect, it } from 'vitest';
import { FORMAT_MODULES } from '../../src/core/index.js';

const withClients = FORMAT_MODULES.filter((module) => module.request.clientRequest !== undefined);

describe('clientRequest', () => {
  it('is known for the formats whose clients send a request of their own', () => {
    expect(withClients.length).toBeGreaterThanOrEqual(4);
  });

  it.each(withClients.map((module) => [module.name, module] as const))('%s: a streamed request with the prompt, read back as one', (_name, module) => {
    const { body, headers } = module.request.clientRequest!('Say hi [mark 7]', 'model-x');
    expect(JSON.stringify(body)).toContain('Say hi [mark 7]');
    expect(Object.values(headers).every((value) => typeof value === 'string')).toBe(true);
    const expected = module.request.expectations({ body, url: null });
    // A format that streams by URL (no `stream` field) leaves `streamed` unread without the URL.
    if (expected.streamed !== null) expect(expected.streamed.ok).toBe(true);
    if (expected.model !== null) expect(expected.model).toBe('model-x');
  });
});

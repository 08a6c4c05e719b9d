// A format whose wire is binary (the registry says which: `wire`), served as it is sent: a fixture's `bytes` and a
// faulted script's `scriptBytes` go out with the framing's media type and read back as the fixture's reading.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { framingOf } from '../../src/core/index.js';
import { FORMAT_MODULES, reconstructStream } from '../../src/index.js';
import { applyFaults, cutInside, scriptBytes, scriptText } from '../../src/faults/index.js';
import { fixture } from '../../src/fixtures/index.js';
import { serveStream, type StreamServer } from '../../src/server/index.js';

const WIRED = FORMAT_MODULES.filter((module) => module.wire !== undefined);
const servers: StreamServer[] = [];
const routes: Record<string, unknown> = {};

beforeAll(async () => {
  for (const module of WIRED) {
    const clean = fixture(module.name, 'tool-call');
    routes[`POST /${module.name}/fixture`] = clean;
    routes[`POST /${module.name}/cut`] = scriptBytes(applyFaults(clean, cutInside(4, 20)));
    routes[`POST /${module.name}/text`] = applyFaults(clean);
  }
  servers.push(await serveStream(routes as never));
});
afterAll(() => Promise.all(servers.map((server) => server.close())));

const post = (path: string) => fetch(`${servers[0]?.url}${path}`, { method: 'POST' });

test('some format has a binary wire', () => expect(WIRED.length).toBeGreaterThan(0));

test.each(WIRED.map((module) => [module.name, module] as const))('%s: a fixture is served as its bytes, with its wire’s media type', async (name, module) => {
  const clean = fixture(name, 'tool-call');
  const response = await post(`/${name}/fixture`);
  expect(response.headers.get('content-type')).toBe(framingOf(module.wire!.framing).mediaType);
  expect(new Uint8Array(await response.clone().arrayBuffer())).toEqual(clean.bytes);
  const reading = await reconstructStream(response);
  expect([reading.format, reading.verdict, reading.outcome, reading.response]).toEqual([name, 'complete', 'ok', clean.response]);
  expect(Object.keys(reading.findingCounts)).toEqual([]);
});

test.each(WIRED.map((module) => [module.name, module] as const))('%s: a script cut inside a frame, as scriptBytes, is a body cut inside that message', async (name, module) => {
  const response = await post(`/${name}/cut`);
  expect(response.headers.get('content-type')).toBe(framingOf(module.wire!.framing).mediaType);
  const reading = await reconstructStream(response, { format: name });
  expect(reading.verdict).toBe('did not finish');
  expect(Object.keys(reading.findingCounts)).toContain('frame cut');
});

test.each(WIRED.map((module) => [module.name] as const))('%s: a script is served as its text rendering, as before', async (name) => {
  const response = await post(`/${name}/text`);
  expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  expect(await response.text()).toBe(scriptText(applyFaults(fixture(name, 'tool-call'))));
});

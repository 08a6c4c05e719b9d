// A stand-in for the provider: replays a recorded stream frame by frame, as the provider sent it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Script {
  /** The recorded stream to replay for `stream: true`. */
  stream: string;
  /** The non-streamed response for `stream: false`. */
  json?: unknown;
  /** Drop the connection after this many characters: the provider (or a proxy) cut mid-answer. */
  cutAt?: number;
  /** Pause between frames, in milliseconds. */
  pauseMs?: number;
}

export interface Running {
  url: string;
  close(): Promise<void>;
}

export async function startUpstream(script: Script): Promise<Running> {
  const server = createServer(async (request, response) => {
    const body = JSON.parse(await readBody(request)) as { stream?: boolean };
    if (!body.stream) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(script.json ?? {}));
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    await replay(response, script);
  });
  return listen(server);
}

async function replay(response: import('node:http').ServerResponse, script: Script): Promise<void> {
  const stream = script.cutAt === undefined ? script.stream : script.stream.slice(0, script.cutAt);
  for (const frame of stream.split(/(?<=\n\n)/)) {
    response.write(frame);
    await new Promise((resolve) => setTimeout(resolve, script.pauseMs ?? 2));
  }
  if (script.cutAt === undefined) response.end();
  else response.socket?.destroy();
}

export function readBody(request: import('node:http').IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => resolve(text));
    request.on('error', reject);
  });
}

export function listen(server: Server): Promise<Running> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}

// The code under test: a small gateway that forwards chat completions to an upstream and relays its stream.
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { pipeline } from 'node:stream';
import { listen, readBody, type Running } from './upstream';

export interface RelayOptions {
  /** The bug these tests exist to catch: end the stream with [DONE] even when the upstream was cut. */
  appendDoneOnCut?: boolean;
}

export async function startRelay(upstreamUrl: string, options: RelayOptions = {}): Promise<Running> {
  const server = createServer(async (request, response) => {
    const body = await readBody(request);
    const upstream = httpRequest(`${upstreamUrl}${request.url ?? '/'}`, { method: 'POST', headers: { 'content-type': 'application/json' } }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, { 'content-type': answer.headers['content-type'] ?? 'application/octet-stream' });
      if (options.appendDoneOnCut) forwardThenDone(answer, response);
      // pipeline tears the client connection down when the upstream fails: the client sees a failure, not an end.
      else pipeline(answer, response, () => undefined);
    });
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'application/json' });
      response.end('{"error":{"message":"upstream unreachable"}}');
    });
    upstream.end(body);
  });
  return listen(server);
}

/** The buggy relay: whatever happened upstream, the client gets a tidy `[DONE]`. */
function forwardThenDone(answer: IncomingMessage, response: ServerResponse): void {
  answer.on('data', (chunk: Buffer) => response.write(chunk));
  answer.on('end', () => response.end());
  answer.on('error', () => response.end('\n\ndata: [DONE]\n\n'));
}

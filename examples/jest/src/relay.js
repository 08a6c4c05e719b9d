// The code under test: a small gateway that forwards chat completions to an upstream and relays its stream.
const { createServer, request: httpRequest } = require('node:http');
const { pipeline } = require('node:stream');
const { listen, readBody } = require('./upstream.js');

/** @param {{ appendDoneOnCut?: boolean }} options `appendDoneOnCut`: the bug the tests exist to catch. */
async function startRelay(upstreamUrl, options = {}) {
  const server = createServer(async (request, response) => {
    const body = await readBody(request);
    const upstream = httpRequest(`${upstreamUrl}${request.url}`, { method: 'POST', headers: { 'content-type': 'application/json' } }, (answer) => {
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
function forwardThenDone(answer, response) {
  answer.on('data', (chunk) => response.write(chunk));
  answer.on('end', () => response.end());
  answer.on('error', () => response.end('\n\ndata: [DONE]\n\n'));
}

module.exports = { startRelay };

// A stand-in for the provider: replays a recorded stream frame by frame, as the provider sent it.
const { createServer } = require('node:http');

/**
 * @param {{ stream: string, json?: unknown, cutAt?: number, pauseMs?: number }} script
 *   `cutAt`: drop the connection after this many characters (the provider, or a proxy, cut mid-answer).
 */
async function startUpstream(script) {
  const server = createServer(async (request, response) => {
    const body = JSON.parse(await readBody(request));
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

async function replay(response, script) {
  const stream = script.cutAt === undefined ? script.stream : script.stream.slice(0, script.cutAt);
  for (const frame of stream.split(/(?<=\n\n)/)) {
    response.write(frame);
    await new Promise((resolve) => setTimeout(resolve, script.pauseMs ?? 2));
  }
  if (script.cutAt === undefined) response.end();
  else response.socket.destroy();
}

function readBody(request) {
  return new Promise((resolve, reject) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => resolve(text));
    request.on('error', reject);
  });
}

function listen(server) {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({ url: `http://127.0.0.1:${port}`, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

module.exports = { startUpstream, readBody, listen };

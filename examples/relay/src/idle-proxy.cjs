// What sits between a relay and its users in production: a proxy or load balancer that closes a connection on
// which nothing arrived for `idleMs` (nginx's proxy_read_timeout, a cloud load balancer's idle timeout).
const { createServer, request: httpRequest } = require('node:http');

/**
 * @param {string} targetUrl
 * @param {{ idleMs: number }} options
 * @returns {Promise<{ url: string, close(): Promise<void> }>}
 */
function startIdleProxy(targetUrl, { idleMs }) {
  const server = createServer((request, response) => {
    const outgoing = httpRequest(`${targetUrl}${request.url ?? '/'}`, { method: request.method, headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      response.flushHeaders();
      let timer = setTimeout(cut, idleMs);
      function cut() {
        answer.destroy();
        response.destroy();
      }
      answer.on('data', (chunk) => {
        clearTimeout(timer);
        timer = setTimeout(cut, idleMs);
        response.write(chunk);
      });
      answer.on('end', () => {
        clearTimeout(timer);
        response.end();
      });
      answer.on('error', () => {
        clearTimeout(timer);
        response.destroy();
      });
      response.on('close', () => {
        clearTimeout(timer);
        answer.destroy();
      });
    });
    outgoing.on('error', () => response.destroy());
    request.pipe(outgoing);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = /** @type {import('node:net').AddressInfo} */ (server.address());
      resolve({
        url: `http://127.0.0.1:${address.port}`,
        close: () => new Promise((done) => {
          server.close(() => done());
          server.closeAllConnections();
        }),
      });
    });
  });
}

module.exports = { startIdleProxy };

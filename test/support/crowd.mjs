// A crowd of clients at once, in a process of its own as real clients are: the server's event loop
// accepts while the crowd connects (in the test's own process it could not, and thousands of
// connections would wait in the kernel's queue instead). Reads one JSON line from stdin:
// { port, authorization, requests: [{ method, path, body?, authorization? }] } (a request's own
// authorization, null for none, takes the place of the crowd's), writes "ready" and a newline, and
// on the next line (or the end of stdin) sends every request at once, each on
// its own connection (no keep-alive, no agent queue), and writes one JSON array to stdout, in the
// order of the requests: { status, body } for an answer, { error, afterMs, connected } for a
// request that got none (so a failure says what happened and when).
import http from 'node:http';
import { createInterface } from 'node:readline';

const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
const input = JSON.parse((await lines.next()).value);
// Loaded and ready: the test starts what it needs in place (held requests), then says go.
process.stdout.write('ready\n');
await lines.next();
const started = performance.now();

function send({ method, path, body, authorization = input.authorization }) {
  return new Promise((resolve) => {
    let connected = false;
    const request = http.request(
      {
        host: '127.0.0.1',
        port: input.port,
        method,
        path,
        agent: false,
        headers: {
          ...(authorization === null ? {} : { Authorization: authorization }),
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode, body: text }));
      },
    );
    request.on('socket', (socket) => socket.once('connect', () => (connected = true)));
    request.on('error', (error) =>
      resolve({
        error: error.code ?? error.message,
        afterMs: Math.round(performance.now() - started),
        connected,
      }),
    );
    request.end(body);
  });
}

process.stdout.write(JSON.stringify(await Promise.all(input.requests.map(send))));

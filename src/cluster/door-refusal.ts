import type { Socket } from 'node:net';
import { SERVER_TIMEOUTS } from '../common/http/server-limits.js';
import { refusalResponses } from '../common/overload/overload-refusal.js';

/** Past this, a request head that has not ended is not one worth answering. */
const MAX_HEAD_BYTES = 16 * 1024;

/** The front door's 503 OVERLOADED as bytes, made once a second (its Date header). */
function refusalBytes(date: string, withBody: boolean): Buffer {
  const { headers, body } = refusalResponses()[1];
  const lines = ['HTTP/1.1 503 Service Unavailable', `Date: ${date}`];
  for (let i = 0; i < headers.length; i += 2) lines.push(`${headers[i]}: ${headers[i + 1]}`);
  lines.push('Connection: close', '', withBody ? body : '');
  return Buffer.from(lines.join('\r\n'), 'latin1');
}

let made: { second: number; full: Buffer; head: Buffer } | undefined;

function refusal(forHead: boolean): Buffer {
  const second = Math.floor(Date.now() / 1000);
  if (made?.second !== second) {
    const date = new Date(second * 1000).toUTCString();
    made = { second, full: refusalBytes(date, true), head: refusalBytes(date, false) };
  }
  return forHead ? made.head : made.full;
}

/** Answers 503 OVERLOADED on the socket itself, then drains what the client sends: no reset. */
export function refuseConnection(socket: Socket): void {
  let head = '';
  // From the connection's start, as Node's headersTimeout: a head sent a byte at a time ends too.
  const deadline = setTimeout(() => socket.destroy(), SERVER_TIMEOUTS.headersTimeout).unref();
  socket.once('close', () => clearTimeout(deadline));
  // Then, while the client's body is read and dropped: a connection silent that long is closed.
  socket.setTimeout(SERVER_TIMEOUTS.headersTimeout, () => socket.destroy());
  socket.on('error', () => socket.destroy());
  const read = (chunk: Buffer): void => {
    head += chunk.toString('latin1');
    if (!head.includes('\r\n\r\n')) {
      if (head.length > MAX_HEAD_BYTES) socket.destroy();
      return;
    }
    socket.off('data', read);
    clearTimeout(deadline);
    socket.on('data', () => undefined);
    socket.end(refusal(head.startsWith('HEAD ')));
  };
  socket.on('data', read);
  socket.resume();
}

import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { errorCodeOfStatus } from '../errors/error-code.enum.js';
import { REQUEST_ID_HEADER } from './request-id.js';
import { JSON_API_HELMET_OPTIONS, helmetHeaders } from './security-headers.js';

/** The message of Node's 431, answered in the Error shape. */
export const HEADERS_TOO_LARGE_MESSAGE = 'The request headers are larger than the server accepts.';

const ANSWERS: Readonly<Record<string, [number, string]>> = {
  HPE_HEADER_OVERFLOW: [431, HEADERS_TOO_LARGE_MESSAGE],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request did not arrive in time.'],
};

/** Node's own 400, 408 and 431 answers get the Error shape, a request id and security headers. */
export function answerClientErrorsInErrorShape(server: Server): void {
  const security = helmetHeaders(JSON_API_HELMET_OPTIONS)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const [status, message] = ANSWERS[error.code ?? ''] ?? [400, 'The request is not valid HTTP.'];
    const body = JSON.stringify({ code: errorCodeOfStatus(status), message, status });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `${REQUEST_ID_HEADER}: ${randomUUID()}\r\n${security}` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}

import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { ErrorCode } from '../errors/error-code.enum.js';
import { JSON_API_HELMET_OPTIONS, helmetHeaders } from '../http/security-headers.js';
import type { LoadShedder } from './load-shedder.js';
import { clientLeft, markShed, runRequestWork, type RequestWork } from './request-work.js';

/** Never shed: the probes (a busy instance is alive and ready) and the operators' /metrics. */
const NEVER_SHED = new Set(['/healthz', '/readyz', '/metrics']);
/** A refused request's body is left to Node to discard, unless it may be larger than this. */
const DISCARDED_BODY_BYTES = 16 * 1024;

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * Load shedding in front of the application, on the HTTP server itself: a refusal is a 503
 * OVERLOADED written before Express, the key check or the body, so it costs little more than
 * Node's own parsing; a request admitted while it sheds runs with its RequestWork, which the
 * database layer checks before each statement. The application stays the server's one request listener.
 */
export function shedLoadOn(server: Server, shedder: LoadShedder): void {
  const listeners = server.listeners('request') as Handler[];
  if (listeners.length !== 1) throw new Error('load shedding wraps exactly one request listener');
  const [application] = listeners;
  server.removeListener('request', application);
  const refusals = refusalResponses();
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (!shedder.enabled || NEVER_SHED.has(pathOf(request.url ?? '/')))
      return application(request, response);
    if (shedder.admit(clientOf(request.headers.authorization)) !== undefined)
      return refuse(request, response, refusals[shedder.retryAfterSeconds()]);
    shedder.inFlight++;
    // 'close' comes once, answered or not.
    response.on('close', () => shedder.inFlight--);
    // Until the instance sheds, nothing waits long enough to need the checks below: they cost a
    // context per request, a few per cent of getPet (bench/README.md, "Overload").
    if (!shedder.shedding) return application(request, response);
    const arrivedAt = performance.now();
    const work: RequestWork = {
      arrivedAt,
      response,
      startBy: arrivedAt + shedder.maxWaitMs,
      shedder,
      writing: false,
    };
    if (!request.complete)
      request.once('end', () => (work.startBy = performance.now() + shedder.maxWaitMs));
    // A client that gave up has usually closed its connection by the time its request is read;
    // Node reads that end in the loop's next turn, so the request starts after it.
    setImmediate(() =>
      setImmediate(() => {
        if (clientLeft(response)) shedder.refused('client_left');
        else runRequestWork(work, () => application(request, response));
      }),
    );
  });
}

interface Refusal {
  headers: string[];
  body: string;
}

/** The 503 of each Retry-After (1 to 4 s), made once: a refusal only writes it. */
function refusalResponses(): Refusal[] {
  const security = helmetHeaders(JSON_API_HELMET_OPTIONS).flat();
  return [1, 2, 3, 4].reduce<Refusal[]>((all, seconds) => {
    const body = JSON.stringify({
      code: ErrorCode.OVERLOADED,
      message:
        'This instance is serving all it can; the request was refused before any work, nothing ' +
        `was done. Retry in ${seconds} seconds.`,
      status: 503,
    });
    all[seconds] = {
      body,
      headers: [
        ...security,
        'Content-Type',
        'application/json; charset=utf-8',
        'Content-Length',
        String(Buffer.byteLength(body)),
        'Cache-Control',
        'no-store',
        'Retry-After',
        String(seconds),
      ],
    };
    return all;
  }, []);
}

function refuse(request: IncomingMessage, response: ServerResponse, refusal: Refusal): void {
  markShed(response);
  const length = Number(request.headers['content-length'] ?? 0);
  const headers =
    !request.complete &&
    (request.headers['transfer-encoding'] !== undefined || !(length <= DISCARDED_BODY_BYTES))
      ? [...refusal.headers, 'Connection', 'close']
      : refusal.headers;
  response.writeHead(503, headers);
  response.end(refusal.body);
}

const pathOf = (url: string): string => {
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
};

/** A client is its credentials, hashed (FNV-1a): the secret itself is never kept. */
export function clientOf(authorization: string | undefined): number {
  if (authorization === undefined) return 0;
  let hash = 0x811c9dc5;
  for (let i = 0; i < authorization.length; i++)
    hash = Math.imul(hash ^ authorization.charCodeAt(i), 0x01000193);
  return hash >>> 0 || 1;
}

import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { ApiKeyKind } from '../auth/api-key-kind.js';
import type { PresentedKey } from '../auth/api-key.guard.js';
import type { RateLimits } from '../rate-limit/rate-limits.js';
import { EarlyRefusals, pathOf } from './early-refusals.js';
import { ANONYMOUS } from './tick-shares.js';
import { refusalResponses, type Refusal } from './overload-refusal.js';
import type { LoadShedder } from './load-shedder.js';
import type { Line, WaitingRequest } from './waiting-request.js';
import type { WaitingRefusal } from './refusal-line.js';
import { clientLeft, markShed, runRequestWork, type RequestWork } from './request-work.js';

/** Never shed: the probes (a busy instance is alive and ready). */
const PROBES = new Set(['/healthz', '/readyz']);
/** Exempt only for a valid store key: operators must see an instance that sheds. */
const METRICS = '/metrics';
/** A refused request's body is left to Node to discard, unless it may be larger than this. */
const DISCARDED_BODY_BYTES = 16 * 1024;

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** How admission learns whose request it is: the key guard's lookup, done once per request. */
export interface KeyIdentifier {
  identify(request: IncomingMessage): PresentedKey;
  forget(request: IncomingMessage): void;
}

/** Admission on the HTTP server, before Express: early refusals, then load-shedder.ts. */
export function shedLoadOn(
  server: Server,
  shedder: LoadShedder,
  keys: KeyIdentifier,
  rateLimits: RateLimits,
  refusals: EarlyRefusals,
): void {
  const listeners = server.listeners('request') as Handler[];
  if (listeners.length !== 1) throw new Error('load shedding wraps exactly one request listener');
  const [application] = listeners;
  server.removeListener('request', application);
  const overloaded = refusalResponses();
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const path = pathOf(request.url ?? '/');
    if (PROBES.has(path)) return application(request, response);
    const { token, identity } = keys.identify(request);
    if (identity === undefined) {
      if (EarlyRefusals.needsKey(path, request.method))
        return refuse(
          request,
          response,
          () => void refusals.withoutKey({ request, response, path }, token),
        );
    } else {
      const limited = rateLimits.keyLimited(identity.id);
      if (limited !== undefined && EarlyRefusals.isRateLimited(path, request.method))
        return refuse(request, response, () =>
          refusals.keyLimited({ request, response, path }, limited),
        );
    }
    if (!shedder.enabled) return application(request, response);
    if (path === METRICS && identity?.kind === ApiKeyKind.STORE)
      return application(request, response);
    const line = shedder.lineOf(identity?.id ?? ANONYMOUS);
    if (!shedder.mayStart(line)) return waitForTurn(request, response, line);
    shedder.started(line);
    let startedAt = performance.now();
    whenDone(response, (answered) => shedder.finished(line, startedAt, answered));
    // A loop running late reads requests late: a client that gave up has usually closed its
    // connection by then, and Node reads that end in the loop's next turn, so the request starts
    // after it. Otherwise at once: the context costs a few per cent (bench/README.md, "Overload").
    if (!shedder.loopLate) return application(request, response);
    const work = requestWork(request, response, startedAt);
    setImmediate(() =>
      setImmediate(() => {
        if (clientLeft(response)) return shedder.refused('client_left');
        startedAt = performance.now();
        runRequestWork(work, () => application(request, response));
      }),
    );
  });

  /** A refusal on the anonymous line, answered within its share or in turn, never at once en masse. */
  function refuse(
    request: IncomingMessage,
    response: ServerResponse,
    answer: () => void,
    mayAnswerNow = () => shedder.mayRefuse(),
  ): void {
    if (!shedder.enabled) return answer();
    if (mayAnswerNow()) {
      shedder.refusalLine.answering();
      return answer();
    }
    const waiting: WaitingRefusal = { arrivedAt: performance.now(), waiting: true, answer };
    if (!shedder.waitToRefuse(waiting)) return answer();
    whenDone(response, (answered) => {
      if (!answered) shedder.refusalLine.left(waiting);
    });
  }

  /** What the database layer checks before each statement of a request that arrived at `arrivedAt`. */
  function requestWork(
    request: IncomingMessage,
    response: ServerResponse,
    arrivedAt: number,
  ): RequestWork {
    const work = {
      arrivedAt,
      response,
      startBy: arrivedAt + shedder.maxWaitMs,
      shedder,
      writing: false,
    };
    if (!request.complete)
      request.once('end', () => (work.startBy = performance.now() + shedder.maxWaitMs));
    return work;
  }

  function waitForTurn(request: IncomingMessage, response: ServerResponse, line: Line): void {
    const arrivedAt = performance.now();
    let state: 'waiting' | 'running' | 'refused' = 'waiting';
    let startedAt = 0;
    const waiting: WaitingRequest = {
      arrivedAt,
      waiting: true,
      start: () => {
        state = 'running';
        startedAt = performance.now();
        // The key is looked up again: it may have been revoked while the request waited.
        keys.forget(request);
        const work = requestWork(request, response, arrivedAt);
        runRequestWork(work, () => application(request, response));
      },
      expire: () => {
        state = 'refused';
        overload(request, response, overloaded[shedder.retryAfterSeconds()]);
      },
    };
    if (!shedder.wait(line, waiting)) {
      const answer = () => overload(request, response, overloaded[shedder.retryAfterSeconds()]);
      // Beside other clients its 503 waits its turn like any refusal: answered at once, a flood
      // refused for its own line would be answered as fast as it sends, and take their loop.
      if (!shedder.sharing(line)) return answer();
      // Counted as an arrival by mayStart(): only the share is asked.
      return refuse(request, response, answer, () =>
        shedder.refusalLine.mayAnswer(performance.now()),
      );
    }
    whenDone(response, (answered) => {
      if (state === 'running') shedder.finished(line, startedAt, answered);
      else if (state === 'waiting' && !answered) shedder.left(line, waiting);
    });
  }
}

/** Calls `done` once the response is over; 'close' follows 'finish', so one `on` serves both. */
function whenDone(response: ServerResponse, done: (answered: boolean) => void): void {
  response.on('close', () => done(response.writableFinished));
}

function overload(request: IncomingMessage, response: ServerResponse, refusal: Refusal): void {
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

import { AsyncLocalStorage } from 'node:async_hooks';
import type { ServerResponse } from 'node:http';
import { AppException } from '../errors/app.exception.js';
import { ErrorCode } from '../errors/error-code.enum.js';

/** Why a request was not served: refused on arrival, refused after waiting, or its client left. */
export type ShedReason = 'queue_full' | 'waited' | 'client_left';
export const SHED_REASONS: readonly ShedReason[] = ['queue_full', 'waited', 'client_left'];

/** One admitted request, as the database layer sees it before each statement. */
export interface RequestWork {
  readonly arrivedAt: number;
  readonly response: ServerResponse;
  /**
   * Past this (performance.now()), a request that has written nothing is not worth starting:
   * OVERLOAD_MAX_WAIT_MS after it arrived, or after its body did (a slow upload is not a wait).
   */
  startBy: number;
  /** Whom to tell of a request stopped, and what Retry-After to give. */
  readonly shedder: {
    retryAfterSeconds(): number;
    refused(reason: ShedReason): void;
  };
  /** Set at its first write: from then on the request runs to its end, whatever happens. */
  writing: boolean;
}

const current = new AsyncLocalStorage<RequestWork>();
const SHED = Symbol('shed');

/** Whether the response is a refusal of load shedding: counted in metrics, not logged one by one. */
export const isShed = (response: ServerResponse): boolean =>
  (response as ServerResponse & { [SHED]?: true })[SHED] === true;

export const markShed = (response: ServerResponse): void => {
  (response as ServerResponse & { [SHED]?: true })[SHED] = true;
};

export const runRequestWork = <T>(work: RequestWork, then: () => T): T => current.run(work, then);

/** True when the client has closed its connection before its answer was sent. */
export const clientLeft = (response: ServerResponse): boolean =>
  response.closed && !response.writableFinished;

/** Before a statement: no work for a gone client or an expired wait, if nothing was written. */
export function refusalBeforeStatement(writes: boolean): AppException | undefined {
  const work = current.getStore();
  if (work === undefined || work.writing) return undefined;
  if (clientLeft(work.response)) {
    work.shedder.refused('client_left');
    return new AppException(
      ErrorCode.OVERLOADED,
      'The client closed the connection before the work began; nothing was done.',
    );
  }
  const now = performance.now();
  if (now > work.startBy) {
    markShed(work.response);
    work.shedder.refused('waited');
    const seconds = work.shedder.retryAfterSeconds();
    return new AppException(
      ErrorCode.OVERLOADED,
      `The request waited ${Math.round(now - work.arrivedAt)} ms in this instance before its work could start, ` +
        `longer than a client can use; nothing was done. Retry in ${seconds} seconds.`,
      { 'Retry-After': String(seconds) },
    );
  }
  if (writes) work.writing = true;
  return undefined;
}

import type { ServerResponse } from 'node:http';
import { AppException } from '../errors/app.exception.js';
import {
  refusalBeforeStatement,
  runRequestWork,
  type RequestWork,
  type ShedReason,
} from './request-work.js';

describe('refusalBeforeStatement', () => {
  let refused: ShedReason[];
  const workOf = (
    response: Partial<ServerResponse>,
    { waitedMs = 0, maxWaitMs = 1_000 } = {},
  ): RequestWork => {
    const arrivedAt = performance.now() - waitedMs;
    return {
      arrivedAt,
      response: response as ServerResponse,
      startBy: arrivedAt + maxWaitMs,
      shedder: { retryAfterSeconds: () => 2, refused: (reason) => refused.push(reason) },
      writing: false,
    };
  };
  const open = { closed: false, writableFinished: false };
  const left = { closed: true, writableFinished: false };

  beforeEach(() => (refused = []));

  it('lets every statement of a request outside any (work of a timer, a CLI) run', () => {
    expect(refusalBeforeStatement(true)).toBeUndefined();
  });

  it('lets a request whose client is there and that has not waited too long run', () => {
    runRequestWork(workOf(open, { waitedMs: 900 }), () => {
      expect(refusalBeforeStatement(false)).toBeUndefined();
    });
    expect(refused).toEqual([]);
  });

  it('stops a request whose client has left, with nothing done', () => {
    runRequestWork(workOf(left), () => {
      const refusal = refusalBeforeStatement(false);
      expect(refusal).toBeInstanceOf(AppException);
      expect(refusal?.getStatus()).toBe(503);
      expect(refusal?.message).toMatch(/closed the connection before the work began/);
    });
    expect(refused).toEqual(['client_left']);
  });

  it('refuses a request that waited past OVERLOAD_MAX_WAIT_MS: 503 OVERLOADED with Retry-After', () => {
    runRequestWork(workOf(open, { waitedMs: 1_500 }), () => {
      const refusal = refusalBeforeStatement(false);
      expect(refusal?.code).toBe('OVERLOADED');
      expect(refusal?.headers).toEqual({ 'Retry-After': '2' });
      expect(refusal?.message).toMatch(
        /^The request waited 1[5-9]\d\d ms in this instance before its work could start, longer than a client can use; nothing was done\. Retry in 2 seconds\.$/,
      );
    });
    expect(refused).toEqual(['waited']);
  });

  it('never stops a request once it has started writing: nothing accepted is left half-done', () => {
    const work = workOf(open);
    runRequestWork(work, () => {
      expect(refusalBeforeStatement(true)).toBeUndefined();
      Object.assign(work.response, left);
      expect(refusalBeforeStatement(false)).toBeUndefined();
      expect(refusalBeforeStatement(true)).toBeUndefined();
    });
    expect(refused).toEqual([]);
  });
});

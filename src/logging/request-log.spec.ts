import type { Logger } from 'pino';
import type { Response } from 'express';
import type { IdentifiedRequest } from '../common/http/request-id.js';
import { markShed } from '../common/overload/request-work.js';
import { requestLog } from './request-log.js';

describe('requestLog', () => {
  const logged = (status: number, response: Partial<Response> = {}): [string, object][] => {
    const calls: [string, object][] = [];
    const logger = Object.fromEntries(
      ['info', 'warn', 'error'].map((level) => [
        level,
        (fields: object) => calls.push([level, fields]),
      ]),
    ) as unknown as Logger;
    const request = {
      id: 'r1',
      method: 'PATCH',
      route: { path: '/v1/store/orders/:orderId' },
    } as unknown as IdentifiedRequest;
    requestLog(logger)(
      request,
      { statusCode: status, writableFinished: true, ...response } as Response,
      1,
    );
    return calls;
  };
  const levelOf = (status: number): string =>
    logged(status)
      .map(([level]) => level)
      .join();

  it('logs a 500 as an error, a 503 or 504 (answered: busy, down, outcome unknown) as a warning, the rest as info', () => {
    expect([200, 304, 404, 429, 500, 503, 504].map(levelOf)).toEqual([
      'info',
      'info',
      'info',
      'info',
      'error',
      'warn',
      'warn',
    ]);
  });

  it('says when the client left before its answer: status 499, clientLeft, never the 200 it was not sent', () => {
    expect(logged(200, { writableFinished: false })).toEqual([
      ['info', expect.objectContaining({ status: 499, clientLeft: true })],
    ]);
  });

  it('writes no line for a refusal of load shedding: its episode has one, /metrics counts it', () => {
    const refused = { statusCode: 503, writableFinished: true } as Response;
    markShed(refused);
    const calls: string[] = [];
    const logger = { warn: () => calls.push('warn'), info: () => calls.push('info') };
    requestLog(logger as unknown as Logger)(
      { id: 'r2', method: 'GET' } as unknown as IdentifiedRequest,
      refused,
      1,
    );
    expect(calls).toEqual([]);
  });
});

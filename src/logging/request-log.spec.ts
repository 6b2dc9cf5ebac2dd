import type { Logger } from 'pino';
import type { Response } from 'express';
import type { IdentifiedRequest } from '../common/http/request-id.js';
import { requestLog } from './request-log.js';

describe('requestLog', () => {
  const levelOf = (status: number): string => {
    const calls: string[] = [];
    const logger = Object.fromEntries(
      ['info', 'warn', 'error'].map((level) => [level, () => calls.push(level)]),
    ) as unknown as Logger;
    const request = {
      id: 'r1',
      method: 'PATCH',
      route: { path: '/v1/store/orders/:orderId' },
    } as unknown as IdentifiedRequest;
    requestLog(logger)(request, { statusCode: status } as Response, 1);
    return calls.join();
  };

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
});

import type { Response } from 'supertest';

const INTERNALS =
  /\bat .+\.(js|ts):\d+|SELECT |INSERT |sqlite|mysql|\bER_[A-Z_]+|TypeError|QueryFailedError/i;

/**
 * Asserts the Error shape: exactly {code, message, status}, status equal to the HTTP status, JSON,
 * no internals.
 */
export function expectError(
  response: Response,
  status: number,
  code: string,
  message?: RegExp,
): void {
  expect({ status: response.status, body: response.body }).toMatchObject({
    status,
    body: { code, status },
  });
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(Object.keys(response.body).sort()).toEqual(['code', 'message', 'status']);
  expect(typeof response.body.message).toBe('string');
  expect(response.body.message).not.toMatch(INTERNALS);
  if (message) expect(response.body.message).toMatch(message);
}

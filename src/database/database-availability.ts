import { AppException } from '../common/errors/app.exception.js';
import { ErrorCode } from '../common/errors/error-code.enum.js';

/** What a client is told to wait before retrying when the database is out of reach. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

/** Longest a statement may take, pool wait included, before the request gets its 503. */
export const STATEMENT_DEADLINE_MS = 2_000;

// Driver errors that mean "cannot reach the database now", not "this statement is wrong".
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_CON_COUNT_ERROR',
  'ER_SERVER_SHUTDOWN',
  'ER_CONNECTION_KILLED',
  'SQLITE_BUSY',
  'STATEMENT_DEADLINE',
]);

export function isDatabaseUnavailable(error: unknown): boolean {
  // TypeORM wraps a failed statement's driver error in a QueryFailedError.
  const driverError = (error as { driverError?: unknown } | null)?.driverError;
  if (driverError !== undefined && isDatabaseUnavailable(driverError)) return true;
  const { code, message, fatal } = (error ?? {}) as { code?: unknown; message?: unknown; fatal?: unknown };
  if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true;
  // mysql2: a connection-level failure, or its pool refusing more waiters.
  return fatal === true || message === 'Queue limit reached.' || message === 'Pool is closed.';
}

export function databaseUnavailable(): AppException {
  return new AppException(ErrorCode.SERVICE_UNAVAILABLE, `The database is not reachable right now; retry in ${DATABASE_RETRY_AFTER_SECONDS} seconds.`, {
    'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS),
  });
}

import { AppException } from '../common/errors/app.exception.js';
import { ErrorCode } from '../common/errors/error-code.enum.js';

/** What a client is told to wait before retrying when the database is out of reach. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

/** Server-enforced session limits: a statement past them is rolled back by the server. */
export const DATABASE_LOCK_WAIT_SECONDS = 1;
export const DATABASE_STATEMENT_SECONDS = 1.5;

/** The pool of MySQL connections of one instance (DB_POOL_SIZE, DB_POOL_WAIT_MS). */
export interface DatabasePool {
  size: number;
  /** Longest wait for a free connection; nothing was sent, so the 503 then is true. */
  waitMs: number;
}

export const DEFAULT_DATABASE_POOL: DatabasePool = { size: 10, waitMs: 5_000 };

/** Injection token of the DatabasePool settings. */
export const DATABASE_POOL = Symbol('DATABASE_POOL');

/** How long an answer may take once sent: past it, a write's fate is unknown. */
export const STATEMENT_DEADLINE_MS = 2_000;
export const ANSWER_DEADLINE_MS = DATABASE_STATEMENT_SECONDS * 1_000 + 1_000;

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
  // mysql2's PoolCluster (replicas): no node of the kind online.
  'POOL_NONEONLINE',
  'POOL_NOEXIST',
]);

/** Errors by which the server says it stopped the statement and rolled it back. */
const ROLLED_BACK_ERRNOS: ReadonlyMap<number, string> = new Map([
  [
    1205,
    `the data it needed stayed locked by other work for more than ${DATABASE_LOCK_WAIT_SECONDS} s`,
  ],
  [1213, 'it met other work in a deadlock'],
  [1317, 'the database interrupted it'],
  [1969, `it ran longer than the database's limit of ${DATABASE_STATEMENT_SECONDS} s`],
  [3024, `it ran longer than the database's limit of ${DATABASE_STATEMENT_SECONDS} s`],
]);

interface DriverErrorFields {
  code?: unknown;
  errno?: unknown;
  message?: unknown;
  fatal?: unknown;
}

function driverErrorOf(error: unknown): DriverErrorFields {
  // TypeORM wraps a failed statement's driver error in a QueryFailedError.
  const wrapped = error as { driverError?: DriverErrorFields } | null;
  return wrapped?.driverError ?? (wrapped as DriverErrorFields | null) ?? {};
}

/** The database (or the way to it) cannot take work now: refused, lost, out of connections. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const { code, message, fatal } = driverErrorOf(error);
  if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true;
  // mysql2: a connection-level failure, a closed connection, or its pool refusing more waiters.
  return (
    fatal === true ||
    message === 'Queue limit reached.' ||
    message === 'Pool is closed.' ||
    wasNeverSent(error)
  );
}

/**
 * The code of a TLS failure that waiting will not mend: the server's certificate failed a check
 * (chain, dates, host name), or the server takes no TLS; else undefined.
 */
export function tlsRefusalCode(error: unknown): string | undefined {
  const { code } = driverErrorOf(error);
  if (typeof code !== 'string') return undefined;
  return /CERT|^ERR_TLS_|^ERR_SSL_|SELF_SIGNED|^UNABLE_TO_|^HANDSHAKE_(SSL_ERROR|NO_SSL_SUPPORT)$/.test(
    code,
  )
    ? code
    : undefined;
}

/** mysql2 would not send on a closed connection: nothing reached the server. */
export function wasNeverSent(error: unknown): boolean {
  const { message } = driverErrorOf(error);
  return (
    typeof message === 'string' &&
    message.startsWith("Can't add new command when connection is in closed state")
  );
}

/** Why the server stopped and rolled back the statement; else undefined. */
export function rolledBackByDatabase(error: unknown): string | undefined {
  const { errno } = driverErrorOf(error);
  return typeof errno === 'number' ? ROLLED_BACK_ERRNOS.get(errno) : undefined;
}

const RETRY_AFTER = { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) };

/** 503: the database (or the way to it) is down; nothing was done. */
export function databaseUnavailable(): AppException {
  return new AppException(
    ErrorCode.SERVICE_UNAVAILABLE,
    `The database is not reachable right now; nothing was changed. Retry in ` +
      `${DATABASE_RETRY_AFTER_SECONDS} seconds.`,
    RETRY_AFTER,
  );
}

/** 503: the database is up, but the work could not be done in time (`why`); nothing was done. */
export function databaseBusy(why: string): AppException {
  return new AppException(
    ErrorCode.SERVICE_UNAVAILABLE,
    `The service is busy: ${why}; nothing was changed. Retry in ` +
      `${DATABASE_RETRY_AFTER_SECONDS} seconds.`,
    RETRY_AFTER,
  );
}

/** 504: the write was sent, and its answer lost; it may or may not have been done. */
export function outcomeUnknown(): AppException {
  return new AppException(
    ErrorCode.OUTCOME_UNKNOWN,
    'The connection to the database broke after the change was sent: whether it was made is ' +
      'unknown. ' +
      'Retry the request as it was sent (a create with its Idempotency-Key, a change with its ' +
      'If-Match) to learn the outcome without making it twice.',
  );
}

/** A row with this primary or unique key exists already. */
export function isDuplicateKey(error: unknown): boolean {
  const { code, errno } = driverErrorOf(error);
  return (
    errno === 1062 || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE'
  );
}

/** The statement names a table that does not exist (ER_NO_SUCH_TABLE; SQLite's "no such table"). */
export function isMissingTable(error: unknown): boolean {
  const { errno, message } = driverErrorOf(error);
  return errno === 1146 || (typeof message === 'string' && message.startsWith('no such table'));
}

/** A row naming a parent row that does not exist (a foreign key); nothing was written. */
export function isForeignKeyViolation(error: unknown): boolean {
  const { code, errno } = driverErrorOf(error);
  return errno === 1452 || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/** A lock wait past the session's limit (rolled back by MySQL). */
/** InnoDB chose this transaction as a deadlock's victim and rolled it back (ER_LOCK_DEADLOCK). */
/** InnoDB rolled the statement back over locks: a deadlock, or a wait past the lock wait limit. */
export function isLockConflict(error: unknown): boolean {
  const { errno } = driverErrorOf(error);
  return errno === 1213 || errno === 1205;
}

export function isLockWaitTimeout(error: unknown): boolean {
  return driverErrorOf(error).errno === 1205;
}

/** SQLite: another connection holds the write lock (SQLITE_BUSY); nothing was done. */
export function isSqliteBusy(error: unknown): boolean {
  const { code } = driverErrorOf(error);
  return code === 'SQLITE_BUSY' || code === 'SQLITE_BUSY_SNAPSHOT';
}

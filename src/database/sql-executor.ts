import type { DataSource } from 'typeorm';
import { STATEMENT_DEADLINE_MS, databaseUnavailable, isDatabaseUnavailable } from './database-availability.js';

/**
 * Runs a repository's SQL as prepared statements on the connection TypeORM opened: better-sqlite3
 * statements prepared once and reused, mysql2 `execute` (server-side prepared, cached per
 * connection). TypeORM's own query() prepares nothing on MySQL and sets up a query runner per call.
 * Bind int64 values, LIMIT included, as bigint: both drivers send them as 64-bit integers.
 * A database out of reach is a 503 SERVICE_UNAVAILABLE with Retry-After; on MySQL within
 * STATEMENT_DEADLINE_MS (SQLite runs synchronously in-process: no timer could fire before it returns).
 */
export abstract class SqlExecutor {
  abstract select<Row>(sql: string, params: readonly unknown[]): Promise<Row[]>;

  /** Runs an INSERT into a table whose key is `id`; resolves to the new id as exact decimal text. */
  abstract insert(sql: string, params: readonly unknown[]): Promise<string>;

  /** Connections of the pool in use and idle, and requests waiting for one; for metrics. */
  abstract poolStats(): { inUse: number; idle: number; waiting: number };
}

/** A driver error as the client must see it: 503 when the database is out of reach, else as it is. */
function asServiceError(error: unknown): Error {
  if (isDatabaseUnavailable(error)) return databaseUnavailable();
  return error instanceof Error ? error : new Error(String(error));
}

interface SqliteStatement {
  all(...params: unknown[]): unknown[];
  get(...params: unknown[]): unknown;
}

class SqliteExecutor extends SqlExecutor {
  private readonly statements = new Map<string, SqliteStatement>();

  constructor(private readonly db: { prepare(sql: string): SqliteStatement }) {
    super();
  }

  /** One connection, used synchronously: never busy between requests, nobody waits. */
  poolStats(): { inUse: number; idle: number; waiting: number } {
    return { inUse: 0, idle: 1, waiting: 0 };
  }

  // Synchronous calls wrapped in settled promises: no async function frames on the hot path.
  select<Row>(sql: string, params: readonly unknown[]): Promise<Row[]> {
    try {
      return Promise.resolve(this.prepared(sql).all(...params) as Row[]);
    } catch (error) {
      return Promise.reject(asServiceError(error));
    }
  }

  insert(sql: string, params: readonly unknown[]): Promise<string> {
    try {
      return Promise.resolve((this.prepared(`${sql} RETURNING CAST(id AS CHAR) AS id`).get(...params) as { id: string }).id);
    } catch (error) {
      return Promise.reject(asServiceError(error));
    }
  }

  private prepared(sql: string): SqliteStatement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }
}

interface MysqlPool {
  // mysql2 has no public pool statistics; these fields are its pool's own bookkeeping.
  _allConnections?: { length: number };
  _freeConnections?: { length: number };
  _connectionQueue?: { length: number };
  execute(options: { sql: string; timeout: number }, params: unknown[], callback: (error: Error | null, result: unknown) => void): void;
}

class MysqlExecutor extends SqlExecutor {
  constructor(private readonly pool: MysqlPool) {
    super();
  }

  poolStats(): { inUse: number; idle: number; waiting: number } {
    const all = this.pool._allConnections?.length ?? 0;
    const idle = this.pool._freeConnections?.length ?? 0;
    return { inUse: all - idle, idle, waiting: this.pool._connectionQueue?.length ?? 0 };
  }

  select<Row>(sql: string, params: readonly unknown[]): Promise<Row[]> {
    return this.withinDeadline(() => this.execute(sql, params) as Promise<Row[]>);
  }

  async insert(sql: string, params: readonly unknown[]): Promise<string> {
    // With supportBigNumbers and bigNumberStrings the insert id is a string once it passes 2^53.
    return String(((await this.withinDeadline(() => this.execute(sql, params))) as { insertId: number | string }).insertId);
  }

  /** mysql2's own timeout starts when a statement is sent; this deadline covers the wait for a connection too. */
  private async withinDeadline<T>(work: () => Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(Object.assign(new Error('statement deadline passed'), { code: 'STATEMENT_DEADLINE' })), STATEMENT_DEADLINE_MS);
    });
    try {
      return await Promise.race([work(), deadline]);
    } catch (error) {
      throw asServiceError(error);
    } finally {
      clearTimeout(timer);
    }
  }

  private execute(sql: string, params: readonly unknown[]): Promise<unknown> {
    return new Promise((resolve, reject) =>
      this.pool.execute({ sql, timeout: STATEMENT_DEADLINE_MS }, [...params], (error, result) => (error ? reject(error) : resolve(result))),
    );
  }
}

export function createSqlExecutor(dataSource: DataSource): SqlExecutor {
  const driver = dataSource.driver as unknown as { databaseConnection?: unknown; pool?: unknown };
  if (dataSource.options.type === 'better-sqlite3') return new SqliteExecutor(driver.databaseConnection as ConstructorParameters<typeof SqliteExecutor>[0]);
  if (dataSource.options.type === 'mysql') return new MysqlExecutor(driver.pool as MysqlPool);
  throw new Error(`No SQL executor for ${dataSource.options.type}`);
}

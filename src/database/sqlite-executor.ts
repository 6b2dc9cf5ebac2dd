import type { DataSource, EntityManager } from 'typeorm';
import {
  STATEMENT_DEADLINE_MS,
  databaseBusy,
  databaseUnavailable,
  isDatabaseUnavailable,
  isSqliteBusy,
} from './database-availability.js';
import { insertedId } from './inserted-id.js';
import type { TransactionScope } from './transaction-scope.js';

interface SqliteStatement {
  all(...params: unknown[]): unknown[];
  run(...params: unknown[]): { lastInsertRowid: number | bigint };
}

/** better-sqlite3's Database, what TypeORM's QueryRunner.connect() resolves to on SQLite. */
interface SqliteConnection {
  prepare(sql: string): SqliteStatement;
  exec(sql: string): void;
  readonly inTransaction: boolean;
}

/** SQLite's one connection: SQLITE_BUSY retried on timers, transactions gate the rest. */
export class SqliteExecutor {
  private connecting?: Promise<SqliteConnection>;
  /** Once open, a prepared statement runs without waiting for a promise. */
  private connection?: SqliteConnection;
  private readonly statements = new Map<string, SqliteStatement>();
  private gate?: Promise<void>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly scope: TransactionScope,
  ) {}

  run<T>(work: () => T | Promise<T>): Promise<T> {
    if (this.gate && !this.scope.current()) return this.afterGate(() => this.run(work));
    let result: T | Promise<T>;
    try {
      result = work();
    } catch (error) {
      return this.failure(error, work);
    }
    // A statement that ran at once is settled in one promise, not three.
    if (typeof (result as Partial<PromiseLike<T>> | undefined)?.then !== 'function')
      return Promise.resolve(result);
    return Promise.resolve(result).catch((error: unknown) => this.failure(error, work));
  }

  /** Runs one statement prepared once and reused; for an INSERT resolves to the new id. */
  prepared(sql: string, params: readonly unknown[], kind: 'insert' | undefined): Promise<unknown> {
    return this.run(() =>
      this.connection
        ? this.runStatement(this.connection, sql, kind, params)
        : this.open().then((connection) => this.runStatement(connection, sql, kind, params)),
    );
  }

  /** BEGIN IMMEDIATE takes the write lock first, so nothing inside meets SQLITE_BUSY. */
  async transaction<T>(
    work: (manager: EntityManager) => Promise<T>,
    committed: (() => void)[],
  ): Promise<T> {
    const connection = await this.open();
    const deadline = Date.now() + STATEMENT_DEADLINE_MS;
    for (let delay = 10; ; delay = Math.min(delay * 2, 200)) {
      while (this.gate) await this.gate;
      try {
        connection.exec('BEGIN IMMEDIATE');
        break;
      } catch (error) {
        if (!isSqliteBusy(error)) throw serviceError(error);
        if (Date.now() + delay > deadline) throw locked();
        await new Promise((wait) => setTimeout(wait, delay));
      }
    }
    let end!: () => void;
    this.gate = new Promise<void>((resolve) => (end = resolve));
    const { manager } = this.dataSource;
    try {
      const result = await this.scope.run({ manager, committed }, () => work(manager));
      connection.exec('COMMIT');
      return result;
    } catch (error) {
      if (connection.inTransaction) connection.exec('ROLLBACK');
      throw error;
    } finally {
      this.gate = undefined;
      end();
    }
  }

  private failure<T>(error: unknown, work: () => T | Promise<T>): Promise<T> {
    return isSqliteBusy(error) ? this.retryWhileLocked(work) : Promise.reject(serviceError(error));
  }

  private async afterGate<T>(then: () => Promise<T>): Promise<T> {
    while (this.gate) await this.gate;
    return then();
  }

  private async retryWhileLocked<T>(work: () => T | Promise<T>): Promise<T> {
    const deadline = Date.now() + STATEMENT_DEADLINE_MS;
    for (let delay = 10; ; delay = Math.min(delay * 2, 200)) {
      if (Date.now() + delay > deadline) throw locked();
      await new Promise((wait) => setTimeout(wait, delay));
      while (this.gate && !this.scope.current()) await this.gate;
      try {
        return await work();
      } catch (error) {
        if (!isSqliteBusy(error)) throw serviceError(error);
      }
    }
  }

  private open(): Promise<SqliteConnection> {
    this.connecting ??= (
      this.dataSource.createQueryRunner().connect() as Promise<SqliteConnection>
    ).then((connection) => (this.connection = connection));
    return this.connecting;
  }

  private runStatement(
    connection: SqliteConnection,
    sql: string,
    kind: 'insert' | undefined,
    params: readonly unknown[],
  ): unknown {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = connection.prepare(sql);
      this.statements.set(sql, statement);
    }
    return kind === 'insert'
      ? insertedId(statement.run(...params).lastInsertRowid)
      : statement.all(...params);
  }
}

function locked(): Error {
  return databaseBusy(
    `another process held the database's write lock for more than ` +
      `${STATEMENT_DEADLINE_MS / 1_000} s`,
  );
}

/** 503 when the database is out of reach, else the error as it is (a 500). */
function serviceError(error: unknown): Error {
  if (isDatabaseUnavailable(error)) return databaseUnavailable();
  return error instanceof Error ? error : new Error(String(error));
}

import { retry } from '../common/retry/retry.js';
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
  run(...params: unknown[]): { lastInsertRowid: number | bigint; changes: number };
}

/** better-sqlite3's Database, what TypeORM's QueryRunner.connect() resolves to on SQLite. */
interface SqliteConnection {
  prepare(sql: string): SqliteStatement;
  exec(sql: string): void;
  readonly inTransaction: boolean;
}

/** A prepared statement's kind: a read (its rows), an INSERT (the new id), a write (rows changed). */
export type PreparedKind = 'insert' | 'write' | undefined;

/** SQLite's one connection, held alone by a transaction; SQLITE_BUSY is retried. */
export class SqliteExecutor {
  private connecting?: Promise<SqliteConnection>;
  /** Once open, a prepared statement runs without waiting for a promise. */
  private connection?: SqliteConnection;
  private readonly statements = new Map<string, SqliteStatement>();
  /** Whether the connection is held; the waiting are handed it one at a time, in order. */
  private held = false;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly dataSource: DataSource,
    private readonly scope: TransactionScope,
  ) {}

  run<T>(work: () => T | Promise<T>): Promise<T> {
    // Inside a transaction, which holds the connection already.
    if (this.scope.current()) return this.attempt(work, false);
    if (this.held) return this.acquire().then(() => this.attempt(work, true));
    this.held = true;
    return this.attempt(work, true);
  }

  /** Runs one statement prepared once and reused; for an INSERT resolves to the new id. */
  prepared(sql: string, params: readonly unknown[], kind: PreparedKind): Promise<unknown> {
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
    await this.whileLocked(async () => {
      await this.acquire();
      try {
        connection.exec('BEGIN IMMEDIATE');
      } catch (error) {
        this.release();
        throw error;
      }
    }, false);
    const { manager } = this.dataSource;
    try {
      const result = await this.scope.run({ manager, committed }, () => work(manager));
      connection.exec('COMMIT');
      return result;
    } catch (error) {
      if (connection.inTransaction) connection.exec('ROLLBACK');
      throw error;
    } finally {
      this.release();
    }
  }

  /** Runs `work`; `holding`: the connection is this call's, released once it has settled. */
  private attempt<T>(work: () => T | Promise<T>, holding: boolean): Promise<T> {
    let result: T | Promise<T>;
    try {
      result = work();
    } catch (error) {
      if (holding) this.release();
      return this.failure(error, work);
    }
    // A statement that ran at once is settled in one promise, not three.
    if (typeof (result as Partial<PromiseLike<T>> | undefined)?.then !== 'function') {
      if (holding) this.release();
      return Promise.resolve(result);
    }
    return Promise.resolve(result).then(
      (value) => {
        if (holding) this.release();
        return value;
      },
      (error: unknown) => {
        if (holding) this.release();
        return this.failure(error, work);
      },
    );
  }

  /** Resolves once the connection is this caller's. */
  private acquire(): Promise<void> {
    if (!this.held) {
      this.held = true;
      return Promise.resolve();
    }
    return new Promise((resume) => this.waiting.push(resume));
  }

  /** Hands the connection to the next waiting, or frees it. */
  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.held = false;
  }

  private failure<T>(error: unknown, work: () => T | Promise<T>): Promise<T> {
    return isSqliteBusy(error) ? this.retryWhileLocked(work) : Promise.reject(serviceError(error));
  }

  private retryWhileLocked<T>(work: () => T | Promise<T>): Promise<T> {
    return this.whileLocked(async () => {
      const inTransaction = this.scope.current() !== undefined;
      if (!inTransaction) await this.acquire();
      try {
        return await work();
      } finally {
        if (!inTransaction) this.release();
      }
    }, true);
  }

  /** Runs `work` again while SQLite is busy, within the statement deadline; `failed`: it has once. */
  private whileLocked<T>(work: () => Promise<T>, failed: boolean): Promise<T> {
    return retry(
      work,
      { firstWaitMs: 10, maxWaitMs: 200, withinMs: STATEMENT_DEADLINE_MS, waitFirst: failed },
      isSqliteBusy,
    ).catch((error: unknown) => {
      throw isSqliteBusy(error) ? locked() : serviceError(error);
    });
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
    kind: PreparedKind,
    params: readonly unknown[],
  ): unknown {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = connection.prepare(sql);
      this.statements.set(sql, statement);
    }
    if (kind === 'insert') return insertedId(statement.run(...params).lastInsertRowid);
    return kind === 'write' ? statement.run(...params).changes : statement.all(...params);
  }
}

function locked(): Error {
  return databaseBusy(
    `another process held the database's write lock for more than ` +
      `${STATEMENT_DEADLINE_MS / 1_000} s`,
  );
}

/** 503 when the database is out of reach, else the error as it is, its code kept. */
function serviceError(error: unknown): Error {
  if (isDatabaseUnavailable(error)) return databaseUnavailable();
  // Not `instanceof Error`: the driver's errors may come from another realm (jest's module
  // sandboxes share the native addon), and wrapping one would drop its code.
  return typeof error === 'object' && error !== null ? (error as Error) : new Error(String(error));
}

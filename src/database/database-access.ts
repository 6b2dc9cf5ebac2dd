import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, ObjectLiteral, QueryDeepPartialEntity, Repository } from 'typeorm';
import { STATEMENT_DEADLINE_MS, databaseUnavailable, isDatabaseUnavailable } from './database-availability.js';

/** How many statements the database module lets run at once on MySQL (its pool size). */
export const MYSQL_POOL_SIZE = 10;

/**
 * What every repository call goes through: a database out of reach is a 503 SERVICE_UNAVAILABLE
 * with Retry-After, on MySQL within STATEMENT_DEADLINE_MS, pool wait included (SQLite runs
 * synchronously in-process: no timer could fire before it returns). It also counts the calls in
 * flight, which is what the pool metrics report: each call holds one connection at a time.
 */
@Injectable()
export class DatabaseAccess {
  private readonly bounded: boolean;
  private readonly connections: number;
  private inFlight = 0;
  private sqlite?: Promise<SqliteConnection>;
  private readonly sqliteStatements = new Map<string, SqliteStatement>();

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    this.bounded = dataSource.options.type !== 'better-sqlite3';
    this.connections = this.bounded ? MYSQL_POOL_SIZE : 1;
  }

  /** Runs one repository call; rejects (never throws) with the error a client may see. */
  run<T>(call: () => Promise<T>): Promise<T> {
    if (!this.bounded) {
      // No deadline timer: better-sqlite3 runs a statement synchronously, so none could fire before it returns.
      try {
        return call().catch((error: unknown) => (isLocked(error) ? this.retryWhileLocked(call) : Promise.reject(serviceError(error))));
      } catch (error) {
        return isLocked(error) ? this.retryWhileLocked(call) : Promise.reject(serviceError(error));
      }
    }
    return this.withinDeadline(call);
  }

  /**
   * SQLite: another process holds the write lock (SQLITE_BUSY: nothing was done). Try again on
   * timers, so other requests are served meanwhile, until STATEMENT_DEADLINE_MS; then 503.
   */
  private async retryWhileLocked<T>(call: () => Promise<T>): Promise<T> {
    const deadline = Date.now() + STATEMENT_DEADLINE_MS;
    for (let delay = 10; ; delay = Math.min(delay * 2, 200)) {
      if (Date.now() + delay > deadline) throw databaseUnavailable();
      await new Promise((wait) => setTimeout(wait, delay));
      try {
        return await call();
      } catch (error) {
        if (!isLocked(error)) throw serviceError(error);
      }
    }
  }

  /**
   * Runs one statement prepared, on the connection TypeORM opened, got through its public
   * QueryRunner.connect(): better-sqlite3 statements prepared once and reused, mysql2 `execute`
   * (server-side prepared, cached per connection). For a hot path only: TypeORM's Repository and
   * QueryBuilder build their SQL on every call and send it unprepared (bench/README.md has the cost).
   * Resolves to the rows of a SELECT; for an INSERT to the new id (`kind: 'insert'`).
   */
  prepared<Row>(sql: string, params: readonly unknown[]): Promise<Row[]>;
  prepared(sql: string, params: readonly unknown[], kind: 'insert'): Promise<bigint>;
  prepared(sql: string, params: readonly unknown[], kind?: 'insert'): Promise<unknown> {
    if (!this.bounded) return this.run(async () => this.sqliteStatement(await this.sqliteConnection(), sql, kind)(params));
    return this.withinDeadline(async () => {
      const runner = this.dataSource.createQueryRunner();
      const connection = (await runner.connect()) as MysqlConnection;
      try {
        const result = await new Promise<unknown>((resolve, reject) =>
          connection.execute({ sql, timeout: STATEMENT_DEADLINE_MS }, [...params], (error, rows) => (error ? reject(error) : resolve(rows))),
        );
        return kind === 'insert' ? insertedId(result) : result;
      } finally {
        await runner.release();
      }
    });
  }

  private sqliteConnection(): Promise<SqliteConnection> {
    this.sqlite ??= this.dataSource.createQueryRunner().connect() as Promise<SqliteConnection>;
    return this.sqlite;
  }

  private sqliteStatement(connection: SqliteConnection, sql: string, kind: 'insert' | undefined): (params: readonly unknown[]) => unknown {
    let statement = this.sqliteStatements.get(sql);
    if (!statement) {
      statement = connection.prepare(sql);
      this.sqliteStatements.set(sql, statement);
    }
    const prepared = statement;
    return kind === 'insert' ? (params) => insertedId(prepared.run(...params).lastInsertRowid) : (params) => prepared.all(...params);
  }

  /**
   * One INSERT (no transaction around it, no read-back); resolves to the id the database assigned,
   * exact. TypeORM's own id read-back does arithmetic on it, which fails on a bigint (SQLite) and
   * garbles a decimal string above 2^53 (MySQL), so it is switched off and the id read here.
   */
  insert<Entity extends ObjectLiteral>(repository: Repository<Entity>, values: QueryDeepPartialEntity<Entity>): Promise<bigint> {
    return this.run(async () => insertedId((await repository.createQueryBuilder().insert().values(values).updateEntity(false).execute()).raw));
  }

  /** Connections running a statement, free, and calls waiting for one; for metrics. */
  poolStats(): { inUse: number; idle: number; waiting: number } {
    const inUse = Math.min(this.inFlight, this.connections);
    return { inUse, idle: this.connections - inUse, waiting: this.inFlight - inUse };
  }

  private async withinDeadline<T>(call: () => Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(Object.assign(new Error('statement deadline passed'), { code: 'STATEMENT_DEADLINE' })), STATEMENT_DEADLINE_MS);
    });
    this.inFlight++;
    try {
      return await Promise.race([call(), deadline]);
    } catch (error) {
      throw serviceError(error);
    } finally {
      this.inFlight--;
      clearTimeout(timer);
    }
  }
}

interface SqliteStatement {
  all(...params: unknown[]): unknown[];
  run(...params: unknown[]): { lastInsertRowid: number | bigint };
}

interface SqliteConnection {
  prepare(sql: string): SqliteStatement;
}

interface MysqlConnection {
  execute(options: { sql: string; timeout: number }, params: unknown[], callback: (error: Error | null, result: unknown) => void): void;
}

/** better-sqlite3 reports the new row's id as lastInsertRowid (a bigint here), mysql2 as insertId (a string above 2^53). */
function insertedId(raw: unknown): bigint {
  const id = typeof raw === 'object' && raw !== null ? (raw as { insertId?: unknown }).insertId : raw;
  if (typeof id === 'bigint') return id;
  if (typeof id === 'string' || (typeof id === 'number' && Number.isSafeInteger(id))) return BigInt(id);
  throw new Error(`the database reported no id for the new row (${typeof id})`);
}

function isLocked(error: unknown): boolean {
  const code = (error as { code?: unknown; driverError?: { code?: unknown } } | null)?.driverError?.code ?? (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_BUSY_SNAPSHOT';
}

/** A driver error as the client must see it: 503 when the database is out of reach, else as it is (a 500). */
function serviceError(error: unknown): Error {
  if (isDatabaseUnavailable(error)) return databaseUnavailable();
  return error instanceof Error ? error : new Error(String(error));
}

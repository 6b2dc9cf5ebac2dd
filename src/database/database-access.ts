import { AsyncLocalStorage } from 'node:async_hooks';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AppException } from '../common/errors/app.exception.js';
import { ErrorCode } from '../common/errors/error-code.enum.js';
import type {
  DataSource,
  EntityManager,
  ObjectLiteral,
  QueryDeepPartialEntity,
  QueryRunner,
  Repository,
} from 'typeorm';
import type { MysqlDriver } from 'typeorm/driver/mysql/MysqlDriver.js';
import { isMariaDbServer } from './app-data-source.js';
import { ReplicaReadSet } from './replica-read-set.js';
import {
  ANSWER_DEADLINE_MS,
  DATABASE_LOCK_WAIT_SECONDS,
  DATABASE_STATEMENT_SECONDS,
  STATEMENT_DEADLINE_MS,
  databaseUnavailable,
  isDatabaseUnavailable,
  rolledBackByDatabase,
  isSqliteBusy,
  databaseBusy,
  DATABASE_POOL,
  DEFAULT_DATABASE_POOL,
  type DatabasePool,
  wasNeverSent,
  outcomeUnknown,
} from './database-availability.js';

/** Repository work: TypeORM calls on the EntityManager given, which is bound to the transaction when there is one. */
export type DatabaseWork<T> = (manager: EntityManager) => Promise<T>;

/**
 * What a MySQL call sends: reads only; one write, which commits as it ends (autocommit); or a
 * transaction, which commits only with its COMMIT.
 */
type WorkKind = 'read' | 'write' | 'transaction';

/** The transaction a call runs in, carried through the request's async calls. */
interface OpenTransaction {
  manager: EntityManager;
  /** MySQL: the connection the transaction holds. SQLite has one connection. */
  connection?: MysqlConnection;
}

/** Where a MySQL call runs: the primary, or a replica's PoolCluster node (ReplicaReadSet.pick). */
type MysqlNode = 'primary' | { replica: string };

/** Where a MySQL call is: once work is sent, a lost answer leaves a write's fate unknown. */
interface CallState {
  committing: boolean;
}

class DeadlinePassed extends Error {}

/**
 * What every repository call goes through, so that every answer about the database is true:
 *
 * - 503 SERVICE_UNAVAILABLE (Retry-After) means nothing was done: the work never reached the
 *   database (no pool connection within DB_POOL_WAIT_MS: busy; server unreachable), or the database
 *   stopped and rolled it back by its own limits (each MySQL session gets lock-wait and statement
 *   timeouts; SQLite answers SQLITE_BUSY before writing).
 * - 504 OUTCOME_UNKNOWN when a write (or a COMMIT) was sent and its answer lost: the connection
 *   broke, or no answer came within ANSWER_DEADLINE_MS, past the database's own limits.
 *
 * `transaction` runs several statements atomically; inside it, repository calls join it (through
 * AsyncLocalStorage, so a service or a handler needs no transaction parameter). It also counts the
 * calls in flight, which is what the pool metrics report.
 */
@Injectable()
export class DatabaseAccess {
  /** Which database this is; also for the rare statement whose best form differs between the two. */
  readonly dialect: 'mysql' | 'sqlite';
  /** MySQL with read replicas (TypeORM replication): reads go to those within the lag bound. */
  private readonly replicas?: ReplicaReadSet;
  /** Set for the calls of a request that asked for a read reflecting every committed write (readingFromPrimary). */
  private readonly primaryReads = new AsyncLocalStorage<true>();
  private readonly connections: number;
  private inFlight = 0;
  private readonly open = new AsyncLocalStorage<OpenTransaction>();
  private sqlite?: Promise<SqliteConnection>;
  /** The connection once open: a prepared statement then runs without waiting for a promise. */
  private sqliteOpen?: SqliteConnection;
  private readonly sqliteStatements = new Map<string, SqliteStatement>();
  /** SQLite has one connection: while a transaction is open on it, every other call waits for it to end. */
  private sqliteTransaction?: Promise<void>;
  private readonly limitedSessions = new WeakSet<object>();
  private sessionLimitsSql?: Promise<string>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Optional() @Inject(DATABASE_POOL) private readonly pool: DatabasePool = DEFAULT_DATABASE_POOL,
    @Optional() replicas?: ReplicaReadSet,
  ) {
    this.dialect = dataSource.options.type === 'better-sqlite3' ? 'sqlite' : 'mysql';
    if (
      (dataSource.options as { replication?: unknown }).replication !== undefined &&
      replicas?.configured
    )
      this.replicas = replicas;
    this.connections = this.dialect === 'sqlite' ? 1 : pool.size;
  }

  /**
   * Work that only reads. With replicas (DATABASE_REPLICA_URLS) it runs on one within the lag bound
   * (ReplicaReadSet), and again on the primary when none answers, or when `primaryIf` says the result
   * may be stale: a pet created a moment ago may not have reached the replica yet, so a miss by id
   * asks the primary.
   */
  read<T>(work: DatabaseWork<T>, primaryIf?: (result: T) => boolean): Promise<T> {
    return this.execute(work, 'read', primaryIf);
  }

  /**
   * A read that must reflect every committed write, on the primary whatever the replicas do: what
   * decides who is let in (the key set) or what a retry gets (an Idempotency-Key's record).
   */
  readPrimary<T>(work: DatabaseWork<T>): Promise<T> {
    return this.execute(work, 'read', undefined, true);
  }

  /** Runs `then` with every read of its calls on the primary: a request that asked for a read no replica may lag (Cache-Control: no-cache). */
  readingFromPrimary<T>(then: () => T): T {
    return this.primaryReads.run(true, then);
  }

  /** Work that writes in exactly one statement; several statements belong in `transaction`. */
  write<T>(work: DatabaseWork<T>): Promise<T> {
    return this.execute(work, 'write');
  }

  /**
   * One INSERT; resolves to the id the database assigned, exact. TypeORM's own id read-back does
   * arithmetic on it, which fails on a bigint (SQLite) and garbles a decimal string above 2^53
   * (MySQL), so it is switched off and the id read here.
   */
  insert<Entity extends ObjectLiteral>(
    repository: Repository<Entity>,
    values: QueryDeepPartialEntity<Entity>,
  ): Promise<bigint> {
    return this.write(async (manager) =>
      insertedId(
        (
          await manager
            .withRepository(repository)
            .createQueryBuilder()
            .insert()
            .values(values)
            .updateEntity(false)
            .execute()
        ).raw,
      ),
    );
  }

  /**
   * Runs one statement prepared, on the connection TypeORM opened: better-sqlite3 statements
   * prepared once and reused, mysql2 `execute` (server-side prepared, cached per connection) on a
   * connection of TypeORM's pool taken without a QueryRunner (one built and dropped per call cost
   * more than a prepared statement saves; bench/README.md). For a hot path only: TypeORM's
   * Repository and QueryBuilder build their SQL on every call and send it unprepared.
   * Resolves to the rows of a SELECT; for an INSERT (a write) to the new id (`kind: 'insert'`).
   */
  prepared<Row>(
    sql: string,
    params: readonly unknown[],
    options?: { primaryIfEmpty: boolean },
  ): Promise<Row[]>;
  prepared(sql: string, params: readonly unknown[], kind: 'insert'): Promise<bigint>;
  prepared(
    sql: string,
    params: readonly unknown[],
    kindOrOptions?: 'insert' | { primaryIfEmpty: boolean },
  ): Promise<unknown> {
    const kind = kindOrOptions === 'insert' ? 'insert' : undefined;
    if (this.dialect === 'sqlite')
      return this.onSqlite(() =>
        this.sqliteOpen
          ? this.runSqliteStatement(this.sqliteOpen, sql, kind, params)
          : this.sqliteConnection().then((connection) =>
              this.runSqliteStatement(connection, sql, kind, params),
            ),
      );
    const transaction = this.open.getStore();
    const run = async (connection: MysqlConnection) => {
      const result = await new Promise<unknown>((resolve, reject) =>
        connection.execute(sql, [...params], (error, rows) =>
          error ? reject(error) : resolve(rows),
        ),
      );
      return kind === 'insert' ? insertedId(result) : result;
    };
    if (transaction) return run(transaction.connection!);
    if (kind === 'insert') return this.onMysql('write', run);
    const primaryIfEmpty = typeof kindOrOptions === 'object' && kindOrOptions.primaryIfEmpty;
    return this.readOnReplica(
      (node) => this.onMysql('read', run, node),
      primaryIfEmpty ? (rows) => (rows as unknown[]).length === 0 : undefined,
      false,
    );
  }

  /**
   * Runs `work` in one transaction: committed when it resolves, rolled back when it rejects. On
   * MySQL a lost answer before COMMIT was sent is a 503 (the server rolls back an open transaction
   * whose connection is gone); only a lost COMMIT is 504 OUTCOME_UNKNOWN. Inside, calls join it.
   */
  async transaction<T>(work: DatabaseWork<T>): Promise<T> {
    const joined = this.open.getStore();
    if (joined) return work(joined.manager);
    if (this.dialect === 'sqlite') return this.sqliteTransactionOf(work);
    return this.onMysql('transaction', async (connection, state) => {
      const runner = this.runnerOn(connection);
      await runner.startTransaction();
      let result: T;
      try {
        result = await this.open.run({ manager: runner.manager, connection }, () =>
          work(runner.manager),
        );
      } catch (error) {
        await runner.rollbackTransaction().catch(() => undefined);
        throw error;
      }
      state.committing = true;
      await runner.commitTransaction();
      return result;
    });
  }

  /** Connections running a statement, free, and calls waiting for one; for metrics. */
  poolStats(): { inUse: number; idle: number; waiting: number } {
    const inUse = Math.min(this.inFlight, this.connections);
    return { inUse, idle: this.connections - inUse, waiting: this.inFlight - inUse };
  }

  private execute<T>(
    work: DatabaseWork<T>,
    kind: WorkKind,
    primaryIf?: (result: T) => boolean,
    primaryOnly = false,
  ): Promise<T> {
    const transaction = this.open.getStore();
    if (transaction) return work(transaction.manager);
    if (this.dialect === 'sqlite') return this.onSqlite(() => work(this.dataSource.manager));
    const onRunner = (connection: MysqlConnection) => work(this.runnerOn(connection).manager);
    if (kind !== 'read') return this.onMysql(kind, onRunner);
    return this.readOnReplica(
      (node) => this.onMysql('read', onRunner, node),
      primaryIf,
      primaryOnly,
    );
  }

  /** A read on a replica within the lag bound when there is one; on the primary when none is, none answers, or the result may be stale. */
  private async readOnReplica<T>(
    onNode: (node: MysqlNode) => Promise<T>,
    primaryIf: ((result: T) => boolean) | undefined,
    primaryOnly: boolean,
  ): Promise<T> {
    const replica =
      this.replicas && !primaryOnly && !this.primaryReads.getStore()
        ? this.replicas.pick()
        : undefined;
    if (replica === undefined) return onNode('primary');
    let result: T;
    try {
      result = await onNode({ replica });
    } catch (error) {
      // A replica down or busy: reads are safe to send again, to the primary.
      if (error instanceof AppException && error.code === ErrorCode.SERVICE_UNAVAILABLE)
        return onNode('primary');
      throw error;
    }
    return primaryIf?.(result) ? onNode('primary') : result;
  }

  // ---- MySQL ----

  /**
   * Runs work on a pool connection that carries the database-enforced limits. Waits at most
   * DB_POOL_WAIT_MS for the connection (503: nothing sent), then ANSWER_DEADLINE_MS for the
   * answer. A write is "committing" from the moment it is sent; a transaction marks COMMIT itself.
   */
  private async onMysql<T>(
    kind: WorkKind,
    work: (connection: MysqlConnection, state: CallState) => Promise<T>,
    node: MysqlNode = 'primary',
  ): Promise<T> {
    const state: CallState = { committing: false };
    let connection: MysqlConnection | undefined;
    this.inFlight++;
    try {
      const connecting = this.mysqlConnection(node);
      try {
        connection = await withDeadline(connecting, this.pool.waitMs);
        await this.limitSession(connection);
      } catch (error) {
        // Nothing was sent: a connection that arrives after the deadline goes back unused.
        if (error instanceof DeadlinePassed)
          connecting.then(
            (late) => late.release(),
            () => undefined,
          );
        if (error instanceof DeadlinePassed)
          throw databaseBusy(
            `no database connection came free within ${this.pool.waitMs / 1_000} s`,
          );
        throw isDatabaseUnavailable(error) ? databaseUnavailable() : error;
      }
      if (kind === 'write') state.committing = true;
      try {
        return await withDeadline(work(connection, state), ANSWER_DEADLINE_MS);
      } catch (error) {
        const refusal = rolledBackByDatabase(error);
        if (refusal) throw databaseBusy(refusal);
        if (wasNeverSent(error)) throw databaseUnavailable();
        const stalled = error instanceof DeadlinePassed;
        if (!stalled && !isDatabaseUnavailable(error)) throw error;
        // Whatever may still run on it must not commit later, nor hold locks, nor go back to the pool.
        connection.destroy();
        if (state.committing) throw outcomeUnknown();
        throw stalled
          ? databaseBusy(`the database did not answer within ${ANSWER_DEADLINE_MS / 1_000} s`)
          : databaseUnavailable();
      }
    } finally {
      this.inFlight--;
      connection?.release();
    }
  }

  /**
   * A pool connection of the primary (MysqlDriver's public obtainMasterConnection, which TypeORM's
   * QueryRunner.connect() calls), or of that replica's pool: TypeORM's own slave mode would pick
   * any replica (SLAVE*), including one behind the bound.
   */
  private mysqlConnection(node: MysqlNode): Promise<MysqlConnection> {
    if (node === 'primary')
      return (
        this.dataSource.driver as MysqlDriver
      ).obtainMasterConnection() as Promise<MysqlConnection>;
    const driver = this.dataSource.driver as unknown as ReplicatedMysqlDriver;
    return new Promise((resolve, reject) =>
      driver.poolCluster.getConnection(node.replica, (error, connection) =>
        error ? reject(error) : resolve(driver.prepareDbConnection(connection)),
      ),
    );
  }

  /**
   * A QueryRunner for TypeORM work (EntityManager calls, transactions) on the call's connection,
   * which onMysql releases: the runner uses it as if it had connected, and is never released itself.
   */
  private runnerOn(connection: MysqlConnection): QueryRunner {
    const runner = this.dataSource.createQueryRunner();
    (runner as QueryRunner & { databaseConnection: unknown }).databaseConnection = connection;
    return runner;
  }

  /** Once per pool connection: the lock-wait and statement limits the server enforces (and rolls back by). */
  private async limitSession(connection: MysqlConnection): Promise<void> {
    if (this.limitedSessions.has(connection)) return;
    // On this connection: with a pool of one, asking the pool for another would wait forever.
    const query = <Rows>(sql: string) =>
      new Promise<Rows>((resolve, reject) =>
        connection.query(sql, (error, rows) => (error ? reject(error) : resolve(rows as Rows))),
      );
    this.sessionLimitsSql ??= isMariaDbServer({ query }).then(
      sessionLimitsSql,
      (error: unknown) => {
        this.sessionLimitsSql = undefined;
        throw error;
      },
    );
    await query(await this.sessionLimitsSql);
    this.limitedSessions.add(connection);
  }

  // ---- SQLite ----

  /**
   * better-sqlite3 runs each statement synchronously, so a call either ends or fails before anything
   * else runs; no timer could cut it. SQLITE_BUSY (another process holds the write lock: nothing was
   * done) is retried on timers, so other requests are served meanwhile, until STATEMENT_DEADLINE_MS; then 503.
   */
  private onSqlite<T>(work: () => T | Promise<T>): Promise<T> {
    if (this.sqliteTransaction && !this.open.getStore())
      return this.afterSqliteTransaction(() => this.onSqlite(work));
    let result: T | Promise<T>;
    try {
      result = work();
    } catch (error) {
      return this.sqliteFailure(error, work);
    }
    // A statement that ran at once is settled in one promise, not three (bench/README.md).
    if (typeof (result as Partial<PromiseLike<T>> | undefined)?.then !== 'function')
      return Promise.resolve(result);
    return Promise.resolve(result).catch((error: unknown) => this.sqliteFailure(error, work));
  }

  /** Whether `work` threw or rejected: SQLITE_BUSY is retried on timers, anything else passes on as a service error. */
  private sqliteFailure<T>(error: unknown, work: () => T | Promise<T>): Promise<T> {
    return isSqliteBusy(error) ? this.retryWhileLocked(work) : Promise.reject(serviceError(error));
  }

  private async afterSqliteTransaction<T>(then: () => Promise<T>): Promise<T> {
    while (this.sqliteTransaction) await this.sqliteTransaction;
    return then();
  }

  private async retryWhileLocked<T>(work: () => T | Promise<T>): Promise<T> {
    const deadline = Date.now() + STATEMENT_DEADLINE_MS;
    for (let delay = 10; ; delay = Math.min(delay * 2, 200)) {
      if (Date.now() + delay > deadline) throw sqliteLocked();
      await new Promise((wait) => setTimeout(wait, delay));
      while (this.sqliteTransaction && !this.open.getStore()) await this.sqliteTransaction;
      try {
        return await work();
      } catch (error) {
        if (!isSqliteBusy(error)) throw serviceError(error);
      }
    }
  }

  /**
   * BEGIN IMMEDIATE takes the write lock first, so no statement inside meets SQLITE_BUSY. While
   * another process has the lock it is retried on timers, holding nothing: this process's other
   * calls go on meanwhile. The gate is set in the same tick as BEGIN succeeds.
   */
  private async sqliteTransactionOf<T>(work: DatabaseWork<T>): Promise<T> {
    const connection = await this.sqliteConnection();
    const deadline = Date.now() + STATEMENT_DEADLINE_MS;
    for (let delay = 10; ; delay = Math.min(delay * 2, 200)) {
      while (this.sqliteTransaction) await this.sqliteTransaction;
      try {
        connection.exec('BEGIN IMMEDIATE');
        break;
      } catch (error) {
        if (!isSqliteBusy(error)) throw serviceError(error);
        if (Date.now() + delay > deadline) throw sqliteLocked();
        await new Promise((wait) => setTimeout(wait, delay));
      }
    }
    let end!: () => void;
    this.sqliteTransaction = new Promise<void>((resolve) => (end = resolve));
    try {
      const result = await this.open.run({ manager: this.dataSource.manager }, () =>
        work(this.dataSource.manager),
      );
      connection.exec('COMMIT');
      return result;
    } catch (error) {
      if (connection.inTransaction) connection.exec('ROLLBACK');
      throw error;
    } finally {
      this.sqliteTransaction = undefined;
      end();
    }
  }

  private sqliteConnection(): Promise<SqliteConnection> {
    this.sqlite ??= (
      this.dataSource.createQueryRunner().connect() as Promise<SqliteConnection>
    ).then((connection) => (this.sqliteOpen = connection));
    return this.sqlite;
  }

  private runSqliteStatement(
    connection: SqliteConnection,
    sql: string,
    kind: 'insert' | undefined,
    params: readonly unknown[],
  ): unknown {
    let statement = this.sqliteStatements.get(sql);
    if (!statement) {
      statement = connection.prepare(sql);
      this.sqliteStatements.set(sql, statement);
    }
    return kind === 'insert'
      ? insertedId(statement.run(...params).lastInsertRowid)
      : statement.all(...params);
  }
}

interface SqliteStatement {
  all(...params: unknown[]): unknown[];
  run(...params: unknown[]): { lastInsertRowid: number | bigint };
}

interface SqliteConnection {
  prepare(sql: string): SqliteStatement;
  exec(sql: string): void;
  readonly inTransaction: boolean;
}

/** What TypeORM's MysqlDriver holds with replication: the mysql2 PoolCluster of its nodes. */
interface ReplicatedMysqlDriver {
  poolCluster: {
    getConnection(
      node: string,
      callback: (error: Error | null, connection: MysqlConnection) => void,
    ): void;
  };
  prepareDbConnection(connection: MysqlConnection): MysqlConnection;
}

/** A mysql2 pool connection. */
interface MysqlConnection {
  execute(
    sql: string,
    params: unknown[],
    callback: (error: Error | null, result: unknown) => void,
  ): void;
  query(sql: string, callback: (error: Error | null, result: unknown) => void): void;
  destroy(): void;
  release(): void;
}

/** MariaDB's max_statement_time bounds every statement; MySQL's max_execution_time bounds SELECTs (its writes wait on locks only). */
function sessionLimitsSql(mariaDb: boolean): string {
  const statementLimit = mariaDb
    ? `max_statement_time = ${DATABASE_STATEMENT_SECONDS}`
    : `max_execution_time = ${DATABASE_STATEMENT_SECONDS * 1_000}`;
  return `SET SESSION ${statementLimit}, lock_wait_timeout = ${DATABASE_LOCK_WAIT_SECONDS}, innodb_lock_wait_timeout = ${DATABASE_LOCK_WAIT_SECONDS}`;
}

/** Resolves or rejects as `work` does, or rejects with DeadlinePassed after `ms`; `work`'s later failure is then ignored. */
function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  // One promise and one timer per call (no Promise.race and finally): this runs twice per MySQL call.
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new DeadlinePassed(`no answer within ${ms} ms`)), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: Error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

function sqliteLocked(): Error {
  return databaseBusy(
    `another process held the database's write lock for more than ${STATEMENT_DEADLINE_MS / 1_000} s`,
  );
}

/** better-sqlite3 reports the new row's id as lastInsertRowid (a bigint here), mysql2 as insertId (a string above 2^53). */
function insertedId(raw: unknown): bigint {
  const id =
    typeof raw === 'object' && raw !== null ? (raw as { insertId?: unknown }).insertId : raw;
  if (typeof id === 'bigint') return id;
  if (typeof id === 'string' || (typeof id === 'number' && Number.isSafeInteger(id)))
    return BigInt(id);
  throw new Error(`the database reported no id for the new row (${typeof id})`);
}

/** A driver error as the client must see it: 503 when the database is out of reach, else as it is (a 500). */
function serviceError(error: unknown): Error {
  if (isDatabaseUnavailable(error)) return databaseUnavailable();
  return error instanceof Error ? error : new Error(String(error));
}

import { Inject, Injectable, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type {
  DataSource,
  EntityManager,
  ObjectLiteral,
  QueryDeepPartialEntity,
  Repository,
} from 'typeorm';
import { refusalBeforeStatement } from '../common/overload/request-work.js';
import { retry } from '../common/retry/retry.js';
import {
  DATABASE_POOL,
  DEFAULT_DATABASE_POOL,
  databaseBusy,
  isLockConflict,
  rolledBackByDatabase,
  type DatabasePool,
} from './database-availability.js';
import { insertedId } from './inserted-id.js';
import type { MysqlConnection } from './mysql-connection.js';
import { MysqlExecutor, type WorkKind } from './mysql-executor.js';
import { ReadRouting } from './read-routing.js';
import { ReplicaReadSet } from './replica-read-set.js';
import { SqliteExecutor } from './sqlite-executor.js';
import { TransactionScope } from './transaction-scope.js';

/** Where a prepared read may go: asked again on the primary when empty, or only the primary. */
export interface PreparedReadOptions {
  primaryIfEmpty?: boolean;
  primaryOnly?: boolean;
}

/** Repository work: TypeORM calls on the EntityManager given, bound to any transaction. */
export type DatabaseWork<T> = (manager: EntityManager) => Promise<T>;

/** Every repository call goes through here, so every answer about the database is true. */
@Injectable()
export class DatabaseAccess {
  /** Which database this is, for the rare statement whose best form differs. */
  readonly dialect: 'mysql' | 'sqlite';
  private readonly scope = new TransactionScope();
  private readonly routing: ReadRouting;
  private readonly mysql: MysqlExecutor;
  private readonly sqlite: SqliteExecutor;
  private readonly connections: number;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Optional() @Inject(DATABASE_POOL) pool: DatabasePool = DEFAULT_DATABASE_POOL,
    @Optional() replicas?: ReplicaReadSet,
  ) {
    this.dialect = dataSource.options.type === 'better-sqlite3' ? 'sqlite' : 'mysql';
    const replicated = (dataSource.options as { replication?: unknown }).replication !== undefined;
    this.routing = new ReadRouting(replicated && replicas?.configured ? replicas : undefined);
    this.mysql = new MysqlExecutor(dataSource, pool);
    this.sqlite = new SqliteExecutor(dataSource, this.scope);
    this.connections = this.dialect === 'sqlite' ? 1 : pool.size;
  }

  /** Reads on a replica within the lag bound, again on the primary when it may be stale. */
  read<T>(work: DatabaseWork<T>, primaryIf?: (result: T) => boolean): Promise<T> {
    return this.execute(work, 'read', primaryIf);
  }

  /** A read that must reflect every committed write: who is let in, what a retry gets. */
  readPrimary<T>(work: DatabaseWork<T>): Promise<T> {
    return this.execute(work, 'read', undefined, true);
  }

  /** Runs `then` with every read of its calls on the primary (Cache-Control: no-cache). */
  readingFromPrimary<T>(then: () => T): T {
    return this.routing.readingFromPrimary(then);
  }

  /** Work that writes in exactly one statement; several statements belong in `transaction`. */
  write<T>(work: DatabaseWork<T>): Promise<T> {
    return this.execute(work, 'write');
  }

  /** One INSERT; the new id exact (TypeORM's own read-back does arithmetic on it). */
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

  /** One prepared statement, for a hot path (TypeORM's builders send SQL unprepared). */
  prepared<Row>(
    sql: string,
    params: readonly unknown[],
    options?: PreparedReadOptions,
  ): Promise<Row[]>;
  /** An INSERT: the new id. */
  prepared(sql: string, params: readonly unknown[], kind: 'insert'): Promise<bigint>;
  /** An UPDATE or DELETE: how many rows it changed. */
  prepared(sql: string, params: readonly unknown[], kind: 'write'): Promise<number>;
  prepared(
    sql: string,
    params: readonly unknown[],
    kindOrOptions?: 'insert' | 'write' | PreparedReadOptions,
  ): Promise<unknown> {
    const kind = typeof kindOrOptions === 'string' ? kindOrOptions : undefined;
    const transaction = this.scope.current();
    const refusal = transaction ? undefined : refusalBeforeStatement(kind !== undefined);
    if (refusal) return Promise.reject(refusal);
    if (this.dialect === 'sqlite') return this.sqlite.prepared(sql, params, kind);
    const run = async (connection: MysqlConnection) => {
      const result = await new Promise<unknown>((resolve, reject) =>
        connection.execute(sql, [...params], (error, rows) =>
          error ? reject(error) : resolve(rows),
        ),
      );
      if (kind === 'insert') return insertedId(result);
      return kind === 'write' ? (result as { affectedRows: number }).affectedRows : result;
    };
    if (transaction) return run(transaction.connection!);
    const onConnection = (_runner: unknown, connection: MysqlConnection) => run(connection);
    if (kind !== undefined) return this.mysql.run('write', onConnection, 'primary', false);
    if (typeof kindOrOptions === 'object' && kindOrOptions.primaryOnly)
      return this.mysql.run('read', onConnection, 'primary', false);
    const primaryIfEmpty = typeof kindOrOptions === 'object' && kindOrOptions.primaryIfEmpty;
    return this.routing.read(
      (node) => this.mysql.run('read', onConnection, node, false),
      primaryIfEmpty ? (rows) => (rows as unknown[]).length === 0 : undefined,
      false,
    );
  }

  /**
   * One transaction; on MySQL only a lost COMMIT is 504. With `retryLockConflicts`, work that met a
   * deadlock or a lock wait timeout runs again (nothing of it done), up to CONFLICT_TRIES in all.
   */
  async transaction<T>(
    work: DatabaseWork<T>,
    { retryLockConflicts = false }: { retryLockConflicts?: boolean } = {},
  ): Promise<T> {
    const joined = this.scope.current();
    if (joined) return work(joined.manager);
    const refusal = refusalBeforeStatement(true);
    if (refusal) throw refusal;
    let committed: (() => void)[] = [];
    const once = () => {
      committed = [];
      return this.dialect === 'sqlite'
        ? this.sqlite.transaction(work, committed)
        : this.mysqlTransaction(work, committed, retryLockConflicts);
    };
    const result = await retry(
      once,
      { firstWaitMs: 10, maxWaitMs: 100, jitter: 'full', tries: CONFLICT_TRIES },
      (error) => error instanceof LockConflict,
    ).catch((error: unknown) => {
      throw error instanceof LockConflict ? databaseBusy(error.why) : error;
    });
    for (const callback of committed) callback();
    return result;
  }

  private mysqlTransaction<T>(
    work: DatabaseWork<T>,
    committed: (() => void)[],
    retryLockConflicts: boolean,
  ): Promise<T> {
    return this.mysql.run('transaction', async (runner, connection, state) => {
      await runner.startTransaction();
      let done: T;
      try {
        done = await this.scope.run({ manager: runner.manager, connection, committed }, () =>
          work(runner.manager),
        );
      } catch (error) {
        await runner.rollbackTransaction().catch(() => undefined);
        const why = rolledBackByDatabase(error);
        if (retryLockConflicts && why !== undefined && isLockConflict(error))
          throw new LockConflict(why);
        throw error;
      }
      state.committing = true;
      await runner.commitTransaction();
      return done;
    });
  }

  /** Runs `callback` once the open transaction commits (never if it does not), or now outside one. */
  afterCommit(callback: () => void): void {
    const open = this.scope.current();
    if (open) open.committed.push(callback);
    else callback();
  }

  /** Connections running a statement, free, and calls waiting for one; for metrics. */
  poolStats(): { inUse: number; idle: number; waiting: number } {
    const inFlight = this.dialect === 'sqlite' ? 0 : this.mysql.callsInFlight;
    const inUse = Math.min(inFlight, this.connections);
    return { inUse, idle: this.connections - inUse, waiting: inFlight - inUse };
  }

  private execute<T>(
    work: DatabaseWork<T>,
    kind: WorkKind,
    primaryIf?: (result: T) => boolean,
    primaryOnly = false,
  ): Promise<T> {
    const transaction = this.scope.current();
    if (transaction) return work(transaction.manager);
    const refusal = refusalBeforeStatement(kind !== 'read');
    if (refusal) return Promise.reject(refusal);
    if (this.dialect === 'sqlite') return this.sqlite.run(() => work(this.dataSource.manager));
    if (kind !== 'read') return this.mysql.run(kind, (runner) => work(runner.manager));
    return this.routing.read(
      (node) => this.mysql.run('read', (runner) => work(runner.manager), node),
      primaryIf,
      primaryOnly,
    );
  }
}

/** Runs of a transaction with `retryLockConflicts`, the first included. */
const CONFLICT_TRIES = 4;

/** A transaction rolled back after a deadlock or a lock wait past its limit: nothing was done. */
class LockConflict extends Error {
  constructor(readonly why: string) {
    super(why);
  }
}

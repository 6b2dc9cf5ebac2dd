import type { DataSource, QueryRunner } from 'typeorm';
import { isMariaDbServer } from './app-data-source.js';
import {
  ANSWER_DEADLINE_MS,
  DATABASE_LOCK_WAIT_SECONDS,
  DATABASE_STATEMENT_SECONDS,
  databaseBusy,
  databaseUnavailable,
  isDatabaseUnavailable,
  outcomeUnknown,
  rolledBackByDatabase,
  wasNeverSent,
  type DatabasePool,
} from './database-availability.js';
import { DeadlinePassed, withDeadline } from './deadline.js';
import type { MysqlConnection, MysqlNode } from './mysql-connection.js';
import { SESSION_SQL_MODE } from './session-sql-mode.js';
import { replicaQueryRunner } from './typeorm-internals.js';

/** A MySQL call: reads only; one write (autocommit); or a transaction ended by COMMIT. */
export type WorkKind = 'read' | 'write' | 'transaction';

/** Once work is sent a lost answer leaves a write's fate unknown. */
export interface CallState {
  committing: boolean;
}

export type MysqlWork<T> = (
  runner: QueryRunner,
  connection: MysqlConnection,
  state: CallState,
) => Promise<T>;

/** MySQL calls on a QueryRunner each, with the session limits and truthful 503 and 504. */
export class MysqlExecutor {
  private inFlight = 0;
  private readonly limitedSessions = new WeakSet<object>();
  private sessionLimitsSql?: Promise<string>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly pool: DatabasePool,
  ) {}

  /** Calls holding or waiting for a connection; for the pool metrics. */
  get callsInFlight(): number {
    return this.inFlight;
  }

  /** `withManager: false` for work on the connection alone (a prepared statement): no EntityManager. */
  async run<T>(
    kind: WorkKind,
    work: MysqlWork<T>,
    node: MysqlNode = 'primary',
    withManager = true,
  ): Promise<T> {
    const state: CallState = { committing: false };
    const runner =
      node === 'primary'
        ? this.primaryRunner(withManager)
        : replicaQueryRunner(this.dataSource, node.replica, withManager);
    let connection: MysqlConnection | undefined;
    this.inFlight++;
    try {
      const connecting = runner.connect() as Promise<MysqlConnection>;
      try {
        connection = await withDeadline(connecting, this.pool.waitMs);
        await this.limitSession(connection);
      } catch (error) {
        if (error instanceof DeadlinePassed) {
          // Nothing was sent: a connection that arrives after the deadline goes back unused.
          connecting.then(
            () => runner.release(),
            () => undefined,
          );
          throw databaseBusy(
            `no database connection came free within ${this.pool.waitMs / 1_000} s`,
          );
        }
        throw isDatabaseUnavailable(error) ? databaseUnavailable() : error;
      }
      if (kind === 'write') state.committing = true;
      try {
        return await withDeadline(work(runner, connection, state), ANSWER_DEADLINE_MS);
      } catch (error) {
        const refusal = rolledBackByDatabase(error);
        if (refusal) throw databaseBusy(refusal);
        if (wasNeverSent(error)) throw databaseUnavailable();
        const stalled = error instanceof DeadlinePassed;
        if (!stalled && !isDatabaseUnavailable(error)) throw error;
        // Whatever may still run on it must not commit later, nor hold locks, nor go back to the
        // pool.
        connection.destroy();
        if (state.committing) throw outcomeUnknown();
        throw stalled
          ? databaseBusy(`the database did not answer within ${ANSWER_DEADLINE_MS / 1_000} s`)
          : databaseUnavailable();
      }
    } finally {
      this.inFlight--;
      if (connection) void runner.release();
    }
  }

  /** The DataSource's runners carry an EntityManager; the driver's, for raw connection work, none. */
  private primaryRunner(withManager: boolean): QueryRunner {
    return withManager
      ? this.dataSource.createQueryRunner('master')
      : this.dataSource.driver.createQueryRunner('master');
  }

  /** Once per pool connection: the server's lock-wait and statement limits, and the SQL mode. */
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
}

/** MariaDB's max_statement_time bounds every statement; MySQL's only SELECTs. */
function sessionLimitsSql(mariaDb: boolean): string {
  const statementLimit = mariaDb
    ? `max_statement_time = ${DATABASE_STATEMENT_SECONDS}`
    : `max_execution_time = ${DATABASE_STATEMENT_SECONDS * 1_000}`;
  return (
    `SET SESSION ${statementLimit}, lock_wait_timeout = ${DATABASE_LOCK_WAIT_SECONDS}, ` +
    `innodb_lock_wait_timeout = ${DATABASE_LOCK_WAIT_SECONDS}, sql_mode = '${SESSION_SQL_MODE}'`
  );
}

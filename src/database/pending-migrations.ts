import { Logger } from '@nestjs/common';
import { MigrationExecutor, type DataSource, type QueryRunner } from 'typeorm';
import { retry } from '../common/retry/retry.js';
import { isMissingTable, isSqliteBusy } from './database-availability.js';
import { SET_SESSION_SQL_MODE } from './session-sql-mode.js';

const logger = new Logger('Migrations');

/** MySQL's named locks are server-wide, so the name carries the database's. */
const MYSQL_LOCK_NAME = "LEFT(CONCAT('petstore_migrations_', DATABASE()), 64)";

/** Migrates under a database lock, so any number of instances may start at once. */
export async function runPendingMigrations(
  dataSource: DataSource,
  waitMs: number,
): Promise<string[]> {
  const sqlite = dataSource.options.type === 'better-sqlite3';
  const runner = dataSource.createQueryRunner();
  try {
    await (sqlite ? beginImmediate(runner, waitMs) : getLock(runner, waitMs));
    if (!sqlite) await runner.query(SET_SESSION_SQL_MODE);
    try {
      const executor = new MigrationExecutor(dataSource, runner);
      // SQLite: the write transaction above is the one transaction; MySQL: TypeORM's own.
      executor.transaction = sqlite ? 'none' : 'all';
      const applied = (await executor.executePendingMigrations()).map(
        (migration) => migration.name,
      );
      if (sqlite) await runner.query('COMMIT');
      if (applied.length > 0)
        logger.log(`Applied ${applied.length} migration(s): ${applied.join(', ')}`);
      return applied;
    } catch (error) {
      if (sqlite) await runner.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      if (!sqlite)
        await runner.query(`SELECT RELEASE_LOCK(${MYSQL_LOCK_NAME})`).catch(() => undefined);
    }
  } finally {
    await runner.release();
  }
}

/**
 * Whether migrations are pending, writing nothing (showMigrations() creates the table, which workers
 * race for), in one read of the table: /readyz asks every second.
 */
export async function hasPendingMigrations(dataSource: DataSource): Promise<boolean> {
  const table = dataSource.driver.escape(dataSource.options.migrationsTableName ?? 'migrations');
  let rows: { name: string }[];
  try {
    rows = await dataSource.query<{ name: string }[]>(`SELECT name FROM ${table}`);
  } catch (error) {
    if (isMissingTable(error)) return dataSource.migrations.length > 0;
    throw error;
  }
  const applied = new Set(rows.map((row) => row.name));
  return dataSource.migrations.some(
    // The name TypeORM records: the migration's own, or its class's.
    (migration) => !applied.has(migration.name || migration.constructor.name),
  );
}

async function getLock(runner: QueryRunner, waitMs: number): Promise<void> {
  const lock = async (seconds: number) => {
    const [row] = (await runner.query(
      `SELECT GET_LOCK(${MYSQL_LOCK_NAME}, ${seconds}) AS locked`,
    )) as { locked: number | string | null }[];
    return Number(row.locked) === 1;
  };
  if (await lock(0)) return;
  logger.log('Another instance is applying the migrations; waiting for it.');
  if (!(await lock(Math.max(1, Math.ceil(waitMs / 1_000))))) {
    throw new Error(
      `another instance held the migration lock for more than MIGRATIONS_LOCK_WAIT_MS=${waitMs} ms`,
    );
  }
}

/** better-sqlite3 waits for no lock (timeout 0): SQLITE_BUSY is retried here, on timers. */
async function beginImmediate(runner: QueryRunner, waitMs: number): Promise<void> {
  try {
    await retry(
      () => runner.query('BEGIN IMMEDIATE'),
      { firstWaitMs: 10, maxWaitMs: 250, withinMs: waitMs },
      (error, failures) => {
        if (!isSqliteBusy(error)) return false;
        if (failures === 1)
          logger.log(
            'Another process is writing to the database (applying the migrations?); waiting for it.',
          );
        return true;
      },
    );
  } catch (error) {
    if (!isSqliteBusy(error)) throw error;
    throw new Error(
      `another process held the database's write lock for more than ` +
        `MIGRATIONS_LOCK_WAIT_MS=${waitMs} ms`,
      { cause: error },
    );
  }
}

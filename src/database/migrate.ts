import 'reflect-metadata';
import { parseMigrationsLockWait } from '../config/app.config.js';
import { ConfigValidationError } from '../config/config-validation.error.js';
import { cliDataSource } from './cli-data-source.js';
import { runPendingMigrations } from './pending-migrations.js';

/**
 * npm run migration:run: applies the pending migrations on DATABASE_URL under the same lock as the
 * instances take at start-up, so it may run as a deploy step while instances start. Exit code 0 when
 * the database is up to date, 1 when a migration failed or the lock was not had in time.
 */
try {
  const waitMs = parseMigrationsLockWait(process.env);
  const dataSource = await (await cliDataSource()).initialize();
  try {
    const applied = await runPendingMigrations(dataSource, waitMs);
    console.log(applied.length > 0 ? `Applied: ${applied.join(', ')}` : 'No pending migrations: the database is up to date.');
  } finally {
    await dataSource.destroy();
  }
} catch (error) {
  console.error(
    error instanceof ConfigValidationError
      ? `Configuration error: ${error.message}`
      : `Migrations failed: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exitCode = 1;
}

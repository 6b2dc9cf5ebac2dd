import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { parseMigrationsLockWait } from '../config/app.config.js';
import { ConfigValidationError } from '../config/config-validation.error.js';
import {
  PinoNestLogger,
  createPinoLogger,
  flushLogs,
  whenLogWritesSettle,
} from '../logging/pino-logger.js';
import { cliDataSource } from './cli-data-source.js';
import { runPendingMigrations } from './pending-migrations.js';

/**
 * npm run migration:run: the pending migrations under the lock instances take at start-up, so it
 * may run as a deploy step while instances start.
 */
Logger.overrideLogger(new PinoNestLogger(createPinoLogger('info')));
const logger = new Logger('Migrations');

try {
  const waitMs = parseMigrationsLockWait(process.env);
  const dataSource = await (await cliDataSource()).initialize();
  try {
    const applied = await runPendingMigrations(dataSource, waitMs);
    if (applied.length === 0) logger.log('No pending migrations: the database is up to date.');
  } finally {
    await dataSource.destroy();
  }
} catch (error) {
  const reason =
    error instanceof ConfigValidationError
      ? `Configuration error: ${error.message}`
      : `Migrations failed: ${error instanceof Error ? error.message : String(error)}`;
  await whenLogWritesSettle(() => logger.fatal(reason));
  process.exitCode = 1;
}
await flushLogs();

import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { ConfigValidationError } from '../config/config-validation.error.js';
import { readEnvironment } from '../config/environment.js';
import {
  PinoNestLogger,
  createPinoLogger,
  flushLogs,
  logLastLine,
} from '../logging/pino-logger.js';
import { cliDataSource } from './cli-data-source.js';
import { runPendingMigrations } from './pending-migrations.js';

/** npm run migration:run: migrates under the instances' lock, so it may run beside them. */
Logger.overrideLogger(new PinoNestLogger(createPinoLogger('info')));
const logger = new Logger('Migrations');

try {
  const waitMs = readEnvironment(process.env).MIGRATIONS_LOCK_WAIT_MS;
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
  await logLastLine('info', (last) => last.fatal(reason, 'Migrations'));
  process.exitCode = 1;
}
await flushLogs();

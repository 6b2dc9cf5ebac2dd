import { Logger } from '@nestjs/common';
import type { DataSource, DataSourceOptions } from 'typeorm';
import { retry } from '../common/retry/retry.js';
import { AppDataSource } from './app-data-source.js';
import { isDatabaseUnavailable, tlsRefusalCode } from './database-availability.js';

const logger = new Logger('Database');

/** Opens the DataSource, retrying while the database is unreachable; a TLS refusal fails at once. */
export async function connectWithRetry(
  options: DataSourceOptions,
  timeoutMs: number,
): Promise<DataSource> {
  try {
    return await retry(
      () => new AppDataSource(options).initialize(),
      { firstWaitMs: 250, maxWaitMs: 5_000, withinMs: timeoutMs },
      (error, _failures, waitMs) => {
        const tls = tlsRefusalCode(error);
        if (tls)
          throw new Error(
            `the database's TLS was refused (${tls}: ${reasonOf(error)}); check ` +
              'DATABASE_SSL_MODE and DATABASE_SSL_CA',
            { cause: error },
          );
        if (!isDatabaseUnavailable(error)) return false;
        logger.warn(`The database is not reachable (${reasonOf(error)}); retrying in ${waitMs} ms`);
        return true;
      },
    );
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    throw new Error(
      `the database stayed unreachable for DB_CONNECT_TIMEOUT_MS=${timeoutMs} ms (last ` +
        `error: ${reasonOf(error)})`,
      { cause: error },
    );
  }
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

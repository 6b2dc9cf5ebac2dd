import { Logger } from '@nestjs/common';
import type { DataSource, DataSourceOptions } from 'typeorm';
import { AppDataSource } from './app-data-source.js';
import { isDatabaseUnavailable, tlsRefusalCode } from './database-availability.js';

const logger = new Logger('Database');

/**
 * Opens the DataSource, retrying with backoff while the database is unreachable; a TLS refusal is
 * configuration, and fails at once.
 */
export async function connectWithRetry(
  options: DataSourceOptions,
  timeoutMs: number,
): Promise<DataSource> {
  const deadline = Date.now() + timeoutMs;
  for (let delay = 250; ; delay = Math.min(delay * 2, 5_000)) {
    try {
      return await new AppDataSource(options).initialize();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const tls = tlsRefusalCode(error);
      if (tls)
        throw new Error(
          `the database's TLS was refused (${tls}: ${reason}); check DATABASE_SSL_MODE and ` +
            'DATABASE_SSL_CA',
          { cause: error },
        );
      if (!isDatabaseUnavailable(error)) throw error;
      if (Date.now() + delay > deadline) {
        throw new Error(
          `the database stayed unreachable for DB_CONNECT_TIMEOUT_MS=${timeoutMs} ms (last ` +
            `error: ${reason})`,
          { cause: error },
        );
      }
      logger.warn(`The database is not reachable (${reason}); retrying in ${delay} ms`);
      await new Promise((wait) => setTimeout(wait, delay));
    }
  }
}

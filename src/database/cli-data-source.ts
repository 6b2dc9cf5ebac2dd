import { databaseFromEnv } from '../config/database-url.js';
import { AppDataSource } from './app-data-source.js';
import { buildDataSourceOptions } from './data-source-options.js';
import { loadEntities, loadMigrations } from './module-files.js';

/** The DataSource of the command-line tools, on DATABASE_URL. */
export async function cliDataSource(env: NodeJS.ProcessEnv = process.env): Promise<AppDataSource> {
  return new AppDataSource(
    buildDataSourceOptions(databaseFromEnv(env), {
      entities: await loadEntities(),
      migrations: await loadMigrations(),
    }),
  );
}

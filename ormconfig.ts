import 'reflect-metadata';
import { DEFAULT_DATABASE_URL, parseDatabaseUrl } from './src/config/database-url.js';
import { AppDataSource } from './src/database/app-data-source.js';
import { buildDataSourceOptions } from './src/database/data-source-options.js';
import { loadEntities, loadMigrations } from './src/database/module-files.js';

/**
 * The DataSource the TypeORM CLI uses (npm run migration:run, migration:generate), built by the app's
 * own options builder from the entities and migrations of every feature module.
 */
export default new AppDataSource(
  buildDataSourceOptions(parseDatabaseUrl(process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL), {
    entities: await loadEntities(),
    migrations: await loadMigrations(),
  }),
);

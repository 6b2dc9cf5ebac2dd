import { AppDataSource, readIntegersExactly } from './app-data-source.js';
import { buildDataSourceOptions } from './data-source-options.js';
import { DatabaseAccess } from './database-access.js';
import { loadEntities, loadMigrations } from './module-files.js';
import { runPendingMigrations } from './pending-migrations.js';

/**
 * For specs: an in-memory SQLite database migrated as the app migrates it (a real database, no
 * mock).
 */
export async function migratedSqlite(): Promise<{
  dataSource: AppDataSource;
  access: DatabaseAccess;
}> {
  const sources = { entities: await loadEntities(), migrations: await loadMigrations() };
  const dataSource = await new AppDataSource(
    buildDataSourceOptions({ type: 'sqlite', database: ':memory:' }, sources),
  ).initialize();
  await runPendingMigrations(dataSource, 0);
  await readIntegersExactly(dataSource);
  return { dataSource, access: new DatabaseAccess(dataSource) };
}

import { AppDataSource, readIntegersExactly } from '../../src/database/app-data-source.js';
import { buildDataSourceOptions } from '../../src/database/data-source-options.js';
import { DatabaseAccess } from '../../src/database/database-access.js';
import { loadEntities, loadMigrations } from '../../src/database/module-files.js';
import { runPendingMigrations } from '../../src/database/pending-migrations.js';

/** An in-memory SQLite database migrated as the app migrates it, for repository specs: a real database, no mock. */
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

import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { parseDatabaseUrl } from '../src/config/database-url.js';
import { AppDataSource } from '../src/database/app-data-source.js';
import { buildDataSourceOptions } from '../src/database/data-source-options.js';
import { loadEntities, loadMigrations } from '../src/database/module-files.js';
import { ROOT, startCompiledServer, stopCompiledServer } from './support/compiled-server.js';
import { API_KEY } from './support/test-app.js';
import { testDatabases } from './support/test-databases.js';
import { EVENT_WAIT_MS, within } from './support/within.js';

/**
 * Several compiled instances (as `npm run start:prod` runs them) starting at once on one database.
 */
const startInstance = (databaseUrl: string, env: Record<string, string> = {}) =>
  startCompiledServer({ DATABASE_URL: databaseUrl, API_KEYS: API_KEY, ...env });
const stopInstance = stopCompiledServer;

/** The database as TypeORM sees it, for the test's own checks. */
async function openDatabase(databaseUrl: string): Promise<AppDataSource> {
  const sources = { entities: await loadEntities(), migrations: await loadMigrations() };
  return new AppDataSource(
    buildDataSourceOptions(parseDatabaseUrl(databaseUrl), sources),
  ).initialize();
}

async function appliedMigrations(databaseUrl: string): Promise<string[]> {
  const dataSource = await openDatabase(databaseUrl);
  try {
    return (
      await dataSource.query<{ name: string }[]>('SELECT name FROM migrations ORDER BY id')
    ).map((row) => row.name);
  } finally {
    await dataSource.destroy();
  }
}

describe.each(testDatabases())('migrations with several instances on $name', (database) => {
  let expected: string[];

  beforeAll(async () => {
    expected = (await loadMigrations()).map((migration) => migration.name).sort();
  });

  afterAll(() => database.dropAll());

  it('lets three instances start at once on a fresh database: one applies each migration, all come up', async () => {
    const databaseUrl = await database.create();
    const instances = await Promise.all([1, 2, 3].map(() => startInstance(databaseUrl)));
    try {
      for (const instance of instances) {
        const response = await fetch(`${instance.baseUrl}/v1/pets`, {
          headers: { Authorization: `Bearer ${API_KEY}` },
        });
        expect(response.status).toBe(200);
      }
      const applied = await appliedMigrations(databaseUrl);
      expect([...applied].sort()).toEqual(expected);
      // Each migration once, in the log of exactly one instance.
      const appliers = instances.filter((instance) => instance.output().includes('Applied '));
      expect(appliers).toHaveLength(1);
    } finally {
      await Promise.all(instances.map(stopInstance));
    }
  }, 120_000);

  it('lets three instances start at once on an outdated database: the missing migration is applied once', async () => {
    const databaseUrl = await database.create();
    const first = await startInstance(databaseUrl);
    await stopInstance(first);
    const dataSource = await openDatabase(databaseUrl);
    await dataSource.undoLastMigration();
    await dataSource.destroy();
    expect(await appliedMigrations(databaseUrl)).toHaveLength(expected.length - 1);
    const instances = await Promise.all([1, 2, 3].map(() => startInstance(databaseUrl)));
    try {
      expect([...(await appliedMigrations(databaseUrl))].sort()).toEqual(expected);
      expect(
        instances.filter((instance) => instance.output().includes('Applied 1 migration(s)')),
      ).toHaveLength(1);
    } finally {
      await Promise.all(instances.map(stopInstance));
    }
  }, 120_000);

  it('with MIGRATIONS_AT_START=false starts without migrating (not ready), and npm run migration:run applies them', async () => {
    const databaseUrl = await database.create();
    const instance = await startInstance(databaseUrl, { MIGRATIONS_AT_START: 'false' });
    try {
      // A worker's line may reach the output after the primary's "Listening on": wait for it.
      await within(EVENT_WAIT_MS, 'the pending migrations warning', () =>
        instance.output().includes('MIGRATIONS_AT_START=false and migrations are pending'),
      );
      const notReady = await fetch(`${instance.baseUrl}/readyz`);
      expect(notReady.status).toBe(503);
      const migrate = spawnSync(process.execPath, [join(ROOT, 'dist/src/database/migrate.js')], {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: databaseUrl, NO_COLOR: '1' },
        encoding: 'utf8',
      });
      expect(migrate.status).toBe(0);
      expect(migrate.stdout).toMatch(/"msg":"Applied \d+ migration\(s\): /);
      const again = spawnSync(process.execPath, [join(ROOT, 'dist/src/database/migrate.js')], {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: databaseUrl },
        encoding: 'utf8',
      });
      expect(again.status).toBe(0);
      expect(again.stdout).toContain('No pending migrations: the database is up to date.');
      // /readyz asks the database at most once a second.
      await new Promise((wait) => setTimeout(wait, 1_100));
      expect((await fetch(`${instance.baseUrl}/readyz`)).status).toBe(200);
    } finally {
      await stopInstance(instance);
    }
  }, 120_000);
});

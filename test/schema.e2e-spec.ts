import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseDatabaseUrl } from '../src/config/database-url.js';
import { AppDataSource } from '../src/database/app-data-source.js';
import { buildDataSourceOptions } from '../src/database/data-source-options.js';
import { runPendingMigrations } from '../src/database/pending-migrations.js';
import { loadEntities, loadMigrations } from '../src/database/module-files.js';
import { testDatabases } from './support/test-databases.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** What `nest build` reads: a project of links to these builds as the repository does. */
const PROJECT_SOURCES = [
  'package.json',
  'nest-cli.json',
  'tsconfig.json',
  'tsconfig.build.json',
  'ormconfig.ts',
  'src',
  'node_modules',
];

/** Every module's entities and migrations, found as the CLI finds them (ormconfig.ts). */
/** A DataSource on the database, migrated as the app migrates it at start-up. */
async function migrated(databaseUrl: string): Promise<AppDataSource> {
  const sources = { entities: await loadEntities(), migrations: await loadMigrations() };
  const dataSource = await new AppDataSource(
    buildDataSourceOptions(parseDatabaseUrl(databaseUrl), sources),
  ).initialize();
  await runPendingMigrations(dataSource, 0);
  return dataSource;
}

/**
 * A database as it was just before the named migration: every migration applied, then the newest
 * undone down to it.
 */
async function migratedBefore(databaseUrl: string, migration: string): Promise<AppDataSource> {
  const dataSource = await migrated(databaseUrl);
  const applied = async () =>
    (await dataSource.query<{ name: string }[]>('SELECT name FROM migrations')).map(
      (row) => row.name,
    );
  while ((await applied()).includes(migration)) await dataSource.undoLastMigration();
  return dataSource;
}

describe.each(testDatabases())('the schema on $name', (database) => {
  afterAll(() => database.dropAll());

  it('is what the entities describe once migrated: TypeORM finds nothing to change', async () => {
    const dataSource = await migrated(await database.create());
    try {
      expect(dataSource.migrations.length).toBeGreaterThan(0);
      expect(await dataSource.showMigrations()).toBe(false);
      const diff = await dataSource.driver.createSchemaBuilder().log();
      expect(diff.upQueries.map((query) => query.query)).toEqual([]);
    } finally {
      await dataSource.destroy();
    }
  });

  it('reverts every migration, newest first, and migrates up again', async () => {
    const dataSource = await migrated(await database.create());
    try {
      for (let left = dataSource.migrations.length; left > 0; left--)
        await dataSource.undoLastMigration();
      const runner = dataSource.createQueryRunner();
      for (const entity of dataSource.entityMetadatas)
        expect(await runner.hasTable(entity.tableName)).toBe(false);
      await runner.release();
      await dataSource.runMigrations();
      expect((await dataSource.driver.createSchemaBuilder().log()).upQueries).toEqual([]);
    } finally {
      await dataSource.destroy();
    }
  });

  it('gives the orders placed before the version column version 1, as a new order gets', async () => {
    const dataSource = await migratedBefore(
      await database.create(),
      'AddOrdersVersion1795737600000',
    );
    try {
      const runner = dataSource.createQueryRunner();
      expect(await runner.hasColumn('orders', 'version')).toBe(false);
      await runner.release();
      await dataSource.query('INSERT INTO pets (id, name, category_id) VALUES (1, ?, 1)', ['Rex']);
      await dataSource.query(
        'INSERT INTO orders (id, pet_id, quantity, status, complete) VALUES (7, 1, 2, ?, ?), (8, 1, 1, ?, ?)',
        ['placed', false, 'delivered', true],
      );
      await dataSource.runMigrations();
      const rows = await dataSource.query<{ id: unknown; version: unknown }[]>(
        'SELECT id, version FROM orders ORDER BY id',
      );
      expect(rows.map((row) => [Number(row.id), Number(row.version)])).toEqual([
        [7, 1],
        [8, 1],
      ]);
    } finally {
      await dataSource.destroy();
    }
  });

  it('leaves the orders placed before keys were recorded without a key (placed_by NULL)', async () => {
    const dataSource = await migratedBefore(
      await database.create(),
      'AddOrdersPlacedBy1795737600003',
    );
    try {
      await dataSource.query('INSERT INTO pets (id, name, category_id) VALUES (1, ?, 1)', ['Rex']);
      await dataSource.query(
        'INSERT INTO orders (id, pet_id, quantity, status, complete) VALUES (5, 1, 1, ?, ?)',
        ['placed', false],
      );
      await dataSource.runMigrations();
      expect(await dataSource.query('SELECT id, placed_by FROM orders')).toEqual([
        { id: expect.anything(), placed_by: null },
      ]);
    } finally {
      await dataSource.destroy();
    }
  });

  it('keeps the keys issued before scopes and kinds existed able to do what they did: write, store', async () => {
    const dataSource = await migratedBefore(
      await database.create(),
      'AddApiKeysScope1795737600002',
    );
    try {
      await dataSource.query(
        'INSERT INTO api_keys (name, key_hash, prefix, created_at, revision) VALUES (?, ?, ?, ?, 1)',
        ['old-partner', 'a'.repeat(64), 'pst_abcd', '2026-01-01 00:00:00.000'],
      );
      await dataSource.runMigrations();
      // Write and store: what every key could do before scopes and kinds.
      expect(await dataSource.query('SELECT name, scope, kind FROM api_keys')).toEqual([
        { name: 'old-partner', scope: 'write', kind: 'store' },
      ]);
    } finally {
      await dataSource.destroy();
    }
  });

  it('npm run migration:generate (which migrates first) writes nothing on a new database', async () => {
    const env = { ...process.env, DATABASE_URL: await database.create() };
    const folder = mkdtempSync(join(tmpdir(), 'petstore-generate-'));
    // The command builds (and first deletes) dist/: in a project of links to the sources, so the
    // suites running beside this one keep the dist/ they run.
    const project = join(folder, 'project');
    mkdirSync(project);
    for (const entry of PROJECT_SOURCES) symlinkSync(join(ROOT, entry), join(project, entry));
    try {
      const generate = spawnSync(
        'npm',
        ['run', '--silent', 'migration:generate', '--', join(folder, 'Nothing')],
        { cwd: project, env, encoding: 'utf8' },
      );
      expect(`${generate.stdout}${generate.stderr}`).toContain(
        'No changes in database schema were found',
      );
      expect(readdirSync(folder)).toEqual(['project']);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 120_000);
});

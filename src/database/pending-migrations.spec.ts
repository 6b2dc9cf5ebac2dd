import { jest } from '@jest/globals';
import type { QueryRunner } from 'typeorm';
import { AppDataSource } from './app-data-source.js';
import { buildDataSourceOptions } from './data-source-options.js';
import { loadMigrations } from './module-files.js';
import { hasPendingMigrations, runPendingMigrations } from './pending-migrations.js';

describe('hasPendingMigrations', () => {
  let dataSource: AppDataSource;

  beforeEach(async () => {
    dataSource = await new AppDataSource(
      buildDataSourceOptions(
        { type: 'sqlite', database: ':memory:' },
        { entities: [], migrations: await loadMigrations() },
      ),
    ).initialize();
  });

  afterEach(() => dataSource.destroy());

  const hasMigrationsTable = async () => {
    const runner = dataSource.createQueryRunner();
    try {
      return await runner.hasTable('migrations');
    } finally {
      await runner.release();
    }
  };

  it('on an empty database says they are pending, and creates no table (a read-only check)', async () => {
    expect(await hasPendingMigrations(dataSource)).toBe(true);
    expect(await hasMigrationsTable()).toBe(false);
  });

  it('says none are pending once they are applied, and some are when one is missing', async () => {
    await runPendingMigrations(dataSource, 0);
    expect(await hasPendingMigrations(dataSource)).toBe(false);
    await dataSource.query('DELETE FROM migrations WHERE id = (SELECT MAX(id) FROM migrations)');
    expect(await hasPendingMigrations(dataSource)).toBe(true);
  });

  it('reads the migrations table and nothing else: no catalogue query (each is a temporary table on MySQL)', async () => {
    await runPendingMigrations(dataSource, 0);
    const statements: string[] = [];
    const create = dataSource.createQueryRunner.bind(dataSource);
    jest.spyOn(dataSource, 'createQueryRunner').mockImplementation((mode) => {
      const runner: QueryRunner = create(mode);
      const query = runner.query.bind(runner);
      runner.query = ((sql: string, ...rest: []) => {
        statements.push(sql);
        return query(sql, ...rest);
      }) as QueryRunner['query'];
      return runner;
    });
    expect(await hasPendingMigrations(dataSource)).toBe(false);
    expect(statements).toEqual(['SELECT name FROM "migrations"']);
  });
});

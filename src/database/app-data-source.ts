import type Database from 'better-sqlite3';
import { DataSource } from 'typeorm';

/**
 * TypeORM's DataSource, telling its metadata that SQLite's int64 keys are INTEGER (only INTEGER
 * PRIMARY KEY autoincrements there), so the schema diff does not rebuild the table.
 */
export class AppDataSource extends DataSource {
  override async initialize(): Promise<this> {
    await super.initialize();
    if (this.options.type === 'better-sqlite3') {
      for (const column of this.entityMetadatas.flatMap((entity) => entity.columns)) {
        if (
          column.isPrimary &&
          column.isGenerated &&
          column.generationStrategy === 'increment' &&
          column.type === 'bigint'
        )
          column.type = 'integer';
      }
    }
    return this;
  }
}

/**
 * From here on better-sqlite3 reads integers as bigint, never rounding above 2^53. Only after the
 * migrations: TypeORM's own schema reading expects numbers.
 */
export async function readIntegersExactly(dataSource: DataSource): Promise<DataSource> {
  if (dataSource.options.type !== 'better-sqlite3') return dataSource;
  const runner = dataSource.createQueryRunner();
  const connection = (await runner.connect()) as Database.Database;
  connection.defaultSafeIntegers(true);
  await runner.release();
  return dataSource;
}

/**
 * Whether a MySQL-protocol server is MariaDB (TypeORM keeps only the version's digits, so it is
 * asked here), on the connection given: a QueryRunner holding one, or the DataSource's pool.
 */
export async function isMariaDbServer(connection: Pick<DataSource, 'query'>): Promise<boolean> {
  const [row] = await connection.query<{ version: string }[]>('SELECT VERSION() AS version');
  return /mariadb/i.test(row.version);
}

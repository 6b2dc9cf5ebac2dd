import type Database from 'better-sqlite3';
import { DataSource } from 'typeorm';

/**
 * TypeORM's DataSource, with one correction for SQLite: only a column declared exactly INTEGER
 * PRIMARY KEY autoincrements there (and is 64-bit), so the migrations create int64 keys as INTEGER on
 * SQLite and BIGINT on MySQL. The entity says bigint for both; without this, TypeORM's schema diff
 * (migration:generate, the schema test) would report the SQLite key as changed and rebuild the table.
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
 * better-sqlite3 reads INTEGER values as JS numbers, rounding those above 2^53, unless told to read
 * them as bigint; from here on it does (mysql2 already reads BIGINT as exact strings). Only after
 * the migrations: TypeORM's own schema reading expects numbers, so the CLI never calls this.
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

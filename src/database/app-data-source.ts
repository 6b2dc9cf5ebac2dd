import type Database from 'better-sqlite3';
import { DataSource } from 'typeorm';

/** Tells TypeORM's metadata that SQLite int64 keys are INTEGER, as the migrations make them. */
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

/** better-sqlite3 reads integers as bigint from here on; TypeORM's schema reading wants numbers. */
export async function readIntegersExactly(dataSource: DataSource): Promise<DataSource> {
  if (dataSource.options.type !== 'better-sqlite3') return dataSource;
  const runner = dataSource.createQueryRunner();
  const connection = (await runner.connect()) as Database.Database;
  connection.defaultSafeIntegers(true);
  await runner.release();
  return dataSource;
}

/** Whether the server is MariaDB (TypeORM keeps only the version's digits). */
export async function isMariaDbServer(connection: Pick<DataSource, 'query'>): Promise<boolean> {
  const [row] = await connection.query<{ version: string }[]>('SELECT VERSION() AS version');
  return /mariadb/i.test(row.version);
}

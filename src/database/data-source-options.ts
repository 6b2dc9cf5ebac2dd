import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import mysql2 from 'mysql2';
import type { DataSourceOptions } from 'typeorm';
import type { DatabaseConfig } from '../config/database-url.js';
import { PetEntity } from '../pets/pet.entity.js';
import { CreatePetsTable1763769600000 } from './migrations/1763769600000-CreatePetsTable.js';
import { AddPetsStatusIdIndex1763856000000 } from './migrations/1763856000000-AddPetsStatusIdIndex.js';

/** Every entity and migration, in order. A new module adds its own here. */
const ENTITIES = [PetEntity];
const MIGRATIONS = [CreatePetsTable1763769600000, AddPetsStatusIdIndex1763856000000];

/**
 * The one TypeORM options builder, for the app and for the CLI (ormconfig.ts). The schema comes
 * from migrations only. For a SQLite file it creates the file's folder if missing.
 */
export function buildDataSourceOptions(database: DatabaseConfig): DataSourceOptions {
  const common = { entities: ENTITIES, migrations: MIGRATIONS, migrationsRun: true, synchronize: false, logging: false } as const;
  if (database.type === 'sqlite') {
    const inMemory = database.database === ':memory:';
    if (!inMemory) mkdirSync(dirname(database.database), { recursive: true });
    return { type: 'better-sqlite3', database: database.database, enableWAL: !inMemory, ...common };
  }
  return {
    type: 'mysql',
    // TypeORM 1.x dropped `connectorPackage`; mysql2 is its only MySQL client, passed explicitly here.
    driver: mysql2,
    host: database.host,
    port: database.port,
    username: database.username,
    password: database.password,
    database: database.database,
    charset: 'utf8mb4_bin',
    // BIGINT comes back as exact decimal strings, never as rounded JS numbers.
    supportBigNumbers: true,
    bigNumberStrings: true,
    // A database out of reach must cost a request seconds at most: connect quickly, and keep the
    // queue for a free connection bounded instead of piling requests up.
    connectTimeout: 1_500,
    poolSize: 10,
    extra: { queueLimit: 100, enableKeepAlive: true },
    ...common,
  };
}

import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import mysql2 from 'mysql2';
import type { DataSourceOptions } from 'typeorm';
import type { DatabaseConfig, MysqlDatabaseConfig } from '../config/database-url.js';
import { DEFAULT_DATABASE_POOL } from './database-availability.js';
import { mysqlSslOptions } from './mysql-tls.js';

/** Entities and migrations, as found in the feature modules. */
export interface SchemaSources {
  entities: DataSourceOptions['entities'];
  migrations: DataSourceOptions['migrations'];
}

/** The one TypeORM options builder, for the app and the CLI; the schema is migrations only. */
export function buildDataSourceOptions(
  database: DatabaseConfig,
  { entities, migrations }: SchemaSources,
  poolSize = DEFAULT_DATABASE_POOL.size,
  replicas: readonly MysqlDatabaseConfig[] = [],
): DataSourceOptions {
  // Migrations are never run by TypeORM's initialize(): runPendingMigrations runs them under a
  // lock.
  const common = {
    entities,
    migrations,
    migrationsRun: false,
    synchronize: false,
    logging: false,
  } as const;
  if (database.type === 'sqlite') {
    const inMemory = database.database === ':memory:';
    if (!inMemory) mkdirSync(dirname(database.database), { recursive: true });
    // timeout 0: better-sqlite3 would wait for a lock by spinning the event loop's only thread;
    // DatabaseAccess retries a locked statement on timers instead.
    return {
      type: 'better-sqlite3',
      database: database.database,
      enableWAL: !inMemory,
      timeout: 0,
      ...common,
    };
  }
  return {
    type: database.server,
    // TypeORM 1.x dropped `connectorPackage`; mysql2 is its only MySQL client, passed explicitly
    // here.
    driver: mysql2,
    host: database.host,
    port: database.port,
    username: database.username,
    password: database.password,
    database: database.database,
    charset: 'utf8mb4_bin',
    // TypeORM gives every node, replicas too, the top-level TLS options.
    ssl: mysqlSslOptions(database.tls),
    // BIGINT exact: a number up to 2^53, a decimal string above (strings for all cost more).
    supportBigNumbers: true,
    bigNumberStrings: false,
    // DATETIME values are UTC on the wire both ways, whatever the server's or the host's zone.
    timezone: 'Z',
    // Connect quickly; the pool's queue is bounded in time by DatabaseAccess, not by count.
    connectTimeout: 1_500,
    poolSize,
    extra: { queueLimit: 0, enableKeepAlive: true },
    ...(replicas.length > 0 ? { replication: replication(database, replicas) } : {}),
    ...common,
  };
}

/** TypeORM's replication; DatabaseAccess picks each read's replica itself. */
function replication(primary: MysqlDatabaseConfig, replicas: readonly MysqlDatabaseConfig[]) {
  const node = ({ host, port, username, password, database }: MysqlDatabaseConfig) => ({
    host,
    port,
    username,
    password,
    database,
  });
  return {
    master: node(primary),
    slaves: replicas.map(node),
    canRetry: true,
    removeNodeErrorCount: 1,
    restoreNodeTimeout: 5_000,
    selector: 'RR' as const,
  };
}

import { Global, Logger, Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app.config.js';
import { isMariaDbServer, readIntegersExactly } from './app-data-source.js';
import { connectWithRetry } from './connect-with-retry.js';
import { DatabaseAccess } from './database-access.js';
import { buildDataSourceOptions } from './data-source-options.js';
import { DATABASE_POOL, type DatabasePool } from './database-availability.js';
import { loadMigrations } from './module-files.js';
import { hasPendingMigrations, runPendingMigrations } from './pending-migrations.js';
import { ReplicaReadSet } from './replica-read-set.js';
import { ReplicationHeartbeatEntity } from './replication-heartbeat.entity.js';

const logger = new Logger('Database');

/** The TypeORM connection, migrated at start-up under a lock; global, as there is one. */
@Global()
@Module({})
export class DatabaseModule {
  static forRoot(): DynamicModule {
    // @nestjs/typeorm calls useFactory, then dataSourceFactory with its result, for this module
    // alone.
    let settings: AppConfig | undefined;
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          inject: [APP_CONFIG],
          useFactory: async (config: AppConfig) => {
            settings = config;
            const options = buildDataSourceOptions(
              config.database,
              { entities: [], migrations: await loadMigrations() },
              config.dbPoolSize,
              config.databaseReplicas,
            );
            // Retries are connectWithRetry's, bounded by DB_CONNECT_TIMEOUT_MS, not Nest's fixed
            // count.
            return { ...options, autoLoadEntities: true, retryAttempts: 0 };
          },
          dataSourceFactory: async (options) => {
            const dataSource = await connectWithRetry(options!, settings!.dbConnectTimeoutMs);
            await warnIfMariaDbNamedMysql(dataSource);
            try {
              if (settings!.migrationsAtStart)
                await runPendingMigrations(dataSource, settings!.migrationsLockWaitMs);
              else if (await hasPendingMigrations(dataSource))
                logger.warn(
                  'MIGRATIONS_AT_START=false and migrations are pending: /readyz answers 503 ' +
                    'until they are applied.',
                );
            } catch (error) {
              await dataSource.destroy();
              throw error;
            }
            return readIntegersExactly(dataSource);
          },
        }),
        TypeOrmModule.forFeature([ReplicationHeartbeatEntity]),
      ],
      providers: [
        {
          provide: DATABASE_POOL,
          inject: [APP_CONFIG],
          useFactory: (config: AppConfig): DatabasePool => ({
            size: config.dbPoolSize,
            waitMs: config.dbPoolWaitMs,
          }),
        },
        ReplicaReadSet,
        DatabaseAccess,
      ],
      exports: [DatabaseAccess, ReplicaReadSet],
    };
  }
}

/** TypeORM's schema diff misreads MariaDB's column defaults under mysql://. */
async function warnIfMariaDbNamedMysql(dataSource: DataSource): Promise<void> {
  if (dataSource.options.type === 'mysql' && (await isMariaDbServer(dataSource))) {
    logger.warn(
      'The server is MariaDB: name it mariadb:// in DATABASE_URL, so that TypeORM reads its ' +
        'schema as MariaDB.',
    );
  }
}

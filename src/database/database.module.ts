import { Global, Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule, getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app.config.js';
import { connectWithRetry } from './connect-with-retry.js';
import { buildDataSourceOptions } from './data-source-options.js';
import { SqlExecutor, createSqlExecutor } from './sql-executor.js';

/** The TypeORM connection (schema by migrations) and the SqlExecutor every feature repository uses. */
@Global()
@Module({})
export class DatabaseModule {
  static forRoot(): DynamicModule {
    // @nestjs/typeorm calls useFactory, then dataSourceFactory with its result, for this module alone.
    let connectTimeoutMs = 0;
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          inject: [APP_CONFIG],
          useFactory: (config: AppConfig) => {
            connectTimeoutMs = config.dbConnectTimeoutMs;
            // Retries are connectWithRetry's, bounded by DB_CONNECT_TIMEOUT_MS, not Nest's fixed count.
            return { ...buildDataSourceOptions(config.database), retryAttempts: 0 };
          },
          dataSourceFactory: (options) => connectWithRetry(options!, connectTimeoutMs),
        }),
      ],
      providers: [{ provide: SqlExecutor, inject: [getDataSourceToken()], useFactory: (dataSource: DataSource) => createSqlExecutor(dataSource) }],
      exports: [SqlExecutor],
    };
  }
}

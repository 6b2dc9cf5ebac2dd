import { Global, Module } from '@nestjs/common';
import { TypeOrmModule, getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app.config.js';
import { buildDataSourceOptions } from './data-source-options.js';
import { SqlExecutor, createSqlExecutor } from './sql-executor.js';

/** The TypeORM connection (schema by migrations) and the SqlExecutor every feature repository uses. */
@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({ ...buildDataSourceOptions(config.database), retryAttempts: 0 }),
    }),
  ],
  providers: [{ provide: SqlExecutor, inject: [getDataSourceToken()], useFactory: (dataSource: DataSource) => createSqlExecutor(dataSource) }],
  exports: [SqlExecutor],
})
export class DatabaseModule {}

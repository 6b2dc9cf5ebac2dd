import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { DEFAULT_DATABASE_URL, parseDatabaseUrl } from './src/config/database-url.js';
import { buildDataSourceOptions } from './src/database/data-source-options.js';

/** The DataSource the TypeORM CLI uses (npm run migration:run), built by the app's own options builder. */
export default new DataSource(buildDataSourceOptions(parseDatabaseUrl(process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL)));

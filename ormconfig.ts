import 'reflect-metadata';
import { cliDataSource } from './src/database/cli-data-source.js';

/**
 * The DataSource the TypeORM CLI uses (npm run migration:generate, migration:revert), built by the
 * app's own options builder from the entities and migrations of every feature module.
 */
export default await cliDataSource();

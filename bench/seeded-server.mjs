// One server of a side-by-side run on a database of its own with the 10,000 pets of the peer
// cells; shared by compare.mjs and overload.mjs.
import { join } from 'node:path';
import {
  CELL_PETS,
  PET_STATUSES,
  answering,
  freePort,
  freshMysqlDatabase,
  insertPets,
  start,
  stop,
} from './processes.mjs';

/**
 * Starts `script` once to create its schema (the service's migrations, the peer's synchronize),
 * seeds 10,000 pets into its `columns`, and starts it again: on SQLite a file `file` in `workdir`,
 * on MySQL (`mysqlUrl`) a fresh database `database`. Resolves to its port and process.
 */
export async function startSeededServer({
  node,
  name,
  script,
  key,
  env = {},
  columns = 'name, category_id, status',
  workdir,
  file,
  mysqlUrl,
  database,
}) {
  const port = await freePort();
  const databaseUrl = mysqlUrl
    ? await freshMysqlDatabase(mysqlUrl, database)
    : `sqlite:${join(workdir, file)}`;
  const serverEnv = {
    ...env,
    DATABASE_URL: databaseUrl,
    API_KEYS: key,
    RATE_LIMIT: '100000000',
    PORT: String(port),
  };
  const ready = () => answering(port, key);
  await stop(await start(node, script, serverEnv, ready, join(workdir, `${name}-schema.log`)));
  const rows = Array.from({ length: CELL_PETS }, (_, i) => [
    `Pet ${i} ${'🐾'.repeat(i % 3)}`,
    BigInt(i) * 1_000_003n,
    PET_STATUSES[i % 3],
  ]);
  await insertPets(databaseUrl, rows, { columns });
  const child = await start(node, script, serverEnv, ready, join(workdir, `${name}.log`));
  return { port, child };
}

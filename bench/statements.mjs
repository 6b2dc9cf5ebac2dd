// npm run bench:statements (BENCH_MYSQL_URL required): the CPU one pets statement costs the MySQL
// server and the Node process, each variant alone, with mysql2 as the service runs it (a pool of 10,
// 32 calls in flight, execute). Variants: a first page without `id > ?` against with it; the page by
// status, and an insert, with (status, id) against the covering index the pets table has now; BIGINT
// read as strings (bigNumberStrings) against numbers up to 2^53. Rounds alternate the order of the
// variants; medians are printed. The database server's CPU is read from /proc, so it must run on
// this machine.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import mysql from 'mysql2/promise';
import { PET_SQL } from '../dist/src/pets/pets.repository.js';
import {
  ROOT,
  cpuMicros,
  freshMysqlDatabase,
  insertPets,
  listeningPid,
  median,
} from './processes.mjs';

const url = process.env.BENCH_MYSQL_URL;
if (!url)
  throw new Error(
    'set BENCH_MYSQL_URL (a MySQL or MariaDB server on this machine; the database petstore_statements is created there)',
  );
const databasePid = listeningPid(Number(new URL(url).port || 3306));
if (!databasePid) throw new Error(`no process of this machine listens on ${new URL(url).host}`);
const rounds = Number(process.env.BENCH_ROUNDS ?? 6);
const calls = Number(process.env.BENCH_CALLS ?? 10_000);

const databaseUrl = await freshMysqlDatabase(url, 'petstore_statements');
// The pets table as the service's migrations make it (the covering index), and a copy with the
// (status, id) index it had before.
execFileSync(process.execPath, [join(ROOT, 'dist/src/database/migrate.js')], {
  env: { ...process.env, DATABASE_URL: databaseUrl },
  stdio: 'ignore',
});
const options = {
  uri: databaseUrl,
  connectionLimit: 10,
  supportBigNumbers: true,
  charset: 'utf8mb4_bin',
};
const pools = {
  strings: mysql.createPool({ ...options, bigNumberStrings: true }),
  numbers: mysql.createPool({ ...options, bigNumberStrings: false }),
};
await pools.numbers.query('CREATE TABLE pets_status_id LIKE pets');
await pools.numbers.query(
  'ALTER TABLE pets_status_id DROP INDEX IDX_pets_status_id_name_category_id, ADD INDEX IDX_pets_status_id (status, id)',
);
const rows = Array.from({ length: 10_000 }, (_, i) => [
  `Pet ${i}`,
  i,
  ['available', 'pending', 'sold'][i % 3],
]);
for (const table of ['pets', 'pets_status_id']) await insertPets(databaseUrl, rows, { table });
await pools.numbers.query('ANALYZE TABLE pets, pets_status_id');

const sql = PET_SQL.mysql;
const comparisons = [
  [
    'listPets (limit 20): first page',
    { 'WHERE id > 0': [sql.listAfter, [0n, 21n]], 'no WHERE': [sql.listFirst, [21n]] },
  ],
  [
    'listPets (status, limit 100): first page',
    {
      'WHERE status = ? AND id > 0': [sql.listByStatusAfter, ['available', 0n, 101n]],
      'WHERE status = ?': [sql.listByStatusFirst, ['available', 101n]],
    },
  ],
  [
    'listPets (status, limit 100): index',
    {
      '(status, id)': [
        sql.listByStatusFirst.replace('FROM pets', 'FROM pets_status_id'),
        ['available', 101n],
      ],
      covering: [sql.listByStatusFirst, ['available', 101n]],
    },
  ],
  [
    'createPet: index',
    {
      '(status, id)': [
        sql.insert.replace('INTO pets', 'INTO pets_status_id'),
        ['Bench pet', 42n, 'available'],
      ],
      covering: [sql.insert, ['Bench pet', 42n, 'available']],
    },
  ],
  [
    'listPets (status, limit 100): BIGINT read as',
    {
      strings: [sql.listByStatusFirst, ['available', 101n], 'strings'],
      'numbers up to 2^53': [sql.listByStatusFirst, ['available', 101n]],
    },
  ],
];

async function measure([statement, params, pool = 'numbers']) {
  const node = process.cpuUsage();
  const database = cpuMicros(databasePid);
  let sent = 0;
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (sent++ < calls) await pools[pool].execute(statement, params);
    }),
  );
  const { user, system } = process.cpuUsage(node);
  return { node: (user + system) / calls, database: (cpuMicros(databasePid) - database) / calls };
}

const lines = [
  '| statement | variant | MySQL server CPU µs/call | Node CPU µs/call |',
  '|---|---|---:|---:|',
];
for (const [name, variants] of comparisons) {
  const samples = Object.fromEntries(Object.keys(variants).map((variant) => [variant, []]));
  for (const variant of Object.keys(variants)) await measure(variants[variant]); // warm-up: statements prepared, pages cached
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? Object.keys(variants) : Object.keys(variants).reverse();
    for (const variant of order) samples[variant].push(await measure(variants[variant]));
  }
  for (const [variant, runs] of Object.entries(samples)) {
    const database = median(runs.map((run) => run.database));
    const node = median(runs.map((run) => run.node));
    lines.push(`| ${name} | ${variant} | ${database.toFixed(0)} | ${node.toFixed(1)} |`);
    console.error(
      `${name}: ${variant}: database ${runs.map((run) => run.database.toFixed(0)).join(' ')}; node ${runs.map((run) => run.node.toFixed(0)).join(' ')}`,
    );
  }
}
for (const pool of Object.values(pools)) await pool.end();
console.log(
  `${rounds} rounds of ${calls} calls per variant, medians; ${new Date().toISOString()}\n\n${lines.join('\n')}`,
);

// npm run bench:keys (second part; also in npm run bench): 100,000 issued keys on SQLite and on MySQL.
// Each instance loads the key set once at start and then only what changed; this measures, per
// database, the start, the CPU of an idle instance over a window in which one key is revoked and one
// issued, then the event loop's longest stall over another such window (event-loop-probe.cjs), and
// checks every change took effect (issue 21). See bench/README.md.
// MySQL: BENCH_MYSQL_URL, else a throwaway MariaDB (.ci/mariadb.sh) when mariadbd is installed.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import mysql from 'mysql2/promise';
import {
  ROOT,
  freePort,
  log,
  nodeBinary,
  processTree,
  roundSettings,
  start,
  stop,
} from './processes.mjs';

const COUNT = Number(process.env.BENCH_KEYS_COUNT ?? 100_000);
const WINDOW_S = Number(process.env.BENCH_KEYS_WINDOW ?? 20);
const ENV_KEY = 'bench-env-key-0123456789';
const node = nodeBinary(roundSettings().node);
const label = `Node ${execFileSync(node, ['--version'], { encoding: 'utf8' }).trim()}`;
const sleep = (ms) => new Promise((wait) => setTimeout(wait, ms));
const keyOf = (i) => `pst_bench-many-keys-${String(i).padStart(8, '0')}-0123456789abcdefghij`;
const rowOf = (i) => [
  `bulk-${i}`,
  createHash('sha256').update(keyOf(i)).digest('hex'),
  keyOf(i).slice(0, 8),
  new Date(),
];

/** The databases: SQLite always; MySQL from BENCH_MYSQL_URL or a throwaway MariaDB. Each yields a DATABASE_URL and a bulk insert. */
function databases(workdir) {
  const list = [
    {
      name: 'SQLite',
      url: `sqlite:${join(workdir, 'keys.sqlite')}`,
      async fill() {
        const db = new Database(join(workdir, 'keys.sqlite'));
        const insert = db.prepare(
          'INSERT INTO api_keys (name, key_hash, prefix, created_at) VALUES (?, ?, ?, ?)',
        );
        db.transaction(() => {
          for (let i = 0; i < COUNT; i++)
            insert.run(
              ...rowOf(i).slice(0, 3),
              rowOf(i)[3].toISOString().replace('T', ' ').replace('Z', ''),
            );
        })();
        db.close();
      },
    },
  ];
  let serverUrl = process.env.BENCH_MYSQL_URL;
  let throwaway;
  if (!serverUrl) {
    try {
      execFileSync('mariadbd', ['--version'], { stdio: 'ignore' });
      const exports = execFileSync('bash', [join(ROOT, '.ci/mariadb.sh'), 'start'], {
        encoding: 'utf8',
      });
      throwaway = /MARIADB_DIR='([^']*)'/.exec(exports)[1];
      serverUrl = /TEST_MYSQL_URL='([^']*)'/.exec(exports)[1];
    } catch {
      log('MySQL: no BENCH_MYSQL_URL and no mariadbd; measuring SQLite only');
    }
  }
  if (serverUrl) {
    const database = `petstore_many_keys_${Date.now()}`;
    const url = new URL(serverUrl);
    url.pathname = `/${database}`;
    list.push({
      name: 'MySQL',
      url: url.toString(),
      async create() {
        const admin = await mysql.createConnection({
          uri: serverUrl.replace(/^mariadb:/, 'mysql:'),
        });
        await admin.query(
          `CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`,
        );
        await admin.end();
      },
      async fill() {
        const connection = await mysql.createConnection({
          uri: url.toString().replace(/^mariadb:/, 'mysql:'),
        });
        for (let first = 0; first < COUNT; first += 1_000) {
          const rows = Array.from({ length: Math.min(1_000, COUNT - first) }, (_, j) =>
            rowOf(first + j),
          );
          await connection.query(
            'INSERT INTO api_keys (name, key_hash, prefix, created_at) VALUES ?',
            [rows],
          );
        }
        await connection.end();
      },
      async drop() {
        const admin = await mysql.createConnection({
          uri: serverUrl.replace(/^mariadb:/, 'mysql:'),
        });
        await admin.query(`DROP DATABASE IF EXISTS \`${database}\``);
        await admin.end();
        if (throwaway) execFileSync('bash', [join(ROOT, '.ci/mariadb.sh'), 'stop', throwaway]);
      },
    });
  }
  return list;
}

/** utime + stime of the instance's processes (its primary and workers), in seconds. */
function cpuSeconds(pids) {
  let sum = 0;
  for (const pid of pids) {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    sum += (Number(fields[11]) + Number(fields[12])) / 100;
  }
  return sum;
}

const metric = (text, name) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);

async function measure(database, workdir) {
  const env = { DATABASE_URL: database.url, API_KEYS: ENV_KEY };
  const cli = (...args) =>
    execFileSync(node, [join(ROOT, 'dist/src/api-keys/api-keys.cli.js'), ...args], {
      env: { ...process.env, ...env },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  await database.create?.();
  execFileSync(node, [join(ROOT, 'dist/src/database/migrate.js')], {
    env: { ...process.env, ...env },
    stdio: 'ignore',
  });
  log(`[${database.name}] inserting ${COUNT} issued keys`);
  await database.fill();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const get = async (key) =>
    (await fetch(`${base}/v1/pets`, { headers: { Authorization: `Bearer ${key}` } })).status;
  const scrape = async () =>
    (await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${ENV_KEY}` } })).text();
  const started = performance.now();
  const logFile = join(workdir, `${database.name}.log`);
  const probe = { NODE_OPTIONS: `--require ${join(ROOT, 'bench/event-loop-probe.cjs')}` };
  const service = await start(
    node,
    join(ROOT, 'dist/src/main.js'),
    { ...env, ...probe, PORT: String(port) },
    'Listening on',
    logFile,
  );
  const startSeconds = (performance.now() - started) / 1_000;
  try {
    if ((await get(keyOf(COUNT - 1))) !== 200)
      throw new Error('the last issued key was not accepted after start');
    await sleep(3_000);
    // Two windows, each with one revocation and one new key half-way: CPU without the probe, then the probe.
    // Every process of the instance: the primary and its workers (src/cluster/).
    const processes = processTree(service.pid);
    const cpuBefore = cpuSeconds(processes);
    const windowStart = performance.now();
    await sleep((WINDOW_S * 1_000) / 2);
    cli('revoke', 'bulk-7');
    const issued = cli('create', '--name', 'bench-new-1');
    await sleep((WINDOW_S * 1_000) / 2);
    const cpu = cpuSeconds(processes) - cpuBefore;
    const elapsed = (performance.now() - windowStart) / 1_000;
    for (const pid of processes) process.kill(pid, 'SIGUSR2');
    await sleep((WINDOW_S * 1_000) / 2);
    cli('revoke', 'bulk-8');
    const issuedAgain = cli('create', '--name', 'bench-new-2');
    await sleep((WINDOW_S * 1_000) / 2);
    for (const pid of processes) process.kill(pid, 'SIGUSR2');
    await sleep(200);
    // The longest of every process's (each has the probe: NODE_OPTIONS reaches the workers).
    const stalls = [...readFileSync(logFile, 'utf8').matchAll(/EVENT_LOOP_MAX_MS=(\S+)/g)];
    if (stalls.length !== processes.length)
      throw new Error(`${stalls.length} event-loop readings from ${processes.length} processes`);
    const stallMs = Math.max(...stalls.map((match) => Number(match[1])));
    const statuses = [
      await get(keyOf(7)),
      await get(keyOf(8)),
      await get(issued),
      await get(issuedAgain),
    ];
    if (statuses.join() !== '401,401,200,200')
      throw new Error(`changes not applied: ${statuses.join()} (revoked, revoked, new, new)`);
    return {
      startSeconds,
      idleCpuPercent: (100 * cpu) / elapsed,
      stallMs,
      rssMb: metric(await scrape(), 'process_resident_memory_bytes') / 2 ** 20,
    };
  } finally {
    await stop(service);
  }
}

const workdir = mkdtempSync(join(tmpdir(), 'petstore-many-keys-'));
const results = [];
try {
  for (const database of databases(workdir)) {
    try {
      const result = await measure(database, workdir);
      results.push({ database: database.name, ...result });
      log(`[${database.name}] ${JSON.stringify(result)}`);
    } finally {
      await database.drop?.();
    }
  }
} finally {
  rmSync(workdir, { recursive: true, force: true });
}

const table = [
  `# ${COUNT.toLocaleString('en')} issued keys: ${label}`,
  '',
  `Run ${new Date().toISOString()} on ${execFileSync('nproc', { encoding: 'utf8' }).trim()} cores. One instance (its primary and workers together); after start, two ${WINDOW_S} s windows with no requests but one revocation and one new key each (all checked to take effect): the first for CPU, the second for the event loop's longest delay (1 ms resolution). Targets: stall at most 20 ms, idle CPU under 2 %.`,
  '',
  '| database | start (s) | longest event-loop stall (ms) | CPU of the idle instance | RSS (MB) |',
  '|---|---:|---:|---:|---:|',
  ...results.map(
    (r) =>
      `| ${r.database} | ${r.startSeconds.toFixed(1)} | ${r.stallMs.toFixed(1)} | ${r.idleCpuPercent.toFixed(2)} % | ${Math.round(r.rssMb)} |`,
  ),
].join('\n');
console.log(table);
mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
writeFileSync(join(ROOT, 'bench/results/many-keys.md'), `${table}\n`);
log('Wrote bench/results/many-keys.md');

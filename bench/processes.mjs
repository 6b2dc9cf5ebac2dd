// Starting, stopping and loading the servers the benchmarks drive; shared by the bench scripts.
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import {
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  symlinkSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

export const log = (line) => process.stderr.write(`${line}\n`);

export async function freePort() {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

/** The Node release CI tests, from the npm package pinned in .ci/node (installed on first use). */
export function nodeBinary(version) {
  if (version !== '24' && version !== '26')
    throw new Error(`BENCH_NODE lists 24 and/or 26, got ${version}`);
  const binary = join(ROOT, `.ci/node/node_modules/node${version}/bin/node`);
  if (!existsSync(binary))
    execFileSync('npm', ['ci', '--prefix', join(ROOT, '.ci/node'), '--no-audit', '--no-fund'], {
      stdio: ['ignore', 2, 2],
    });
  return binary;
}

// The server's output goes to a file, as to a log shipper: the service logs a line per request, and
// reading those lines in this process would take CPU from autocannon, which runs here too.
/** A service build's main.js as start:prod runs it: its tracing entry's --import first, if it has one. */
function entryArgs(script) {
  const instrument = join(dirname(script), 'telemetry/instrument.js');
  return script.endsWith('/src/main.js') && existsSync(instrument)
    ? ['--import', instrument, script]
    : [script];
}

export async function start(node, script, env, ready, logFile) {
  const out = openSync(logFile, 'w');
  const child = spawn(node, entryArgs(script), {
    // The service's workers (src/cluster/): BENCH_WORKERS, 1 unless set, so that a cell compares
    // one process serving with the peer's one; a script may set WORKERS itself.
    env: {
      WORKERS: process.env.BENCH_WORKERS ?? '1',
      ...process.env,
      ...env,
      HOST: '127.0.0.1',
      NO_COLOR: '1',
    },
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const output = readFileSync(logFile, 'utf8');
    if (typeof ready === 'string' ? output.includes(ready) : await ready()) return child;
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`${script} did not start:\n${output}`);
    await new Promise((wait) => setTimeout(wait, 50));
  }
}

export async function stop(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The settings of the scripts that run rounds on one Node: the first of BENCH_NODE, BENCH_ROUNDS, BENCH_DURATION (s), BENCH_CONNECTIONS. */
export const roundSettings = () => ({
  node: process.env.BENCH_NODE?.split(',')[0] ?? '26',
  rounds: Number(process.env.BENCH_ROUNDS ?? 5),
  duration: Number(process.env.BENCH_DURATION ?? 4),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 32),
});

/**
 * getPet of ids 1..pets from `connections` kept-alive clients for `duration` s, as fast as the server
 * answers or at `rate` requests per second in all; any failed request fails the run.
 */
export async function loadGetPet({ port, key, connections, duration, pets, rate }) {
  let i = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration,
    ...(rate ? { overallRate: rate } : {}),
    headers: { Authorization: `Bearer ${key}` },
    requests: [
      { setupRequest: (request) => ({ ...request, path: `/v1/pets/${1 + (i++ % pets)}` }) },
    ],
  });
  if (result.non2xx + result.errors + result.timeouts > 0)
    throw new Error(`${result.non2xx + result.errors + result.timeouts} requests failed`);
  return { rps: result.requests.average, p99: result.latency.p99, requests: result.requests.total };
}

// User and system CPU time from a /proc stat file, in µs; /proc counts in ticks of 10 ms.
const statCpuTimes = (statFile) => {
  const fields = readFileSync(statFile, 'utf8').split(') ')[1].split(' ');
  return { user: Number(fields[11]) * 10_000, system: Number(fields[12]) * 10_000 };
};
const statCpuMicros = (statFile) => {
  const { user, system } = statCpuTimes(statFile);
  return user + system;
};

/**
 * A process and every process under it: the service's primary and its workers (src/cluster/), so
 * that CPU per request counts them all. Read from /proc/<pid>/task/<tid>/children.
 */
export function processTree(pid) {
  const pids = [pid];
  for (let i = 0; i < pids.length; i++) {
    let tasks;
    try {
      tasks = readdirSync(`/proc/${pids[i]}/task`);
    } catch {
      continue; // exited meanwhile
    }
    for (const task of tasks) {
      try {
        const children = readFileSync(`/proc/${pids[i]}/task/${task}/children`, 'utf8').trim();
        if (children) pids.push(...children.split(' ').map(Number));
      } catch {
        // the thread ended meanwhile
      }
    }
  }
  return pids;
}

/** Pins a process and every process under it, all their threads, to `cores` ('0', '0,1'). */
export function pinProcessTree(pid, cores) {
  for (const each of processTree(pid))
    execFileSync('taskset', ['-a', '-p', '-c', cores, String(each)], { stdio: 'ignore' });
}

const sumOverTree = (pid, read) =>
  processTree(pid).reduce((sum, each) => {
    try {
      return sum + read(each);
    } catch {
      return sum; // exited meanwhile
    }
  }, 0);

/** CPU time a process and the processes under it have used, all their threads. */
export const cpuMicros = (pid) => sumOverTree(pid, (each) => statCpuMicros(`/proc/${each}/stat`));

/** The same, as user time and system (kernel) time. */
export const cpuTimes = (pid) =>
  processTree(pid).reduce(
    (sum, each) => {
      const times = statCpuTimes(`/proc/${each}/stat`);
      return { user: sum.user + times.user, system: sum.system + times.system };
    },
    { user: 0, system: 0 },
  );

/**
 * CPU time of the main threads alone (JavaScript and the event loop; not libuv's pool or V8's
 * workers), of the process and those under it.
 */
export const mainThreadCpuMicros = (pid) =>
  sumOverTree(pid, (each) => statCpuMicros(`/proc/${each}/task/${each}/stat`));

/** Drops and creates the database `name` on the MySQL server of `serverUrl`; returns its URL. */
export async function freshMysqlDatabase(serverUrl, name) {
  const { default: mysql } = await import('mysql2/promise');
  const admin = await mysql.createConnection({ uri: serverUrl.replace(/^mariadb:/, 'mysql:') });
  await admin.query(`DROP DATABASE IF EXISTS \`${name}\``);
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Inserts pets, `[name, categoryId, status]` rows, into a table of the database at `databaseUrl`:
 * a `sqlite:` file in one transaction, a MySQL database 1,000 rows a statement (bigint values as
 * decimal text).
 */
export async function insertPets(
  databaseUrl,
  rows,
  { table = 'pets', columns = 'name, category_id, status' } = {},
) {
  if (databaseUrl.startsWith('sqlite:')) {
    const { default: Database } = await import('better-sqlite3');
    const db = new Database(databaseUrl.slice('sqlite:'.length));
    const insert = db.prepare(`INSERT INTO ${table} (${columns}) VALUES (?, ?, ?)`);
    db.transaction(() => rows.forEach((row) => insert.run(...row)))();
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    return;
  }
  const { default: mysql } = await import('mysql2/promise');
  const connection = await mysql.createConnection({ uri: databaseUrl, charset: 'utf8mb4_bin' });
  const values = rows.map((row) =>
    row.map((value) => (typeof value === 'bigint' ? value.toString() : value)),
  );
  for (let i = 0; i < values.length; i += 1000)
    await connection.query(`INSERT INTO ${table} (${columns}) VALUES ?`, [
      values.slice(i, i + 1000),
    ]);
  await connection.end();
}

/**
 * The process listening on a TCP port of this machine (the database server of a MySQL run), from
 * /proc/net/tcp{,6} and the processes' open sockets; undefined when it is elsewhere or not readable.
 */
export function listeningPid(port) {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!existsSync(table)) continue;
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      // local_address is ADDRESS:PORT in hex; state 0A is LISTEN.
      if (fields[1]?.endsWith(`:${hexPort}`) && fields[3] === '0A')
        inodes.add(`socket:[${fields[9]}]`);
    }
  }
  if (inodes.size === 0) return undefined;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (
        readdirSync(`/proc/${pid}/fd`).some((fd) =>
          inodes.has(readlinkSync(`/proc/${pid}/fd/${fd}`)),
        )
      )
        return Number(pid);
    } catch {
      // A process gone meanwhile, or another user's.
    }
  }
  return undefined;
}

/** True once the server answers HTTP on its port (the peer prints no ready line). */
export async function answering(port, key) {
  try {
    await fetch(`http://127.0.0.1:${port}/v1/pets/1`, {
      headers: { Authorization: `Bearer ${key}` },
    });
    return true;
  } catch {
    return false;
  }
}

/** The typical-nest peer's source: BENCH_PEER, or ../shared/peers/typical-nest beside the checkout. */
export const PEER_SOURCE = process.env.BENCH_PEER
  ? resolve(process.env.BENCH_PEER)
  : join(ROOT, '../shared/peers/typical-nest');

/** The peer's pets columns (its entity's property names, which its synchronize makes the columns), for insertPets. */
export const PEER_PET_COLUMNS = 'name, categoryId, status';

/** Compiles the typical-nest peer with the project's own dependencies, as its README says, in a scratch copy; returns its main.js. */
export function buildPeer(workdir) {
  if (!existsSync(PEER_SOURCE))
    throw new Error(`The typical-nest peer is not at ${PEER_SOURCE}: set BENCH_PEER to its folder`);
  const folder = join(workdir, 'peer');
  cpSync(PEER_SOURCE, folder, {
    recursive: true,
    filter: (path) => !path.includes('node_modules') && !path.includes('/dist'),
  });
  symlinkSync(join(ROOT, 'node_modules'), join(folder, 'node_modules'));
  execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', folder], {
    stdio: 'inherit',
  });
  return join(folder, 'dist/main.js');
}

/**
 * The service as it was at `commit`, built once into `.baseline/<name>` (a git worktree, this
 * checkout's node_modules); resolves to its main.js. Needs the commit in this clone's history.
 */
export function buildAtCommit(commit, name) {
  const folder = join(ROOT, '.baseline', name);
  const main = join(folder, 'dist/src/main.js');
  if (existsSync(main)) return main;
  log(`building ${commit} into .baseline/${name}`);
  const tree = mkdtempSync(join(tmpdir(), 'petstore-baseline-'));
  const quiet = { cwd: ROOT, stdio: ['ignore', 2, 2] };
  execFileSync('git', ['worktree', 'add', '--detach', tree, commit], quiet);
  try {
    symlinkSync(join(ROOT, 'node_modules'), join(tree, 'node_modules'));
    execFileSync(join(ROOT, 'node_modules/.bin/nest'), ['build'], { ...quiet, cwd: tree });
    mkdirSync(folder, { recursive: true });
    cpSync(join(tree, 'dist'), join(folder, 'dist'), { recursive: true });
    cpSync(join(tree, 'package.json'), join(folder, 'package.json'));
    symlinkSync(join(ROOT, 'node_modules'), join(folder, 'node_modules'));
  } finally {
    execFileSync('git', ['worktree', 'remove', '--force', tree], quiet);
  }
  return main;
}

/** The peer cells, as bench:compare and the tracing scripts load them: over 10,000 seeded pets. */
export const CELL_PETS = 10_000;
export const PET_STATUSES = ['available', 'pending', 'sold'];
export const PEER_CELLS = {
  list: { path: () => '/v1/pets?limit=20' },
  status: { path: () => '/v1/pets?status=available&limit=100' },
  get: { path: (i) => `/v1/pets/${1 + ((i * 7919) % CELL_PETS)}` },
  create: {
    method: 'POST',
    path: () => '/v1/pets',
    body: (i) =>
      JSON.stringify({ name: `Bench ${i}`, categoryId: 20 + i, status: PET_STATUSES[i % 3] }),
  },
};

/**
 * One cell's requests from kept-alive clients, for `duration` s or `amount` requests in all (with
 * `timeout`, s, per request; `overallRate`, req/s of all connections, for a fixed load); any failed
 * request fails the run. Returns autocannon's result.
 */
export async function loadCell(
  port,
  key,
  operation,
  { connections, duration, amount, timeout, overallRate },
) {
  let i = 0;
  const { method = 'GET', path, body } = PEER_CELLS[operation];
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    ...(amount === undefined ? { duration } : { amount }),
    ...(timeout === undefined ? {} : { timeout }),
    ...(overallRate === undefined ? {} : { overallRate }),
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          method,
          path: path(i),
          body: body?.(i++) ?? (i++, undefined),
        }),
      },
    ],
  });
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) throw new Error(`${operation}: ${failed} requests failed`);
  return result;
}

/** The cells BENCH_OPERATIONS names (all four by default). */
export function chosenCells() {
  const names = (process.env.BENCH_OPERATIONS ?? Object.keys(PEER_CELLS).join(',')).split(',');
  for (const name of names)
    if (!PEER_CELLS[name])
      throw new Error(`BENCH_OPERATIONS lists ${Object.keys(PEER_CELLS).join(', ')}; got ${name}`);
  return names;
}

const DISCARDING_RECEIVER = `
  const server = require('node:http').createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end());
  });
  server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

/** An OTLP/HTTP receiver in its own process that reads each batch and discards it: its endpoint. */
export async function startDiscardingOtlpReceiver() {
  const child = spawn(process.execPath, ['-e', DISCARDING_RECEIVER], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [chunk] = await once(child.stdout, 'data');
  const endpoint = `http://127.0.0.1:${Number(String(chunk).trim())}`;
  return {
    endpoint,
    /** A server's environment for tracing to this receiver at `ratio` (parentbased_traceidratio). */
    tracingEnv: (ratio, protocol = 'http/protobuf') => ({
      OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
      OTEL_EXPORTER_OTLP_PROTOCOL: protocol,
      OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
      OTEL_TRACES_SAMPLER_ARG: String(ratio),
    }),
    stop: () => child.kill(),
  };
}

/** The service's refusals so far by reason (http_requests_shed_total on its /metrics; `key` a store key); {} when it has none. */
export async function shedCounts(port, key) {
  const response = await fetch(`http://127.0.0.1:${port}/metrics`, {
    headers: { Authorization: `Bearer ${key}` },
  });
  if (response.status !== 200) return {};
  const text = await response.text();
  return Object.fromEntries(
    [...text.matchAll(/^http_requests_(?:shed|refused)_total\{reason="(\w+)"\} (\d+)$/gm)].map(
      (match) => [match[1], Number(match[2])],
    ),
  );
}

// npm run bench: the service against a minimal reference server (reference-server.mjs) on
// databases seeded alike, on Node 20 and Node 24, with autocannon. See bench/README.md.
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, copyFileSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const API_KEY = 'bench-key-0123456789';
const PETS = 10_000;
const STATUSES = ['available', 'pending', 'sold'];
const settings = {
  rounds: Number(process.env.BENCH_ROUNDS ?? 5),
  duration: Number(process.env.BENCH_DURATION ?? 4),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 32),
  nodes: (process.env.BENCH_NODE ?? '24,20').split(','),
  mysqlUrl: process.env.BENCH_MYSQL_URL,
};
const database = settings.mysqlUrl ? 'mysql' : 'sqlite';

const OPERATIONS = [
  { name: 'listPets (limit 20)', request: () => ({ method: 'GET', path: '/v1/pets?limit=20' }) },
  { name: 'listPets (status, limit 100)', request: () => ({ method: 'GET', path: '/v1/pets?status=available&limit=100' }) },
  { name: 'getPet', request: (i) => ({ method: 'GET', path: `/v1/pets/${1 + ((i * 7919) % PETS)}` }) },
  {
    name: 'createPet',
    request: (i) => ({
      method: 'POST',
      path: '/v1/pets',
      body: JSON.stringify({ name: `Bench ${i}`, categoryId: 9007199254740993n.toString().length + i, status: STATUSES[i % 3] }),
    }),
  },
];

const log = (line) => process.stderr.write(`${line}\n`);

async function freePort() {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

function nodeBinary(version) {
  if (version === '20') return process.execPath;
  if (version === '24')
    return join(execFileSync('bash', [join(ROOT, 'tools/node24/setup.sh')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim(), 'node');
  throw new Error(`BENCH_NODE lists 20 and/or 24, got ${version}`);
}

// The server's output goes to a file, as to a log shipper: the service logs a line per request, and
// reading those lines in this process would take CPU from autocannon, which runs here too.
async function start(node, script, env, ready, logFile) {
  const out = openSync(logFile, 'w');
  const child = spawn(node, [script], { env: { ...process.env, ...env, HOST: '127.0.0.1', NO_COLOR: '1' }, stdio: ['ignore', out, out] });
  closeSync(out);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const output = readFileSync(logFile, 'utf8');
    if (output.includes(ready)) return child;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${script} did not start:\n${output}`);
    await new Promise((wait) => setTimeout(wait, 50));
  }
}

async function stop(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}

const peakRssMiB = (pid) => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

/** Two databases with the same 10,000 pets: one for the service, one for the reference. */
async function seedDatabases(node, workdir) {
  const rows = Array.from({ length: PETS }, (_, i) => [`Pet ${i} ${'🐾'.repeat(i % 3)}`, BigInt(i) * 1_000_003n, STATUSES[i % 3]]);
  if (!settings.mysqlUrl) {
    const service = `sqlite:${join(workdir, 'service.sqlite')}`;
    await stop(
      await start(
        node,
        join(ROOT, 'dist/src/main.js'),
        { DATABASE_URL: service, API_KEYS: API_KEY, PORT: String(await freePort()) },
        'Listening on',
        join(workdir, 'migrate.log'),
      ),
    );
    const { default: Database } = await import('better-sqlite3');
    const db = new Database(service.slice('sqlite:'.length));
    const insert = db.prepare('INSERT INTO pets (name, category_id, status) VALUES (?, ?, ?)');
    db.transaction(() => rows.forEach((row) => insert.run(...row)))();
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    copyFileSync(join(workdir, 'service.sqlite'), join(workdir, 'reference.sqlite'));
    return { service, reference: `sqlite:${join(workdir, 'reference.sqlite')}` };
  }
  const { default: mysql } = await import('mysql2/promise');
  const urls = {};
  for (const name of ['service', 'reference']) {
    const url = new URL(settings.mysqlUrl);
    const admin = await mysql.createConnection({ uri: settings.mysqlUrl });
    await admin.query(`DROP DATABASE IF EXISTS petstore_bench_${name}`);
    await admin.query(`CREATE DATABASE petstore_bench_${name} CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`);
    await admin.end();
    url.pathname = `/petstore_bench_${name}`;
    urls[name] = url.toString();
    await stop(
      await start(
        node,
        join(ROOT, 'dist/src/main.js'),
        { DATABASE_URL: urls[name], API_KEYS: API_KEY, PORT: String(await freePort()) },
        'Listening on',
        join(workdir, 'migrate.log'),
      ),
    );
    const connection = await mysql.createConnection({ uri: urls[name], supportBigNumbers: true, bigNumberStrings: true, charset: 'utf8mb4_bin' });
    for (let i = 0; i < rows.length; i += 1000) {
      await connection.query('INSERT INTO pets (name, category_id, status) VALUES ?', [rows.slice(i, i + 1000).map(([n, c, s]) => [n, c.toString(), s])]);
    }
    await connection.end();
  }
  return urls;
}

async function load(port, operation) {
  let i = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: settings.connections,
    duration: settings.duration,
    headers: { Authorization: `Bearer ${API_KEY}`, 'Content-Type': 'application/json' },
    requests: [{ setupRequest: (request) => ({ ...request, ...operation.request(i++) }) }],
  });
  const expected = operation.name === 'createPet' ? 201 : 200;
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) throw new Error(`${operation.name}: ${failed} requests failed (expected ${expected})`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function benchNode(version) {
  const node = nodeBinary(version);
  const label = `Node ${execFileSync(node, ['--version'], { encoding: 'utf8' }).trim()}`;
  const workdir = mkdtempSync(join(tmpdir(), 'petstore-bench-'));
  try {
    log(`[${label}] seeding two ${database} databases with ${PETS} pets`);
    const urls = await seedDatabases(node, workdir);
    const ports = { service: await freePort(), reference: await freePort() };
    const service = await start(
      node,
      join(ROOT, 'dist/src/main.js'),
      { DATABASE_URL: urls.service, API_KEYS: API_KEY, PORT: String(ports.service), RATE_LIMIT: '100000000' },
      'Listening on',
      join(workdir, 'service.log'),
    );
    const reference = await start(
      node,
      join(ROOT, 'bench/reference-server.mjs'),
      { DATABASE_URL: urls.reference, API_KEY, PORT: String(ports.reference) },
      'Reference listening',
      join(workdir, 'reference.log'),
    );
    try {
      const samples = Object.fromEntries(OPERATIONS.map((op) => [op.name, { service: [], reference: [] }]));
      log(`[${label}] warming up`);
      for (const op of OPERATIONS) for (const target of ['service', 'reference']) await load(ports[target], op);
      for (let round = 1; round <= settings.rounds; round++) {
        for (const op of OPERATIONS) {
          // Alternate who goes first, so drift in the machine's load hits both alike.
          for (const target of round % 2 ? ['service', 'reference'] : ['reference', 'service']) {
            const sample = await load(ports[target], op);
            samples[op.name][target].push(sample);
            log(`[${label}] round ${round}/${settings.rounds} ${op.name.padEnd(29)} ${target.padEnd(9)} ${Math.round(sample.rps)} req/s, p99 ${sample.p99} ms`);
          }
        }
      }
      const rows = OPERATIONS.map((op) => {
        const of = (target, key) => median(samples[op.name][target].map((s) => s[key]));
        const ratios = samples[op.name].service.map((s, i) => s.rps / samples[op.name].reference[i].rps);
        return {
          operation: op.name,
          service: { rps: of('service', 'rps'), p50: of('service', 'p50'), p99: of('service', 'p99') },
          reference: { rps: of('reference', 'rps'), p50: of('reference', 'p50'), p99: of('reference', 'p99') },
          ratio: median(ratios),
          // Per-round ratios: this machine's speed drifts, and the spread shows how far to trust the median.
          ratios,
        };
      });
      return { node: label, serviceRssMiB: peakRssMiB(service.pid), rows };
    } finally {
      await stop(service);
      await stop(reference);
    }
  } finally {
    rmSync(workdir, { recursive: true, force: true });
  }
}

function markdown(results) {
  const lines = [
    `# Bench: ${database}, ${PETS} pets, ${settings.connections} connections, ${settings.rounds} rounds of ${settings.duration} s`,
    '',
    `Run ${new Date().toISOString()} on ${execFileSync('nproc', { encoding: 'utf8' }).trim()} cores. Medians over rounds; ratio = service / reference req/s.`,
    '',
  ];
  for (const result of results) {
    lines.push(`## ${result.node} (service peak RSS ${result.serviceRssMiB.toFixed(0)} MiB)`, '');
    lines.push(
      '| operation | service req/s | p50 ms | p99 ms | reference req/s | p50 ms | p99 ms | ratio | ratio by round |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    );
    for (const row of result.rows) {
      lines.push(
        `| ${row.operation} | ${Math.round(row.service.rps)} | ${row.service.p50} | ${row.service.p99} | ${Math.round(row.reference.rps)} | ${row.reference.p50} | ${row.reference.p99} | ${row.ratio.toFixed(2)} | ${row.ratios.map((ratio) => ratio.toFixed(2)).join(' ')} |`,
      );
    }
    lines.push('');
  }
  return lines.join('\n');
}

const results = [];
for (const version of settings.nodes) results.push(await benchNode(version.trim()));
const table = markdown(results);
console.log(table);
mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
writeFileSync(join(ROOT, `bench/results/${database}.md`), `${table}\n`);
writeFileSync(
  join(ROOT, `bench/results/${database}.json`),
  `${JSON.stringify({ database, pets: PETS, settings: { ...settings, mysqlUrl: undefined }, results }, null, 2)}\n`,
);
log(`Wrote bench/results/${database}.md and .json`);

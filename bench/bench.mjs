// npm run bench: the service against a minimal reference server (reference-server.mjs) and the
// typical-nest peer (../shared/peers/typical-nest) on databases seeded alike, on Node 26 and
// Node 24 (the packages pinned in .ci/node), with autocannon. See bench/README.md.
import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { ROOT, freePort, log, median, nodeBinary, start, stop } from './processes.mjs';

const API_KEY = 'bench-key-0123456789';
const PETS = 10_000;
const STATUSES = ['available', 'pending', 'sold'];
const settings = {
  rounds: Number(process.env.BENCH_ROUNDS ?? 5),
  duration: Number(process.env.BENCH_DURATION ?? 4),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 32),
  nodes: (process.env.BENCH_NODE ?? '26,24').split(','),
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

const PEER_SOURCE = join(ROOT, '../shared/peers/typical-nest');

/** Compiles the peer with the project's own dependencies, as its README says, in a scratch copy. */
function buildPeer(workdir) {
  if (!existsSync(PEER_SOURCE)) throw new Error(`The typical-nest peer is not at ${PEER_SOURCE}`);
  const folder = join(workdir, 'peer');
  cpSync(PEER_SOURCE, folder, { recursive: true, filter: (path) => !path.includes('node_modules') && !path.includes('/dist') });
  symlinkSync(join(ROOT, 'node_modules'), join(folder, 'node_modules'));
  execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', folder], { stdio: 'inherit' });
  return join(folder, 'dist/main.js');
}

/** Resolves once the server answers HTTP on its port (the peer prints no ready line). */
async function answering(port) {
  try {
    await fetch(`http://127.0.0.1:${port}/v1/pets/1`, { headers: { Authorization: `Bearer ${API_KEY}` } });
    return true;
  } catch {
    return false;
  }
}

const peakRssMiB = (pid) => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

/** Three databases with the same 10,000 pets: for the service, the reference and the peer (its own schema). */
async function seedDatabases(node, workdir, peerScript) {
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
    const peer = `sqlite:${join(workdir, 'peer.sqlite')}`;
    await createPeerSchema(node, peerScript, peer, workdir);
    const peerDb = new Database(join(workdir, 'peer.sqlite'));
    const peerInsert = peerDb.prepare('INSERT INTO pets (name, categoryId, status) VALUES (?, ?, ?)');
    peerDb.transaction(() => rows.forEach((row) => peerInsert.run(...row)))();
    peerDb.close();
    return { service, reference: `sqlite:${join(workdir, 'reference.sqlite')}`, peer };
  }
  const { default: mysql } = await import('mysql2/promise');
  const urls = {};
  for (const name of ['service', 'reference', 'peer']) {
    const url = new URL(settings.mysqlUrl);
    const admin = await mysql.createConnection({ uri: settings.mysqlUrl });
    await admin.query(`DROP DATABASE IF EXISTS petstore_bench_${name}`);
    await admin.query(`CREATE DATABASE petstore_bench_${name} CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`);
    await admin.end();
    url.pathname = `/petstore_bench_${name}`;
    urls[name] = url.toString();
    if (name === 'peer') await createPeerSchema(node, peerScript, urls[name], workdir);
    else {
      await stop(
        await start(
          node,
          join(ROOT, 'dist/src/main.js'),
          { DATABASE_URL: urls[name], API_KEYS: API_KEY, PORT: String(await freePort()) },
          'Listening on',
          join(workdir, 'migrate.log'),
        ),
      );
    }
    const connection = await mysql.createConnection({ uri: urls[name], supportBigNumbers: true, bigNumberStrings: true, charset: 'utf8mb4_bin' });
    const columns = name === 'peer' ? 'name, categoryId, status' : 'name, category_id, status';
    for (let i = 0; i < rows.length; i += 1000) {
      await connection.query(`INSERT INTO pets (${columns}) VALUES ?`, [rows.slice(i, i + 1000).map(([n, c, s]) => [n, c.toString(), s])]);
    }
    await connection.end();
  }
  return urls;
}

/** The peer creates its table itself (TypeORM synchronize) when it starts. */
async function createPeerSchema(node, peerScript, url, workdir) {
  const port = await freePort();
  await stop(
    await start(node, peerScript, { DATABASE_URL: url, API_KEYS: API_KEY, PORT: String(port) }, () => answering(port), join(workdir, 'peer-schema.log')),
  );
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

const TARGETS = ['service', 'reference', 'peer'];

async function benchNode(version) {
  const node = nodeBinary(version);
  const label = `Node ${execFileSync(node, ['--version'], { encoding: 'utf8' }).trim()}`;
  const workdir = mkdtempSync(join(tmpdir(), 'petstore-bench-'));
  try {
    const peerScript = buildPeer(workdir);
    log(`[${label}] seeding three ${database} databases with ${PETS} pets`);
    const urls = await seedDatabases(node, workdir, peerScript);
    const ports = { service: await freePort(), reference: await freePort(), peer: await freePort() };
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
    const peer = await start(
      node,
      peerScript,
      { DATABASE_URL: urls.peer, API_KEYS: API_KEY, PORT: String(ports.peer) },
      () => answering(ports.peer),
      join(workdir, 'peer.log'),
    );
    try {
      const samples = Object.fromEntries(OPERATIONS.map((op) => [op.name, { service: [], reference: [], peer: [] }]));
      log(`[${label}] warming up`);
      for (const op of OPERATIONS) for (const target of TARGETS) await load(ports[target], op);
      for (let round = 1; round <= settings.rounds; round++) {
        for (const op of OPERATIONS) {
          // Rotate who goes first, so drift in the machine's load hits all alike.
          for (const target of [...TARGETS.slice(round % 3), ...TARGETS.slice(0, round % 3)]) {
            const sample = await load(ports[target], op);
            samples[op.name][target].push(sample);
            log(`[${label}] round ${round}/${settings.rounds} ${op.name.padEnd(29)} ${target.padEnd(9)} ${Math.round(sample.rps)} req/s, p99 ${sample.p99} ms`);
          }
        }
      }
      const rows = OPERATIONS.map((op) => {
        const of = (target, key) => median(samples[op.name][target].map((s) => s[key]));
        const ratiosOf = (target) => samples[op.name][target].map((s, i) => s.rps / samples[op.name].reference[i].rps);
        const summary = (target) => ({ rps: of(target, 'rps'), p50: of(target, 'p50'), p99: of(target, 'p99') });
        return {
          operation: op.name,
          service: summary('service'),
          reference: summary('reference'),
          peer: summary('peer'),
          ratio: median(ratiosOf('service')),
          // Per-round ratios: this machine's speed drifts, and the spread shows how far to trust the median.
          ratios: ratiosOf('service'),
          peerRatio: median(ratiosOf('peer')),
          peerRatios: ratiosOf('peer'),
        };
      });
      return { node: label, serviceRssMiB: peakRssMiB(service.pid), rows };
    } finally {
      await stop(service);
      await stop(reference);
      await stop(peer);
    }
  } finally {
    rmSync(workdir, { recursive: true, force: true });
  }
}

function markdown(results) {
  const lines = [
    `# Bench: ${database}, ${PETS} pets, ${settings.connections} connections, ${settings.rounds} rounds of ${settings.duration} s`,
    '',
    `Run ${new Date().toISOString()} on ${execFileSync('nproc', { encoding: 'utf8' }).trim()} cores. Medians over rounds; ratio = req/s / the reference's req/s in the same round. Peer: ../shared/peers/typical-nest.`,
    '',
  ];
  for (const result of results) {
    lines.push(`## ${result.node} (service peak RSS ${result.serviceRssMiB.toFixed(0)} MiB)`, '');
    lines.push(
      '| operation | service req/s | p50 ms | p99 ms | reference req/s | p50 ms | p99 ms | ratio | ratio by round | peer req/s | peer p99 ms | peer ratio |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    );
    for (const row of result.rows) {
      lines.push(
        `| ${row.operation} | ${Math.round(row.service.rps)} | ${row.service.p50} | ${row.service.p99} | ${Math.round(row.reference.rps)} | ${row.reference.p50} | ${row.reference.p99} | ${row.ratio.toFixed(2)} | ${row.ratios.map((ratio) => ratio.toFixed(2)).join(' ')} | ${Math.round(row.peer.rps)} | ${row.peer.p99} | ${row.peerRatio.toFixed(2)} |`,
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

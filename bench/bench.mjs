// npm run bench: the service against a minimal reference server (reference-server.mjs) and the
// typical-nest peer (../shared/peers/typical-nest) on databases seeded alike, on Node 26 and
// Node 24 (the packages pinned in .ci/node), with autocannon. See bench/README.md.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import autocannon from 'autocannon';
import {
  PEER_PET_COLUMNS,
  PEER_SOURCE,
  ROOT,
  answering,
  buildPeer,
  cpuMicros,
  freePort,
  freshMysqlDatabase,
  insertPets,
  listeningPid,
  log,
  median,
  nodeBinary,
  start,
  stop,
} from './processes.mjs';

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
// A MySQL server on this machine shares its cores with the servers measured: its CPU per request is
// part of what each request costs, so it is read too (the same way, from /proc).
const databasePid = settings.mysqlUrl
  ? listeningPid(Number(new URL(settings.mysqlUrl).port || 3306))
  : undefined;

const OPERATIONS = [
  { name: 'listPets (limit 20)', request: () => ({ method: 'GET', path: '/v1/pets?limit=20' }) },
  {
    name: 'listPets (status, limit 100)',
    request: () => ({ method: 'GET', path: '/v1/pets?status=available&limit=100' }),
  },
  {
    name: 'getPet',
    request: (i) => ({ method: 'GET', path: `/v1/pets/${1 + ((i * 7919) % PETS)}` }),
  },
  {
    name: 'createPet',
    request: (i) => ({
      method: 'POST',
      path: '/v1/pets',
      body: JSON.stringify({
        name: `Bench ${i}`,
        categoryId: 9007199254740993n.toString().length + i,
        status: STATUSES[i % 3],
      }),
    }),
  },
];

const peakRssMiB = (pid) =>
  Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

/** Three databases with the same 10,000 pets: for the service, the reference and the peer (its own schema). */
async function seedDatabases(node, workdir, peerScript) {
  const rows = Array.from({ length: PETS }, (_, i) => [
    `Pet ${i} ${'🐾'.repeat(i % 3)}`,
    BigInt(i) * 1_000_003n,
    STATUSES[i % 3],
  ]);
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
    await insertPets(service, rows);
    copyFileSync(join(workdir, 'service.sqlite'), join(workdir, 'reference.sqlite'));
    const peer = `sqlite:${join(workdir, 'peer.sqlite')}`;
    await createPeerSchema(node, peerScript, peer, workdir);
    await insertPets(peer, rows, { columns: PEER_PET_COLUMNS });
    return { service, reference: `sqlite:${join(workdir, 'reference.sqlite')}`, peer };
  }
  const urls = {};
  for (const name of ['service', 'reference', 'peer']) {
    urls[name] = await freshMysqlDatabase(settings.mysqlUrl, `petstore_bench_${name}`);
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
    await insertPets(urls[name], rows, name === 'peer' ? { columns: PEER_PET_COLUMNS } : {});
  }
  return urls;
}

/** The peer creates its table itself (TypeORM synchronize) when it starts. */
async function createPeerSchema(node, peerScript, url, workdir) {
  const port = await freePort();
  await stop(
    await start(
      node,
      peerScript,
      { DATABASE_URL: url, API_KEYS: API_KEY, PORT: String(port) },
      () => answering(port, API_KEY),
      join(workdir, 'peer-schema.log'),
    ),
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
  if (failed > 0)
    throw new Error(`${operation.name}: ${failed} requests failed (expected ${expected})`);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
  };
}

/** One load on one server, with the CPU its process (and the database server's) used meanwhile (user + system, µs). */
async function measured(child, port, operation) {
  const before = cpuMicros(child.pid);
  const databaseBefore = databasePid ? cpuMicros(databasePid) : 0;
  const sample = await load(port, operation);
  return {
    ...sample,
    cpu: cpuMicros(child.pid) - before,
    databaseCpu: databasePid ? cpuMicros(databasePid) - databaseBefore : undefined,
  };
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
    const ports = {
      service: await freePort(),
      reference: await freePort(),
      peer: await freePort(),
    };
    const service = await start(
      node,
      join(ROOT, 'dist/src/main.js'),
      {
        DATABASE_URL: urls.service,
        API_KEYS: API_KEY,
        PORT: String(ports.service),
        RATE_LIMIT: '100000000',
      },
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
      () => answering(ports.peer, API_KEY),
      join(workdir, 'peer.log'),
    );
    try {
      const samples = Object.fromEntries(
        OPERATIONS.map((op) => [op.name, { service: [], reference: [], peer: [] }]),
      );
      log(`[${label}] warming up`);
      for (const op of OPERATIONS) for (const target of TARGETS) await load(ports[target], op);
      const children = { service, reference, peer };
      for (let round = 1; round <= settings.rounds; round++) {
        for (const op of OPERATIONS) {
          // Rotate who goes first, so drift in the machine's load hits all alike.
          for (const target of [...TARGETS.slice(round % 3), ...TARGETS.slice(0, round % 3)]) {
            const sample = await measured(children[target], ports[target], op);
            samples[op.name][target].push(sample);
            log(
              `[${label}] round ${round}/${settings.rounds} ${op.name.padEnd(29)} ${target.padEnd(9)} ${Math.round(sample.rps)} req/s, p99 ${sample.p99} ms, ${(sample.cpu / sample.requests).toFixed(0)} µs CPU/req${databasePid ? `, database ${(sample.databaseCpu / sample.requests).toFixed(0)}` : ''}`,
            );
          }
        }
      }
      const rows = OPERATIONS.map((op) => {
        const of = (target, key) => median(samples[op.name][target].map((s) => s[key]));
        const ratiosOf = (target, to = 'reference') =>
          samples[op.name][target].map((s, i) => s.rps / samples[op.name][to][i].rps);
        // CPU per request over all rounds: the process's user + system time over the requests it answered.
        const cpuPerRequest = (target, key = 'cpu') =>
          samples[op.name][target].reduce((sum, s) => sum + s[key], 0) /
          samples[op.name][target].reduce((sum, s) => sum + s.requests, 0);
        const summary = (target) => ({
          rps: of(target, 'rps'),
          p50: of(target, 'p50'),
          p99: of(target, 'p99'),
          cpuMicrosPerRequest: cpuPerRequest(target),
          ...(databasePid
            ? { databaseCpuMicrosPerRequest: cpuPerRequest(target, 'databaseCpu') }
            : {}),
        });
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
          // The service's req/s over the typical-nest peer's in the same round: issue 22's target.
          toPeer: median(ratiosOf('service', 'peer')),
          toPeerByRound: ratiosOf('service', 'peer'),
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
    `Run ${new Date().toISOString()} on ${execFileSync('nproc', { encoding: 'utf8' }).trim()} cores. Medians over rounds. "to peer" = the service's req/s over the typical-nest peer's (${relative(ROOT, PEER_SOURCE)}) in the same round; "to reference" = over the raw node:http reference's. CPU = the server process's user + system time over all rounds, per request.${databasePid ? " DB CPU = the MySQL server's (on this machine), likewise, while that server was loaded." : ''}`,
    '',
  ];
  const databaseColumn = (summary) =>
    databasePid ? ` ${summary.databaseCpuMicrosPerRequest.toFixed(0)} |` : '';
  for (const result of results) {
    lines.push(`## ${result.node} (service peak RSS ${result.serviceRssMiB.toFixed(0)} MiB)`, '');
    lines.push(
      databasePid
        ? '| operation | service req/s | p50 ms | p99 ms | CPU µs/req | DB CPU µs/req | to peer | to peer by round | to reference | peer req/s | peer p99 ms | peer CPU µs/req | peer DB CPU µs/req | reference req/s | reference p99 ms | reference CPU µs/req | reference DB CPU µs/req |'
        : '| operation | service req/s | p50 ms | p99 ms | CPU µs/req | to peer | to peer by round | to reference | peer req/s | peer p99 ms | peer CPU µs/req | reference req/s | reference p99 ms | reference CPU µs/req |',
      `|---|${'---:|'.repeat(databasePid ? 16 : 13)}`,
    );
    for (const row of result.rows) {
      const { service, peer, reference } = row;
      lines.push(
        `| ${row.operation} | ${Math.round(service.rps)} | ${service.p50} | ${service.p99} | ${service.cpuMicrosPerRequest.toFixed(0)} |${databaseColumn(service)} ${row.toPeer.toFixed(2)} | ${row.toPeerByRound.map((ratio) => ratio.toFixed(2)).join(' ')} | ${row.ratio.toFixed(2)} | ${Math.round(peer.rps)} | ${peer.p99} | ${peer.cpuMicrosPerRequest.toFixed(0)} |${databaseColumn(peer)} ${Math.round(reference.rps)} | ${reference.p99} | ${reference.cpuMicrosPerRequest.toFixed(0)} |${databaseColumn(reference)}`,
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

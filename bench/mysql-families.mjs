// node bench/mysql-families.mjs (after npm run build), with BENCH_ORACLE_URL and BENCH_MARIADB_URL
// (each a MySQL URL of a server on this machine): the service and the typical-nest peer on both MySQL
// families in one run, four servers side by side, each on a database of its own with the 10,000
// pets of the peer cells, rounds rotating who goes first. It answers whether a cell's margin over
// the peer depends on the family. One cell (BENCH_OPERATIONS, list by default), BENCH_ROUNDS (6) of
// BENCH_DURATION (5) s each, BENCH_CONNECTIONS (32); BENCH_RATE (req/s, all connections together)
// offers a fixed load instead of as many as the server answers. Prints per server: req/s, the
// process's CPU µs per request, its database server's CPU µs per request, and each round's p99.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSeededServer } from './seeded-server.mjs';
import {
  PEER_PET_COLUMNS,
  ROOT,
  buildPeer,
  chosenCells,
  cpuMicros,
  listeningPid,
  loadCell,
  nodeBinary,
  stop,
} from './processes.mjs';

const KEY = 'bench-families-key-0123456789';
const families = { oracle: process.env.BENCH_ORACLE_URL, mariadb: process.env.BENCH_MARIADB_URL };
if (!families.oracle || !families.mariadb)
  throw new Error('set BENCH_ORACLE_URL and BENCH_MARIADB_URL (mysql:// URLs on this machine)');
const [operation] = process.env.BENCH_OPERATIONS ? chosenCells() : ['list'];
const rounds = Number(process.env.BENCH_ROUNDS ?? 6);
const duration = Number(process.env.BENCH_DURATION ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const rate = process.env.BENCH_RATE ? Number(process.env.BENCH_RATE) : undefined;
const node = nodeBinary(process.env.BENCH_NODE?.split(',')[0] ?? '26');

const workdir = mkdtempSync(join(tmpdir(), 'petstore-families-'));
const peer = buildPeer(workdir);
const databasePid = Object.fromEntries(
  Object.entries(families).map(([family, url]) => [
    family,
    listeningPid(Number(new URL(url).port)),
  ]),
);
const definitions = Object.entries(families).flatMap(([family, mysqlUrl]) => [
  [`service, ${family}`, { family, mysqlUrl, script: join(ROOT, 'dist/src/main.js') }],
  [`peer, ${family}`, { family, mysqlUrl, script: peer, columns: PEER_PET_COLUMNS }],
]);
const servers = {};
const totals = {};
const load = (port, seconds) =>
  loadCell(port, KEY, operation, {
    connections,
    duration: seconds,
    ...(rate ? { overallRate: rate } : {}),
  });
try {
  for (const [index, [name, definition]] of definitions.entries()) {
    const server = await startSeededServer({
      ...definition,
      node,
      name: name.replace(', ', '-'),
      key: KEY,
      workdir,
      database: `petstore_families_${index}`,
    });
    servers[name] = { ...server, family: definition.family };
    totals[name] = { cpu: 0, databaseCpu: 0, requests: 0, p99: [] };
  }
  for (const { port } of Object.values(servers)) await load(port, duration);
  const names = Object.keys(servers);
  for (let round = 0; round < rounds; round++) {
    for (const name of names.map((_, i) => names[(i + round) % names.length])) {
      const { child, port, family } = servers[name];
      const before = cpuMicros(child.pid);
      const databaseBefore = cpuMicros(databasePid[family]);
      const result = await load(port, duration);
      totals[name].cpu += cpuMicros(child.pid) - before;
      totals[name].databaseCpu += cpuMicros(databasePid[family]) - databaseBefore;
      totals[name].requests += result.requests.total;
      totals[name].p99.push(result.latency.p99);
    }
  }
} finally {
  for (const { child } of Object.values(servers)) await stop(child);
  rmSync(workdir, { recursive: true, force: true });
}
const offered = rate ? `${rate} req/s offered` : 'as fast as answered';
console.log(`${operation}, ${connections} connections, ${offered}, ${rounds} × ${duration} s`);
console.log('| server | req/s | CPU µs/req | database CPU µs/req | p99 ms by round |');
console.log('| --- | ---: | ---: | ---: | --- |');
for (const [name, total] of Object.entries(totals)) {
  const perRequest = (micros) => (micros / total.requests).toFixed(0);
  const rps = (total.requests / (rounds * duration)).toFixed(0);
  console.log(
    `| ${name} | ${rps} | ${perRequest(total.cpu)} | ${perRequest(total.databaseCpu)} | ${total.p99.join(', ')} |`,
  );
}

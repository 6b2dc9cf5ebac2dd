// npm run bench:order-events: createOrder and updateOrder, the service (dist/) against the build
// before order events (75816b3, built into .baseline/pre46 on first use; or BENCH_BASELINE=
// <a main.js>), in the same run, rounds
// rotating which server goes first; SQLite, or MySQL with BENCH_MYSQL_URL (a database
// petstore_events_<n> per server). Prints req/s (median) and CPU µs per request of each server
// process over all rounds, and the service's CPU over the baseline's. Issue 46's bound: at most
// 1.15. The peer has no orders, so it is not in this table.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import {
  ROOT,
  answering,
  buildAtCommit,
  cpuMicros,
  freePort,
  freshMysqlDatabase,
  log,
  median,
  nodeBinary,
  roundSettings,
  start,
  stop,
} from './processes.mjs';

const KEY = 'bench-events-key-0123456789';
const ORDERS = 2_000;
const settings = roundSettings();
const node = nodeBinary(settings.node);
const mysqlUrl = process.env.BENCH_MYSQL_URL;
/** The last commit before order events (issue 46). */
const BEFORE_EVENTS = '75816b3';
const SERVERS = {
  service: join(ROOT, 'dist/src/main.js'),
  baseline: process.env.BENCH_BASELINE
    ? join(ROOT, process.env.BENCH_BASELINE)
    : buildAtCommit(BEFORE_EVENTS, 'pre46'),
};
const names = Object.keys(SERVERS);
const workdir = mkdtempSync(join(tmpdir(), 'petstore-events-'));
const headers = { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' };

/** Each request a new order, or a quantity change of one of `ids` (a new value on every visit). */
const OPERATIONS = {
  createOrder: (server) => (i) => ({
    method: 'POST',
    path: '/v1/store/orders',
    body: JSON.stringify({ petId: server.petId, quantity: 1 + (i % 1_000) }),
  }),
  updateOrder: (server) => (i) => ({
    method: 'PATCH',
    path: `/v1/store/orders/${server.ids[i % ORDERS]}`,
    body: JSON.stringify({ quantity: 1 + (((server.visits++ / ORDERS) | 0) % 1_000) }),
  }),
};

async function load(server, operation) {
  let i = 0;
  const next = OPERATIONS[operation](server);
  const result = await autocannon({
    url: `http://127.0.0.1:${server.port}`,
    connections: settings.connections,
    duration: settings.duration,
    headers,
    requests: [{ setupRequest: (request) => ({ ...request, ...next(i++) }) }],
  });
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) throw new Error(`${operation}: ${failed} of ${result.requests.total} failed`);
  return { rps: result.requests.average, requests: result.requests.total };
}

const post = async (port, path, body) => {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`POST ${path}: ${response.status}`);
  return (await response.json()).id;
};

const servers = {};
const samples = {};
try {
  for (const [index, name] of names.entries()) {
    const port = await freePort();
    const env = {
      DATABASE_URL: mysqlUrl
        ? await freshMysqlDatabase(mysqlUrl, `petstore_events_${index}`)
        : `sqlite:${join(workdir, `${name}.sqlite`)}`,
      API_KEYS: KEY,
      RATE_LIMIT: '100000000',
      PORT: String(port),
    };
    const child = await start(
      node,
      SERVERS[name],
      env,
      () => answering(port, KEY),
      join(workdir, `${name}.log`),
    );
    const petId = await post(port, '/v1/pets', { name: 'Rex', categoryId: 1 });
    const ids = [];
    for (let i = 0; i < ORDERS; i++)
      ids.push(await post(port, '/v1/store/orders', { petId, quantity: 1 }));
    servers[name] = { port, child, petId, ids, visits: ORDERS };
  }
  for (const operation of Object.keys(OPERATIONS)) {
    log(`${operation}: warming up`);
    for (const name of names) await load(servers[name], operation);
    samples[operation] = Object.fromEntries(names.map((name) => [name, []]));
    for (let round = 1; round <= settings.rounds; round++) {
      for (const name of names.map((_, i) => names[(i + round) % names.length])) {
        const before = cpuMicros(servers[name].child.pid);
        const sample = await load(servers[name], operation);
        samples[operation][name].push({
          ...sample,
          cpu: cpuMicros(servers[name].child.pid) - before,
        });
        log(
          `${operation} round ${round}/${settings.rounds} ${name.padEnd(9)} ${Math.round(sample.rps)} req/s`,
        );
      }
    }
  }
} finally {
  for (const { child } of Object.values(servers)) await stop(child);
  rmSync(workdir, { recursive: true, force: true });
}

const cpuPerRequest = (list) =>
  list.reduce((sum, s) => sum + s.cpu, 0) / list.reduce((sum, s) => sum + s.requests, 0);
const lines = [
  `Order events on ${mysqlUrl ? 'MySQL' : 'SQLite'}, Node ${settings.node}, ${settings.connections} connections, ${settings.rounds} rounds of ${settings.duration} s, ${new Date().toISOString()}`,
  '',
  '| operation | service req/s | service µs/req | baseline req/s | baseline µs/req | service / baseline CPU |',
  '|---|---:|---:|---:|---:|---:|',
];
for (const [operation, of] of Object.entries(samples)) {
  const cpu = Object.fromEntries(names.map((name) => [name, cpuPerRequest(of[name])]));
  lines.push(
    `| ${operation} | ${Math.round(median(of.service.map((s) => s.rps)))} | ${cpu.service.toFixed(1)} | ${Math.round(median(of.baseline.map((s) => s.rps)))} | ${cpu.baseline.toFixed(1)} | ${(cpu.service / cpu.baseline).toFixed(2)} |`,
  );
}
console.log(lines.join('\n'));

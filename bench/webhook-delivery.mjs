// npm run bench:webhooks: webhook delivery from one instance (dist/) to a local receiver on
// 127.0.0.2, SQLite or MySQL with BENCH_MYSQL_URL, every feature on (a log line per request and
// per attempt, metrics). Two phases, each BENCH_DURATION × 3 s of createOrder (one order.created
// event each) with one store endpoint wanting every event:
//   steady:   createOrder at 300 per second (BENCH_WEBHOOK_RATE), the issue's rate;
//   capacity: createOrder as fast as 32 connections go.
// For each: events created per second, deliveries per second while the load ran, commit-to-delivery
// latency (p50, p99, max: the receiver's arrival time minus the event's timestamp, which is taken
// before the commit, so an upper bound), the backlog when the load stopped, and the service's CPU
// per event (its createOrder and its delivery). Issue 46's target: at least 300 deliveries a second
// per instance, p99 under 1 s while the receiver is healthy. BENCH_SERVICE=<main.js> runs another
// build (a baseline) instead of dist/.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ROOT,
  cpuMicros,
  freePort,
  freshMysqlDatabase,
  log,
  nodeBinary,
  roundSettings,
  start,
  stop,
} from './processes.mjs';

const KEY = 'bench-webhooks-key-0123456789';
const RATE = Number(process.env.BENCH_WEBHOOK_RATE ?? 300);
const settings = roundSettings();
const seconds = settings.duration * 3;
const node = nodeBinary(settings.node);
const mysqlUrl = process.env.BENCH_MYSQL_URL;
const workdir = mkdtempSync(join(tmpdir(), 'petstore-webhooks-'));
const headers = { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' };

/** The receiver: answers 204 at once and notes when each event arrived. */
const arrivals = new Map();
const receiver = createServer((request, response) => {
  let body = '';
  request.setEncoding('utf8');
  request.on('data', (chunk) => (body += chunk));
  request.on('end', () => {
    const at = Date.now();
    response.writeHead(204).end();
    // One order.created event per order: the order id tells which phase made it.
    const event = JSON.parse(body);
    if (!arrivals.has(event.orderId))
      arrivals.set(event.orderId, { at, occurred: Date.parse(event.timestamp) });
  });
});
await new Promise((listening) => receiver.listen(0, '127.0.0.2', listening));

const post = async (port, path, body) => {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`POST ${path}: ${response.status}`);
  return response.json();
};

/** createOrder for `seconds` s: paced at `rate` a second, or as fast as `connections` go. */
async function placeOrders(port, petId, { rate, connections }) {
  const started = Date.now();
  const ends = started + seconds * 1_000;
  let sent = 0;
  let failed = 0;
  const orderIds = new Set();
  const one = () =>
    post(port, '/v1/store/orders', { petId, quantity: 1 }).then(
      (order) => orderIds.add(order.id),
      () => {
        failed++;
      },
    );
  if (rate) {
    const pending = [];
    while (Date.now() < ends) {
      const due = Math.floor(((Date.now() - started) / 1_000) * rate);
      while (sent < due) {
        sent++;
        pending.push(one());
      }
      await new Promise((wait) => setTimeout(wait, 5));
    }
    await Promise.all(pending);
  } else {
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (Date.now() < ends) {
          sent++;
          await one();
        }
      }),
    );
  }
  if (failed > 0) throw new Error(`${failed} of ${sent} createOrder calls failed`);
  return { created: sent, ms: Date.now() - started, ended: Date.now(), orderIds };
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

/** One event per order created: every one before a phase is delivered before it starts. */
let createdSoFar = 0;
const settle = async (count) => {
  const deadline = Date.now() + 30_000;
  while (arrivals.size < count && Date.now() < deadline)
    await new Promise((wait) => setTimeout(wait, 50));
};

let child;
const rows = [];
try {
  const port = await freePort();
  child = await start(
    node,
    process.env.BENCH_SERVICE ?? join(ROOT, 'dist/src/main.js'),
    {
      DATABASE_URL: mysqlUrl
        ? await freshMysqlDatabase(mysqlUrl, 'petstore_webhooks')
        : `sqlite:${join(workdir, 'webhooks.sqlite')}`,
      API_KEYS: KEY,
      RATE_LIMIT: '100000000',
      WEBHOOK_ALLOWED_NETWORKS: '127.0.0.2/32',
      PORT: String(port),
    },
    'Listening on',
    join(workdir, 'service.log'),
  );
  const { id: petId } = await post(port, '/v1/pets', { name: 'Rex', categoryId: 1 });
  await post(port, '/v1/webhook-endpoints', {
    url: `http://127.0.0.2:${receiver.address().port}/hooks`,
  });
  log('warming up');
  createdSoFar += (await placeOrders(port, petId, { rate: 100 })).created;
  for (const [phase, load] of [
    ['steady', { rate: RATE }],
    ['capacity', { connections: 32 }],
  ]) {
    // Every event before this phase delivered first.
    await settle(createdSoFar);
    const cpuBefore = cpuMicros(child.pid);
    const startedAt = Date.now();
    log(
      `${phase}: ${load.rate ? `${load.rate} createOrder/s` : `${load.connections} connections`} for ${seconds} s`,
    );
    const { created, ms, ended, orderIds } = await placeOrders(port, petId, load);
    const ours = () => [...arrivals.entries()].filter(([orderId]) => orderIds.has(orderId));
    const duringLoad = ours().filter(([, arrival]) => arrival.at <= ended).length;
    const backlog = created - ours().length;
    createdSoFar += created;
    await settle(createdSoFar);
    const cpu = cpuMicros(child.pid) - cpuBefore;
    const latencies = ours()
      .map(([, arrival]) => arrival.at - arrival.occurred)
      .sort((a, b) => a - b);
    const delivered = latencies.length;
    const lastArrival = Math.max(...ours().map(([, arrival]) => arrival.at));
    rows.push({
      phase,
      offered: load.rate ? `${load.rate}/s` : `${load.connections} connections`,
      created: Math.round((created / ms) * 1_000),
      deliveredPerSecond: Math.round((duringLoad / ms) * 1_000),
      drainedPerSecond: Math.round((delivered / (lastArrival - startedAt)) * 1_000),
      backlog,
      delivered,
      createdTotal: created,
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      max: latencies.at(-1),
      cpuPerEvent: cpu / created,
    });
    log(
      `${phase}: ${created} created, ${delivered} delivered, p99 ${percentile(latencies, 0.99)} ms`,
    );
    // Deliveries in each second of the phase, to see where the rate changes.
    const perSecond = new Map();
    for (const [, arrival] of ours()) {
      const second = Math.floor((arrival.at - startedAt) / 1_000);
      perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
    }
    log(
      `${phase} deliveries by second: ${[...perSecond.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([second, count]) => `${second}:${count}`)
        .join(' ')}`,
    );
  }
} finally {
  if (child) await stop(child);
  receiver.close();
  rmSync(workdir, { recursive: true, force: true });
}

const lines = [
  `Webhook delivery on ${mysqlUrl ? 'MySQL' : 'SQLite'}, Node ${settings.node}, one instance, one endpoint, ${seconds} s per phase, ${new Date().toISOString()}`,
  '',
  '| phase | createOrder offered | created /s | delivered /s during load | delivered /s to the last | backlog at end | delivered / created | p50 ms | p99 ms | max ms | CPU µs per event |',
  '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...rows.map(
    (row) =>
      `| ${row.phase} | ${row.offered} | ${row.created} | ${row.deliveredPerSecond} | ${row.drainedPerSecond} | ${row.backlog} | ${row.delivered} / ${row.createdTotal} | ${row.p50} | ${row.p99} | ${row.max} | ${row.cpuPerEvent.toFixed(0)} |`,
  ),
];
console.log(lines.join('\n'));

// npm run bench:abuse (and the end of npm run bench): one client spends its whole rate limit on the
// costliest createPet bodies the body caps allow, while ordinary clients read pets at a steady pace;
// their median latency must not double (issue 12); nor while 2,000 clients without a key trickle
// slow bodies (issue 73 moved that bound here from test/main.e2e-spec.ts). See bench/README.md.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { slowBodies } from './slow-bodies.mjs';
import {
  ROOT,
  freePort,
  freshMysqlDatabase,
  log,
  median,
  nodeBinary,
  start,
  stop,
} from './processes.mjs';

const BODY_CAP = 16 * 1024;
const VALUES_MAX = 256;
const RATE_LIMIT = 1200; // the default: requests per key per 60 s window
// A key per abuse pattern, so each starts with its whole budget; the set-up has its own.
const ABUSER_KEYS = {
  paced: 'abusive-client-paced-0123456789',
  burst: 'abusive-client-burst-0123456789',
};
const CLIENT_KEYS = Array.from({ length: 4 }, (_, i) => `ordinary-client-${i}-0123456789`);
const SEED_KEY = 'bench-seed-key-0123456789';
const COST_KEY = 'bench-cost-key-0123456789';
const settings = {
  node: process.env.BENCH_NODE?.split(',')[0] ?? '26',
  duration: Number(process.env.BENCH_ABUSE_DURATION ?? 20),
  clientRate: Number(process.env.BENCH_ABUSE_CLIENT_RATE ?? 60),
  mysqlUrl: process.env.BENCH_MYSQL_URL,
};
const database = settings.mysqlUrl ? 'mysql' : 'sqlite';
const PETS = 1_000;

/** `head`, then items while the body stays within the size cap and (about) the value cap, then `tail`. */
function fill(head, item, tail, items = VALUES_MAX - 8) {
  const parts = [];
  for (let n = 0; n < items; n++) {
    const next = item(n);
    if (head.length + parts.join(',').length + next.length + tail.length + 1 > BODY_CAP) break;
    parts.push(next);
  }
  return `${head}${parts.join(',')}${tail}`;
}

/** Bodies that each push one part of the request path to what the caps allow. */
const CANDIDATES = {
  'unknown keys, long names': fill(
    '{"name":"x","categoryId":1,',
    (n) => `"${'k'.repeat(56)}${n}":0`,
    '}',
  ),
  'unknown keys, escaped': fill(
    '{"name":"x","categoryId":1,',
    (n) => `"${'\\u006b'.repeat(9)}${n}":"${'\\u00e9'.repeat(2)}"`,
    '}',
  ),
  'long numbers': fill(
    '{"name":"x","categoryId":1,"x":[',
    (n) => `${n + 1}${'9'.repeat(60)}`,
    ']}',
  ),
  'deep branches': fill(
    '{"name":"x","categoryId":1,"x":[',
    () => `${'['.repeat(30)}${']'.repeat(30)}`,
    ']}',
    7,
  ),
  'escaped long name': `{"categoryId":1,"name":"${'\\ud83d\\udc3e'.repeat(Math.floor((BODY_CAP - 40) / 12))}"}`,
  'largest valid pet': `{"name":"${'\\ud83d\\udc3e'.repeat(255)}","categoryId":-9223372036854775808,"status":"available"}`,
};

const authorization = (key) => `Bearer ${key}`;

async function seed(port) {
  for (let i = 0; i < PETS; i += 50) {
    await Promise.all(
      Array.from({ length: 50 }, (_, j) =>
        fetch(`http://127.0.0.1:${port}/v1/pets`, {
          method: 'POST',
          headers: { Authorization: authorization(SEED_KEY), 'Content-Type': 'application/json' },
          body: JSON.stringify({ name: `Pet ${i + j}`, categoryId: i + j }),
        }).then((response) => response.text()),
      ),
    );
  }
}

/** Server time of one body: the median of 150 sequential requests, each alone on the server (6 bodies: 900 requests, within the key's limit). */
async function costOf(port, body) {
  const times = [];
  let status;
  for (let i = 0; i < 150; i++) {
    const started = performance.now();
    const response = await fetch(`http://127.0.0.1:${port}/v1/pets`, {
      method: 'POST',
      headers: { Authorization: authorization(COST_KEY), 'Content-Type': 'application/json' },
      body,
    });
    await response.text();
    status = response.status;
    times.push(performance.now() - started);
  }
  return { ms: median(times), status };
}

/**
 * The ordinary clients: getPet at a steady overall rate, spread over their keys (each well within its
 * limit), on kept-alive connections; the latency of each request to the last byte, to the 0.01 ms.
 */
async function ordinaryClients(port) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENT_KEYS.length });
  const latencies = [];
  let failures = 0;
  const one = (n) =>
    new Promise((done) => {
      const started = performance.now();
      const path = `/v1/pets/${1 + ((n * 7919) % PETS)}`;
      http
        .get(
          {
            host: '127.0.0.1',
            port,
            path,
            agent,
            headers: { Authorization: authorization(CLIENT_KEYS[n % CLIENT_KEYS.length]) },
          },
          (response) => {
            response.resume();
            response.on('end', () => {
              if (response.statusCode === 200) latencies.push(performance.now() - started);
              else failures++;
              done();
            });
          },
        )
        .on('error', () => (failures++, done()));
    });
  const interval = 1_000 / settings.clientRate;
  const begin = performance.now();
  const pending = [];
  for (let n = 0; performance.now() - begin < settings.duration * 1_000; n++) {
    pending.push(one(n));
    await new Promise((wait) =>
      setTimeout(wait, Math.max(0, begin + (n + 1) * interval - performance.now())),
    );
  }
  await Promise.all(pending);
  agent.destroy();
  if (failures > 0) throw new Error(`the ordinary clients got ${failures} failed answers`);
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return { p50: at(0.5), p90: at(0.9), p99: at(0.99), requests: latencies.length };
}

/** The abusive client: its whole window's budget, either evenly over the run or all at once. */
function abusiveClient(port, body, pattern) {
  const common = {
    url: `http://127.0.0.1:${port}/v1/pets`,
    method: 'POST',
    headers: {
      Authorization: authorization(ABUSER_KEYS[pattern]),
      'Content-Type': 'application/json',
    },
    body,
  };
  if (pattern === 'paced')
    return autocannon({
      ...common,
      connections: 2,
      overallRate: RATE_LIMIT / 60,
      duration: settings.duration,
    });
  return autocannon({ ...common, connections: 8, amount: RATE_LIMIT });
}

const statusCounts = (result) =>
  Object.entries(result.statusCodeStats ?? {})
    .map(([status, { count }]) => `${count} × ${status}`)
    .join(', ');

async function main() {
  const node = nodeBinary(settings.node);
  const label = `Node ${execFileSync(node, ['--version'], { encoding: 'utf8' }).trim()}`;
  const workdir = mkdtempSync(join(tmpdir(), 'petstore-abuse-'));
  let databaseUrl = `sqlite:${join(workdir, 'service.sqlite')}`;
  if (settings.mysqlUrl) {
    databaseUrl = await freshMysqlDatabase(settings.mysqlUrl, 'petstore_bench_abuse');
  }
  const port = await freePort();
  // The default RATE_LIMIT (1200 per key per minute): the abuser is held to what a real key gets.
  const service = await start(
    node,
    join(ROOT, 'dist/src/main.js'),
    {
      DATABASE_URL: databaseUrl,
      API_KEYS: [...Object.values(ABUSER_KEYS), ...CLIENT_KEYS, SEED_KEY, COST_KEY].join(','),
      PORT: String(port),
      RATE_LIMIT: String(RATE_LIMIT),
    },
    'Listening on',
    join(workdir, 'service.log'),
  );
  try {
    log(`[${label}] seeding ${PETS} pets (${database})`);
    await seed(port);
    const costs = {};
    for (const [name, body] of Object.entries(CANDIDATES)) {
      costs[name] = { bytes: Buffer.byteLength(body), ...(await costOf(port, body)) };
      log(
        `[${label}] ${name.padEnd(26)} ${String(costs[name].bytes).padStart(5)} bytes: ${costs[name].status} in ${costs[name].ms.toFixed(2)} ms`,
      );
    }
    const worst = Object.keys(costs).reduce((a, b) => (costs[b].ms > costs[a].ms ? b : a));
    const phases = [];
    for (const pattern of ['none', 'paced', 'burst', 'slow']) {
      const slow = pattern === 'slow' ? slowBodies(port) : undefined;
      const abuser =
        pattern === 'none' || slow ? undefined : abusiveClient(port, CANDIDATES[worst], pattern);
      const clients = await ordinaryClients(port);
      const abuse = slow ? slow.stop() : await abuser;
      phases.push({ pattern, ...clients, abuse: abuse && statusCounts(abuse) });
      log(
        `[${label}] abuser ${pattern.padEnd(5)}: ordinary p50 ${clients.p50.toFixed(2)} ms, p99 ${clients.p99.toFixed(2)} ms${abuse ? `; abuser got ${statusCounts(abuse)}` : ''}`,
      );
    }
    return { label, costs, worst, phases };
  } finally {
    await stop(service);
    rmSync(workdir, { recursive: true, force: true });
  }
}

function markdown({ label, costs, worst, phases }) {
  const baseline = phases[0].p50;
  const lines = [
    `# Abusive client: ${database}, ${label}`,
    '',
    `Run ${new Date().toISOString()} on ${execFileSync('nproc', { encoding: 'utf8' }).trim()} cores. ${CLIENT_KEYS.length} ordinary clients send getPet at ${settings.clientRate} req/s in all for ${settings.duration} s; the abusive client spends its rate limit (${RATE_LIMIT} per 60 s) on the costliest body. Target: the ordinary clients' median at most 2 × the one without the abuser.`,
    '',
    '| body | bytes | answer | server time (median of 150, alone) |',
    '|---|---:|---:|---:|',
    ...Object.entries(costs).map(
      ([name, cost]) =>
        `| ${name}${name === worst ? ' (used)' : ''} | ${cost.bytes} | ${cost.status} | ${cost.ms.toFixed(2)} ms |`,
    ),
    '',
    '| abusive client | ordinary p50 | p90 | p99 | p50 / without | abuser answers |',
    '|---|---:|---:|---:|---:|---|',
    ...phases.map(
      (phase) =>
        `| ${{ none: 'none', paced: `${RATE_LIMIT / 60} req/s, evenly`, burst: `${RATE_LIMIT} at once (8 connections)`, slow: '2,000 without a key, slow bodies' }[phase.pattern]} | ${phase.p50.toFixed(2)} ms | ${phase.p90.toFixed(2)} ms | ${phase.p99.toFixed(2)} ms | ${(phase.p50 / baseline).toFixed(2)} | ${phase.abuse ?? ''} |`,
    ),
    '',
    phases.every((phase) => phase.p50 <= 2 * baseline) ? 'Target met.' : '**Target not met.**',
  ];
  return lines.join('\n');
}

const result = await main();
const table = markdown(result);
console.log(table);
mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
writeFileSync(join(ROOT, `bench/results/abusive-client-${database}.md`), `${table}\n`);
log(`Wrote bench/results/abusive-client-${database}.md`);

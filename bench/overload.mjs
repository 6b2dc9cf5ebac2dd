// npm run bench:overload (and the end of npm run bench): the service and the typical-nest peer
// offered more than they can serve, side by side in one run: getPet and createPet on SQLite (and
// on MySQL with BENCH_MYSQL_URL), servers (and a local database server) pinned to core 0, the
// open-loop client (open-loop-client.c) to core 1, clients that give up after 1 s. Per server
// and operation: its capacity (closed loop, autocannon), then 0.5× of it (unloaded), then 2×, 3×
// and 5×, each for BENCH_OVERLOAD_SECONDS (20) and followed by 0.5× for 5 s (the recovery), with
// a probe of /readyz every 50 ms throughout (its p99 over the whole run). See bench/README.md
// ("Overload").
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startProxyInFront } from './proxy-in-front.mjs';
import { startSeededServer } from './seeded-server.mjs';
import {
  PEER_PET_COLUMNS,
  ROOT,
  buildPeer,
  listeningPid,
  loadCell,
  log,
  nodeBinary,
  pinProcessTree,
  stop,
} from './processes.mjs';

const KEY = 'bench-overload-key-0123456789';
const settings = {
  node: process.env.BENCH_NODE?.split(',')[0] ?? '26',
  seconds: Number(process.env.BENCH_OVERLOAD_SECONDS ?? 20),
  levels: (process.env.BENCH_OVERLOAD_LEVELS ?? '2,3,5').split(',').map(Number),
  operations: (process.env.BENCH_OPERATIONS ?? 'get,create').split(','),
  // service, proxied (one process behind deploy/haproxy/haproxy.cfg), peer and (with
  // BENCH_BASELINE) baseline.
  servers: (process.env.BENCH_OVERLOAD_SERVERS ?? 'service,peer').split(','),
  mysqlUrl: process.env.BENCH_MYSQL_URL,
  // The service's own settings for this run, e.g. '{"OVERLOAD_SHEDDING":"false"}'.
  serviceEnv: JSON.parse(process.env.BENCH_SERVICE_ENV ?? '{}'),
};
const MAX_CONNECTIONS = 4_000;
const UNLOADED = 0.5;
const RECOVERY_SECONDS = 5;
const TIMEOUT_MS = 1_000;
const database = settings.mysqlUrl ? 'mysql' : 'sqlite';
const databasePid = settings.mysqlUrl
  ? listeningPid(Number(new URL(settings.mysqlUrl).port || 3306))
  : undefined;

// The probe, as a kubelet or load balancer sends it: GET /readyz every 50 ms, one at a time, in a
// process of its own at a higher priority than the client it shares core 1 with (the client keeps
// its core busy; the probe's latency must be the server's). Prints each latency (ms; -1: none in 1 s).
const PROBE = `
  const latencies = [];
  const until = Date.now() + Number(process.argv[2]);
  (async () => {
    while (Date.now() < until) {
      const started = performance.now();
      try {
        const response = await fetch(process.argv[1], { signal: AbortSignal.timeout(${TIMEOUT_MS}) });
        await response.arrayBuffer();
        latencies.push(performance.now() - started);
      } catch {
        latencies.push(-1);
      }
      await new Promise((done) => setTimeout(done, Math.max(0, 50 - (performance.now() - started))));
    }
    process.stdout.write(JSON.stringify(latencies.slice(1)));
  })();
`;

/** The probe's latencies over `seconds` (the first, undici's loading, left out). */
async function probe(port, seconds) {
  const child = spawn(
    'taskset',
    [
      '-c',
      '1',
      'nice',
      '-n',
      '-10',
      process.execPath,
      '-e',
      PROBE,
      `http://127.0.0.1:${port}/readyz`,
      String(seconds * 1000),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  await once(child, 'exit');
  return JSON.parse(output);
}

/**
 * The open-loop client: bench/open-loop-client.c, compiled here with the machine's cc (a client in
 * Node reached about 14,000 requests a second on one core, under what 3x the service's getPet asks).
 */
function openLoopCommand(port, operation, phases) {
  const binary = join(workdir, 'open-loop-client');
  if (!existsSync(binary))
    execFileSync('cc', ['-O2', '-o', binary, join(ROOT, 'bench/open-loop-client.c')], {
      stdio: 'inherit',
    });
  return [
    binary,
    String(port),
    KEY,
    operation,
    String(TIMEOUT_MS),
    String(MAX_CONNECTIONS),
    '256',
    ...phases.map(({ rate, seconds }) => `${rate}:${seconds}`),
  ];
}

/** Runs the open-loop client on core 1; its per-phase figures. */
async function openLoop(port, operation, phases) {
  const child = spawn('taskset', ['-c', '1', ...openLoopCommand(port, operation, phases)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  const [code] = await once(child, 'exit');
  if (code !== 0) throw new Error(`the open-loop client exited with ${code}`);
  return JSON.parse(output);
}

/** When the 2xx answers' p99 (per 250 ms of sending) stays within the unloaded bound: ms after the drop. */
function recoveryMs(windows, bound) {
  let last = -1;
  windows.forEach((p99, w) => {
    if (p99 !== null && p99 > bound) last = w;
  });
  return (last + 1) * 250;
}

const node = nodeBinary(settings.node);
const label = `Node ${execFileSync(node, ['--version'], { encoding: 'utf8' }).trim()}`;
const workdir = mkdtempSync(join(tmpdir(), 'petstore-overload-'));
const SERVERS = {
  service: {
    script: join(ROOT, 'dist/src/main.js'),
    file: 'service.sqlite',
    env: settings.serviceEnv,
  },
  proxied: {
    script: join(ROOT, 'dist/src/main.js'),
    file: 'proxied.sqlite',
    env: { ...settings.serviceEnv, WORKERS: '1', TRUST_PROXY: '1' },
  },
  peer: { script: buildPeer(workdir), file: 'peer.sqlite', columns: PEER_PET_COLUMNS, env: {} },
  // Another build of the service (BENCH_BASELINE: its dist/src/main.js), e.g. before a change.
  ...(process.env.BENCH_BASELINE && {
    baseline: {
      script: process.env.BENCH_BASELINE,
      file: 'baseline.sqlite',
      env: settings.serviceEnv,
    },
  }),
};
const rows = [];
const servers = {};
pinProcessTree(process.pid, '1');
if (databasePid) pinProcessTree(databasePid, '0');
try {
  for (const [index, name] of settings.servers.entries()) {
    servers[name] = await startSeededServer({
      ...SERVERS[name],
      node,
      name,
      key: KEY,
      workdir,
      mysqlUrl: settings.mysqlUrl,
      database: `petstore_overload_${index}`,
    });
    pinProcessTree(servers[name].child.pid, '0');
    if (name === 'proxied') {
      // The proxy shares the instance's core: what it costs a request is counted.
      const proxy = await startProxyInFront(servers[name].port, workdir);
      pinProcessTree(proxy.child.pid, '0');
      servers[name] = { port: proxy.port, child: servers[name].child, proxy: proxy.child };
    }
  }
  for (const [turn, operation] of settings.operations.entries()) {
    // Which server goes first alternates from one operation to the next.
    const order = turn % 2 === 0 ? settings.servers : [...settings.servers].reverse();
    for (const name of order) {
      const { port } = servers[name];
      // Warm-up, then the capacity: 32 kept-alive clients as fast as the server answers.
      await loadCell(port, KEY, operation, { connections: 32, duration: 3 });
      const capacity = (await loadCell(port, KEY, operation, { connections: 32, duration: 5 }))
        .requests.average;
      log(`[${label}, ${database}] ${operation} ${name}: capacity ${Math.round(capacity)} req/s`);
      const phases = [{ rate: capacity * UNLOADED, seconds: 5 }];
      for (const level of settings.levels)
        phases.push(
          { rate: capacity * level, seconds: settings.seconds },
          { rate: capacity * UNLOADED, seconds: RECOVERY_SECONDS },
        );
      const [figures, probes] = await Promise.all([
        openLoop(port, operation, phases),
        probe(
          port,
          phases.reduce((total, phase) => total + phase.seconds, 0),
        ),
      ]);
      const answered = probes.filter((ms) => ms >= 0).sort((a, b) => a - b);
      const probeP99 = answered[Math.floor(answered.length * 0.99)] ?? null;
      const probeMissed = probes.length - answered.length;
      const unloaded = figures[0];
      const bound = Math.max(unloaded.okP99 * 1.5, unloaded.okP99 + 2);
      settings.levels.forEach((level, n) => {
        const loaded = figures[1 + 2 * n];
        const after = figures[2 + 2 * n];
        const row = {
          operation,
          name,
          capacity,
          unloadedP99: unloaded.okP99,
          level,
          offered: (loaded.sent + loaded.notSent) / loaded.seconds,
          reached: loaded.sent / loaded.seconds,
          goodput: loaded.okPerSecond,
          okP50: loaded.okP50,
          okP99: loaded.okP99,
          refusedPerSecond: loaded.refused / loaded.seconds,
          refusedP99: loaded.refusedP99,
          refusedWithoutRetryAfter: loaded.refusedWithoutRetryAfter,
          timedOutPerSecond: loaded.timedOut / loaded.seconds,
          errorsPerSecond: loaded.connectionErrors / loaded.seconds,
          otherStatus: loaded.otherStatus,
          probeP99,
          probeMissed,
          recoveryMs: recoveryMs(after.okWindowP99, bound),
        };
        rows.push(row);
        log(`[${label}, ${database}] ${JSON.stringify(row)}`);
      });
    }
  }
} finally {
  for (const { child, proxy } of Object.values(servers)) {
    if (proxy) await stop(proxy);
    await stop(child);
  }
  if (databasePid) pinProcessTree(databasePid, '0,1');
  rmSync(workdir, { recursive: true, force: true });
}

const ms = (value) => (value === null || value === undefined ? '-' : value.toFixed(1));
const lines = [
  `Overload on ${database === 'mysql' ? 'MySQL' : 'SQLite'}, ${label}, ${new Date().toISOString()}: ${settings.seconds} s per level, clients give up after ${TIMEOUT_MS} ms`,
  '',
  '| operation, server (capacity; unloaded p99) | offered × | reached /s | 2xx /s (of capacity) | 2xx p50 / p99 ms | 503 /s, p99 ms | timed out /s (% of sent) | /readyz p99 ms (whole run) | recovery ms |',
  '| --- | ---: | ---: | --- | --- | --- | ---: | ---: | ---: |',
];
for (const row of rows)
  lines.push(
    `| ${row.operation}, ${row.name} (${Math.round(row.capacity)}/s; ${ms(row.unloadedP99)} ms) | ${row.level} | ${Math.round(row.reached)} | ${Math.round(row.goodput)} (${Math.round((100 * row.goodput) / row.capacity)} %) | ${ms(row.okP50)} / ${ms(row.okP99)} | ${Math.round(row.refusedPerSecond)}, ${ms(row.refusedP99)}${row.refusedWithoutRetryAfter ? ` (${row.refusedWithoutRetryAfter} without Retry-After)` : ''} | ${Math.round(row.timedOutPerSecond + row.errorsPerSecond)} (${((100 * (row.timedOutPerSecond + row.errorsPerSecond)) / row.reached).toFixed(1)} %) | ${ms(row.probeP99)}${row.probeMissed ? ` (${row.probeMissed} unanswered)` : ''} | ${row.recoveryMs} |`,
  );
console.log(lines.join('\n'));

// npm run bench:workers: the service with WORKERS=1 and WORKERS=2 (src/cluster/) and the
// typical-nest peer, side by side in one run, on MySQL (BENCH_MYSQL_URL; SQLite allows one worker
// only): listPets and getPet, BENCH_ROUNDS (3) rounds of BENCH_DURATION (5) s each, the servers'
// order rotating. The load is Debian's wrk (C, BENCH_WRK_THREADS threads, 2 by default, 64
// kept-alive connections), not a Node client; its own CPU share is printed so that a run where it
// was the limit shows. Prints req/s (median), CPU µs per request (every process of the server:
// primary and workers; and the database server's when it runs here) and WORKERS=2 over WORKERS=1.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSeededServer } from './seeded-server.mjs';
import {
  CELL_PETS,
  PEER_PET_COLUMNS,
  ROOT,
  buildPeer,
  cpuMicros,
  listeningPid,
  log,
  median,
  nodeBinary,
  processTree,
  stop,
} from './processes.mjs';

const KEY = 'bench-workers-key-0123456789';
const settings = {
  node: process.env.BENCH_NODE?.split(',')[0] ?? '26',
  rounds: Number(process.env.BENCH_ROUNDS ?? 3),
  duration: Number(process.env.BENCH_DURATION ?? 5),
  threads: Number(process.env.BENCH_WRK_THREADS ?? 2),
  connections: 64,
  mysqlUrl: process.env.BENCH_MYSQL_URL,
};
if (!settings.mysqlUrl) {
  console.log(
    'bench:workers runs on MySQL only (set BENCH_MYSQL_URL): with SQLite the service runs one ' +
      'worker (docs/operations.md, "Workers and the front door").',
  );
  process.exit(0);
}
const databasePid = listeningPid(Number(new URL(settings.mysqlUrl).port || 3306));
const OPERATIONS = {
  list: `wrk.headers["Authorization"] = "Bearer ${KEY}"
wrk.path = "/v1/pets?limit=20"`,
  get: `wrk.headers["Authorization"] = "Bearer ${KEY}"
local i = 0
request = function()
  i = i + 1
  return wrk.format(nil, "/v1/pets/" .. (1 + i % ${CELL_PETS}))
end`,
};

const node = nodeBinary(settings.node);
const label = `Node ${execFileSync(node, ['--version'], { encoding: 'utf8' }).trim()}`;
const workdir = mkdtempSync(join(tmpdir(), 'petstore-workers-'));
const SERVERS = {
  'WORKERS=1': { script: join(ROOT, 'dist/src/main.js'), env: { WORKERS: '1' } },
  'WORKERS=2': { script: join(ROOT, 'dist/src/main.js'), env: { WORKERS: '2' } },
  peer: { script: buildPeer(workdir), env: {}, columns: PEER_PET_COLUMNS },
};
const names = Object.keys(SERVERS);

/** One wrk run: its req/s, and the share of its threads' time it was on a CPU. */
function wrk(port, operation) {
  const script = join(workdir, `${operation}.lua`);
  writeFileSync(script, OPERATIONS[operation]);
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', [
      `-t${settings.threads}`,
      `-c${settings.connections}`,
      `-d${settings.duration}s`,
      '-s',
      script,
      `http://127.0.0.1:${port}`,
    ]);
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    const before = () => cpuMicros(child.pid);
    let startCpu = 0;
    setImmediate(() => (startCpu = before()));
    let lastCpu = 0;
    const sampler = setInterval(() => {
      try {
        lastCpu = cpuMicros(child.pid);
      } catch {
        // exited
      }
    }, 250);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearInterval(sampler);
      const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1]);
      const failed = Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0);
      if (code !== 0 || !(rps > 0)) return reject(new Error(`wrk: ${output}`));
      const busy = (lastCpu - startCpu) / (settings.duration * 1e6 * settings.threads);
      resolve({ rps, clientBusy: busy, failed });
    });
  });
}

const residentMiB = (pid) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
let memory;
const servers = {};
const samples = Object.fromEntries(
  Object.keys(OPERATIONS).map((op) => [op, Object.fromEntries(names.map((n) => [n, []]))]),
);
try {
  for (const [index, name] of names.entries())
    servers[name] = await startSeededServer({
      ...SERVERS[name],
      node,
      name: `server-${index}`,
      key: KEY,
      workdir,
      file: `server-${index}.sqlite`,
      mysqlUrl: settings.mysqlUrl,
      database: `petstore_workers_${index}`,
    });
  for (const operation of Object.keys(OPERATIONS)) {
    // Warm-up (a cold server may refuse some of a first crowd: not counted).
    for (const name of names) await wrk(servers[name].port, operation);
    for (let round = 0; round < settings.rounds; round++) {
      const order = names.map((_, i) => names[(i + round) % names.length]);
      for (const name of order) {
        const pid = servers[name].child.pid;
        const [cpuBefore, dbBefore] = [cpuMicros(pid), cpuMicros(databasePid)];
        const { rps, clientBusy, failed } = await wrk(servers[name].port, operation);
        const requests = rps * settings.duration;
        const sample = {
          rps,
          clientBusy,
          failed,
          cpuPerRequest: (cpuMicros(pid) - cpuBefore) / requests,
          dbPerRequest: (cpuMicros(databasePid) - dbBefore) / requests,
        };
        samples[operation][name].push(sample);
        log(
          `[${label}] ${operation} round ${round + 1}/${settings.rounds} ${name.padEnd(9)} ` +
            `${Math.round(rps)} req/s, ${sample.cpuPerRequest.toFixed(0)} µs CPU/req, ` +
            `database ${sample.dbPerRequest.toFixed(0)}, wrk busy ${(100 * clientBusy).toFixed(0)} %` +
            (failed ? `, ${failed} not 2xx` : ''),
        );
      }
    }
  }
  const twoWorkers = servers['WORKERS=2'].child.pid;
  memory = processTree(twoWorkers).map((pid) => ({ pid, rssMiB: residentMiB(pid) }));
} finally {
  for (const { child } of Object.values(servers)) await stop(child);
  rmSync(workdir, { recursive: true, force: true });
}

const figure = (list, key) => median(list.map((sample) => sample[key]));
const lines = [
  `Workers on MySQL, ${label}, ${execFileSync('nproc', { encoding: 'utf8' }).trim()} cores, ${new Date().toISOString()}: wrk -t${settings.threads} -c${settings.connections}, ${settings.rounds} rounds of ${settings.duration} s, medians`,
  '',
  '| operation | WORKERS=1 req/s (µs CPU/req; DB) | WORKERS=2 req/s (µs CPU/req; DB) | 2 ÷ 1 | peer req/s | WORKERS=1 ÷ peer | wrk busy (max) | not 2xx |',
  '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: |',
];
for (const [operation, by] of Object.entries(samples)) {
  const cell = (name) =>
    `${Math.round(figure(by[name], 'rps'))} (${figure(by[name], 'cpuPerRequest').toFixed(0)}; ${figure(by[name], 'dbPerRequest').toFixed(0)})`;
  const rps = (name) => figure(by[name], 'rps');
  const busiest = Math.max(...names.flatMap((name) => by[name].map((s) => s.clientBusy)));
  const failed = names.reduce((sum, name) => sum + by[name].reduce((n, s) => n + s.failed, 0), 0);
  lines.push(
    `| ${operation} | ${cell('WORKERS=1')} | ${cell('WORKERS=2')} | ${(rps('WORKERS=2') / rps('WORKERS=1')).toFixed(2)} | ${Math.round(rps('peer'))} | ${(rps('WORKERS=1') / rps('peer')).toFixed(2)} | ${(100 * busiest).toFixed(0)} % | ${failed} |`,
  );
}
lines.push(
  '',
  `Resident memory of WORKERS=2 after the run: primary ${memory[0].rssMiB.toFixed(0)} MiB, workers ${memory
    .slice(1)
    .map((each) => `${each.rssMiB.toFixed(0)} MiB`)
    .join(', ')}.`,
);
console.log(lines.join('\n'));

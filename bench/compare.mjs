// npm run bench:compare: one change measured against the build before it, and against the
// typical-nest peer, in the same run, on SQLite (Node 26; MySQL with BENCH_MYSQL_URL, a database
// petstore_compare_<n> for each server, with the database server's CPU per request when it runs on
// this machine): the service (dist/), the baseline build
// (BENCH_BASELINE=.baseline/dist/src/main.js after `mkdir -p .baseline && cp -r dist .baseline/`)
// and the peer, each operation of BENCH_OPERATIONS (list,status,get,create; all by default), rounds
// rotating which server goes first. Prints req/s (median) and CPU µs per request (user + system of
// the server process over all rounds; in brackets its main thread's share, the rest being libuv's
// pool and V8's workers). Each server first gets BENCH_WARMUP_SECONDS (one round's duration by
// default) of each cell. See bench/README.md ("what each change bought").
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSeededServer } from './seeded-server.mjs';
import {
  PEER_PET_COLUMNS,
  ROOT,
  buildPeer,
  chosenCells,
  loadCell,
  cpuMicros,
  listeningPid,
  log,
  mainThreadCpuMicros,
  median,
  nodeBinary,
  roundSettings,
  stop,
} from './processes.mjs';

const KEY = 'bench-compare-key-0123456789';
const settings = roundSettings();
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? settings.duration);
const operations = chosenCells();

const mysqlUrl = process.env.BENCH_MYSQL_URL;
const databasePid = mysqlUrl ? listeningPid(Number(new URL(mysqlUrl).port || 3306)) : undefined;
const node = nodeBinary(settings.node);
const label = `Node ${execFileSync(node, ['--version'], { encoding: 'utf8' }).trim()}`;
const workdir = mkdtempSync(join(tmpdir(), 'petstore-compare-'));
const SERVERS = {
  service: { script: join(ROOT, 'dist/src/main.js'), file: 'service.sqlite' },
  ...(process.env.BENCH_BASELINE
    ? { baseline: { script: join(ROOT, process.env.BENCH_BASELINE), file: 'baseline.sqlite' } }
    : {}),
  // More servers, for a breakdown: BENCH_VARIANTS='{"no log":{"env":{"LOG_LEVEL":"warn"}}}' (script: dist's by default);
  // each gets a column of its req/s and CPU per request against the service's.
  ...Object.fromEntries(
    Object.entries(JSON.parse(process.env.BENCH_VARIANTS ?? '{}')).map(
      ([name, { script = 'dist/src/main.js', env = {} }], i) => [
        name,
        { script: join(ROOT, script), env, file: `variant-${i}.sqlite` },
      ],
    ),
  ),
  peer: { script: buildPeer(workdir), file: 'peer.sqlite', columns: PEER_PET_COLUMNS },
};
const names = Object.keys(SERVERS);
const variants = names.filter((name) => !['service', 'baseline', 'peer'].includes(name));
// Columns of ratios: the service against the baseline, each variant against the service.
const compared = [...(names.includes('baseline') ? ['baseline'] : []), ...variants];
const against = (name) => (name === 'baseline' ? 'service / baseline' : `${name} / service`);

async function load(port, operation, duration = settings.duration) {
  const result = await loadCell(port, KEY, operation, { ...settings, duration });
  return { rps: result.requests.average, p99: result.latency.p99, requests: result.requests.total };
}

const samples = {};
const servers = {};
try {
  for (const [index, name] of names.entries()) {
    servers[name] = await startSeededServer({
      ...SERVERS[name],
      node,
      name,
      key: KEY,
      workdir,
      mysqlUrl,
      database: `petstore_compare_${index}`,
    });
  }
  for (const operation of operations) {
    log(`[${label}] ${operation}: warming up`);
    for (const name of names) await load(servers[name].port, operation, warmupSeconds);
    samples[operation] = Object.fromEntries(names.map((name) => [name, []]));
    for (let round = 1; round <= settings.rounds; round++) {
      for (const name of names.map((_, i) => names[(i + round) % names.length])) {
        const before = cpuMicros(servers[name].child.pid);
        const mainBefore = mainThreadCpuMicros(servers[name].child.pid);
        const databaseBefore = databasePid ? cpuMicros(databasePid) : 0;
        const sample = await load(servers[name].port, operation);
        const databaseCpu = databasePid ? cpuMicros(databasePid) - databaseBefore : 0;
        const mainThreadCpu = mainThreadCpuMicros(servers[name].child.pid) - mainBefore;
        samples[operation][name].push({
          ...sample,
          cpu: cpuMicros(servers[name].child.pid) - before,
          mainThreadCpu,
          databaseCpu,
        });
        log(
          `[${label}] ${operation} round ${round}/${settings.rounds} ${name.padEnd(12)} ${Math.round(sample.rps)} req/s, p99 ${sample.p99} ms`,
        );
      }
    }
  }
} finally {
  for (const { child } of Object.values(servers)) await stop(child);
  rmSync(workdir, { recursive: true, force: true });
}

const cpuPerRequest = (list, field = 'cpu') =>
  list.reduce((sum, s) => sum + s[field], 0) / list.reduce((sum, s) => sum + s.requests, 0);
// µs/req: the server process's CPU (its main thread's in brackets); with MySQL on this machine, + the database server's while it was loaded.
const cpuCell = (list) =>
  `${cpuPerRequest(list).toFixed(1)} (${cpuPerRequest(list, 'mainThreadCpu').toFixed(1)})${databasePid ? ` + ${cpuPerRequest(list, 'databaseCpu').toFixed(1)}` : ''}`;
const lines = [
  `Compare on ${mysqlUrl ? 'MySQL' : 'SQLite'}, ${label}, ${settings.connections} connections, ${settings.rounds} rounds of ${settings.duration} s after ${warmupSeconds} s of warm-up, ${new Date().toISOString()}`,
  '',
  `| operation | ${names.map((name) => `${name} req/s | ${name} µs/req`).join(' | ')} | service / peer req/s |${compared.map((name) => ` ${against(name)} req/s (µs/req) |`).join('')}`,
  `|---|${names.map(() => '---:|---:').join('|')}|---:|${compared.map(() => '---:|').join('')}`,
];
for (const operation of operations) {
  const of = samples[operation];
  const cells = names.map(
    (name) => `${Math.round(median(of[name].map((s) => s.rps)))} | ${cpuCell(of[name])}`,
  );
  const ratio = median(of.service.map((s, i) => s.rps / of.peer[i].rps));
  // Median of the rounds' req/s ratios, and the ratio of CPU per request.
  const ratios = compared.map((name) => {
    const [a, b] = name === 'baseline' ? ['service', 'baseline'] : [name, 'service'];
    const rps = median(of[a].map((s, i) => s.rps / of[b][i].rps));
    const cpu = cpuPerRequest(of[a]) / cpuPerRequest(of[b]);
    return ` ${rps.toFixed(3)} (${cpu.toFixed(3)}) |`;
  });
  lines.push(`| ${operation} | ${cells.join(' | ')} | ${ratio.toFixed(2)} |${ratios.join('')}`);
}
console.log(lines.join('\n'));

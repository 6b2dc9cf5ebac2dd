// npm run bench:floors: how far a framework alone lets getPet come to the reference on SQLite. Six
// servers on one seeded database, getPet with the same requests, rotating which goes first in each
// round: the reference (node:http), bare Express 5 (express-floor.mjs), a bare NestJS application
// on platform-express (nest-floor.mjs), that application doing issue 22's features with the service's
// own code but none of its guards, pipes or modules (nest-features-floor.mjs), the service, and the
// service without its request log and metrics. Each one's req/s over the reference's in the same round bounds what a service built on
// that stack can reach (issue 10); the CPU per request shows where the difference goes. See bench/README.md.
// BENCH_RATE=16000 offers each server that many requests per second instead of as many as it answers,
// so their CPU per request is compared at one load.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ROOT,
  cpuTimes,
  freePort,
  insertPets,
  loadGetPet,
  log,
  median,
  nodeBinary,
  roundSettings,
  start,
  stop,
} from './processes.mjs';

const KEY = 'bench-floor-key-0123456789';
const settings = roundSettings();
const rate = Number(process.env.BENCH_RATE ?? 0);
const SERVERS = {
  reference: { script: 'bench/reference-server.mjs' },
  'Express floor': { script: 'bench/express-floor.mjs' },
  'NestJS floor': { script: 'bench/nest-floor.mjs' },
  // The floor doing a getPet's work as the service must (key, rate limit, headers, request id, log,
  // metrics) with the service's code for each, called directly: the service's features without Nest's layers.
  'NestJS floor + features': { script: 'bench/nest-features-floor.mjs' },
  service: { script: 'dist/src/main.js' },
  // What the request log line and the metrics cost: the service with both off.
  'service, no log or metrics': {
    script: 'dist/src/main.js',
    env: { LOG_LEVEL: 'warn', METRICS_ENABLED: 'false' },
  },
  // A change measured against the build before it, in the same run: BENCH_BASELINE=.baseline/dist/src/main.js
  // after `cp -r dist .baseline/` (inside the repository, so its imports find node_modules).
  ...(process.env.BENCH_BASELINE
    ? { 'service, baseline build': { script: process.env.BENCH_BASELINE } }
    : {}),
};

async function load(port) {
  return loadGetPet({ ...settings, port, key: KEY, pets: 10_000, rate });
}

const node = nodeBinary(settings.node);
const label = `Node ${execFileSync(node, ['--version'], { encoding: 'utf8' }).trim()}`;
const workdir = mkdtempSync(join(tmpdir(), 'petstore-floors-'));
const file = join(workdir, 'pets.sqlite');
const env = {
  DATABASE_URL: `sqlite:${file}`,
  API_KEY: KEY,
  API_KEYS: KEY,
  RATE_LIMIT: '100000000',
};
const names = Object.keys(SERVERS);
const samples = Object.fromEntries(names.map((name) => [name, []]));
try {
  // The schema from the service's own migrations, then 10,000 pets through the driver.
  execFileSync(node, [join(ROOT, 'dist/src/database/migrate.js')], {
    env: { ...process.env, ...env },
    stdio: 'ignore',
  });
  await insertPets(
    env.DATABASE_URL,
    Array.from({ length: 10_000 }, (_, i) => [
      `Pet ${i}`,
      i,
      ['available', 'pending', 'sold'][i % 3],
    ]),
  );
  const servers = {};
  try {
    for (const name of names) {
      const port = await freePort();
      const { script, env: own } = SERVERS[name];
      const answers = () =>
        fetch(`http://127.0.0.1:${port}/v1/pets/1`, {
          headers: { Authorization: `Bearer ${KEY}` },
        }).then(
          (response) => response.ok,
          () => false,
        );
      const child = await start(
        node,
        join(ROOT, script),
        { ...env, ...own, PORT: String(port) },
        answers,
        join(workdir, `${name}.log`),
      );
      servers[name] = { port, child };
    }
    log(`[${label}] warming up`);
    for (const name of names) await load(servers[name].port);
    for (let round = 1; round <= settings.rounds; round++) {
      const order = names.map((_, i) => names[(i + round) % names.length]);
      for (const name of order) {
        const before = cpuTimes(servers[name].child.pid);
        const sample = await load(servers[name].port);
        const after = cpuTimes(servers[name].child.pid);
        samples[name].push({
          ...sample,
          user: after.user - before.user,
          system: after.system - before.system,
        });
        log(
          `[${label}] round ${round}/${settings.rounds} ${name.padEnd(26)} ${Math.round(sample.rps)} req/s, p99 ${sample.p99} ms`,
        );
      }
    }
  } finally {
    for (const { child } of Object.values(servers)) await stop(child);
  }
} finally {
  rmSync(workdir, { recursive: true, force: true });
}

const ratios = (name) => samples[name].map((sample, i) => sample.rps / samples.reference[i].rps);
const perRequest = (name, time) =>
  samples[name].reduce((sum, s) => sum + time(s), 0) /
  samples[name].reduce((sum, s) => sum + s.requests, 0);
const cpuPerRequest = (name) =>
  `${Math.round(perRequest(name, (s) => s.user + s.system))} (${Math.round(perRequest(name, (s) => s.user))} + ${Math.round(perRequest(name, (s) => s.system))})`;
const cpuToNestFloor = (name) =>
  (
    perRequest(name, (s) => s.user + s.system) /
    perRequest('NestJS floor', (s) => s.user + s.system)
  ).toFixed(2);
const table = [
  `# Framework floors: getPet on SQLite, ${label}`,
  '',
  `Run ${new Date().toISOString()} on ${execFileSync('nproc', { encoding: 'utf8' }).trim()} cores. ${settings.connections} connections${rate ? `, ${rate} requests per second offered to each server` : ''}, ${settings.rounds} rounds of ${settings.duration} s, rotating which server goes first; CPU = the server process's user + system (kernel) time over all rounds, per request; CPU / NestJS floor: the service's CPU over the bare NestJS floor's (issue 22's 1.6 is no longer a target since issue 44); ratio = req/s over the reference's in the same round.`,
  '',
  '| server | req/s (median) | p99 ms (median) | CPU µs per request (user + system) | CPU / NestJS floor | ratio (median) | ratio by round |',
  '|---|---:|---:|---:|---:|---:|---|',
  ...names.map(
    (name) =>
      `| ${name} | ${Math.round(median(samples[name].map((s) => s.rps)))} | ${median(samples[name].map((s) => s.p99))} | ${cpuPerRequest(name)} | ${cpuToNestFloor(name)} | ${median(ratios(name)).toFixed(2)} | ${ratios(
        name,
      )
        .map((ratio) => ratio.toFixed(2))
        .join(' ')} |`,
  ),
].join('\n');
console.log(table);
mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
const resultFile = rate ? `bench/results/floors-at-${rate}.md` : 'bench/results/floors.md';
writeFileSync(join(ROOT, resultFile), `${table}\n`);
log(`Wrote ${resultFile}`);

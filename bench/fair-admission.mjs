// npm run bench:fairness: whose requests an instance serves while an attacker floods it (issues 70,
// 79). A legitimate key runs 6 closed-loop connections of getPet (wrk) while wrk floods with
// BENCH_FAIRNESS_CONNECTIONS (4,000) connections, each scenario for BENCH_FAIRNESS_SECONDS (8):
// (n) no flood, the key alone; (e) a valid key of its own within its limit, getPet; (a) a new random
// Authorization value on every request; (b) one invalid key; (c) no header; (d) GET /metrics without
// a key; (f) an issued key past its limit of 1 a minute (the service only). The service and the
// typical-nest peer side by side, servers pinned to core 0, both clients to core 1 (only the
// servers' choices are measured); SQLite, or MySQL with BENCH_MYSQL_URL; the service's WORKERS from
// BENCH_WORKERS (1 unless set). Per scenario: the legitimate key's 2xx a second and what else it
// got, the flood's answers, and the service's refusals by reason (http_requests_shed_total and
// http_requests_refused_total). Targets (issue 79): the key keeps 80 % of (n) beside (a) to (d) and
// (f), 50 % beside (e), and gets nothing but 2xx.
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ROOT,
  buildPeer,
  freePort,
  freshMysqlDatabase,
  listeningPid,
  log,
  nodeBinary,
  pinProcessTree,
  shedCounts,
  start,
  stop,
} from './processes.mjs';

const LEGITIMATE = 'legitimate-key-0123456789';
const ATTACKER = 'attacker-key-0123456789';
const settings = {
  node: process.env.BENCH_NODE?.split(',')[0] ?? '26',
  seconds: Number(process.env.BENCH_FAIRNESS_SECONDS ?? 8),
  rounds: Number(process.env.BENCH_FAIRNESS_ROUNDS ?? 3),
  mysqlUrl: process.env.BENCH_MYSQL_URL,
  serviceEnv: JSON.parse(process.env.BENCH_SERVICE_ENV ?? '{}'),
  connections: Number(process.env.BENCH_FAIRNESS_CONNECTIONS ?? 4_000),
};
const database = settings.mysqlUrl ? 'mysql' : 'sqlite';
const PETS = 200;

// wrk's request for each flood: a Lua script (wrk.format builds the request each time).
const FLOODS = {
  e: { label: '(e) a valid key of its own', path: '/v1/pets/1', header: `"Bearer ${ATTACKER}"` },
  a: {
    label: '(a) a random Authorization on every request',
    path: '/v1/pets/1',
    header: '"Bearer " .. math.random(1, 2^31) .. "x" .. math.random(1, 2^31)',
  },
  b: {
    label: '(b) one invalid key',
    path: '/v1/pets/1',
    header: '"Bearer not-a-valid-key-0123456"',
  },
  c: { label: '(c) no Authorization header', path: '/v1/pets/1' },
  d: { label: '(d) /metrics without a key', path: '/metrics' },
  // An issued key with a limit of 1 a minute (the service only: the peer has no such key).
  f: { label: '(f) a key past its rate limit', path: '/v1/pets/1', header: 'OVER_LIMIT' },
  n: { label: '(n) no flood: the key alone' },
};
// BENCH_FAIRNESS_SCENARIOS: a comma-separated choice of them (all by default).
const ORDER = process.env.BENCH_FAIRNESS_SCENARIOS?.split(',') ?? [
  'n',
  'e',
  'a',
  'b',
  'c',
  'd',
  'f',
];

function floodScript(folder, name, overLimitKey) {
  const { path } = FLOODS[name];
  const header =
    FLOODS[name].header === 'OVER_LIMIT' ? `"Bearer ${overLimitKey}"` : FLOODS[name].header;
  const file = join(folder, `flood-${name}.lua`);
  writeFileSync(
    file,
    header === undefined
      ? `request = function() return wrk.format("GET", "${path}") end\n`
      : `request = function() return wrk.format("GET", "${path}", { ["Authorization"] = ${header} }) end\n`,
  );
  return file;
}

/** wrk on core 1 with `args` (one thread): its requests, non-2xx answers and socket errors. */
async function wrk(args) {
  const child = spawn('taskset', ['-c', '1', 'wrk', '-t1', ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  await once(child, 'exit');
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/
    .exec(output)
    ?.slice(1)
    .reduce((sum, count) => sum + Number(count), 0);
  return {
    requests: Number(/(\d+) requests in/.exec(output)?.[1] ?? 0),
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0),
    errors: errors ?? 0,
  };
}

/** wrk's flood for `seconds`; its answers a second and the share not 2xx. */
async function flood(port, script, seconds) {
  const { requests, non2xx } = await wrk([
    `-c${settings.connections}`,
    `-d${seconds}s`,
    '-s',
    script,
    `http://127.0.0.1:${port}`,
  ]);
  return { perSecond: requests / seconds, non2xxShare: requests ? non2xx / requests : 0 };
}

/**
 * The legitimate key's 6 closed-loop connections for `seconds` (wrk: a client in C costs a few µs
 * a request, so the flood's generator beside it takes little of its core): 2xx a second, the other
 * answers and the socket errors.
 */
async function legitimate(port, seconds) {
  const { requests, non2xx, errors } = await wrk([
    '-c6',
    `-d${seconds}s`,
    '-H',
    `Authorization: Bearer ${LEGITIMATE}`,
    `http://127.0.0.1:${port}/v1/pets/2`,
  ]);
  return { okPerSecond: (requests - non2xx) / seconds, other: non2xx, errors };
}

async function startServer(node, name, script, env, workdir) {
  const port = await freePort();
  const databaseUrl = settings.mysqlUrl
    ? await freshMysqlDatabase(settings.mysqlUrl, `petstore_bench_fairness_${name}`)
    : `sqlite:${join(workdir, `${name}.sqlite`)}`;
  const ready = async () => {
    try {
      await fetch(`http://127.0.0.1:${port}/v1/pets`, {
        headers: { Authorization: `Bearer ${LEGITIMATE}` },
      });
      return true;
    } catch {
      return false;
    }
  };
  const child = await start(
    node,
    script,
    {
      ...env,
      DATABASE_URL: databaseUrl,
      API_KEYS: `${LEGITIMATE},${ATTACKER}`,
      RATE_LIMIT: '100000000',
      PORT: String(port),
    },
    ready,
    join(workdir, `${name}.log`),
  );
  for (let i = 0; i < PETS; i++)
    await fetch(`http://127.0.0.1:${port}/v1/pets`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${LEGITIMATE}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: `Pet ${i}`, categoryId: i, status: 'available' }),
    });
  // The whole instance on core 0: with WORKERS=2 its workers too (processes of their own).
  pinProcessTree(child.pid, '0');
  // (f)'s key: issued with a limit of 1 request a minute, so that its flood is all 429.
  const overLimitKey =
    name === 'service'
      ? execFileSync(
          node,
          [
            join(ROOT, 'dist/src/api-keys/api-keys.cli.js'),
            'create',
            '--name',
            'over-limit',
            '--rate-limit',
            '1',
          ],
          { env: { ...process.env, DATABASE_URL: databaseUrl }, encoding: 'utf8' },
        ).trim()
      : ATTACKER;
  return { port, child, overLimitKey };
}

const node = nodeBinary(settings.node);
const label = `Node ${execFileSync(node, ['--version'], { encoding: 'utf8' }).trim()}`;
const workdir = mkdtempSync(join(tmpdir(), 'petstore-fairness-'));
const servers = {};
const rows = [];
execFileSync('taskset', ['-a', '-p', '-c', '1', String(process.pid)], { stdio: 'ignore' });
// A database on this machine serves on the instance's core too, as in bench:overload: unpinned, the
// flood's generator would take its CPU, and the key would lose what the service did not choose.
const databasePid = settings.mysqlUrl
  ? listeningPid(Number(new URL(settings.mysqlUrl).port || 3306))
  : undefined;
const pinDatabase = (cores) => databasePid && pinProcessTree(databasePid, cores);
pinDatabase('0');
try {
  servers.service = await startServer(
    node,
    'service',
    join(ROOT, 'dist/src/main.js'),
    settings.serviceEnv,
    workdir,
  );
  servers.peer = await startServer(node, 'peer', buildPeer(workdir), {}, workdir);
  const runs = [];
  let turn = 0;
  for (let round = 0; round < settings.rounds; round++)
    for (const scenario of ORDER) {
      const order = turn++ % 2 === 0 ? ['service', 'peer'] : ['peer', 'service'];
      for (const name of order) {
        const { port, overLimitKey } = servers[name];
        const none = { perSecond: 0, non2xxShare: 0 };
        const before = await shedCounts(port, LEGITIMATE);
        const [attacker, key] = await Promise.all([
          scenario === 'n'
            ? none
            : flood(port, floodScript(workdir, scenario, overLimitKey), settings.seconds),
          legitimate(port, settings.seconds),
        ]);
        const after = await shedCounts(port, LEGITIMATE);
        const refused = Object.fromEntries(
          Object.entries(after).map(([reason, total]) => [reason, total - (before[reason] ?? 0)]),
        );
        const run = { round, scenario, name, key, attacker, refused };
        runs.push(run);
        log(`[${label}, ${database}] ${JSON.stringify(run)}`);
        await new Promise((wait) => setTimeout(wait, 1_000));
      }
    }
  // Per scenario and server: the run with the median key 2xx/s.
  for (const scenario of ORDER)
    for (const name of ['service', 'peer']) {
      const mine = runs
        .filter((run) => run.scenario === scenario && run.name === name)
        .sort((a, b) => a.key.okPerSecond - b.key.okPerSecond);
      const run = mine[Math.floor(mine.length / 2)];
      const refused = Object.entries(run.refused)
        .filter(([, count]) => count > 0)
        .map(([reason, count]) => `${count} ${reason}`)
        .join(', ');
      rows.push({
        ...run,
        all: mine.map((each) => Math.round(each.key.okPerSecond)).join(', '),
        refused: refused || '-',
      });
    }
} finally {
  for (const { child } of Object.values(servers)) await stop(child);
  rmSync(workdir, { recursive: true, force: true });
  pinDatabase('0,1');
}

const baseline = Object.fromEntries(
  rows.filter((row) => row.scenario === 'n').map((row) => [row.name, row.key.okPerSecond]),
);
const lines = [
  `# Fairness under a flood: ${database}, ${label}, ${new Date().toISOString()}`,
  '',
  `A legitimate key's 6 closed-loop connections (getPet, wrk) while wrk floods with ${settings.connections} connections for ${settings.seconds} s, ${settings.rounds} rounds (the median round shown). Servers (and a local database) on core 0, clients on core 1. Service settings: defaults${Object.keys(settings.serviceEnv).length ? ` but ${JSON.stringify(settings.serviceEnv)}` : ''}.`,
  '',
  '| flood | server | key 2xx/s, median (share of (n), alone); each round | key other answers | flood answers/s (non-2xx) | service refusals |',
  '| --- | --- | --- | --- | ---: | --- |',
  ...rows.map(
    (row) =>
      `| ${FLOODS[row.scenario].label} | ${row.name} | ${Math.round(row.key.okPerSecond)} (${(row.key.okPerSecond / baseline[row.name]).toFixed(2)}); ${row.all} | ${row.key.other + row.key.errors} | ${Math.round(row.attacker.perSecond)} (${Math.round(100 * row.attacker.non2xxShare)} %) | ${row.name === 'service' ? row.refused : '-'} |`,
  ),
];
console.log(lines.join('\n'));
mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
writeFileSync(join(ROOT, `bench/results/fairness-${database}.md`), `${lines.join('\n')}\n`);
log(`Wrote bench/results/fairness-${database}.md`);

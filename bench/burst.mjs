// npm run bench:burst (and part of npm run bench): a crowd at once. 2,000 createPet requests, then
// 5,000 listPets, each on its own connection and all sent together, to the service and to the
// typical-nest peer side by side (which goes first alternates); how many got which answer, how
// long the last one took, whether every 201 reads back, and whether 50 reads sent 100 ms after
// the crowd's last answer are all served (issues 13 and 70). BENCH_SERVICE_ENV sets the service's
// own settings, e.g. '{"OVERLOAD_MAX_WAIT_MS":"5000"}'. See bench/README.md.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ROOT,
  answering,
  buildPeer,
  freePort,
  freshMysqlDatabase,
  log,
  nodeBinary,
  shedCounts,
  start,
  stop,
} from './processes.mjs';

const API_KEY = 'bench-key-0123456789';
const settings = {
  node: process.env.BENCH_NODE?.split(',')[0] ?? '26',
  creates: Number(process.env.BENCH_BURST_CREATES ?? 2_000),
  lists: Number(process.env.BENCH_BURST_LISTS ?? 5_000),
  mysqlUrl: process.env.BENCH_MYSQL_URL,
  serviceEnv: JSON.parse(process.env.BENCH_SERVICE_ENV ?? '{}'),
};
const database = settings.mysqlUrl ? 'mysql' : 'sqlite';
const READS_AFTER = 50;
const READS_AFTER_DELAY_MS = 100;

/** One request on its own connection; resolves to its status, body and when it ended. */
function send(port, method, path, body) {
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: false,
        headers: { Authorization: `Bearer ${API_KEY}`, 'Content-Type': 'application/json' },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode, body: text, ended: performance.now() }),
        );
      },
    );
    request.on('error', (error) =>
      resolve({ status: error.code ?? 'error', body: '', ended: performance.now() }),
    );
    request.end(body);
  });
}

/** A 503's code (OVERLOADED, SERVICE_UNAVAILABLE) beside its status; other statuses alone. */
const answerName = ({ status, body }) => {
  if (status !== 503) return String(status);
  try {
    return `503 ${JSON.parse(body).code}`;
  } catch {
    return '503 (not the Error shape)';
  }
};

const countNames = (answers) =>
  answers.reduce((counts, answer) => {
    const name = answerName(answer);
    return { ...counts, [name]: (counts[name] ?? 0) + 1 };
  }, {});

async function crowd(port, count, request) {
  const started = performance.now();
  const answers = await Promise.all(Array.from({ length: count }, (_, i) => request(port, i)));
  const times = answers.map((answer) => answer.ended - started).sort((a, b) => a - b);
  // Right after the crowd: a client reading what it made, 50 at once.
  await new Promise((wait) => setTimeout(wait, READS_AFTER_DELAY_MS));
  const after = await Promise.all(
    Array.from({ length: READS_AFTER }, () => send(port, 'GET', '/v1/pets?limit=50')),
  );
  return {
    answers,
    counts: countNames(answers),
    readsAfter: countNames(after),
    p50: times[Math.floor(times.length / 2)],
    last: times.at(-1),
  };
}

/** How many of the created pets read back (getPet each, 10 at a time). */
async function readable(port, answers) {
  const ids = answers.filter((a) => a.status === 201).map((a) => JSON.parse(a.body).id);
  let found = 0;
  for (let i = 0; i < ids.length; i += 10) {
    const reads = await Promise.all(
      ids.slice(i, i + 10).map((id) => send(port, 'GET', `/v1/pets/${id}`)),
    );
    found += reads.filter((read) => read.status === 200).length;
  }
  return `${found} of ${ids.length}`;
}

const createPet = (port, i) =>
  send(
    port,
    'POST',
    '/v1/pets',
    JSON.stringify({ name: `Crowd ${i}`, categoryId: i, status: 'available' }),
  );
const listPets = (port) => send(port, 'GET', '/v1/pets?limit=20');

async function databaseUrl(name, workdir) {
  if (!settings.mysqlUrl) return `sqlite:${join(workdir, `${name}.sqlite`)}`;
  return freshMysqlDatabase(settings.mysqlUrl, `petstore_bench_burst_${name}`);
}

async function startServer(node, name, script, env, workdir) {
  const port = await freePort();
  const child = await start(
    node,
    script,
    {
      ...env,
      DATABASE_URL: await databaseUrl(name, workdir),
      API_KEYS: API_KEY,
      PORT: String(port),
      // The limit per key is not what is measured here.
      RATE_LIMIT: '100000000',
    },
    () => answering(port, API_KEY),
    join(workdir, `${name}.log`),
  );
  return { port, child };
}

async function main() {
  const node = nodeBinary(settings.node);
  const label = `Node ${execFileSync(node, ['--version'], { encoding: 'utf8' }).trim()}`;
  const workdir = mkdtempSync(join(tmpdir(), 'petstore-burst-'));
  const rows = [];
  const servers = {};
  try {
    servers.service = await startServer(
      node,
      'service',
      join(ROOT, 'dist/src/main.js'),
      settings.serviceEnv,
      workdir,
    );
    servers.peer = await startServer(node, 'peer', buildPeer(workdir), {}, workdir);
    for (const [turn, [operation, count, request]] of [
      ['createPet', settings.creates, createPet],
      ['listPets (limit 20)', settings.lists, listPets],
    ].entries()) {
      const order = turn % 2 === 0 ? ['service', 'peer'] : ['peer', 'service'];
      for (const target of order) {
        const { port } = servers[target];
        const shedBefore = target === 'service' ? await shedCounts(port, API_KEY) : {};
        const { answers, ...result } = await crowd(port, count, request);
        const shedAfter = target === 'service' ? await shedCounts(port, API_KEY) : {};
        result.shed = Object.fromEntries(
          Object.entries(shedAfter)
            .map(([reason, total]) => [reason, total - (shedBefore[reason] ?? 0)])
            .filter(([, count]) => count > 0),
        );
        const readBack = operation === 'createPet' ? await readable(port, answers) : undefined;
        rows.push({ operation, count, target, ...result, readBack });
        log(
          `[${label}] ${count} × ${operation} at once, ${target}: ${JSON.stringify(result.counts)}, p50 ${Math.round(result.p50)} ms, last ${Math.round(result.last)} ms; shed ${JSON.stringify(result.shed)}; 50 reads 100 ms after: ${JSON.stringify(result.readsAfter)}${readBack ? `; read back ${readBack}` : ''}`,
        );
        await new Promise((wait) => setTimeout(wait, 1_000));
      }
    }
  } finally {
    for (const { child } of Object.values(servers)) await stop(child);
    rmSync(workdir, { recursive: true, force: true });
  }
  return { label, rows };
}

const counted = (counts) =>
  Object.entries(counts)
    .map(([status, count]) => `${count} × ${status}`)
    .join(', ');

function markdown({ label, rows }) {
  return [
    `# Bursts: ${database}, ${label}`,
    '',
    `Run ${new Date().toISOString()} on ${execFileSync('nproc', { encoding: 'utf8' }).trim()} cores. Each request on its own connection, all sent at once from one process; time from the first sent to each answer; then 50 listPets at once, sent 100 ms after the last answer. Service settings: defaults${Object.keys(settings.serviceEnv).length ? ` but ${JSON.stringify(settings.serviceEnv)}` : ''}. Peer: ../shared/peers/typical-nest.`,
    '',
    '| requests at once | server | answers | 503s by reason | p50 | last | 201s read back | 50 reads 100 ms after |',
    '|---|---|---|---|---:|---:|---|---|',
    ...rows.map(
      (row) =>
        `| ${row.count} × ${row.operation} | ${row.target} | ${counted(row.counts)} | ${counted(row.shed) || '-'} | ${Math.round(row.p50)} ms | ${Math.round(row.last)} ms | ${row.readBack ?? '-'} | ${counted(row.readsAfter)} |`,
    ),
  ].join('\n');
}

const table = markdown(await main());
console.log(table);
const suffix = Object.keys(settings.serviceEnv).length ? '-tuned' : '';
mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
writeFileSync(join(ROOT, `bench/results/burst-${database}${suffix}.md`), `${table}\n`);
log(`Wrote bench/results/burst-${database}${suffix}.md`);

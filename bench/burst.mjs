// npm run bench:burst (and part of npm run bench): a crowd at once. 2,000 createPet requests, then
// 5,000 listPets, each on its own connection and all sent together, to the service and to the
// reference (plain node:http + the same driver, pool of 10); how many got which answer, and how long
// the last one took (issue 13). See bench/README.md.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, freePort, freshMysqlDatabase, log, nodeBinary, start, stop } from './processes.mjs';

const API_KEY = 'bench-key-0123456789';
const settings = {
  node: process.env.BENCH_NODE?.split(',')[0] ?? '26',
  creates: Number(process.env.BENCH_BURST_CREATES ?? 2_000),
  lists: Number(process.env.BENCH_BURST_LISTS ?? 5_000),
  mysqlUrl: process.env.BENCH_MYSQL_URL,
};
const database = settings.mysqlUrl ? 'mysql' : 'sqlite';

/** One request on its own connection; resolves to its status and when it ended. */
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
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode, ended: performance.now() }),
        );
      },
    );
    request.on('error', (error) =>
      resolve({ status: error.code ?? 'error', ended: performance.now() }),
    );
    request.end(body);
  });
}

async function crowd(port, count, request) {
  const started = performance.now();
  const answers = await Promise.all(Array.from({ length: count }, (_, i) => request(port, i)));
  const counts = {};
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
  const times = answers.map((answer) => answer.ended - started).sort((a, b) => a - b);
  return { counts, p50: times[Math.floor(times.length / 2)], last: times.at(-1) };
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

async function main() {
  const node = nodeBinary(settings.node);
  const label = `Node ${execFileSync(node, ['--version'], { encoding: 'utf8' }).trim()}`;
  const workdir = mkdtempSync(join(tmpdir(), 'petstore-burst-'));
  const rows = [];
  try {
    const serviceUrl = await databaseUrl('service', workdir);
    const ports = { service: await freePort(), reference: await freePort() };
    // The service creates the schema both use; the limit per key is not what is measured here.
    const service = await start(
      node,
      join(ROOT, 'dist/src/main.js'),
      {
        DATABASE_URL: serviceUrl,
        API_KEYS: API_KEY,
        PORT: String(ports.service),
        RATE_LIMIT: '100000000',
      },
      'Listening on',
      join(workdir, 'service.log'),
    );
    try {
      const referenceUrl = await databaseUrl('reference', workdir);
      if (referenceUrl !== serviceUrl) {
        // Its own database with the same schema: the service migrates it, then stops.
        await stop(
          await start(
            node,
            join(ROOT, 'dist/src/main.js'),
            { DATABASE_URL: referenceUrl, API_KEYS: API_KEY, PORT: String(await freePort()) },
            'Listening on',
            join(workdir, 'migrate.log'),
          ),
        );
      }
      const reference = await start(
        node,
        join(ROOT, 'bench/reference-server.mjs'),
        { DATABASE_URL: referenceUrl, API_KEY, PORT: String(ports.reference) },
        'Reference listening',
        join(workdir, 'reference.log'),
      );
      try {
        for (const [operation, count, request] of [
          ['createPet', settings.creates, createPet],
          ['listPets (limit 20)', settings.lists, listPets],
        ]) {
          for (const target of ['service', 'reference']) {
            const result = await crowd(ports[target], count, request);
            rows.push({ operation, count, target, ...result });
            log(
              `[${label}] ${count} × ${operation} at once, ${target}: ${JSON.stringify(result.counts)}, p50 ${Math.round(result.p50)} ms, last ${Math.round(result.last)} ms`,
            );
            await new Promise((wait) => setTimeout(wait, 1_000));
          }
        }
      } finally {
        await stop(reference);
      }
    } finally {
      await stop(service);
    }
  } finally {
    rmSync(workdir, { recursive: true, force: true });
  }
  return { label, rows };
}

function markdown({ label, rows }) {
  return [
    `# Bursts: ${database}, ${label}`,
    '',
    `Run ${new Date().toISOString()} on ${execFileSync('nproc', { encoding: 'utf8' }).trim()} cores. Each request on its own connection, all sent at once from one process; time from the first sent to each answer. Service defaults: DB_POOL_SIZE 10, DB_POOL_WAIT_MS 5000. Reference: node:http + the same driver, pool of 10.`,
    '',
    '| requests at once | server | answers | p50 | last |',
    '|---|---|---|---:|---:|',
    ...rows.map(
      (row) =>
        `| ${row.count} × ${row.operation} | ${row.target} | ${Object.entries(row.counts)
          .map(([status, count]) => `${count} × ${status}`)
          .join(', ')} | ${Math.round(row.p50)} ms | ${Math.round(row.last)} ms |`,
    ),
  ].join('\n');
}

const table = markdown(await main());
console.log(table);
mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
writeFileSync(join(ROOT, `bench/results/burst-${database}.md`), `${table}\n`);
log(`Wrote bench/results/burst-${database}.md`);

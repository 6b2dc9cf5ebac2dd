// npm run bench:keys (and part of npm run bench): getPet throughput with a key from API_KEYS against
// the same requests with an issued key (npm run keys -- create), on one server, alternating rounds
// (issue 14). See bench/README.md.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ROOT,
  freePort,
  loadGetPet,
  log,
  median,
  nodeBinary,
  roundSettings,
  start,
  stop,
} from './processes.mjs';

const ENV_KEY = 'bench-env-key-0123456789';
const settings = roundSettings();

async function load(port, key) {
  return loadGetPet({ ...settings, port, key, pets: 100 });
}

const node = nodeBinary(settings.node);
const label = `Node ${execFileSync(node, ['--version'], { encoding: 'utf8' }).trim()}`;
const workdir = mkdtempSync(join(tmpdir(), 'petstore-keys-'));
const env = {
  DATABASE_URL: `sqlite:${join(workdir, 'service.sqlite')}`,
  API_KEYS: ENV_KEY,
  RATE_LIMIT: '100000000',
};
const port = await freePort();
const samples = { environment: [], issued: [] };
try {
  const service = await start(
    node,
    join(ROOT, 'dist/src/main.js'),
    { ...env, PORT: String(port) },
    'Listening on',
    join(workdir, 'service.log'),
  );
  try {
    const issued = execFileSync(
      node,
      [join(ROOT, 'dist/src/api-keys/api-keys.cli.js'), 'create', '--name', 'bench'],
      {
        env: { ...process.env, ...env },
        encoding: 'utf8',
      },
    ).trim();
    for (let i = 1; i <= 100; i++) {
      await fetch(`http://127.0.0.1:${port}/v1/pets`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${ENV_KEY}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: `Pet ${i}`, categoryId: i }),
      });
    }
    // The issued key is picked up by the next background refresh (every 2 s).
    while (
      (
        await fetch(`http://127.0.0.1:${port}/v1/pets/1`, {
          headers: { Authorization: `Bearer ${issued}` },
        })
      ).status !== 200
    )
      await new Promise((wait) => setTimeout(wait, 200));
    const keys = { environment: ENV_KEY, issued };
    log(`[${label}] warming up`);
    for (const key of Object.values(keys)) await load(port, key);
    for (let round = 1; round <= settings.rounds; round++) {
      for (const kind of round % 2 ? ['environment', 'issued'] : ['issued', 'environment']) {
        const sample = await load(port, keys[kind]);
        samples[kind].push(sample);
        log(
          `[${label}] round ${round}/${settings.rounds} ${kind.padEnd(11)} ${Math.round(sample.rps)} req/s, p99 ${sample.p99} ms`,
        );
      }
    }
  } finally {
    await stop(service);
  }
} finally {
  rmSync(workdir, { recursive: true, force: true });
}

const ratios = samples.issued.map((sample, i) => sample.rps / samples.environment[i].rps);
const table = [
  `# Issued keys against environment keys: SQLite, ${label}`,
  '',
  `Run ${new Date().toISOString()} on ${execFileSync('nproc', { encoding: 'utf8' }).trim()} cores. getPet, ${settings.connections} connections, ${settings.rounds} rounds of ${settings.duration} s, the two keys alternating which goes first.`,
  '',
  '| key | req/s (median) | p99 ms (median) |',
  '|---|---:|---:|',
  ...['environment', 'issued'].map(
    (kind) =>
      `| ${kind} | ${Math.round(median(samples[kind].map((s) => s.rps)))} | ${median(samples[kind].map((s) => s.p99))} |`,
  ),
  '',
  `Issued / environment, by round: ${ratios.map((ratio) => ratio.toFixed(3)).join(' ')}; median ${median(ratios).toFixed(3)}.`,
].join('\n');
console.log(table);
mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
writeFileSync(join(ROOT, 'bench/results/stored-keys.md'), `${table}\n`);
log('Wrote bench/results/stored-keys.md');

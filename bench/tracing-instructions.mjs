// npm run bench:tracing-instructions: what tracing costs each peer cell, counted in instructions per
// request rather than req/s, which a shared machine moves by more than the 5 % target. Each server
// runs under valgrind's callgrind (apt-get install valgrind) with counting switched on only for the
// measured requests: tracing off, on but never sampling (what every request pays), at 10 % and at
// 100 % (parentbased_traceidratio), spans going over OTLP/HTTP to a receiver in its own process.
// All threads count (V8's compilers and GC, libuv's pool): the CPU a request costs. SQLite; MySQL
// with BENCH_MYSQL_URL (the database server's instructions are not counted). Settings:
// BENCH_WARMUP (8000) requests of each cell before any is counted (and a quarter more before
// each), BENCH_COUNTED (6000) counted, BENCH_OPERATIONS, BENCH_SERVERS (1) servers of each
// configuration, the table giving their median: one server's count moves by up to a tenth.
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CELL_PETS,
  PET_STATUSES,
  ROOT,
  answering,
  chosenCells,
  loadCell,
  freePort,
  freshMysqlDatabase,
  insertPets,
  log,
  median,
  nodeBinary,
  roundSettings,
  startDiscardingOtlpReceiver,
} from './processes.mjs';

const KEY = 'bench-instructions-key-0123456789';
const operations = chosenCells();
const WARMUP = Number(process.env.BENCH_WARMUP ?? 8000);
const COUNTED = Number(process.env.BENCH_COUNTED ?? 6000);
const EACH = Number(process.env.BENCH_SERVERS ?? 1);

for (const tool of ['valgrind', 'callgrind_control'])
  try {
    execFileSync(tool, ['--version'], { stdio: 'ignore' });
  } catch {
    throw new Error(`${tool} is missing: apt-get install valgrind`);
  }

const receiver = await startDiscardingOtlpReceiver();
const traced = (ratio) => ({
  OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
  OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
  OTEL_TRACES_SAMPLER_ARG: String(ratio),
});
const SERVERS = {
  off: {},
  'never sampled': traced(0),
  'traced 10 %': traced(0.1),
  'traced 100 %': traced(1),
};

/** The configuration a server is one of: `traced 10 % #2` is one of `traced 10 %`. */
function configurationOf(name) {
  return name.replace(/ #\d+$/, '');
}

const node = nodeBinary(roundSettings().node);
const label = `Node ${execFileSync(node, ['--version'], { encoding: 'utf8' }).trim()}`;
const mysqlUrl = process.env.BENCH_MYSQL_URL;
const workdir = mkdtempSync(join(tmpdir(), 'petstore-instructions-'));
// valgrind names its gdbserver pipes after $USER and $HOST; callgrind_control must see the same.
const controlEnv = { ...process.env, USER: 'bench', LOGNAME: 'bench', HOST: '127.0.0.1' };

const load = (port, operation, amount) =>
  loadCell(port, KEY, operation, { connections: 4, amount, timeout: 60 });

/**
 * The instructions counted since counting was last switched on, from the dumps it writes (one per
 * thread): all threads, and the main thread's (JavaScript and the event loop) alone, which JIT
 * compilations and GC helpers finishing early or late move less.
 */
function counted(server) {
  const control = (...args) =>
    execFileSync(
      'callgrind_control',
      [`--vgdb-prefix=${join(server.dir, 'vgdb')}`, ...args, String(server.child.pid)],
      { env: controlEnv, stdio: 'ignore' },
    );
  control('--dump');
  control('--instr=off');
  const total = { all: 0, main: 0 };
  for (const file of readdirSync(server.dir).filter((name) => name.startsWith('callgrind.out.'))) {
    const line = readFileSync(join(server.dir, file), 'utf8').match(/^totals: (\d+)/m);
    const instructions = line ? Number(line[1]) : 0;
    total.all += instructions;
    if (file.endsWith('-01')) total.main += instructions;
    rmSync(join(server.dir, file));
  }
  return total;
}

async function startServer(name, index) {
  const dir = mkdtempSync(join(workdir, `server-${index}-`));
  const port = await freePort();
  const databaseUrl = mysqlUrl
    ? await freshMysqlDatabase(mysqlUrl, `petstore_instructions_${index}`)
    : `sqlite:${join(dir, 'pets.sqlite')}`;
  const env = {
    ...controlEnv,
    ...SERVERS[configurationOf(name)],
    DATABASE_URL: databaseUrl,
    API_KEYS: KEY,
    RATE_LIMIT: '100000000',
    PORT: String(port),
    NO_COLOR: '1',
  };
  // Migrations first, as in production, then the 10,000 pets the other benches have.
  const migrate = { ...env };
  execFileSync(node, [join(ROOT, 'dist/src/database/migrate.js')], {
    env: migrate,
    stdio: 'ignore',
  });
  await insertPets(
    databaseUrl,
    Array.from({ length: CELL_PETS }, (_, i) => [
      `Pet ${i}`,
      BigInt(i) * 1_000_003n,
      PET_STATUSES[i % 3],
    ]),
  );
  const out = openSync(join(dir, 'server.log'), 'w');
  const child = spawn(
    'valgrind',
    [
      '--tool=callgrind',
      '--instr-atstart=no',
      '--separate-threads=yes',
      '--vgdb=yes',
      `--vgdb-prefix=${join(dir, 'vgdb')}`,
      '--smc-check=all-non-file',
      `--callgrind-out-file=${join(dir, 'callgrind.out')}`,
      node,
      '--import',
      join(ROOT, 'dist/src/telemetry/instrument.js'),
      join(ROOT, 'dist/src/main.js'),
    ],
    { env, stdio: ['ignore', out, out] },
  );
  closeSync(out);
  const deadline = Date.now() + 300_000;
  while (!(await answering(port, KEY))) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`${name} did not start:\n${readFileSync(join(dir, 'server.log'), 'utf8')}`);
    await new Promise((wait) => setTimeout(wait, 500));
  }
  return { name, dir, port, child };
}

const results = Object.fromEntries(operations.map((operation) => [operation, {}]));
try {
  // Two servers at a time, one per core: counts do not depend on how fast a server runs.
  const names = Array.from({ length: EACH }, (_, copy) =>
    Object.keys(SERVERS).map((name) => (EACH === 1 ? name : `${name} #${copy + 1}`)),
  ).flat();
  for (let first = 0; first < names.length; first += 2)
    await Promise.all(
      names.slice(first, first + 2).map(async (name, offset) => {
        const server = await startServer(name, first + offset);
        try {
          // Every cell warmed up before any is counted: the code a sampled request runs is shared.
          for (const operation of operations) await load(server.port, operation, WARMUP);
          for (const operation of operations) {
            await load(server.port, operation, WARMUP / 4);
            execFileSync(
              'callgrind_control',
              [`--vgdb-prefix=${join(server.dir, 'vgdb')}`, '--instr=on', String(server.child.pid)],
              { env: controlEnv, stdio: 'ignore' },
            );
            await load(server.port, operation, COUNTED);
            const { all, main } = counted(server);
            results[operation][name] = { all: all / COUNTED, main: main / COUNTED };
            log(
              `[${label}] ${operation} ${name}: ${Math.round(all / COUNTED)} instructions per request (main thread ${Math.round(main / COUNTED)})`,
            );
          }
        } catch (error) {
          // The server's log goes with the scratch folder: what it said of the failure, first.
          const said = readFileSync(join(server.dir, 'server.log'), 'utf8')
            .split('\n')
            .filter((line) => /error|warn|"level":[456]0/i.test(line));
          log(
            `[${label}] ${name} failed; its log's last warnings and errors:\n${said.slice(-20).join('\n')}`,
          );
          throw error;
        } finally {
          server.child.kill('SIGTERM');
          await once(server.child, 'exit');
        }
      }),
    );
} finally {
  receiver.stop();
  rmSync(workdir, { recursive: true, force: true });
}

const names = Object.keys(SERVERS);
/** Each configuration's median over its servers, per cell. */
const medians = Object.fromEntries(
  operations.map((operation) => {
    const servers = Object.entries(results[operation]);
    const of = (name, thread) =>
      median(
        servers
          .filter(([server]) => configurationOf(server) === name)
          .map(([, count]) => count[thread]),
      );
    return [
      operation,
      Object.fromEntries(
        names.map((name) => [name, { all: of(name, 'all'), main: of(name, 'main') }]),
      ),
    ];
  }),
);
const thousands = (value) => `${Math.round(value / 1000).toLocaleString('en')}k`;
const lines = [
  `Instructions per request on ${mysqlUrl ? 'MySQL' : 'SQLite'}, ${label}, ${WARMUP} requests of warm-up and ${COUNTED} counted per cell, ${EACH === 1 ? 'one server' : `the median of ${EACH} servers`} per configuration, ${new Date().toISOString()}: all threads (main thread in brackets)`,
  '',
  `| operation | ${names.join(' | ')} | ${names
    .slice(1)
    .map((name) => `${name} / off`)
    .join(' | ')} |`,
  `|---|${names.map(() => '---:').join('|')}|${names
    .slice(1)
    .map(() => '---:')
    .join('|')}|`,
  ...operations.map((operation) => {
    const of = medians[operation];
    const cells = names.map((name) => `${thousands(of[name].all)} (${thousands(of[name].main)})`);
    const ratios = names
      .slice(1)
      .map(
        (name) =>
          `${(of[name].all / of.off.all).toFixed(3)} (${(of[name].main / of.off.main).toFixed(3)})`,
      );
    return `| ${operation} | ${cells.join(' | ')} | ${ratios.join(' | ')} |`;
  }),
];
console.log(lines.join('\n'));

// Servers counted in instructions per request under valgrind's callgrind (apt-get install
// valgrind), for the scripts that compare configurations or builds where req/s on a shared machine
// moves by more than the difference sought: tracing-instructions.mjs and compare-instructions.mjs.
// Each server runs as `npm run start:prod` does, with counting switched on only for the measured
// requests; all threads count (V8's compilers and GC helpers, libuv's pool), the main thread
// (JavaScript and the event loop) apart, as it moves less between runs.
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import {
  CELL_PETS,
  PET_STATUSES,
  ROOT,
  answering,
  freePort,
  freshMysqlDatabase,
  insertPets,
  loadCell,
  log,
  median,
} from './processes.mjs';

const KEY = 'bench-instructions-key-0123456789';
// valgrind names its gdbserver pipes after $USER and $HOST; callgrind_control must see the same.
const CONTROL_ENV = { ...process.env, USER: 'bench', LOGNAME: 'bench', HOST: '127.0.0.1' };
export const THIS_BUILD = join(ROOT, 'dist/src/main.js');

for (const tool of ['valgrind', 'callgrind_control'])
  try {
    execFileSync(tool, ['--version'], { stdio: 'ignore' });
  } catch {
    throw new Error(`${tool} is missing: apt-get install valgrind`);
  }

const load = (port, operation, amount) =>
  loadCell(port, KEY, operation, { connections: 4, amount, timeout: 60 });

function control(server, ...args) {
  execFileSync(
    'callgrind_control',
    [`--vgdb-prefix=${join(server.dir, 'vgdb')}`, ...args, String(server.child.pid)],
    { env: CONTROL_ENV, stdio: 'ignore' },
  );
}

/** The instructions counted since counting was switched on, from its dumps (one per thread). */
function counted(server) {
  control(server, '--dump');
  control(server, '--instr=off');
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

/**
 * Starts `main` (a build's dist/src/main.js, with its telemetry/instrument.js as the `--import`
 * entry) under callgrind on a database of its own: SQLite, or MySQL with `mysqlUrl`.
 */
async function startServer({ name, main, env: extra }, index, { node, workdir, mysqlUrl }) {
  const dir = mkdtempSync(join(workdir, `server-${index}-`));
  const port = await freePort();
  const databaseUrl = mysqlUrl
    ? await freshMysqlDatabase(mysqlUrl, `petstore_instructions_${index}`)
    : `sqlite:${join(dir, 'pets.sqlite')}`;
  const env = {
    ...CONTROL_ENV,
    ...extra,
    DATABASE_URL: databaseUrl,
    API_KEYS: KEY,
    RATE_LIMIT: '100000000',
    PORT: String(port),
    NO_COLOR: '1',
    // Valgrind runs a server some 50 times slower: builds from before admission by waiting time
    // (317b8c9) shed on their event-loop delay, and any build on its waiting budget.
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '10000',
    OVERLOAD_MAX_WAIT_MS: '600000',
  };
  // Migrations first, as in production, then the 10,000 pets the other benches have.
  execFileSync(node, [join(dirname(main), 'database/migrate.js')], { env, stdio: 'ignore' });
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
      join(dirname(main), 'telemetry/instrument.js'),
      main,
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

/** One server's count of every cell: all cells warmed up first, since they share code. */
async function countServer(server, operations, { warmup, countedRequests, label }) {
  const counts = {};
  try {
    for (const operation of operations) await load(server.port, operation, warmup);
    for (const operation of operations) {
      await load(server.port, operation, warmup / 4);
      control(server, '--instr=on');
      await load(server.port, operation, countedRequests);
      const { all, main } = counted(server);
      counts[operation] = { all: all / countedRequests, main: main / countedRequests };
      log(
        `[${label}] ${operation} ${server.name}: ${Math.round(all / countedRequests)} instructions per request (main thread ${Math.round(main / countedRequests)})`,
      );
    }
    return counts;
  } catch (error) {
    // The server's log goes with the scratch folder: what it said of the failure, first.
    const said = readFileSync(join(server.dir, 'server.log'), 'utf8')
      .split('\n')
      .filter((line) => /error|warn|"level":[456]0/i.test(line));
    log(
      `[${label}] ${server.name} failed; its log's last warnings and errors:\n${said.slice(-20).join('\n')}`,
    );
    throw error;
  } finally {
    server.child.kill('SIGTERM');
    await once(server.child, 'exit');
  }
}

/**
 * Counts each cell on `copies` servers of every configuration ({ name, main, env }), two servers
 * at a time (one per core: counts do not depend on how fast a server runs), in the order given.
 * Returns `medians` (per cell and configuration, the median over its servers of instructions per
 * request, all threads and main thread) and `servers` (each server's counts, in that order).
 */
export async function countConfigurations(configurations, operations, settings) {
  const { node, copies, mysqlUrl } = settings;
  const workdir = mkdtempSync(join(tmpdir(), 'petstore-instructions-'));
  const servers = Array.from({ length: copies }, () => configurations).flat();
  const counts = [];
  // A pair's other server is stopped too when one fails: valgrind would run on after this exits.
  const running = new Set();
  try {
    for (let first = 0; first < servers.length; first += 2)
      counts.push(
        ...(await Promise.all(
          servers.slice(first, first + 2).map(async (configuration, offset) => {
            const server = await startServer(configuration, first + offset, {
              node,
              workdir,
              mysqlUrl,
            });
            running.add(server.child);
            server.child.once('exit', () => running.delete(server.child));
            return {
              name: configuration.name,
              counts: await countServer(server, operations, settings),
            };
          }),
        )),
      );
  } finally {
    for (const child of running) child.kill('SIGKILL');
    rmSync(workdir, { recursive: true, force: true });
  }
  const medians = Object.fromEntries(
    operations.map((operation) => [
      operation,
      Object.fromEntries(
        configurations.map(({ name }) => {
          const of = counts
            .filter((server) => server.name === name)
            .map((server) => server.counts[operation]);
          return [name, { all: median(of.map((c) => c.all)), main: median(of.map((c) => c.main)) }];
        }),
      ),
    ]),
  );
  return { medians, servers: counts };
}

export const thousands = (value) => `${Math.round(value / 1000).toLocaleString('en')}k`;

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.js';
import { spawnUntil, type Spawned } from './spawn-until.js';

/**
 * The repository's root, and the compiled server (built once by jest's globalSetup) as `npm run
 * start:prod` runs it.
 */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const MAIN = join(ROOT, 'dist/src/main.js');
const COMPILE_CACHE = join(ROOT, 'node_modules/.cache/node-compile-cache');

/**
 * `npm run start:prod`'s arguments to node (the tracing entry's --import, then main.js), read from
 * package.json so that the tests start the service exactly as production does.
 */
export const START_PROD_ARGS: string[] = (() => {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const [node, ...args] = manifest.scripts['start:prod'].split(/\s+/);
  if (node !== 'node') throw new Error(`start:prod does not start with node: ${node}`);
  return args.map((arg) => (arg.startsWith('-') ? arg : join(ROOT, arg)));
})();

export interface CompiledServer extends Spawned {
  /** http://127.0.0.1:<port> */
  baseUrl: string;
}

/**
 * The test process's environment without what configures the service, plus `env`: only what a test
 * sets applies.
 */
export function serverEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const rest = { ...process.env };
  for (const name of ['API_KEYS', 'DATABASE_URL', 'PORT', 'HOST', 'WORKERS']) delete rest[name];
  // Node's compile cache: the suites start the compiled service and its CLIs a few hundred times,
  // and each start compiles the same modules again without it.
  return { NODE_COMPILE_CACHE: COMPILE_CACHE, ...rest, NO_COLOR: '1', ...env };
}

/**
 * Starts the compiled server as start:prod does (`nodeArgs` before its own) on a free loopback
 * port (or `port`: a restart where a proxy expects it); resolves once it logs that it listens.
 * A free port can be taken before the server listens (another process's outgoing connection gets
 * it from the same range): then it starts again on another.
 */
export async function startCompiledServer(
  env: Record<string, string>,
  options: { cwd?: string; timeoutMs?: number; nodeArgs?: string[]; port?: number } = {},
): Promise<CompiledServer> {
  if (options.port !== undefined) return startOn(options.port, env, options);
  for (let tries = 1; ; tries++) {
    try {
      return await startOn(await freePort(), env, options);
    } catch (error) {
      if (tries === 3 || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

async function startOn(
  port: number,
  env: Record<string, string>,
  { cwd = ROOT, timeoutMs = 60_000, nodeArgs = [] as string[] },
): Promise<CompiledServer> {
  // On MySQL two workers behind the primary unless a test says otherwise, whatever the machine's
  // CPUs: every suite that starts a compiled instance runs it as several processes (SQLite: one).
  const onMysql = /^(mysql|mariadb):/.test(env.DATABASE_URL ?? '');
  const workers = env.WORKERS ?? (onMysql ? '2' : undefined);
  const spawned = await spawnUntil(
    process.execPath,
    [...nodeArgs, ...START_PROD_ARGS],
    {
      cwd,
      env: serverEnv({
        ...env,
        ...(workers ? { WORKERS: workers } : {}),
        PORT: String(port),
        HOST: '127.0.0.1',
      }),
    },
    'Listening on',
    timeoutMs,
  );
  return { ...spawned, baseUrl: `http://127.0.0.1:${port}` };
}

/**
 * SIGTERM, as a deploy sends it; resolves once the process has exited and its output is all read
 * ('close': 'exit' can come before the last lines), at once if that has happened.
 */
export async function stopCompiledServer(server: Spawned): Promise<void> {
  const { child } = server;
  const exited = child.exitCode !== null || child.signalCode !== null;
  const ended = (stream: Readable | null) => stream?.readableEnded ?? true;
  if (exited && ended(child.stdout) && ended(child.stderr)) return;
  const closed = new Promise((done) => child.once('close', done));
  if (!exited) child.kill('SIGTERM');
  await closed;
}

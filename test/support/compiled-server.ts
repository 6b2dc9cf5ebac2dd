import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.js';
import { spawnUntil, type Spawned } from './spawn-until.js';

/**
 * The repository's root, and the compiled server (built once by jest's globalSetup) as `npm run
 * start:prod` runs it.
 */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const MAIN = join(ROOT, 'dist/src/main.js');

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
  for (const name of ['API_KEYS', 'DATABASE_URL', 'PORT', 'HOST']) delete rest[name];
  return { ...rest, NO_COLOR: '1', ...env };
}

/** Starts the compiled server on a free loopback port; resolves once it logs that it listens. */
export async function startCompiledServer(
  env: Record<string, string>,
  { cwd = ROOT, timeoutMs = 60_000 } = {},
): Promise<CompiledServer> {
  const port = await freePort();
  const spawned = await spawnUntil(
    process.execPath,
    [MAIN],
    { cwd, env: serverEnv({ ...env, PORT: String(port), HOST: '127.0.0.1' }) },
    'Listening on',
    timeoutMs,
  );
  return { ...spawned, baseUrl: `http://127.0.0.1:${port}` };
}

/** SIGTERM, as a deploy sends it; resolves once the process has exited (at once if it has). */
export async function stopCompiledServer(server: Spawned): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((done) => server.child.once('exit', done));
  server.child.kill('SIGTERM');
  await exited;
}

import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { ROOT, serverEnv } from './compiled-server.js';
import { within } from './within.js';

const CLI = join(ROOT, 'dist/src/api-keys/api-keys.cli.js');

/** Runs the operator's CLI (`npm run keys -- …`) on the database; its stdout, or throws. */
export function keysCli(databaseUrl: string, apiKeys: string, ...args: string[]): string {
  const run = spawnSync(process.execPath, [CLI, ...args], {
    cwd: ROOT,
    env: serverEnv({ DATABASE_URL: databaseUrl, API_KEYS: apiKeys }),
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`keys ${args.join(' ')}: ${run.stderr}`);
  return run.stdout.trim();
}

/**
 * Issues the key `name` with the operator's CLI (`npm run keys -- create`, a partner key unless
 * `options` say `--store`) and waits until every one of `servers` accepts it (one refresh: at most
 * 5 s).
 */
export async function issueKey(
  servers: readonly App[],
  databaseUrl: string,
  apiKeys: string,
  name: string,
  ...options: string[]
): Promise<{ Authorization: string }> {
  const auth = {
    Authorization: `Bearer ${keysCli(databaseUrl, apiKeys, 'create', '--name', name, ...options)}`,
  };
  await within(5_000, `the key ${name}`, async () => {
    for (const server of servers)
      if ((await request(server).get('/v1/pets').set(auth)).status !== 200) return false;
    return true;
  });
  return auth;
}

/** A partner key `name`, accepted by `server`. */
export function issuePartnerKey(
  server: App,
  databaseUrl: string,
  apiKeys: string,
  name: string,
): Promise<{ Authorization: string }> {
  return issueKey([server], databaseUrl, apiKeys, name);
}

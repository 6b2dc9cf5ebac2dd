import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { ROOT, serverEnv } from './compiled-server.js';
import { within } from './within.js';

const CLI = join(ROOT, 'dist/src/api-keys/api-keys.cli.js');

/**
 * Issues a partner key `name` with the operator's CLI (`npm run keys -- create`), as issued keys are
 * by default, and waits until `server` accepts it (one refresh: at most 5 s).
 */
export async function issuePartnerKey(
  server: App,
  databaseUrl: string,
  apiKeys: string,
  name: string,
): Promise<{ Authorization: string }> {
  const created = spawnSync(process.execPath, [CLI, 'create', '--name', name], {
    cwd: ROOT,
    env: serverEnv({ DATABASE_URL: databaseUrl, API_KEYS: apiKeys }),
    encoding: 'utf8',
  });
  if (!created.stderr.includes(`Created the partner key "${name}"`))
    throw new Error(`keys create --name ${name}: ${created.stderr}`);
  const auth = { Authorization: `Bearer ${created.stdout.trim()}` };
  await within(
    5_000,
    `the key ${name}`,
    async () => (await request(server).get('/v1/pets').set(auth)).status === 200,
  );
  return auth;
}

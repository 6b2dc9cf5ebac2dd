import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, serverEnv, stopCompiledServer } from './support/compiled-server.js';
import { freePort } from './support/free-port.js';
import { spawnUntil, type Spawned } from './support/spawn-until.js';

/**
 * The production image's layout without a container runtime: package.json, the lock file and a
 * built dist/ in a folder of their own, `npm ci --omit=dev` (no @nestjs/cli, no TypeScript, no
 * src/). The operator's documented commands must work there, and never build or delete dist/.
 */
const KEY = 'production-layout-key-0123456789';

/** Every file under dist/ with its modification time: what a build would change. */
function distState(folder: string): string[] {
  return (readdirSync(join(folder, 'dist'), { recursive: true }) as string[])
    .sort()
    .map((file) => `${file} ${statSync(join(folder, 'dist', file)).mtimeMs}`);
}

describe('the operator commands in a production install (npm ci --omit=dev beside a built dist/)', () => {
  let folder: string;
  let env: NodeJS.ProcessEnv;
  let before: string[];

  const npm = (...args: string[]) => {
    const run = spawnSync('npm', ['run', '--silent', ...args], {
      cwd: folder,
      env,
      encoding: 'utf8',
    });
    return { status: run.status, stdout: run.stdout, stderr: run.stderr };
  };

  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'petstore-production-'));
    for (const file of ['package.json', 'package-lock.json', 'dist'])
      cpSync(join(ROOT, file), join(folder, file), { recursive: true });
    execFileSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], {
      cwd: folder,
      stdio: 'ignore',
    });
    // The image's last stage copies node_modules, dist/ and package.json only (Dockerfile).
    rmSync(join(folder, 'package-lock.json'));
    env = serverEnv({
      DATABASE_URL: `sqlite:${join(folder, 'data/petstore.sqlite')}`,
      API_KEYS: `ops:${KEY}`,
      NODE_ENV: 'production',
    });
    before = distState(folder);
  }, 180_000);

  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('has no build tool there: the layout is the image’s', () => {
    expect(
      spawnSync('npx', ['--no-install', 'nest', '--version'], {
        cwd: folder,
        env,
        encoding: 'utf8',
      }).status,
    ).not.toBe(0);
    expect(readdirSync(folder).sort()).toEqual(['dist', 'node_modules', 'package.json']);
  });

  it('migrates, issues, lists and revokes keys, which the service in that folder honours; dist/ is never rebuilt', async () => {
    const migrated = npm('migration:run');
    expect(migrated.status).toBe(0);
    expect(migrated.stdout).toMatch(/Applied \d+ migration\(s\)/);

    const created = npm('keys', '--', 'create', '--name', 'partner-a');
    expect(created.status).toBe(0);
    const issued = created.stdout.trim();
    expect(issued).toMatch(/^pst_[A-Za-z0-9_-]{43}$/);
    expect(npm('keys', '--', 'create', '--name', 'ops').status).toBe(3);

    const port = await freePort();
    const service: Spawned = await spawnUntil(
      process.execPath,
      ['dist/src/main.js'],
      { cwd: folder, env: { ...env, PORT: String(port), HOST: '127.0.0.1' } },
      'Listening on',
    );
    try {
      const get = async (key: string) =>
        (
          await fetch(`http://127.0.0.1:${port}/v1/pets`, {
            headers: { Authorization: `Bearer ${key}` },
          })
        ).status;
      expect(await get(issued)).toBe(200);
      const listed = npm('keys', '--', 'list');
      expect(listed.status).toBe(0);
      expect(listed.stdout).toMatch(/^partner-a +pst_/m);
      expect(npm('keys', '--', 'revoke', 'partner-a').status).toBe(0);
      const deadline = Date.now() + 5_000;
      while ((await get(issued)) !== 401) {
        if (Date.now() > deadline) throw new Error('the revoked key was still accepted after 5 s');
        await new Promise((wait) => setTimeout(wait, 100));
      }
      expect(npm('migration:run').status).toBe(0);
    } finally {
      await stopCompiledServer(service);
    }
    expect(distState(folder)).toEqual(before);
  }, 60_000);
});

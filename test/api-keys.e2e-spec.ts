import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { jest } from '@jest/globals';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ApiKeysRepository } from '../src/api-keys/api-keys.repository.js';
import { StoredApiKeys } from '../src/api-keys/stored-api-keys.js';
import { ROOT, serverEnv } from './support/compiled-server.js';
import { expectError } from './support/expect-error.js';
import { MovableClock } from './support/movable-clock.js';
import { startApp } from './support/test-app.js';
import { testDatabases } from './support/test-databases.js';
import { within } from './support/within.js';

const CLI = join(ROOT, 'dist/src/api-keys/api-keys.cli.js');
const sleep = (ms: number) => new Promise((wait) => setTimeout(wait, ms));
const ENVIRONMENT_KEYS = 'env-partner:env-partner-key-0123456789,unnamed-key-0123456789';

/**
 * Issued keys: the command-line tool on the service's database, and two instances that honour it.
 */
describe.each(testDatabases())('issued API keys on $name', (database) => {
  let databaseUrl: string;
  let first: NestExpressApplication;
  let second: NestExpressApplication;
  // Both instances judge expiries and overlaps by this clock: the test moves it past them.
  const clock = new MovableClock();
  const HOUR_MS = 3_600_000;

  // As the service's environment would have it: the CLI refuses the names of API_KEYS entries.
  const keys = (...args: string[]) => {
    const env = serverEnv({ DATABASE_URL: databaseUrl, API_KEYS: ENVIRONMENT_KEYS });
    const run = spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, env, encoding: 'utf8' });
    return { status: run.status, stdout: run.stdout, stderr: run.stderr };
  };
  const get = (app: NestExpressApplication, key: string) =>
    request(app.getHttpServer()).get('/v1/pets').set('Authorization', `Bearer ${key}`);

  /** Polls until `app` answers `status` for the key; resolves to how long it took. */
  function until(
    app: NestExpressApplication,
    key: string,
    status: number,
    limitMs = 5_000,
  ): Promise<number> {
    return within(
      limitMs,
      `listPets answering ${status}`,
      async () => (await get(app, key)).status === status,
    );
  }

  beforeAll(async () => {
    databaseUrl = await database.create();
    // Two instances on one database, each with its own cache of the issued keys.
    first = await startApp(databaseUrl, { API_KEYS: ENVIRONMENT_KEYS }, { clock });
    second = await startApp(databaseUrl, { API_KEYS: ENVIRONMENT_KEYS }, { clock });
  });

  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database.dropAll();
  });

  it('creates a key (shown once), which both instances accept within seconds; list shows it without the key', async () => {
    const created = keys('create', '--name', 'partner-a');
    expect(created.status).toBe(0);
    const key = created.stdout.trim();
    expect(key).toMatch(/^pst_[A-Za-z0-9_-]{43}$/);
    expect(created.stderr).toContain('It is shown once');
    await until(first, key, 200);
    await until(second, key, 200);
    const listed = keys('list');
    expect(listed.status).toBe(0);
    expect(listed.stdout).toMatch(
      /^NAME +PREFIX +SECRET +KIND +SCOPE +CREATED +EXPIRES +REVOKED +LAST USED +RATE LIMIT$/m,
    );
    // Without --scope a key is write, as keys were before scopes.
    expect(listed.stdout).toMatch(
      new RegExp(
        `^partner-a +${key.slice(0, 8)} +current +partner +write +\\d{4}-\\d\\d-\\d\\dT\\S+Z +- +- +- +default$`,
        'm',
      ),
    );
    expect(created.stderr).toContain('Created the partner key "partner-a" (scope write)');
    expect(listed.stdout).not.toContain(key);
  });

  it('rolls a key: a new secret for the same name, the old one accepted for the overlap and then refused, both listed meanwhile', async () => {
    const old = keys('create', '--name', 'partner-roll', '--scope', 'read').stdout.trim();
    await until(first, old, 200);
    const auth = (key: string) => ({ Authorization: `Bearer ${key}` });
    // The key's API budget so far, to see that the roll keeps counting in it.
    const before = (await get(first, old).expect(200)).headers.ratelimit;
    const rolled = keys('roll', 'partner-roll', '--overlap', '1h');
    expect(rolled.status).toBe(0);
    expect(rolled.stderr).toMatch(
      /^Rolled the key "partner-roll": every instance accepts the new secret within a few seconds, and the previous one until \d{4}-\S+Z\./,
    );
    const fresh = rolled.stdout.trim();
    expect(fresh).toMatch(/^pst_[A-Za-z0-9_-]{43}$/);
    expect(fresh).not.toBe(old);
    const applied = await Promise.all([until(first, fresh, 200), until(second, fresh, 200)]);
    for (const ms of applied) expect(ms).toBeLessThan(5_000);
    // Both secrets work meanwhile, as the same key: its name, scope (read) and rate-limit counter.
    await get(second, old).expect(200);
    expectError(
      await request(first.getHttpServer())
        .post('/v1/pets')
        .set(auth(fresh))
        .set('Content-Type', 'application/json')
        .send('{}'),
      403,
      'INSUFFICIENT_SCOPE',
    );
    const used = (header: string) => Number(/r=(\d+)/.exec(header)![1]);
    const now = (await get(first, fresh).expect(200)).headers.ratelimit;
    expect(used(before) - used(now)).toBeGreaterThanOrEqual(2);
    const listed = keys('list').stdout;
    expect(listed).toMatch(
      new RegExp(`^partner-roll +${fresh.slice(0, 8)} +current +partner +read +`, 'm'),
    );
    expect(listed).toMatch(
      new RegExp(
        `^partner-roll +${old.slice(0, 8)} +previous +partner +read +\\S+ +\\d{4}-\\S+Z +`,
        'm',
      ),
    );
    // Past the overlap (the instances' clock moved an hour on) the old secret is refused
    // everywhere and the new one still accepted; list (on the real clock) shows the overlap's end
    // that roll announced.
    clock.offsetMs += HOUR_MS;
    await until(first, old, 401);
    await until(second, old, 401);
    await get(first, fresh).expect(200);
    const announcedEnd = /the previous one until (\S+Z)\./.exec(rolled.stderr)![1];
    expect(keys('list').stdout).toMatch(
      new RegExp(`^partner-roll +${old.slice(0, 8)} +previous .* ${announcedEnd} +`, 'm'),
    );
  }, 30_000);

  it("keeps a partner's orders and Idempotency-Key records across a roll", async () => {
    const old = keys('create', '--name', 'partner-orders').stdout.trim();
    await until(first, old, 200);
    const pet = await request(first.getHttpServer())
      .post('/v1/pets')
      .set('Authorization', `Bearer ${old}`)
      .set('Content-Type', 'application/json')
      .send('{"name":"Rex","categoryId":1}')
      .expect(201);
    const place = (key: string) =>
      request(first.getHttpServer())
        .post('/v1/store/orders')
        .set('Authorization', `Bearer ${key}`)
        .set('Content-Type', 'application/json')
        .set('Idempotency-Key', 'order-before-roll')
        .send(JSON.stringify({ petId: pet.body.id, quantity: 1 }));
    const placed = await place(old).expect(201);
    const fresh = keys('roll', 'partner-orders').stdout.trim();
    await until(first, fresh, 200);
    // The same Idempotency-Key with the new secret replays the order placed with the old one.
    const replayed = await place(fresh).expect(201);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.body).toEqual(placed.body);
    const mine = await request(first.getHttpServer())
      .get(`/v1/store/orders/${placed.body.id}`)
      .set('Authorization', `Bearer ${fresh}`)
      .expect(200);
    expect(mine.body.placedBy).toBe('partner-orders');
    // The default overlap is 24 hours: the old secret still works.
    await get(second, old).expect(200);
  });

  it('refuses to roll a missing, revoked or API_KEYS key, and a bad --overlap', () => {
    expect(keys('roll', 'no-such-key')).toMatchObject({
      status: 4,
      stderr: expect.stringContaining('no key named "no-such-key" that is not revoked'),
    });
    expect(keys('roll', 'env-partner')).toMatchObject({
      status: 4,
      stderr: expect.stringContaining('is an API_KEYS entry'),
    });
    expect(keys('roll', 'x', '--overlap', 'soon')).toMatchObject({
      status: 2,
      stderr: expect.stringContaining(
        '--overlap must be a whole number from 1 to 999999 and a unit',
      ),
    });
    expect(keys('roll', 'x', '--overlap', '0s')).toMatchObject({
      status: 2,
      stderr: expect.stringContaining(
        '--overlap must be a whole number from 1 to 999999 and a unit',
      ),
    });
  });

  it('keeps names unique regardless of case, among issued keys and against API_KEYS', () => {
    expect(keys('create', '--name', 'Case-Shop').status).toBe(0);
    expect(keys('create', '--name', 'case-shop')).toMatchObject({
      status: 3,
      stderr: expect.stringContaining('names are unique regardless of case'),
    });
    expect(keys('create', '--name', 'ENV-Partner')).toMatchObject({
      status: 3,
      stderr: expect.stringContaining('an API_KEYS entry'),
    });
  });

  it('refuses a revoked key on every instance within 5 seconds, without a restart', async () => {
    const key = keys('create', '--name', 'partner-b').stdout.trim();
    await until(first, key, 200);
    await until(second, key, 200);
    expect(keys('revoke', 'partner-b').status).toBe(0);
    const [onFirst, onSecond] = await Promise.all([
      until(first, key, 401),
      until(second, key, 401),
    ]);
    expect(Math.max(onFirst, onSecond)).toBeLessThanOrEqual(5_000);
    expectError(await get(first, key), 401, 'UNAUTHORIZED', /not valid/);
    expect(keys('list').stdout).toMatch(
      /^partner-b +pst_\S+ +current +partner +write +\S+ +- +\d{4}-\S+Z /m,
    );
  });

  it('refuses a key whose row was deleted by hand on every instance within 2 seconds', async () => {
    const key = keys('create', '--name', 'deleted-by-hand').stdout.trim();
    await until(first, key, 200);
    await until(second, key, 200);
    // No revision changes: what an operator's DELETE (or a restored backup) does.
    await first.get(DataSource).query('DELETE FROM api_keys WHERE name = ?', ['deleted-by-hand']);
    await Promise.all([until(first, key, 401, 2_000), until(second, key, 401, 2_000)]);
    expectError(await get(second, key), 401, 'UNAUTHORIZED', /not valid/);
    // The others stay accepted, and the name is free again.
    const other = keys('create', '--name', 'deleted-by-hand').stdout.trim();
    await until(first, other, 200);
  });

  it('issues a read key, and changes its scope on every instance within 5 seconds, without a restart', async () => {
    const post = (app: NestExpressApplication, key: string) =>
      request(app.getHttpServer())
        .post('/v1/pets')
        .set('Authorization', `Bearer ${key}`)
        .set('Content-Type', 'application/json')
        .send('{"name":"Scoped","categoryId":1}');
    /** Polls until `app` answers a createPet with `status`; resolves to how long it took. */
    const untilPost = (app: NestExpressApplication, key: string, status: number) =>
      within(
        5_000,
        `createPet answering ${status}`,
        async () => (await post(app, key)).status === status,
      );
    const created = keys('create', '--name', 'shop-reader', '--scope', 'read');
    expect(created.stderr).toContain('(scope read)');
    const key = created.stdout.trim();
    await until(first, key, 200);
    await until(second, key, 200);
    expect(keys('list').stdout).toMatch(/^shop-reader +pst_\S+ +current +partner +read +/m);
    expectError(
      await post(first, key),
      403,
      'INSUFFICIENT_SCOPE',
      /^The API key "shop-reader" has the read scope; POST needs a key with the write scope\.$/,
    );

    const widened = keys('set-scope', 'shop-reader', '--scope', 'write');
    expect({ status: widened.status, stderr: widened.stderr }).toEqual({
      status: 0,
      stderr:
        'The key "shop-reader" has the write scope now, on every instance within a few seconds.\n',
    });
    const widenedAfter = await Promise.all([
      untilPost(first, key, 201),
      untilPost(second, key, 201),
    ]);
    expect(keys('set-scope', 'shop-reader', '--scope', 'read').status).toBe(0);
    const narrowedAfter = await Promise.all([
      untilPost(first, key, 403),
      untilPost(second, key, 403),
    ]);
    expect(Math.max(...widenedAfter, ...narrowedAfter)).toBeLessThanOrEqual(5_000);
    expect(keys('list').stdout).toMatch(/^shop-reader +pst_\S+ +current +partner +read +/m);
  });

  it('refuses a bad --scope and a scope change of a missing or environment key', () => {
    for (const args of [
      ['create', '--name', 'bad-scope', '--scope', 'admin'],
      ['set-scope', 'partner-a'],
      ['set-scope', 'partner-a', '--scope', 'READ'],
    ]) {
      const run = keys(...args);
      expect({ status: run.status, stderr: run.stderr }).toEqual({
        status: 2,
        stderr: expect.stringMatching(
          /(--scope must be|set-scope needs --scope:) read \(GET and HEAD only\) or write \(everything\)/,
        ),
      });
    }
    expect(keys('set-scope', 'nobody', '--scope', 'read')).toMatchObject({
      status: 4,
      stderr: expect.stringContaining('no key named "nobody" that is not revoked'),
    });
    expect(keys('set-scope', 'env-partner', '--scope', 'read')).toMatchObject({
      status: 4,
      stderr: expect.stringContaining('is an API_KEYS entry: its scope is set there'),
    });
  });

  it('refuses an expired key from its expiry on', async () => {
    const key = keys('create', '--name', 'short-lived', '--expires-in', '2h').stdout.trim();
    await until(first, key, 200);
    await until(second, key, 200);
    // Past its expiry by the instances' clock: refused at once, with no refresh needed.
    clock.offsetMs += 2 * HOUR_MS;
    expectError(await get(first, key), 401, 'UNAUTHORIZED');
    expectError(await get(second, key), 401, 'UNAUTHORIZED');
  });

  it('applies a key its own rate limit, and shows it in list', async () => {
    const key = keys('create', '--name', 'metered', '--rate-limit', '3').stdout.trim();
    await until(first, key, 200);
    // until() spent one request; two more are allowed in this window.
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await get(first, key)).status);
    expect(statuses).toEqual([200, 200, 429]);
    const refused = await get(first, key);
    expect(refused.headers['ratelimit-policy']).toBe('"default";q=3;w=60');
    expect(keys('list').stdout).toMatch(
      /^metered +\S+ +current +partner +write +\S+ +- +- +\S+ +3$/m,
    );
  });

  it('answers wrong keys from memory: no database round trip per request', async () => {
    const repository = first.get(ApiKeysRepository);
    let refreshes = 0;
    first.get(StoredApiKeys).onRefreshed(() => refreshes++);
    const reload = jest.spyOn(repository, 'changedPage');
    try {
      for (let i = 0; i < 50; i++)
        expect((await get(first, `pst_${'x'.repeat(43)}${i}`)).status).toBe(401);
      // Only the background refresh reads the table (one page a pass here, one perhaps under way
      // when counting began), however long the 50 requests took.
      expect(reload.mock.calls.length).toBeLessThanOrEqual(refreshes + 1);
    } finally {
      reload.mockRestore();
    }
  });

  it.each([
    [['create', '--name', 'partner-a'], 3, /a key named "partner-a" exists already/],
    [['create', '--name', 'bad name!'], 2, /--name must be 1 to 64 letters/],
    [
      ['create', '--name', 'x', '--expires-in', '90 days'],
      2,
      /--expires-in must be a whole number from 1 to 999999 and a unit/,
    ],
    [['create', '--name', 'x', '--rate-limit', '0'], 2, /--rate-limit must be a whole number/],
    [
      ['create', '--name', 'x', '--color'],
      2,
      /create: unknown option --color; create takes --name, --store, --scope, --expires-in, --rate-limit/,
    ],
    [['create', '--name', 'a', '--name', 'b'], 2, /create: --name is given more than once/],
    [
      ['create', '--name', 'x', '--rate-limit', '5', '--rate-limit', '6'],
      2,
      /--rate-limit is given more than once/,
    ],
    [['create', '--name', 'x', 'extra'], 2, /create takes no name, got "extra"/],
    [['create', '--name', 'key-7'], 2, /"key-7" is reserved for keys of API_KEYS/],
    [['create', '--name', 'generated'], 2, /"generated" is reserved/],
    [
      ['create', '--name', 'env-partner'],
      3,
      /a key named "env-partner" exists already \(an API_KEYS entry\); choose another name\n$/,
    ],
    [['list', '--name', 'x'], 2, /list: unknown option --name; list takes no option/],
    [['list', 'x'], 2, /list takes no name/],
    [['revoke', 'nobody'], 4, /no key named "nobody"/],
    [['revoke'], 2, /revoke takes one key name/],
    [['revoke', 'a', 'b'], 2, /revoke takes one key name/],
    [['revoke', '--name', 'a'], 2, /revoke: unknown option --name; revoke takes no option/],
    [['rotate'], 2, /unknown command "rotate"\nusage: npm run keys -- create/],
  ])(
    'keys %p exits %i with a clear message and the usage where it is a usage error',
    (args, status, message) => {
      const run = keys(...args);
      expect(run.status).toBe(status);
      expect(run.stderr).toMatch(message);
      if (status === 2) expect(run.stderr).toContain('usage: npm run keys -- create --name <name>');
      expect(run.stdout).toBe('');
    },
  );

  it('ends quietly with exit 0 when the reader of list has gone (keys list | head)', () => {
    // `true` exits before the list is written: every write meets a closed pipe (EPIPE).
    const run = spawnSync(
      'bash',
      ['-o', 'pipefail', '-c', `"${process.execPath}" "${CLI}" list | true`],
      {
        cwd: ROOT,
        env: serverEnv({ DATABASE_URL: databaseUrl }),
        encoding: 'utf8',
      },
    );
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it('records when a key was last used, at most once a minute, off the request path (and at shutdown)', async () => {
    const key = keys('create', '--name', 'recorded').stdout.trim();
    await until(second, key, 200);
    expect(keys('list').stdout).toMatch(
      /^recorded +\S+ +current +partner +write +\S+ +- +- +- +default$/m,
    );
    await second.close();
    expect(keys('list').stdout).toMatch(
      /^recorded +\S+ +current +partner +write +\S+ +- +- +\d{4}-\S+Z +default$/m,
    );
    second = await startApp(databaseUrl, { API_KEYS: ENVIRONMENT_KEYS }, { clock });
  });

  it('reloads only what changed: no whole reload after start, and a new key still arrives', async () => {
    const repository = first.get(ApiKeysRepository);
    const whole = jest.spyOn(repository, 'page');
    const changes = jest.spyOn(repository, 'changedPage');
    try {
      const key = keys('create', '--name', 'by-change').stdout.trim();
      await until(first, key, 200);
      await sleep(2_500);
      expect(whole).not.toHaveBeenCalled();
      expect(changes.mock.calls.length).toBeGreaterThanOrEqual(1);
    } finally {
      whole.mockRestore();
      changes.mockRestore();
    }
  });

  it('does not accept an issued key named like an API_KEYS entry (issued where the CLI could not see API_KEYS)', async () => {
    const run = spawnSync(process.execPath, [CLI, 'create', '--name', 'env-partner'], {
      cwd: ROOT,
      env: serverEnv({ DATABASE_URL: databaseUrl }),
      encoding: 'utf8',
    });
    expect(run.status).toBe(0);
    const issued = run.stdout.trim();
    const other = keys('create', '--name', 'after-clash').stdout.trim();
    // Loaded after the clashing one: the refresh went past it, and it stays refused.
    await until(first, other, 200);
    await until(second, other, 200);
    expect((await get(first, issued)).status).toBe(401);
    expect((await get(second, issued)).status).toBe(401);
    expect((await get(first, 'env-partner-key-0123456789')).status).toBe(200);
  });
});

import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { listenApp } from '../src/app.setup.js';
import { SCRAPE_LIMIT } from '../src/metrics/metrics.service.js';
import { ROOT, serverEnv } from './support/compiled-server.js';
import { expectError } from './support/expect-error.js';
import { RENDER_REUSE_MS } from '../src/metrics/metrics.service.js';
import { MovableClock } from './support/movable-clock.js';
import { startApp } from './support/test-app.js';
import { testDatabases } from './support/test-databases.js';
import { EVENT_WAIT_MS, within } from './support/within.js';

const CLI = join(ROOT, 'dist/src/api-keys/api-keys.cli.js');
/** Store keys of API_KEYS: one that scrapes, and many read keys that each try a write. */
const SCRAPER = { Authorization: 'Bearer scraper-key-0123456789' };
const READ_KEYS = Array.from({ length: 200 }, (_, i) => ({
  name: `shop-${i}`,
  key: `read-key-${i}-0123456789`,
}));
const METHODS = [
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
  'PROPFIND',
  'MKCOL',
  'LOCK',
  'SEARCH',
  'PURGE',
  'REPORT',
];

/**
 * /metrics is the operators': store keys only, a rate limit of its own, one rendering a second
 * shared, bounded labels.
 */
describe.each(testDatabases())('/metrics on $name', (database) => {
  let databaseUrl: string;
  let app: NestExpressApplication;
  let server: App;
  let partner: { Authorization: string };
  const clock = new MovableClock();
  const scrape = (auth: { Authorization: string } = SCRAPER) =>
    request(server).get('/metrics').set(auth);

  beforeAll(async () => {
    databaseUrl = await database.create();
    const keys = [
      'scraper:scraper-key-0123456789',
      ...READ_KEYS.map(({ name, key }) => `${name}:${key}:read`),
    ].join(',');
    app = await startApp(databaseUrl, { API_KEYS: keys, RATE_LIMIT: '100000' }, { clock });
    // Listening, for Node's fetch with methods supertest does not send.
    await listenApp(app, 0, '127.0.0.1');
    server = app.getHttpServer();
    const created = spawnSync(process.execPath, [CLI, 'create', '--name', 'partner-a'], {
      cwd: ROOT,
      env: serverEnv({ DATABASE_URL: databaseUrl, API_KEYS: keys }),
      encoding: 'utf8',
    });
    expect(created.stderr).toContain('Created the partner key "partner-a"');
    partner = { Authorization: `Bearer ${created.stdout.trim()}` };
    await within(
      EVENT_WAIT_MS,
      'the issued key',
      async () => (await request(server).get('/v1/pets').set(partner)).status === 200,
    );
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await database.dropAll();
  });

  it('answers a partner key 403 STORE_KEY_REQUIRED, no key 401, a store key (a read key too) the text', async () => {
    expectError(
      await scrape(partner),
      403,
      'STORE_KEY_REQUIRED',
      /^This is for the store's own keys; the partner key "partner-a" cannot use it\.$/,
    );
    expectError(await request(server).get('/metrics'), 401, 'UNAUTHORIZED');
    await scrape({ Authorization: `Bearer ${READ_KEYS[0].key}` }).expect(200);
    const text = (await scrape().expect(200)).text;
    expect(text).toMatch(/^http_requests_total\{/m);
  });

  it('renders the text at most once a second of the service clock: scrapes within it share one rendering, a later one sees what happened since', async () => {
    // The service's time moves only when the test moves it: a loaded machine changes nothing.
    clock.offsetMs += RENDER_REUSE_MS;
    clock.stop();
    try {
      // Each scrape counts itself: one text for all nine, and for one after more requests,
      // means one rendering.
      const [first, ...shared] = (
        await Promise.all(Array.from({ length: 9 }, () => scrape().expect(200)))
      ).map((response) => response.text);
      for (const text of shared) expect(text).toBe(first);
      for (let i = 0; i < 5; i++)
        await request(server).get('/v1/pets/424242').set(SCRAPER).expect(404);
      expect((await scrape().expect(200)).text).toBe(first);
      clock.offsetMs += RENDER_REUSE_MS;
      const later = (await scrape().expect(200)).text;
      expect(later).not.toBe(first);
      expect(later).toMatch(
        /^http_requests_total\{route="\/v1\/pets\/:petId",method="GET",status="404"\} [5-9]\d*$/m,
      );
    } finally {
      clock.resume();
    }
  });

  it('keeps every label bounded: the text does not grow with keys, methods or paths, and stays under 100 KB', async () => {
    const write = (auth: { Authorization: string }) =>
      request(server)
        .post('/v1/pets')
        .set(auth)
        .set('Content-Type', 'application/json')
        .send('{"name":"Rex","categoryId":1}');
    // Two keys' refusals first, then every path, method and status a client can cause, then two
    // hundred more keys'.
    for (const { key } of READ_KEYS.slice(0, 2))
      expectError(await write({ Authorization: `Bearer ${key}` }), 403, 'INSUFFICIENT_SCOPE');
    const paths = [
      '/v1/pets',
      '/v1/pets/1',
      '/v1/pets/x',
      '/v1/store/orders',
      '/v1/store/orders/1',
      '/healthz',
      '/readyz',
      '/openapi.json',
      '/docs',
      '/metrics',
    ];
    const unknownPaths = Array.from({ length: 100 }, (_, i) => `/v1/no-such-${i}`);
    const send = async () => {
      for (const path of [...paths, ...unknownPaths])
        for (const method of METHODS)
          await fetch(`${baseUrl()}${path}`, {
            method,
            headers: { ...SCRAPER, 'Content-Type': 'application/json' },
            body: method === 'GET' || method === 'HEAD' ? undefined : '{',
          });
    };
    await send();
    // A fresh rendering: the service's clock a second on.
    clock.offsetMs += RENDER_REUSE_MS;
    const before = (await scrape().expect(200)).text;
    for (const { key } of READ_KEYS.slice(2))
      expectError(await write({ Authorization: `Bearer ${key}` }), 403, 'INSUFFICIENT_SCOPE');
    await send();
    clock.offsetMs += RENDER_REUSE_MS;
    const after = (await scrape().expect(200)).text;
    // The service's own series; prom-client's process and Node series have fixed labels (a GC kind
    // appears once it first runs).
    const seriesOf = (text: string) =>
      text
        .split('\n')
        .filter(
          (line) =>
            line &&
            !line.startsWith('#') &&
            !line.startsWith('nodejs_') &&
            !line.startsWith('process_'),
        )
        .map((line) => line.replace(/ [^ ]+$/, ''));
    expect(seriesOf(after)).toEqual(seriesOf(before));
    expect(
      seriesOf(after).filter((line) => line.startsWith('http_requests_total')).length,
    ).toBeGreaterThan(30);
    expect(after).toMatch(/^api_key_insufficient_scope_total\{kind="store",scope="read"\} 20\d$/m);
    for (const { name } of READ_KEYS) expect(after).not.toContain(`"${name}"`);
    expect(after).not.toMatch(/no-such|PROPFIND|MKCOL/);
    expect(Buffer.byteLength(after)).toBeLessThan(100 * 1024);
  }, 120_000);

  it('has its own rate limit, apart from the API budget: past it 429 with Retry-After, and the API still answers the key', async () => {
    const other = { Authorization: `Bearer ${READ_KEYS[1].key}` };
    const budget = (await request(server).get('/v1/pets').set(other).expect(200)).headers.ratelimit;
    let answered = 0;
    for (;;) {
      const response = await scrape(other);
      if (response.status === 429) {
        expectError(
          response,
          429,
          'RATE_LIMITED',
          new RegExp(`scraped /metrics more than ${SCRAPE_LIMIT} times in 60 s`),
        );
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
        break;
      }
      expect(response.status).toBe(200);
      expect(response.headers['ratelimit-policy']).toBe(`"metrics";q=${SCRAPE_LIMIT};w=60`);
      answered++;
    }
    // No test before scraped with this key: all SCRAPE_LIMIT scrapes were its own.
    expect(answered).toBe(SCRAPE_LIMIT);
    const after = (await request(server).get('/v1/pets').set(other).expect(200)).headers.ratelimit;
    // The scrapes took nothing of the key's API budget: one more request than before, no more.
    const left = (header: string) => Number(/r=(\d+)/.exec(header)![1]);
    expect(left(budget) - left(after)).toBe(1);
  });

  const baseUrl = () =>
    `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
});

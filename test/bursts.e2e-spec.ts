import { spawn } from 'node:child_process';
import { jest } from '@jest/globals';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { holdPetsWriteLock } from './support/database-trouble.js';
import { expectError } from './support/expect-error.js';
import { API_KEY, AUTH, startApp } from './support/test-app.js';
import { testDatabases } from './support/test-databases.js';
import { LISTEN_BACKLOG, listenApp } from '../src/app.setup.js';

const CROWD = fileURLToPath(new URL('./support/crowd.mjs', import.meta.url));

/**
 * What test/support/crowd.mjs reports for each request: the answer, or the error that came instead.
 */
type Outcome =
  { status: number; body: string } | { error: string; afterMs: number; connected: boolean };

/**
 * Sends every request at once from a process of its own, as a crowd of clients would
 * (test/support/crowd.mjs).
 */
function crowd(
  port: number,
  requests: Array<{ method: string; path: string; body?: string }>,
): Promise<Outcome[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CROWD], { stdio: ['pipe', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(output) as Outcome[])
        : reject(new Error(`the crowd exited with ${code}`)),
    );
    child.stdin.end(JSON.stringify({ port, authorization: `Bearer ${API_KEY}`, requests }));
  });
}

/**
 * How many requests got each status, and each request that got no answer: what went wrong, when,
 * and whether it had connected.
 */
const outcomeCounts = (outcomes: Outcome[]) =>
  outcomes.reduce<Record<string, number>>((counts, outcome) => {
    const name =
      'status' in outcome
        ? String(outcome.status)
        : `${outcome.error} after ${outcome.afterMs} ms${outcome.connected ? ', connected' : ''}`;
    return { ...counts, [name]: (counts[name] ?? 0) + 1 };
  }, {});

const answered = (outcomes: Outcome[]) => outcomes.filter((outcome) => 'status' in outcome);

/** A crowd at once: every request is answered, none refused for want of a pool connection. */
describe.each(testDatabases())('bursts on $name', (database) => {
  let app: NestExpressApplication;
  let port: number;
  let listenArguments: unknown[];

  beforeAll(async () => {
    // The limit per key is not what is tested here: one key sends the whole crowd. Nor is the pool
    // wait: beside other suites on two cores the last creates have waited past the 5 s default, a
    // timing `npm run bench:burst` holds with the production defaults on a quiet machine.
    app = await startApp(await database.create(), {
      RATE_LIMIT: '1000000',
      DB_POOL_WAIT_MS: '60000',
    });
    const listen = jest.spyOn(app.getHttpServer(), 'listen');
    await listenApp(app, 0, '127.0.0.1');
    listenArguments = listen.mock.calls[0];
    listen.mockRestore();
    port = (app.getHttpServer().address() as AddressInfo).port;
  });

  it("listens with a backlog a crowd fits in, not Node's 511", () => {
    expect(LISTEN_BACKLOG).toBeGreaterThanOrEqual(5_000);
    expect(listenArguments.slice(0, 3)).toEqual([0, '127.0.0.1', LISTEN_BACKLOG]);
  });

  afterAll(async () => {
    await app?.close();
    await database.dropAll();
  });

  it('answers 2,000 createPet sent at once with 201 each, every pet readable afterwards', async () => {
    const outcomes = await crowd(
      port,
      Array.from({ length: 2_000 }, (_, i) => ({
        method: 'POST',
        path: '/v1/pets',
        body: JSON.stringify({ name: `Crowd ${i}`, categoryId: i }),
      })),
    );
    expect(outcomeCounts(outcomes)).toEqual({ 201: 2_000 });
    const ids = answered(outcomes).map((answer) => (JSON.parse(answer.body) as { id: number }).id);
    expect(new Set(ids).size).toBe(2_000);
    const names = new Set<string>();
    for (let path: string | undefined = '/v1/pets?limit=100'; path !== undefined;) {
      const page = await fetch(`http://127.0.0.1:${port}${path}`, { headers: AUTH });
      expect(page.status).toBe(200);
      for (const pet of (await page.json()) as { name: string }[]) names.add(pet.name);
      path = /^<([^>]+)>; rel="next"$/.exec(page.headers.get('link') ?? '')?.[1];
    }
    expect(
      Array.from({ length: 2_000 }, (_, i) => `Crowd ${i}`).every((name) => names.has(name)),
    ).toBe(true);
  }, 120_000);

  it('answers 5,000 listPets sent at once with 200 each', async () => {
    const outcomes = await crowd(
      port,
      Array.from({ length: 5_000 }, () => ({ method: 'GET', path: '/v1/pets?limit=20' })),
    );
    expect(outcomeCounts(outcomes)).toEqual({ 200: 5_000 });
  }, 120_000);

  if (database.name === 'mysql') {
    it('answers 503 "busy" with Retry-After only once a request has waited DB_POOL_WAIT_MS for a connection', async () => {
      const url = await database.create();
      const small = await startApp(url, { DB_POOL_SIZE: '1', DB_POOL_WAIT_MS: '300' });
      try {
        const server = small.getHttpServer();
        await request(server).get('/v1/pets').set(AUTH).expect(200);
        // The one connection waits 1 s for a table lock; meanwhile the next request waits for it.
        const release = await holdPetsWriteLock('mysql', url);
        try {
          const blocked = request(server)
            .post('/v1/pets')
            .set(AUTH)
            .send({ name: 'Blocked', categoryId: 1 })
            .then((response) => response);
          await new Promise((wait) => setTimeout(wait, 100));
          const started = Date.now();
          const waited = await request(server).get('/v1/pets').set(AUTH);
          expect(Date.now() - started).toBeGreaterThanOrEqual(250);
          expectError(
            waited,
            503,
            'SERVICE_UNAVAILABLE',
            /^The service is busy: no database connection came free within 0.3 s; nothing was changed. Retry in 2 seconds.$/,
          );
          expect(waited.headers['retry-after']).toBe('2');
          expectError(
            await blocked,
            503,
            'SERVICE_UNAVAILABLE',
            /^The service is busy: the data it needed stayed locked by other work for more than 1 s; nothing was changed/,
          );
        } finally {
          await release();
        }
        await request(server).get('/v1/pets').set(AUTH).expect(200);
      } finally {
        await small.close();
      }
    });
  }
});

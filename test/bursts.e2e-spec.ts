import http from 'node:http';
import { jest } from '@jest/globals';
import type { AddressInfo } from 'node:net';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { holdPetsWriteLock } from './support/database-trouble.js';
import { expectError } from './support/expect-error.js';
import { API_KEY, AUTH, startApp } from './support/test-app.js';
import { testDatabases } from './support/test-databases.js';
import { LISTEN_BACKLOG, listenApp } from '../src/app.setup.js';

interface Answer {
  status: number;
  body: string;
  link?: string;
}

/** One request on its own connection, as a crowd of clients sends them: no keep-alive, no agent queue. */
function send(port: number, method: string, path: string, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: false,
        headers: { Authorization: `Bearer ${API_KEY}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, body: text, link: response.headers.link as string | undefined }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const statusCounts = (answers: Answer[]) =>
  answers.reduce<Record<number, number>>((counts, { status }) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});

/** A crowd at once: every request is answered, none refused for want of a pool connection. */
describe.each(testDatabases())('bursts on $name', (database) => {
  let app: NestExpressApplication;
  let port: number;
  let listenArguments: unknown[];

  beforeAll(async () => {
    // The limit per key is not what is tested here: one key sends the whole crowd.
    app = await startApp(await database.create(), { RATE_LIMIT: '1000000' });
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
    const answers = await Promise.all(
      Array.from({ length: 2_000 }, (_, i) => send(port, 'POST', '/v1/pets', JSON.stringify({ name: `Crowd ${i}`, categoryId: i }))),
    );
    expect(statusCounts(answers)).toEqual({ 201: 2_000 });
    const ids = answers.map((answer) => (JSON.parse(answer.body) as { id: number }).id);
    expect(new Set(ids).size).toBe(2_000);
    const names = new Set<string>();
    for (let path: string | undefined = '/v1/pets?limit=100'; path !== undefined;) {
      const page = await send(port, 'GET', path);
      expect(page.status).toBe(200);
      for (const pet of JSON.parse(page.body) as { name: string }[]) names.add(pet.name);
      path = /^<([^>]+)>; rel="next"$/.exec(page.link ?? '')?.[1];
    }
    expect(Array.from({ length: 2_000 }, (_, i) => `Crowd ${i}`).every((name) => names.has(name))).toBe(true);
  }, 120_000);

  it('answers 5,000 listPets sent at once with 200 each', async () => {
    const answers = await Promise.all(Array.from({ length: 5_000 }, () => send(port, 'GET', '/v1/pets?limit=20')));
    expect(statusCounts(answers)).toEqual({ 200: 5_000 });
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

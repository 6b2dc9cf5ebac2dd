import { jest } from '@jest/globals';
import type { AddressInfo } from 'node:net';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { answerName, crowd, outcomeCounts, type Outcome } from './support/crowds.js';
import { holdPetsWriteLock } from './support/database-trouble.js';
import { expectError } from './support/expect-error.js';
import { API_KEY, AUTH, startApp } from './support/test-app.js';
import { testDatabases } from './support/test-databases.js';
import { LISTEN_BACKLOG, listenApp } from '../src/app.setup.js';
import { DATABASE_RETRY_AFTER_SECONDS } from '../src/database/database-availability.js';

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

  it('answers 2,000 createPet sent at once, each 201, a truthful 503 or 408 that a retry settles, or a truthful 504 whose outcome the store tells; every pet stored once', async () => {
    const bodies = Array.from({ length: 2_000 }, (_, i) =>
      JSON.stringify({ name: `Crowd ${i}`, categoryId: i }),
    );
    const outcomes = await crowd(
      port,
      `Bearer ${API_KEY}`,
      bodies.map((body) => ({ method: 'POST', path: '/v1/pets', body })),
    );
    // Beside other suites on two cores, CI has seen a few creates answered 503 (docs/testing.md).
    // A 503 says nothing was written and to retry, as a client would: retried, each must be 201,
    // and the count below proves the first attempt wrote nothing. Never for want of a pool
    // connection, and never more than a few. Beside a CPU hog one create outlived its statement
    // deadline after it was sent: a 504 saying the outcome is unknown, which the list settles.
    const indicesOf = (status: number) =>
      outcomes.flatMap((outcome, i) =>
        'status' in outcome && outcome.status === status ? [i] : [],
      );
    // A 408 says the request was not received within the header deadline (the crowd's own process,
    // starved beside other suites, wrote it more than 10 s after connecting): nothing was done.
    const refused = [...indicesOf(503), ...indicesOf(408)];
    const unknown = indicesOf(504);
    const refusals = refused.map((i) =>
      answerName(outcomes[i] as { status: number; body: string }),
    );
    expect(refusals.filter((name) => /connection came free/.test(name))).toEqual([]);
    expect(refusals.filter((name) => !/Retry in \d+ seconds|^408 /.test(name))).toEqual([]);
    expect(
      unknown
        .map((i) => answerName(outcomes[i] as { status: number; body: string }))
        .filter((name) => !/whether it was made is unknown/.test(name)),
    ).toEqual([]);
    expect(refused.length + unknown.length).toBeLessThanOrEqual(20);
    expect(
      outcomeCounts(outcomes.filter((_, i) => !refused.includes(i) && !unknown.includes(i))),
    ).toEqual({ 201: 2_000 - refused.length - unknown.length });
    const create = async (i: number): Promise<Outcome> => {
      const response = await fetch(`http://127.0.0.1:${port}/v1/pets`, {
        method: 'POST',
        headers: { ...AUTH, 'Content-Type': 'application/json' },
        body: bodies[i],
      });
      return { status: response.status, body: await response.text() };
    };
    const retried: Outcome[] = [];
    for (const i of refused) {
      await new Promise((wait) => setTimeout(wait, DATABASE_RETRY_AFTER_SECONDS * 1_000));
      retried.push(await create(i));
    }
    expect(outcomeCounts(retried)).toEqual(refused.length === 0 ? {} : { 201: refused.length });
    const storedNames = async () => {
      const names: string[] = [];
      for (let path: string | undefined = '/v1/pets?limit=100'; path !== undefined;) {
        const page = await fetch(`http://127.0.0.1:${port}${path}`, { headers: AUTH });
        expect(page.status).toBe(200);
        for (const pet of (await page.json()) as { name: string }[]) names.push(pet.name);
        path = /^<([^>]+)>; rel="next"$/.exec(page.headers.get('link') ?? '')?.[1];
      }
      return names;
    };
    // An unknown outcome is learnt from the store, and made where it was not.
    const before = new Set(unknown.length > 0 ? await storedNames() : []);
    const made: Outcome[] = [];
    for (const i of unknown) if (!before.has(`Crowd ${i}`)) made.push(await create(i));
    expect(made.every((outcome) => 'status' in outcome && outcome.status === 201)).toBe(true);
    const ids = [...answered(outcomes), ...retried, ...made]
      .filter((answer) => 'status' in answer && answer.status === 201)
      .map((answer) => (JSON.parse((answer as { body: string }).body) as { id: number }).id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(2_000 - (unknown.length - made.length));
    const names = await storedNames();
    expect(names.length).toBe(2_000);
    expect(new Set(names)).toEqual(new Set(bodies.map((_, i) => `Crowd ${i}`)));
  }, 180_000);

  it('answers 5,000 listPets sent at once, each 200 or a truthful 503 or 408 that a retry settles', async () => {
    const outcomes = await crowd(
      port,
      `Bearer ${API_KEY}`,
      Array.from({ length: 5_000 }, () => ({ method: 'GET', path: '/v1/pets?limit=20' })),
    );
    // Beside a CPU hog on two cores, Oracle MySQL left 18 of 5,000 unanswered within the 2.5 s
    // statement deadline or the 1.5 s connect timeout: each a 503 saying to retry. Retried once,
    // as a client would, each must be 200; never for want of a pool connection, at most 1 %.
    // A 408 says the request was not received within the header deadline (the crowd's process,
    // starved beside other suites, wrote it more than 10 s after connecting): retried the same.
    const refused = outcomes.filter(
      (outcome): outcome is { status: number; body: string } =>
        'status' in outcome && (outcome.status === 503 || outcome.status === 408),
    );
    expect(
      refused
        .map(answerName)
        .filter(
          (name) =>
            !/^503 .*Retry in \d+ seconds/.test(name) &&
            name !== '408 The request did not arrive in time.',
        ),
    ).toEqual([]);
    expect(refused.map(answerName).filter((name) => /connection came free/.test(name))).toEqual([]);
    expect(refused.length).toBeLessThanOrEqual(50);
    expect(
      outcomeCounts(outcomes.filter((outcome) => !refused.includes(outcome as never))),
    ).toEqual({ 200: 5_000 - refused.length });
    await new Promise((wait) => setTimeout(wait, DATABASE_RETRY_AFTER_SECONDS * 1_000));
    const retried = await Promise.all(
      refused.map(() => fetch(`http://127.0.0.1:${port}/v1/pets?limit=20`, { headers: AUTH })),
    );
    expect(retried.map((response) => response.status)).toEqual(refused.map(() => 200));
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

import { jest } from '@jest/globals';
import { request as httpRequest } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import type { NestExpressApplication } from '@nestjs/platform-express';
import Database from 'better-sqlite3';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { DataSource } from 'typeorm';
import { ContractChecker } from './support/contract.js';
import { MovableClock } from './support/movable-clock.js';
import { AUTH, OTHER_API_KEY, startApp } from './support/test-app.js';
import { expectError } from './support/expect-error.js';
import { describeWith } from './support/optional-suites.js';
import {
  OWN_SERVER,
  OwnDatabaseServer,
  SERVER_NAME,
  hasOwnServer,
} from './support/own-database-server.js';
import { testDatabases } from './support/test-databases.js';
import { SERVER_TIMEOUTS, listenApp } from '../src/app.setup.js';

const sleep = (ms: number) => new Promise((wait) => setTimeout(wait, ms));

describe('rate limits with RATE_LIMIT=3, RATE_LIMIT_WINDOW=60', () => {
  let app: NestExpressApplication;
  let contract: ContractChecker;

  beforeAll(async () => {
    app = await startApp('sqlite::memory:', { RATE_LIMIT: '3', RATE_LIMIT_WINDOW: '60' });
    contract = await ContractChecker.fromServer(app.getHttpServer());
  });

  afterAll(() => app?.close());

  it('counts per key, with the RateLimit headers, and answers 429 RATE_LIMITED with Retry-After past the limit', async () => {
    const api = () => contract.agent(app.getHttpServer());
    for (const left of [2, 1, 0]) {
      const response = await api().get('/v1/pets').set(AUTH).expect(200);
      expect(response.headers['ratelimit-policy']).toBe('"default";q=3;w=60');
      expect(response.headers.ratelimit).toMatch(new RegExp(`^"default";r=${left};t=\\d+$`));
    }
    const refused = await api()
      .post('/v1/pets')
      .set(AUTH)
      .set('Content-Type', 'application/json')
      .send('{"name":"Rex","categoryId":1}');
    expectError(refused, 429, 'RATE_LIMITED', /more than 3 requests in 60 s; retry in \d+ s/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.headers.ratelimit).toMatch(/^"default";r=0;t=\d+$/);
    // @SkipThrottle() on the metrics controller holds: the spent key may still scrape, counted by
    // the scrapes' own limit only.
    const scrape = await request(app.getHttpServer()).get('/metrics').set(AUTH).expect(200);
    expect(scrape.headers.ratelimit).toMatch(/^"metrics";r=\d+;t=\d+$/);
    // Another key has its own budget; probes and docs are not limited.
    await api().get('/v1/pets').set('Authorization', `Bearer ${OTHER_API_KEY}`).expect(200);
    for (let i = 0; i < 5; i++) await request(app.getHttpServer()).get('/healthz').expect(200);
  });

  it('limits requests without a valid key per address, and never refuses a valid key for its address', async () => {
    const api = () => contract.agent(app.getHttpServer());
    for (let i = 0; i < 3; i++)
      expectError(
        await api().get('/v1/pets').set('Authorization', 'Bearer wrong-key'),
        401,
        'UNAUTHORIZED',
      );
    expectError(
      await api().get('/v1/pets').set('Authorization', 'Bearer wrong-key'),
      429,
      'RATE_LIMITED',
      /without a valid API key/,
    );
    expectError(await api().get('/v1/pets'), 429, 'RATE_LIMITED', /without a valid API key/);
    // A valid key from the same address is served: failed authentication has its own counter.
    await api().get('/v1/pets').set('Authorization', `Bearer ${OTHER_API_KEY}`).expect(200);
  });
});

describe.each(testDatabases())(
  'a listening server on $name: what Node answers itself, Expect, and request bodies',
  (database) => {
    let app: NestExpressApplication;
    let port: number;

    beforeAll(async () => {
      app = await startApp(await database.create());
      await listenApp(app, 0, '127.0.0.1');
      port = (app.getHttpServer().address() as AddressInfo).port;
    });

    afterAll(async () => {
      await app?.close();
      await database.dropAll();
    });

    /** Sends raw bytes and resolves to the whole answer, status line to body. */
    const raw = (bytes: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk.toString()));
        socket.on('end', () => resolve(answer));
        socket.on('error', reject);
      });

    it.each([
      ['a request that is not HTTP', 'GARBAGE\r\n\r\n', 400, 'VALIDATION_FAILED'],
      [
        'headers larger than Node accepts',
        `GET /v1/pets HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
        431,
        'REQUEST_HEADER_FIELDS_TOO_LARGE',
      ],
    ])('answers %s in the Error shape', async (_case, bytes, status, code) => {
      const answer = await raw(bytes);
      expect(answer).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
      expect(answer).toMatch(/\r\nContent-Type: application\/json; charset=utf-8\r\n/);
      expect(answer).toMatch(/\r\nX-Request-Id: [0-9a-f-]{36}\r\n/);
      expect(answer).toMatch(
        /\r\nContent-Security-Policy: default-src 'none';frame-ancestors 'none'\r\n/,
      );
      expect(answer).toMatch(/\r\nX-Content-Type-Options: nosniff\r\n/);
      expect(JSON.parse(answer.split('\r\n\r\n')[1])).toEqual({
        code,
        message: expect.any(String),
        status,
      });
    });

    /**
     * Sends `head` raw; once the first response head has come, sends what `then` makes of it (if
     * anything). Resolves when the server ends the connection (each request says Connection: close)
     * to what had come when `then` was asked, and to the whole answer. No pause is timed: a busy
     * machine only makes it later.
     */
    const rawInSteps = (
      head: string,
      then: (early: string) => string | undefined = () => undefined,
    ) =>
      new Promise<{ early: string; answer: string }>((resolve, reject) => {
        let answer = '';
        let early: string | undefined;
        const socket = connect(port, '127.0.0.1', () => socket.write(head));
        socket.on('data', (chunk) => {
          answer += chunk.toString();
          if (early !== undefined || !answer.includes('\r\n\r\n')) return;
          early = answer;
          const rest = then(early);
          if (rest !== undefined) socket.write(rest);
        });
        socket.on('end', () => resolve({ early: early ?? answer, answer }));
        socket.on('error', reject);
      });
    const headersOf = (answer: string) => answer.split('\r\n\r\n')[0];

    it('sends 100 Continue only once the key is checked: none without a key (401 at once), one before reading the body with a key', async () => {
      const body = '{"name":"Rex","categoryId":1}';
      const head = (auth: string) =>
        `POST /v1/pets HTTP/1.1\r\nHost: x\r\n${auth}Content-Type: application/json\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`;
      const refused = await rawInSteps(head(''));
      expect(refused.early).toMatch(/^HTTP\/1\.1 401 /);
      expect(refused.answer).not.toContain('100 Continue');
      const accepted = await rawInSteps(
        head(`Authorization: ${AUTH.Authorization}\r\n`),
        (early) => (early.startsWith('HTTP/1.1 100 Continue\r\n\r\n') ? body : undefined),
      );
      expect(accepted.early).toBe('HTTP/1.1 100 Continue\r\n\r\n');
      expect(accepted.answer.slice(accepted.early.length)).toMatch(/^HTTP\/1\.1 201 /);
    });

    it('answers an expectation other than 100-continue with 417 EXPECTATION_FAILED in the Error shape, with the request id and security headers', async () => {
      const { answer } = await rawInSteps(
        `GET /v1/pets HTTP/1.1\r\nHost: x\r\nAuthorization: ${AUTH.Authorization}\r\nExpect: teapot\r\nConnection: close\r\n\r\n`,
      );
      expect(answer).toMatch(/^HTTP\/1\.1 417 Expectation Failed\r\n/);
      expect(headersOf(answer)).toMatch(/\r\nX-Request-Id: [0-9a-f-]{36}\r\n/i);
      expect(headersOf(answer)).toMatch(
        /\r\nContent-Security-Policy: default-src 'none';frame-ancestors 'none'\r\n/i,
      );
      expect(JSON.parse(answer.split('\r\n\r\n')[1])).toEqual({
        code: 'EXPECTATION_FAILED',
        message: 'The Expect header asks for "teapot"; this server meets only 100-continue.',
        status: 417,
      });
      // The key first, as everywhere: without one the same request is 401.
      const keyless = await rawInSteps(
        'GET /v1/pets HTTP/1.1\r\nHost: x\r\nExpect: teapot\r\nConnection: close\r\n\r\n',
      );
      expect(keyless.answer).toMatch(/^HTTP\/1\.1 401 /);
    });

    it('never reads the body of a method that takes none: a DELETE with any body deletes, a GET with one reads', async () => {
      const post = (path: string, body: string) =>
        fetch(`http://127.0.0.1:${port}${path}`, {
          method: 'POST',
          headers: { ...AUTH, 'Content-Type': 'application/json' },
          body,
        });
      const petId = (
        (await (await post('/v1/pets', '{"name":"Rex","categoryId":1}')).json()) as { id: number }
      ).id;
      const placeOrder = async () =>
        (
          (await (await post('/v1/store/orders', `{"petId":${petId},"quantity":1}`)).json()) as {
            id: number;
          }
        ).id;
      for (const [contentType, body] of [
        ['text/plain', 'not json'],
        ['application/json', '{'],
        ['application/json', 'x'.repeat(64 * 1024)],
      ]) {
        const orderId = await placeOrder();
        const answer = await fetch(`http://127.0.0.1:${port}/v1/store/orders/${orderId}`, {
          method: 'DELETE',
          headers: { ...AUTH, 'Content-Type': contentType },
          body,
        });
        expect(answer.status).toBe(204);
        expect(
          (await fetch(`http://127.0.0.1:${port}/v1/store/orders/${orderId}`, { headers: AUTH }))
            .status,
        ).toBe(404);
      }
      const orderId = await placeOrder();
      const head = `GET /v1/store/orders/${orderId} HTTP/1.1\r\nHost: x\r\nAuthorization: ${AUTH.Authorization}\r\nContent-Type: text/plain\r\nContent-Length: 3\r\nConnection: close\r\n\r\nabc`;
      expect((await rawInSteps(head)).answer).toMatch(/^HTTP\/1\.1 200 /);
    });

    /**
     * A createPet whose headers promise a body of which only `sent` bytes ever come; resolves to
     * the status, body and time taken.
     */
    const stalledCreate = (headers: Record<string, string>, sent: string) =>
      new Promise<{ status: number; body: string; ms: number; closed: boolean }>(
        (resolve, reject) => {
          const started = performance.now();
          const req = httpRequest(
            {
              port,
              host: '127.0.0.1',
              method: 'POST',
              path: '/v1/pets',
              headers: { 'Content-Type': 'application/json', 'Content-Length': '1000', ...headers },
            },
            (res) => {
              let body = '';
              res.on('data', (chunk) => (body += String(chunk)));
              res.on('end', () => {
                resolve({
                  status: res.statusCode!,
                  body,
                  ms: performance.now() - started,
                  closed: res.headers.connection === 'close',
                });
                req.destroy();
              });
            },
          );
          req.on('error', reject);
          req.write(sent);
        },
      );

    it('answers a request without a key at once, without waiting for its body', async () => {
      const answer = await stalledCreate({}, '{"name":');
      expect(answer.status).toBe(401);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'UNAUTHORIZED' });
      // Before the body's own deadline (5 s): it did not wait for the body.
      expect(answer.ms).toBeLessThan(5_000);
      expect(answer.closed).toBe(true);
    });

    it("closes a connection whose head is still arriving within a second past the header deadline, not at Node's 30 s check", async () => {
      const server = app.getHttpServer();
      // A shorter deadline for this test (Node reads it at each check); the check's interval is
      // the service's own.
      server.headersTimeout = 1_000;
      try {
        const started = performance.now();
        const answer = await new Promise<string>((resolve) => {
          let text = '';
          const socket = connect(port, '127.0.0.1', () =>
            socket.write('GET /v1/pets HTTP/1.1\r\n'),
          );
          // A slowloris: a header line every 200 ms, never the head's end.
          const drip = setInterval(() => socket.write('X-Drip: 1\r\n'), 200);
          socket.on('data', (chunk) => (text += chunk.toString()));
          socket.on('close', () => {
            clearInterval(drip);
            resolve(text);
          });
          socket.on('error', () => undefined);
        });
        const ms = performance.now() - started;
        expect(answer).toMatch(/^HTTP\/1\.1 408 /);
        expect(ms).toBeGreaterThanOrEqual(1_000);
        // The check runs every 500 ms (a busy machine only delays it); Node's default, 30 s.
        expect(ms).toBeLessThan(5_000);
      } finally {
        server.headersTimeout = SERVER_TIMEOUTS.headersTimeout;
      }
    }, 15_000);

    it('answers 408 REQUEST_TIMEOUT in the Error shape when a body stalls, within 5 s, and closes the connection', async () => {
      const answer = await stalledCreate(AUTH, '{"name":');
      expect(answer.status).toBe(408);
      expect(JSON.parse(answer.body)).toEqual({
        code: 'REQUEST_TIMEOUT',
        message: 'The request body did not arrive within 5 s.',
        status: 408,
      });
      // Load can only make it later; Node's own limits (headersTimeout, requestTimeout) come far later.
      expect(answer.ms).toBeGreaterThanOrEqual(4_900);
      expect(answer.ms).toBeLessThan(12_000);
      expect(answer.closed).toBe(true);
    }, 15_000);
  },
);

describe('with METRICS_ENABLED=false', () => {
  it('serves no /metrics', async () => {
    const app = await startApp('sqlite::memory:', { METRICS_ENABLED: 'false' });
    try {
      expectError(await request(app.getHttpServer()).get('/metrics').set(AUTH), 404, 'NOT_FOUND');
    } finally {
      await app.close();
    }
  });
});

describe('CORS with CORS_ORIGINS set', () => {
  let app: NestExpressApplication;

  beforeAll(async () => {
    app = await startApp('sqlite::memory:', {
      CORS_ORIGINS: 'https://app.example.com,http://localhost:8080',
    });
  });

  afterAll(() => app?.close());

  it('answers preflights and exposes the headers clients read, for the listed origins only', async () => {
    const preflight = await request(app.getHttpServer())
      .options('/v1/pets')
      .set('Origin', 'https://app.example.com')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'authorization,content-type');
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('https://app.example.com');
    expect(preflight.headers['access-control-allow-headers']).toBe(
      'Authorization,Content-Type,X-Request-Id,Idempotency-Key,Cache-Control,If-Match,If-None-Match',
    );
    const response = await request(app.getHttpServer())
      .get('/v1/pets')
      .set(AUTH)
      .set('Origin', 'http://localhost:8080')
      .expect(200);
    expect(response.headers['access-control-allow-origin']).toBe('http://localhost:8080');
    expect(response.headers['access-control-expose-headers']).toBe(
      'Link,Location,Deprecation,Sunset,Retry-After,X-Request-Id,RateLimit,RateLimit-Policy,Idempotent-Replayed,ETag',
    );
    const stranger = await request(app.getHttpServer())
      .get('/v1/pets')
      .set(AUTH)
      .set('Origin', 'https://evil.example.com');
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe.each(testDatabases())('operations on $name', (database) => {
  let app: NestExpressApplication;
  let server: App;
  let databaseUrl: string;
  const clock = new MovableClock();

  beforeAll(async () => {
    databaseUrl = await database.create();
    // The limits have their own describe above; no test here waits on them.
    app = await startApp(databaseUrl, { RATE_LIMIT: '100000' }, { clock });
    server = app.getHttpServer();
  });

  afterAll(async () => {
    await app?.close();
    await database.dropAll();
  });

  it('answers /healthz without a key and without the database', async () => {
    const response = await request(server).get('/healthz').expect(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body).toMatchObject({ status: 'ok' });
    expect(JSON.stringify(response.body)).not.toContain('database');
  });

  if (database.name === 'sqlite') {
    it('while another process holds the write lock: serves others at once, and a write waits without blocking, then 503 with nothing written', async () => {
      const other = new Database(databaseUrl.slice('sqlite:'.length), { timeout: 0 });
      // then(): supertest sends a request only once it is awaited; these must be under way at once.
      const create = (name: string) =>
        request(server)
          .post('/v1/pets')
          .set(AUTH)
          .set('Content-Type', 'application/json')
          .send({ name, categoryId: 1 })
          .then((response) => response);
      try {
        other.exec('BEGIN IMMEDIATE');
        const started = performance.now();
        let settled = false;
        const blocked = create('Blocked by the lock').finally(() => (settled = true));
        await sleep(200);
        await request(server).get('/healthz').expect(200);
        await request(server).get('/v1/pets?limit=1').set(AUTH).expect(200);
        // Served while the write still waited on the lock: it blocks nothing.
        expect(settled).toBe(false);
        expectError(await blocked, 503, 'SERVICE_UNAVAILABLE');
        // The wait is DATABASE_LOCK_WAIT_SECONDS (1 s); SQLite's usual 5 s busy timeout would fail this.
        expect(performance.now() - started).toBeLessThan(5_000);
        other.exec('ROLLBACK');
        const names = (
          await request(server).get('/v1/pets?limit=100').set(AUTH).expect(200)
        ).body.map((pet: { name: string }) => pet.name);
        expect(names).not.toContain('Blocked by the lock');
        // A lock released in time: the write waits for it and succeeds.
        other.exec('BEGIN IMMEDIATE');
        const waiting = create('Waited for the lock');
        setTimeout(() => other.exec('ROLLBACK'), 300);
        expect((await waiting).status).toBe(201);
      } finally {
        if (other.inTransaction) other.exec('ROLLBACK');
        other.close();
      }
    });
  }

  it('answers /readyz without a key once the database answers and no migration is pending', async () => {
    const response = await request(server).get('/readyz').expect(200);
    expect(response.body).toMatchObject({
      status: 'ok',
      details: {
        lifecycle: { status: 'up' },
        database: { status: 'up' },
        migrations: { status: 'up' },
      },
    });
  });

  it('checks the database for /readyz at most once a second, however often it is called', async () => {
    const dataSource = app.get(DataSource);
    const queries = jest.spyOn(dataSource, 'query');
    // A check is a ping and one read of the migrations table.
    const count = (prefix: string) =>
      queries.mock.calls.filter(([sql]) => sql.startsWith(prefix)).length;
    const migrationReads = () => count('SELECT name FROM');
    // Stopped: the 30 probes share one instant of the service's time, however slow the machine.
    clock.stop();
    try {
      clock.offsetMs += 1_100;
      const answers = await Promise.all(
        Array.from({ length: 30 }, () => request(server).get('/readyz')),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(30).fill(200));
      expect([count('SELECT 1'), migrationReads()]).toEqual([1, 1]);
      clock.offsetMs += 999;
      await request(server).get('/readyz').expect(200);
      expect(migrationReads()).toBe(1);
      clock.offsetMs += 1;
      await request(server).get('/readyz').expect(200);
      expect(migrationReads()).toBe(2);
    } finally {
      clock.resume();
      queries.mockRestore();
    }
  });

  it("sends a JSON API's security headers on every response, errors included, helmet's defaults on the docs page, and no X-Powered-By", async () => {
    for (const response of [
      await request(server).get('/v1/pets').set(AUTH),
      await request(server).get('/v1/pets'),
      await request(server).get('/nope'),
    ]) {
      expect(response.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'strict-transport-security': expect.stringContaining('max-age='),
        'content-security-policy': "default-src 'none';frame-ancestors 'none'",
        'referrer-policy': 'no-referrer',
        'cross-origin-resource-policy': 'same-origin',
      });
      // Headers for HTML documents only are not sent with JSON.
      for (const name of [
        'cross-origin-opener-policy',
        'origin-agent-cluster',
        'x-dns-prefetch-control',
        'x-download-options',
        'x-xss-protection',
      ]) {
        expect(response.headers[name]).toBeUndefined();
      }
      expect(response.headers['x-powered-by']).toBeUndefined();
      expect(response.headers['x-request-id']).toBeDefined();
    }
    const docs = await request(server).get('/docs');
    expect(docs.headers).toMatchObject({
      'x-frame-options': 'SAMEORIGIN',
      'content-security-policy': expect.stringContaining("default-src 'self'"),
      'cross-origin-opener-policy': 'same-origin',
      'x-content-type-options': 'nosniff',
    });
    expect(docs.headers['x-powered-by']).toBeUndefined();
  });

  it('serves Prometheus metrics at /metrics to a key: requests by route, method and status; the pool; the process; no versions', async () => {
    await request(server).get('/v1/pets/424242').set(AUTH).expect(404);
    await request(server).get('/v1/pets/424242').set(AUTH).expect(404);
    expectError(await request(server).get('/metrics'), 401, 'UNAUTHORIZED');
    const response = await request(server).get('/metrics').set(AUTH).expect(200);
    expect(response.text).not.toMatch(/version/i);
    expect(response.text).not.toContain(process.version);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.text).toMatch(
      /^http_requests_total\{route="\/v1\/pets\/:petId",method="GET",status="404"\} [2-9]\d*$/m,
    );
    expect(response.text).toMatch(
      /^http_request_duration_seconds_bucket\{le="0\.005",route="\/v1\/pets\/:petId",method="GET"\} \d+$/m,
    );
    expect(response.text).not.toMatch(/424242/);
    for (const name of [
      'db_pool_connections_in_use',
      'db_pool_connections_idle',
      'db_pool_requests_waiting',
      'process_cpu_user_seconds_total',
      'nodejs_heap_size_used_bytes',
    ]) {
      expect(response.text).toMatch(new RegExp(`^${name} \\d`, 'm'));
    }
  });

  it('keeps CORS off unless CORS_ORIGINS is set', async () => {
    const preflight = await request(server)
      .options('/v1/pets')
      .set('Origin', 'https://app.example.com')
      .set('Access-Control-Request-Method', 'GET');
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const simple = await request(server)
      .get('/v1/pets')
      .set(AUTH)
      .set('Origin', 'https://app.example.com');
    expect(simple.headers['access-control-allow-origin']).toBeUndefined();
  });
});

// On a server of this test's own, so that stopping it disturbs no suite running beside it.
describeWith(
  hasOwnServer(),
  OWN_SERVER,
  `the ${SERVER_NAME} outage test`,
)(`a ${SERVER_NAME} outage`, () => {
  let mariadb: OwnDatabaseServer;
  let app: NestExpressApplication;
  let server: App;

  beforeAll(async () => {
    mariadb = await OwnDatabaseServer.start();
    // Some 1,100 requests with one key in under 10 s (802 writes and 312 reads in one run), too
    // near the default 1,200 per minute.
    app = await startApp(mariadb.url, { RATE_LIMIT: '100000' });
    server = app.getHttpServer();
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await mariadb?.remove();
  }, 60_000);

  it('answers 503 within 2 s while the server is down, recovers by itself, loses no pet that got a 201 and writes none that got a 503', async () => {
    let phase: 'before' | 'down' | 'back' = 'before';
    let running = true;
    const created = new Map<number, string>();
    const refused: string[] = [];
    const seen: { phase: string; status: number; ms: number; ended: number }[] = [];
    let stoppedAt = Infinity;

    const worker = async (n: number) => {
      for (let i = 0; running; i++) {
        const name = `Worker ${n} pet ${i}`;
        const started = Date.now();
        const current = phase;
        const response = await request(server)
          .post('/v1/pets')
          .set(AUTH)
          .set('Content-Type', 'application/json')
          .send({ name, categoryId: n });
        seen.push({
          phase: current,
          status: response.status,
          ms: Date.now() - started,
          ended: Date.now(),
        });
        if (response.status === 201) created.set(response.body.id, name);
        // A write out when the server stopped: its answer was lost.
        else if (response.status === 504)
          expectError(response, 504, 'OUTCOME_UNKNOWN', /whether it was made is unknown/);
        else {
          expectError(
            response,
            503,
            'SERVICE_UNAVAILABLE',
            /nothing was changed. Retry in 2 seconds/,
          );
          expect(response.headers['retry-after']).toBe('2');
          refused.push(name);
        }
        await sleep(20);
      }
    };
    const workers = [1, 2, 3, 4].map(worker);

    await sleep(800);
    phase = 'down';
    stoppedAt = Date.now();
    await mariadb.stopProcess();
    try {
      await sleep(1_500);
      const askedAt = Date.now();
      const notReady = await request(server).get('/readyz').expect(503);
      expect(Date.now() - askedAt).toBeLessThan(2_500);
      // terminus's TypeOrmHealthIndicator; the driver's message is not passed on.
      expect(notReady.body).toMatchObject({
        status: 'error',
        error: { database: { status: 'down', message: 'not reachable' } },
      });
      expect(JSON.stringify(notReady.body)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|ER_/);
      expect((await request(server).get('/healthz')).status).toBe(200);
      await sleep(1_500);
    } finally {
      // Whatever happened above, the workers' requests need the server back.
      await mariadb.startProcess();
      phase = 'back';
    }
    const deadline = Date.now() + 15_000;
    while (!seen.some((s) => s.phase === 'back' && s.status === 201) && Date.now() < deadline)
      await sleep(100);
    await sleep(1_000);
    running = false;
    await Promise.all(workers);

    expect(seen.filter((s) => ![201, 503, 504].includes(s.status))).toEqual([]);
    // Until the server was stopped, every create succeeded.
    expect(seen.filter((s) => s.ended < stoppedAt).every((s) => s.status === 201)).toBe(true);
    const down = seen.filter((s) => s.phase === 'down');
    expect(down.length).toBeGreaterThan(10);
    expect(down.filter((s) => s.status === 503).length).toBeGreaterThan(0);
    expect(Math.max(...down.map((s) => s.ms))).toBeLessThan(2_500);
    expect(seen.filter((s) => s.phase === 'back' && s.status === 201).length).toBeGreaterThan(5);
    await request(server).get('/readyz').expect(200);

    // Every pet that got a 201 is there, with its name.
    for (const [id, name] of created) {
      const response = await request(server).get(`/v1/pets/${id}`).set(AUTH).expect(200);
      expect(response.body.name).toBe(name);
    }
    // And no pet that got a 503 is.
    const stored = (
      await app.get(DataSource).query<{ name: string }[]>('SELECT name FROM pets')
    ).map((row) => row.name);
    expect(refused.filter((name) => stored.includes(name))).toEqual([]);
  }, 60_000);
});

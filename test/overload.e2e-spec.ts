import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import {
  startCompiledServer,
  stopCompiledServer,
  type CompiledServer,
} from './support/compiled-server.js';
import { expectError } from './support/expect-error.js';
import { EVENT_WAIT_MS, within } from './support/within.js';

const KEY = 'store-key-0123456789';
const AUTH = { Authorization: `Bearer ${KEY}` };
/** Store keys that scrape /metrics in turn: each has its own scrape limit (30 a minute). */
const SCRAPERS = Array.from({ length: 8 }, (_, i) => `scraper-${i}-0123456789`);
/** Requests run at once (one a client); the rest wait their turn. */
const MAX_IN_FLIGHT = 2;

/**
 * Load shedding on a compiled instance: requests held in progress (bodies that do not arrive) take
 * every slot of a low OVERLOAD_MAX_IN_FLIGHT; then arrivals wait past OVERLOAD_MAX_WAIT_MS and get
 * 503 OVERLOADED before their body is read, with nothing written; the probes and the store keys'
 * /metrics answer, and it recovers once they are gone (test/admission.e2e-spec.ts has the rest).
 */
describe('Load shedding (a compiled instance, OVERLOAD_MAX_IN_FLIGHT=2)', () => {
  let folder: string;
  let server: CompiledServer;
  const held: Socket[] = [];

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'petstore-overload-'));
    server = await startCompiledServer({
      DATABASE_URL: `sqlite:${join(folder, 'petstore.sqlite')}`,
      API_KEYS: [KEY, ...SCRAPERS.map((key, i) => `scraper-${i}:${key}`)].join(','),
      OVERLOAD_MAX_IN_FLIGHT: String(MAX_IN_FLIGHT),
    });
  });

  afterAll(async () => {
    for (const socket of held) socket.destroy();
    if (server) await stopCompiledServer(server);
    rmSync(folder, { recursive: true, force: true });
  });

  /** A createPet whose headers arrive and whose body does not (yet): a request in progress. */
  const startPost = (key = KEY): Promise<{ socket: Socket; answer: Promise<string> }> =>
    new Promise((resolve) => {
      const { port } = new URL(server.baseUrl);
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `POST /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\n` +
            'Content-Type: application/json\r\nContent-Length: 40\r\n\r\n{"name":',
        );
        let text = '';
        const answer = new Promise<string>((done) => {
          socket.on('data', (chunk) => {
            text += String(chunk);
            if (text.includes('\r\n\r\n')) done(text);
          });
          socket.on('close', () => done(text));
        });
        resolve({ socket, answer });
      });
    });
  let scrapes = 0;
  const scrape = async (): Promise<string> =>
    (
      await request(server.baseUrl)
        .get('/metrics')
        .set({ Authorization: `Bearer ${SCRAPERS[scrapes++ % SCRAPERS.length]}` })
        .expect(200)
    ).text;
  const inFlight = async (): Promise<number> =>
    Number(/^overload_requests_in_flight (\d+)$/m.exec(await scrape())?.[1]);
  const pets = async (): Promise<number> =>
    (await request(server.baseUrl).get('/v1/pets?limit=100').set(AUTH).expect(200)).body.length;

  it('refuses what waits past the budget with 503 OVERLOADED and Retry-After, before the body, with nothing done', async () => {
    await request(server.baseUrl)
      .post('/v1/pets')
      .set(AUTH)
      .send({ name: 'Before', categoryId: 1 })
      .expect(201);
    // Both slots held, by two keys: nothing that arrives can start.
    for (const key of [KEY, SCRAPERS[0]]) held.push((await startPost(key)).socket);
    await within(
      EVENT_WAIT_MS,
      'the held requests in progress',
      async () => (await inFlight()) === 2,
    );

    const refused = await request(server.baseUrl).get('/v1/pets').set(AUTH);
    expectError(
      refused,
      503,
      'OVERLOADED',
      /^This instance is serving all it can; the request was refused before any work, nothing was done\. Retry in [1-4] seconds\.$/,
    );
    expect(refused.headers['retry-after']).toMatch(/^[1-4]$/);
    // Written before Express: the JSON API's security headers, no request id (no log line has one).
    expect(refused.headers['x-content-type-options']).toBe('nosniff');
    expect(refused.headers['cache-control']).toBe('no-store');

    // Refused with its body never sent: nothing waited for it.
    const { socket, answer } = await startPost();
    const head = await answer;
    socket.destroy();
    expect(head).toMatch(/^HTTP\/1\.1 503 /);
    expect(head).toMatch(/\r\nRetry-After: [1-4]\r\n/i);

    const whole = await request(server.baseUrl)
      .post('/v1/pets')
      .set(AUTH)
      .send({ name: 'Refused', categoryId: 2 });
    expectError(whole, 503, 'OVERLOADED');
  });

  it('keeps the probes and the store keys /metrics answering, with what it shed', async () => {
    for (const path of ['/healthz', '/readyz'])
      expect((await request(server.baseUrl).get(path)).status).toBe(200);
    // /metrics renders at most once a second: the next rendering has the refusals.
    let text = '';
    await within(EVENT_WAIT_MS, 'a rendering with the refusals', async () =>
      /^http_requests_shed_total\{reason="waited"\} [1-9]/m.test((text = await scrape())),
    );
    expect(text).toMatch(/^overload_requests_in_flight_bound 2$/m);
    expect(text).toMatch(/^overload_wait_bound_seconds 1$/m);
    expect(text).toMatch(/^overload_admitted_ratio (0(\.\d+)?|1)$/m);
    // Refused before any route: counted as shed, not as a route's 503.
    expect(
      Number(/^http_requests_shed_total\{reason="waited"\} (\d+)$/m.exec(text)?.[1]),
    ).toBeGreaterThanOrEqual(3);
    expect(text).not.toMatch(/status="503"/);
  });

  it('logs one warning for the episode, not one line per refusal', () => {
    const lines = server.output().split('\n');
    expect(lines.filter((line) => line.includes('Shedding load'))).toHaveLength(1);
    expect(lines.filter((line) => /"status":503/.test(line))).toEqual([]);
  });

  it('recovers once the load is gone: the held requests left, new ones are served, nothing was written', async () => {
    for (const socket of held.splice(0)) socket.destroy();
    await within(3_000, 'served again', async () => {
      const response = await request(server.baseUrl).get('/v1/pets').set(AUTH);
      return response.status === 200;
    });
    // Every arrival admitted again.
    await within(EVENT_WAIT_MS, 'all admitted', async () =>
      /^overload_admitted_ratio 1$/m.test(await scrape()),
    );
    expect(await pets()).toBe(1);
    await within(EVENT_WAIT_MS, 'the episode ended', () =>
      server.output().includes('Load shedding ended'),
    );
    // The clients that left: a line each, status 499, never a 200.
    const left = server
      .output()
      .split('\n')
      .filter((line) => line.includes('"clientLeft":true'));
    expect(left.length).toBeGreaterThanOrEqual(MAX_IN_FLIGHT);
    for (const line of left) expect(line).toMatch(/"status":499/);
  });
});

import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, createServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  startCompiledServer,
  stopCompiledServer,
  type CompiledServer,
} from './support/compiled-server.js';
import { freePort } from './support/free-port.js';
import { HAPROXY, Haproxy } from './support/haproxy.js';
import { MYSQL, describeWith } from './support/optional-suites.js';
import { testDatabases } from './support/test-databases.js';
import { EVENT_WAIT_MS, within } from './support/within.js';

const KEY = 'proxy-key-0123456789abcdef';
const AUTH = { Authorization: `Bearer ${KEY}` };
const mysqlUrl = process.env.TEST_MYSQL_URL;
const PET = JSON.stringify({ name: 'Behind the proxy', categoryId: 3 });

interface Outcome {
  what: string;
  status?: number;
  body?: string;
  error?: string;
}

/** One request through `baseUrl` on `agent`: its status and body, or its error's code. */
function send(
  baseUrl: string,
  agent: Agent,
  what: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Outcome> {
  return new Promise((resolve) => {
    const sent = request(
      `${baseUrl}${path}`,
      {
        agent,
        method,
        headers: {
          ...AUTH,
          ...headers,
          ...(body ? { 'Content-Type': 'application/json' } : {}),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ what, status: response.statusCode, body: text }));
        response.on('error', (error: NodeJS.ErrnoException) =>
          resolve({ what, error: error.code ?? error.message }),
        );
      },
    );
    sent.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ what, error: error.code ?? error.message }),
    );
    sent.end(body);
  });
}

/** Whether HAProxy has said, since `from` in its log, that `server` is `state` (UP or DOWN). */
const said = (proxy: Haproxy, from: number, server: string, state: 'UP' | 'DOWN') =>
  proxy.log().slice(from).includes(`Server petstore/${server} is ${state}`);

describeWith(mysqlUrl !== undefined, MYSQL)("compose's entry point", () => {
  describeWith(Haproxy.available(), HAPROXY)(
    'HAProxy (deploy/haproxy) in front of two instances',
    () => {
      const [, database] = testDatabases();
      const folder = mkdtempSync(join(tmpdir(), 'petstore-proxy-'));
      let databaseUrl: string;
      let ports: [number, number];
      const instances: (CompiledServer | undefined)[] = [];
      let proxy: Haproxy | undefined;
      /** Where HAProxy's log stood when the dropping server closed. */
      let droppingClosedAt = 0;

      const startInstance = (index: 0 | 1) =>
        startCompiledServer(
          {
            DATABASE_URL: databaseUrl,
            API_KEYS: KEY,
            WORKERS: '1',
            RATE_LIMIT: '1000000',
            TRUST_PROXY: 'loopback',
            SHUTDOWN_DRAIN_MS: '3000',
            SHUTDOWN_TIMEOUT_MS: '5000',
          },
          { port: ports[index] },
        );

      beforeAll(async () => {
        databaseUrl = await database.create();
        ports = [await freePort(), await freePort()];
        instances[0] = await startInstance(0);
        instances[1] = await startInstance(1);
        proxy = await Haproxy.start(ports, folder);
        await within(EVENT_WAIT_MS, 'the proxy serves', async () => {
          const agent = new Agent();
          const outcome = await send(proxy!.baseUrl, agent, 'probe', 'GET', '/v1/pets');
          agent.destroy();
          return outcome.status === 200;
        });
      }, 120_000);

      afterAll(async () => {
        await proxy?.stop();
        for (const instance of instances) if (instance) await stopCompiledServer(instance);
        rmSync(folder, { recursive: true, force: true });
      });

      it('restarts the instances one at a time under load, and no client sees an error', async () => {
        const outcomes: Outcome[] = [];
        let stopped = false;
        // Kept-alive clients, as behind a load balancer: reads, writes with and without a key.
        const loop = async (what: string, next: () => Promise<Outcome>) => {
          while (!stopped) outcomes.push(await next());
        };
        const agent = new Agent({ keepAlive: true, maxSockets: 8 });
        const base = proxy!.baseUrl;
        const loops = Promise.all([
          loop('list', () => send(base, agent, 'list', 'GET', '/v1/pets?limit=5')),
          loop('keyed create', () =>
            send(
              base,
              agent,
              'keyed create',
              'POST',
              '/v1/pets',
              { 'Idempotency-Key': randomUUID() },
              PET,
            ),
          ),
          loop('create', () => send(base, agent, 'create', 'POST', '/v1/pets', {}, PET)),
          loop('list again', () => send(base, agent, 'list again', 'GET', '/v1/pets?limit=1')),
        ]);
        for (const index of [0, 1] as const) {
          const name = `petstore-${index + 1}`;
          const from = proxy!.log().length;
          await stopCompiledServer(instances[index]!);
          // Out of the proxy's rotation as it drained (its /readyz said 503), then started again.
          await within(EVENT_WAIT_MS, `${name} out of the rotation`, () =>
            said(proxy!, from, name, 'DOWN'),
          );
          instances[index] = await startInstance(index);
          await within(EVENT_WAIT_MS, `${name} back in the rotation`, () =>
            said(proxy!, from, name, 'UP'),
          );
        }
        const during = outcomes.length;
        await within(
          EVENT_WAIT_MS,
          'requests after both restarts',
          () => outcomes.length > during + 20,
        );
        stopped = true;
        await loops;
        agent.destroy();

        expect(
          outcomes.filter((outcome) => outcome.status === undefined || outcome.status >= 300),
        ).toEqual([]);
        for (const what of ['list', 'keyed create', 'create', 'list again'])
          expect(outcomes.filter((outcome) => outcome.what === what).length).toBeGreaterThan(5);
      }, 180_000);

      it('sends a request lost after it was sent to the other instance only where that is safe: a read, a write with an Idempotency-Key', async () => {
        // petstore-1 replaced by a server that says it is ready, then drops every request it reads.
        const from = proxy!.log().length;
        await stopCompiledServer(instances[0]!);
        instances[0] = undefined;
        const dropping: Server = createServer((incoming, response) => {
          if (incoming.url === '/readyz') return void response.end('{"status":"ok"}');
          incoming.socket.destroy();
        });
        await new Promise<void>((listening) => dropping.listen(ports[0], '127.0.0.1', listening));
        try {
          await within(EVENT_WAIT_MS, 'the dropping server in the rotation', () =>
            said(proxy!, from, 'petstore-1', 'UP'),
          );
          const agent = new Agent();
          const base = proxy!.baseUrl;
          const reads: Outcome[] = [];
          const keyed: Outcome[] = [];
          const plain: Outcome[] = [];
          for (let i = 0; i < 10; i++) {
            reads.push(await send(base, agent, 'read', 'GET', '/v1/pets?limit=1'));
            keyed.push(
              await send(
                base,
                agent,
                'keyed',
                'POST',
                '/v1/pets',
                { 'Idempotency-Key': randomUUID() },
                PET,
              ),
            );
            plain.push(await send(base, agent, 'plain', 'POST', '/v1/pets', {}, PET));
          }
          agent.destroy();
          expect(reads.map((outcome) => outcome.status)).toEqual(Array(10).fill(200));
          expect(keyed.map((outcome) => outcome.status)).toEqual(Array(10).fill(201));
          // A plain create the dropping server lost is not sent again: its outcome is unknown, and
          // the answer says so in the Error shape; the others were created on petstore-2.
          const lost = plain.filter((outcome) => outcome.status !== 201);
          expect(lost.length).toBeGreaterThan(0);
          for (const outcome of lost) {
            expect(outcome.status).toBe(504);
            expect(JSON.parse(outcome.body!)).toEqual({
              code: 'OUTCOME_UNKNOWN',
              message: expect.stringContaining('whether a write happened is unknown'),
              status: 504,
            });
          }
        } finally {
          droppingClosedAt = proxy!.log().length;
          await new Promise((closed) => dropping.close(closed));
        }
      }, 120_000);

      it('answers 503 OVERLOADED in the Error shape, with Retry-After, when no instance is ready', async () => {
        const from = proxy!.log().length;
        await stopCompiledServer(instances[1]!);
        instances[1] = undefined;
        await within(
          EVENT_WAIT_MS,
          'no instance in the rotation',
          () =>
            said(proxy!, droppingClosedAt, 'petstore-1', 'DOWN') &&
            said(proxy!, from, 'petstore-2', 'DOWN'),
        );
        const agent = new Agent();
        const outcome = await new Promise<{ status?: number; retryAfter?: string; body: string }>(
          (resolve) => {
            request(`${proxy!.baseUrl}/v1/pets`, { agent, headers: AUTH }, (response) => {
              let body = '';
              response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
              response.on('end', () =>
                resolve({
                  status: response.statusCode,
                  retryAfter: response.headers['retry-after'],
                  body,
                }),
              );
            }).end();
          },
        );
        agent.destroy();
        expect(outcome.status).toBe(503);
        expect(outcome.retryAfter).toBe('1');
        expect(JSON.parse(outcome.body)).toEqual({
          code: 'OVERLOADED',
          message: expect.stringContaining('nothing was done'),
          status: 503,
        });
      }, 60_000);
    },
  );
});

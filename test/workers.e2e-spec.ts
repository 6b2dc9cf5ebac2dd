import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { connect, type Socket } from 'node:net';
import {
  ROOT,
  START_PROD_ARGS,
  serverEnv,
  startCompiledServer,
  stopCompiledServer,
  type CompiledServer,
} from './support/compiled-server.js';
import { describeWith, MYSQL } from './support/optional-suites.js';
import { testDatabases } from './support/test-databases.js';
import { clientsThroughDrain, expectDrainedCleanly } from './support/drain-clients.js';
import { EVENT_WAIT_MS, within } from './support/within.js';

const STORE_KEY = 'workers-store-key-0123456789';
const OTHER_KEY = 'workers-other-key-0123456789';
const WAITING_KEY = 'workers-waiting-key-0123456789';
/** Clients enough, one request waiting each, that another client's first would wait too long. */
const CROWD_KEYS = Array.from({ length: 62 }, (_, i) => `workers-crowd-key-${i}-0123456789`);
const API_KEYS = [
  `store:${STORE_KEY}`,
  `other:${OTHER_KEY}`,
  `waiting:${WAITING_KEY}`,
  ...CROWD_KEYS.map((key, i) => `crowd-${i}:${key}`),
].join(',');
const PET = '{"name":"Rex","categoryId":1}';
const headersOnly = (key: string) =>
  `POST /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\n` +
  `Content-Type: application/json\r\nContent-Length: ${PET.length}\r\n\r\n`;
const listPets = (key: string) =>
  `GET /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\n\r\n`;
const CLI = join(ROOT, 'dist/src/api-keys/api-keys.cli.js');
const mysqlUrl = process.env.TEST_MYSQL_URL;

const portOf = (server: CompiledServer): number => Number(new URL(server.baseUrl).port);
const sleep = (ms: number) => new Promise((wait) => setTimeout(wait, ms));

/** A GET on a connection of its own: the front door hands each new connection to the next worker. */
async function getAlone(server: CompiledServer, path: string, key = STORE_KEY) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    headers: { Authorization: `Bearer ${key}`, Connection: 'close' },
  });
  return { status: response.status, text: await response.text() };
}

/** A series of the instance's /metrics (0 when absent), read past the text's one-second reuse. */
async function metric(server: CompiledServer, line: RegExp): Promise<number> {
  await sleep(1_100);
  const { status, text } = await getAlone(server, '/metrics');
  expect(status).toBe(200);
  return text
    .split('\n')
    .filter((entry) => line.test(entry))
    .reduce((sum, entry) => sum + Number(entry.split(' ').pop()), 0);
}

/** Worker ids and pids, from the log lines each worker writes. */
function workerPids(server: CompiledServer): Map<number, number> {
  const pids = new Map<number, number>();
  for (const line of server.output().split('\n')) {
    const match = /"pid":(\d+),"hostname":"[^"]*","worker":(\d+)/.exec(line);
    if (match) pids.set(Number(match[2]), Number(match[1]));
  }
  return pids;
}

/** A connection of its own, once connected: the front door hands connections out in turn. */
function connected(server: CompiledServer): Promise<Socket> {
  return new Promise((resolve) => {
    const socket = connect(portOf(server), '127.0.0.1', () => resolve(socket));
  });
}

/** The status of the first answer on `socket`. */
function firstAnswer(socket: Socket): Promise<number> {
  return new Promise((resolve) => {
    let text = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => {
      text += chunk;
      const status = /^HTTP\/1\.1 (\d{3}) /.exec(text);
      if (status) resolve(Number(status[1]));
    });
  });
}

/** A raw request on a socket of its own: everything the server sent, and how the socket ended. */
function rawExchange(server: CompiledServer, request: string) {
  return new Promise<{ answer: string; ending: string }>((resolve) => {
    const socket = connect(portOf(server), '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => resolve({ answer, ending: 'end' }));
    socket.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ answer, ending: error.code ?? error.message }),
    );
  });
}

describe('WORKERS on SQLite', () => {
  it('refuses WORKERS above 1 at start-up with a clear message: SQLite is one writer', () => {
    const run = spawnSync(process.execPath, [...START_PROD_ARGS], {
      cwd: ROOT,
      env: serverEnv({ DATABASE_URL: 'sqlite::memory:', WORKERS: '2', PORT: '0' }),
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stdout + run.stderr).toContain(
      'Configuration error: WORKERS is 2, but the database is SQLite, which one process writes',
    );
  });
});

/**
 * One instance, whatever the number of workers (src/cluster/): the primary accepts, hands each
 * connection to a worker in turn, and keeps what is one for the instance.
 */
describeWith(mysqlUrl !== undefined, MYSQL)('WORKERS=2 on MySQL: one instance', () => {
  const [, database] = testDatabases();
  let databaseUrl: string;
  let server: CompiledServer;

  const keys = (...args: string[]) =>
    spawnSync(process.execPath, [CLI, ...args], {
      cwd: ROOT,
      env: serverEnv({ DATABASE_URL: databaseUrl, API_KEYS: `store:${STORE_KEY}` }),
      encoding: 'utf8',
    });

  const start = (env: Record<string, string>) =>
    startCompiledServer({
      DATABASE_URL: databaseUrl,
      API_KEYS,
      WORKERS: '2',
      // Long enough for the drain test's clients to send a few requests into it.
      SHUTDOWN_DRAIN_MS: '1000',
      ...env,
    });

  beforeAll(async () => {
    databaseUrl = await database.create();
    server = await start({ RATE_LIMIT: '1000000' });
  }, 90_000);

  afterAll(async () => {
    if (server) await stopCompiledServer(server);
    await database.dropAll();
  });

  it('starts two workers behind the primary, and says so', () => {
    expect(server.output()).toContain('(database: mysql, 2 workers)');
    expect([...workerPids(server).keys()].sort()).toEqual([1, 2]);
  });

  it('holds the rate limit for the instance, not once per worker: a key, and an address without a valid key', async () => {
    const limited = await start({ RATE_LIMIT: '20' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) statuses.push((await getAlone(limited, '/v1/pets')).status);
      // Each request on a new connection: the two workers took turns, and one count held for both.
      expect(statuses.filter((status) => status === 200)).toHaveLength(20);
      expect(statuses[20]).toBe(429);
      // The worker whose guard found the key spent told the other: from then on both refuse it
      // before Express (each learning alone, the other's guard would have answered one more).
      await sleep(500);
      const refused: number[] = [];
      for (let i = 0; i < 10; i++) refused.push((await getAlone(limited, '/v1/pets')).status);
      expect(refused).toEqual(Array(10).fill(429));
      expect(await metric(limited, /^http_requests_refused_total\{reason="key_limited"\}/)).toBe(
        10,
      );
      // The same for this address's requests with a key that is not valid: 20 answered 401, then
      // 429 whichever worker reads them (each worker counting alone let 40 through).
      const guesses: number[] = [];
      for (let i = 0; i < 30; i++)
        guesses.push((await getAlone(limited, '/v1/pets', `guess-${i}-0123456789`)).status);
      expect(guesses.slice(0, 20)).toEqual(Array(20).fill(401));
      expect(guesses.slice(20)).toEqual(Array(10).fill(429));
    } finally {
      await stopCompiledServer(limited);
    }
  }, 90_000);

  it('serves /metrics as one view of the instance: every worker counted', async () => {
    const before = await metric(server, /^http_requests_total\{route="\/v1\/pets"/);
    for (let i = 0; i < 6; i++) await getAlone(server, '/v1/pets');
    expect(await metric(server, /^http_requests_total\{route="\/v1\/pets"/)).toBe(before + 6);
    expect(await metric(server, /^workers_serving /)).toBe(2);
  });

  it('refuses a revoked key on every worker within 2 seconds', async () => {
    const issued = keys('create', '--name', 'revoked-partner');
    expect(issued.status).toBe(0);
    const key = issued.stdout.trim();
    // Four connections: two on each worker.
    await within(5_000, 'the key accepted by both workers', async () => {
      const answers = await Promise.all(
        [1, 2, 3, 4].map(() => getAlone(server, '/v1/pets/1', key)),
      );
      return answers.every(({ status }) => status === 404);
    });
    expect(keys('revoke', 'revoked-partner').status).toBe(0);
    const tookMs = await within(10_000, 'the key refused by both workers', async () => {
      const answers = await Promise.all(
        [1, 2, 3, 4].map(() => getAlone(server, '/v1/pets/1', key)),
      );
      return answers.every(({ status }) => status === 401);
    });
    // Each worker reads the keys changed since its last read once a second (KEYS_REFRESH_MS).
    expect(tookMs).toBeLessThanOrEqual(2_000 + 1_000);
  });

  it('answers for every worker full at the front door: a complete 503 OVERLOADED, then the connection closes (no reset)', async () => {
    // Two slots a worker. Answers that took 1.5 s teach each worker that it finishes about 1.3
    // requests a second; then both slots are held by requests whose bodies never come. One
    // client's 60 waiting requests make only its own next one late; with a request of 30 clients
    // more waiting on each worker, another client's first would wait past the 20 s budget: full.
    // Nothing here depends on the machine's speed.
    const full = await start({ OVERLOAD_MAX_IN_FLIGHT: '2', OVERLOAD_MAX_WAIT_MS: '20000' });
    const sockets: Socket[] = [];
    try {
      const open = async (key: string, request: (key: string) => string) => {
        const socket = await connected(full);
        sockets.push(socket);
        socket.write(request(key));
        return socket;
      };
      const slow = [STORE_KEY, STORE_KEY, OTHER_KEY, OTHER_KEY];
      const warm = await Promise.all(slow.map((key) => open(key, headersOnly)));
      await sleep(1_500);
      const answers = warm.map((socket) => firstAnswer(socket));
      for (const socket of warm) socket.write(PET);
      expect(await Promise.all(answers)).toEqual(Array(4).fill(201));
      // Past the tick of those answers: it is not one the workers were busy in.
      await sleep(500);
      for (const key of slow) await open(key, headersOnly);
      for (let i = 0; i < 60; i++) await open(WAITING_KEY, listPets);
      // A tick later each worker has measured itself busy: the waiting client's next is refused,
      // and the instance still takes another client's connection.
      await sleep(300);
      const ownLine = [];
      for (let i = 0; i < 2; i++) ownLine.push(firstAnswer(await open(WAITING_KEY, listPets)));
      expect(await Promise.all(ownLine)).toEqual([503, 503]);
      await sleep(300);
      expect(await metric(full, /^front_door_refused_total /)).toBe(0);
      for (const key of CROWD_KEYS.slice(0, 60)) await open(key, listPets);
      await sleep(300);
      const refused = [];
      for (const key of CROWD_KEYS.slice(60)) refused.push(firstAnswer(await open(key, listPets)));
      expect(await Promise.all(refused)).toEqual([503, 503]);
      await sleep(300);
      const exchange = await rawExchange(
        full,
        `POST /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${STORE_KEY}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${PET.length}\r\n\r\n${PET}`,
      );
      expect(exchange.ending).toBe('end');
      const [head, text] = exchange.answer.split('\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\n/);
      expect(head.split('\r\n')).toEqual(
        expect.arrayContaining(['Connection: close', expect.stringMatching(/^Retry-After: \d$/)]),
      );
      expect(JSON.parse(text)).toEqual({
        code: 'OVERLOADED',
        message: expect.stringContaining('nothing was done'),
        status: 503,
      });
      for (const socket of sockets.splice(0)) socket.destroy();
      // The probe's at least (on a loaded machine a worker may also have been behind earlier).
      expect(await metric(full, /^front_door_refused_total /)).toBeGreaterThanOrEqual(1);
    } finally {
      for (const socket of sockets) socket.destroy();
      await stopCompiledServer(full);
    }
  }, 120_000);

  it('replaces a worker that is killed, and serves meanwhile', async () => {
    const pids = workerPids(server);
    const [victimId, victimPid] = [...pids.entries()][0];
    process.kill(victimPid, 'SIGKILL');
    await within(5_000, 'the primary logs the crash', () =>
      server
        .output()
        .includes(`"msg":"Worker ${victimId} (pid ${victimPid}) exited with signal SIGKILL`),
    );
    for (let i = 0; i < 4; i++) expect((await getAlone(server, '/healthz')).status).toBe(200);
    await within(
      30_000,
      'a new worker ready',
      async () => (await metric(server, /^workers_serving /)) === 2,
    );
    expect(workerPids(server).size).toBe(3);
  }, 60_000);

  it('drains every worker on SIGTERM: a request in flight is answered, every answer closes its connection, none is reset, then the primary exits 0', async () => {
    // Kept-alive and new connections through the drain: every worker serves some of them.
    const clients = clientsThroughDrain(
      server.baseUrl,
      '/v1/pets?limit=1',
      { Authorization: `Bearer ${STORE_KEY}` },
      () => server.output().includes('SIGTERM: /readyz now answers 503'),
    );
    await within(EVENT_WAIT_MS, 'answers before the signal', () => clients.outcomes.length >= 20);
    const body = '{"name":"Drained","categoryId":1}';
    // Headers now, the body after SIGTERM: the request is in flight while the instance drains.
    const answer = new Promise<string>((resolve) => {
      const socket = connect(portOf(server), '127.0.0.1', () => {
        socket.write(
          `POST /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${STORE_KEY}\r\n` +
            `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
        );
        // After the drain window (1 s from the signal, 200 ms from here): in flight as the port closes.
        setTimeout(() => socket.write(body), 1_800);
      });
      let text = '';
      socket.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      socket.on('close', () => resolve(text));
    });
    await sleep(200);
    const exited = new Promise<number | null>((done) => server.child.once('exit', done));
    server.child.kill('SIGTERM');
    const text = await answer;
    // Answered, then its connection closed by the worker (the socket's 'close' resolved `answer`).
    expect(text).toMatch(/^HTTP\/1\.1 201 /);
    await clients.done;
    expect(await exited).toBe(0);
    expect(server.output()).toContain('Stopped: every worker has drained and exited');
    // Each connection the primary accepted reached a serving worker.
    expectDrainedCleanly(clients.outcomes);
  }, 60_000);
});

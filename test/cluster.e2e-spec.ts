import mysql from 'mysql2/promise';
import {
  startCompiledServer,
  stopCompiledServer,
  type CompiledServer,
} from './support/compiled-server.js';
import { describeWith } from './support/optional-suites.js';
import {
  OWN_SERVER,
  SERVER_NAME,
  hasOwnServer,
  startServerPair,
  stopServerPair,
  switchServer,
} from './support/own-database-server.js';
import { RedisServer } from './support/redis-server.js';

/**
 * The real parts together, as production runs them: a MariaDB or Oracle MySQL primary and a
 * replica (GTID replication, loopback; own-database-server.ts), Redis, and two compiled instances
 * of the service behind no balancer: the test's clients pick an instance themselves.
 */
const KEYS = {
  load: 'cluster-load-key-0123456789',
  limited: 'cluster-limited-key-0123456789',
  outage: 'cluster-outage-key-0123456789',
  failover: 'cluster-failover-key-0123456789',
};
// Per key and window (60 s): above what each load below sends with its own key, and small enough to
// reach.
const RATE_LIMIT = 5_000;

const describeWithServers = describeWith(hasOwnServer() && RedisServer.available(), {
  needs: `${OWN_SERVER.needs} and redis-server`,
  remedy: `${OWN_SERVER.remedy}; install redis-server`,
});

type Instance = CompiledServer;

interface Answer {
  status: number;
  body: any;
  location?: string;
  retryAfter?: string;
}

async function call(
  instance: Instance,
  method: string,
  path: string,
  key: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await fetch(`${instance.baseUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? JSON.parse(text) : undefined,
    location: response.headers.get('location') ?? undefined,
    retryAfter: response.headers.get('retry-after') ?? undefined,
  };
}

/** `200`, or the status and the Error's code and message, so a failure says what came back. */
const statusAndCode = ({ status, body }: Answer): string =>
  status === 200 ? '200' : `${status} ${body?.code}: ${body?.message}`;

/** A GET, sent again (up to three times in all) while load shedding refuses it. */
async function readShedOrNot(instance: Instance, path: string, key: string): Promise<Answer> {
  for (let run = 1; ; run++) {
    const answer = await call(instance, 'GET', path, key);
    if (answer.body?.code !== 'OVERLOADED' || run === 3) return answer;
    await sleep(Number(answer.retryAfter) * 1_000);
  }
}

const sleep = (ms: number) => new Promise((wait) => setTimeout(wait, ms));

describeWithServers(`a cluster (${SERVER_NAME} primary + replica, Redis, two instances)`, () => {
  let pair: Record<string, string>;
  let redis: RedisServer;
  let instances: Instance[];
  let env: Record<string, string>;

  const startInstance = () => startCompiledServer(env);
  const stopInstance = stopCompiledServer;

  /**
   * Prepared statements the replica has executed so far: the pets' reads (each instance's lag
   * checks are plain queries).
   */
  async function replicaReads(): Promise<number> {
    const connection = await mysql.createConnection({
      uri: pair.REPLICA_URL.replace(/^mariadb:/, 'mysql:'),
    });
    try {
      const [rows] = await connection.query(
        "SHOW GLOBAL STATUS WHERE Variable_name = 'Com_stmt_execute'",
      );
      return (rows as { Value: string }[]).reduce((sum, row) => sum + Number(row.Value), 0);
    } finally {
      await connection.end();
    }
  }

  beforeAll(async () => {
    pair = startServerPair();
    redis = await RedisServer.start();
    env = {
      DATABASE_URL: pair.PRIMARY_URL,
      DATABASE_REPLICA_URLS: pair.REPLICA_URL,
      REDIS_URL: redis.url,
      API_KEYS: Object.values(KEYS).join(','),
      RATE_LIMIT: String(RATE_LIMIT),
      HOST: '127.0.0.1',
      SHUTDOWN_DRAIN_MS: '1000',
    };
    // Both start at once on the fresh database: one applies the migrations.
    instances = await Promise.all([startInstance(), startInstance()]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all((instances ?? []).map(stopInstance));
    await redis?.stop();
    if (pair) stopServerPair(pair);
  }, 60_000);

  it('serves reads from the replica, and every 201 is readable from both instances at once; ids never collide', async () => {
    const readsBefore = await replicaReads();
    const created = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        call(instances[i % 2], 'POST', '/v1/pets', KEYS.load, {
          name: `Cluster ${i}`,
          categoryId: i,
        }),
      ),
    );
    expect(created.map((answer) => answer.status)).toEqual(Array(60).fill(201));
    const ids = created.map((answer) => String(answer.body.id));
    expect(new Set(ids).size).toBe(60);
    // At once: no wait for replication; a miss on the replica asks the primary. A read that load
    // shedding refused (nothing read; on a busy CI machine) is sent again as its Retry-After says.
    const reads = await Promise.all(
      created.flatMap((answer) =>
        instances.map((instance) => readShedOrNot(instance, answer.location!, KEYS.load)),
      ),
    );
    expect(reads.map(statusAndCode)).toEqual(Array(120).fill('200'));
    const listed = await call(instances[0], 'GET', '/v1/pets?limit=10', KEYS.load);
    expect(listed.status).toBe(200);
    expect(await replicaReads()).toBeGreaterThan(readsBefore + 10);
  });

  it('replicates every write exactly (binary log, GTID): once caught up, each table of the replica has the checksum of the primary', async () => {
    const [pet] = (await call(instances[0], 'GET', '/v1/pets?limit=1', KEYS.load)).body as {
      id: number;
    }[];
    const order = await call(instances[1], 'POST', '/v1/store/orders', KEYS.load, {
      petId: pet.id,
      quantity: 1,
    });
    expect(order.status).toBe(201);
    const checksums = async (url: string) => {
      const connection = await mysql.createConnection({ uri: url.replace(/^mariadb:/, 'mysql:') });
      try {
        const [tables] = await connection.query(
          "SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_TYPE = 'BASE TABLE' ORDER BY 1",
        );
        const names = (tables as { name: string }[]).map(({ name }) => `\`${name}\``);
        const [rows] = await connection.query(`CHECKSUM TABLE ${names.join(', ')}`);
        return rows as { Table: string; Checksum: number | string }[];
      } finally {
        await connection.end();
      }
    };
    // The instances' heartbeats keep writing: read both until they meet.
    let [primary, replica] = [await checksums(pair.PRIMARY_URL), await checksums(pair.REPLICA_URL)];
    expect(primary.length).toBeGreaterThan(8);
    for (let waited = 0; waited < 10_000 && JSON.stringify(replica) !== JSON.stringify(primary);) {
      await sleep(200);
      waited += 200;
      [primary, replica] = [await checksums(pair.PRIMARY_URL), await checksums(pair.REPLICA_URL)];
    }
    expect(replica).toEqual(primary);
  });

  it('holds the rate limit across both instances together', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMIT + 20; i += 20) {
      const batch = await Promise.all(
        Array.from({ length: 20 }, (_, j) =>
          call(instances[j % 2], 'GET', '/v1/pets?limit=1', KEYS.limited),
        ),
      );
      statuses.push(...batch.map((answer) => answer.status));
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(RATE_LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
  });

  it('loses no request that got a 2xx while the replica and Redis stop for a few seconds', async () => {
    const acknowledged: string[] = [];
    const failures: Answer[] = [];
    let running = true;
    // At most 200 rounds of two requests per client: 4 clients stay within the key's RATE_LIMIT.
    const client = async (n: number) => {
      for (let i = 0; running && i < 200; i++) {
        const instance = instances[(n + i) % 2];
        const name = `Outage ${n}-${i}`;
        const answer = await call(instance, 'POST', '/v1/pets', KEYS.outage, {
          name,
          categoryId: n,
        });
        if (answer.status === 201) {
          acknowledged.push(name);
          const read = await call(instances[(n + i + 1) % 2], 'GET', answer.location!, KEYS.outage);
          if (read.status !== 200) failures.push(read);
        } else failures.push(answer);
        await sleep(20);
      }
    };
    const clients = [0, 1, 2, 3].map(client);
    await sleep(500);
    switchServer('stop-server', pair.REPLICA_DIR);
    await redis.stop();
    await sleep(3_000);
    switchServer('start-server', pair.REPLICA_DIR);
    await redis.resume();
    await sleep(2_000);
    running = false;
    await Promise.all(clients);
    // Every request was served: the primary took the reads, each instance counted its own limits.
    expect(failures).toEqual([]);
    // The replica is used again, without a restart: its lag check finds it back in step.
    const before = await replicaReads();
    const deadline = Date.now() + 15_000;
    while ((await replicaReads()) <= before + 4) {
      if (Date.now() > deadline)
        throw new Error('the instances did not read from the replica again');
      await Promise.all(
        instances.map((instance) => call(instance, 'GET', '/v1/pets?limit=1', KEYS.outage)),
      );
      await sleep(250);
    }
    expect(acknowledged.length).toBeGreaterThan(50);
    const primary = await mysql.createConnection({
      uri: pair.PRIMARY_URL.replace(/^mariadb:/, 'mysql:'),
    });
    try {
      const [rows] = await primary.query("SELECT name FROM pets WHERE name LIKE 'Outage %'");
      const stored = new Set((rows as { name: string }[]).map((row) => row.name));
      expect(acknowledged.filter((name) => !stored.has(name))).toEqual([]);
    } finally {
      await primary.end();
    }
  }, 60_000);

  it('fails no request of a client that retries on the other instance while one gets SIGTERM under load', async () => {
    const outcomes: { name: string; status: number; retried: boolean }[] = [];
    let running = true;
    // Until stopped, at most 1,000 requests per client: 4 clients stay within the key's RATE_LIMIT.
    // Stopped only once the instance has exited: its keep-alive clients are served until then.
    const client = async (n: number) => {
      for (let i = 0; running && i < 1_000; i++) {
        const name = `Failover ${n}-${i}`;
        // The same Idempotency-Key on the retry: a create that did happen is not made twice.
        const headers = { 'Idempotency-Key': `failover-${n}-${i}` };
        const first = instances[(n + i) % 2];
        const other = instances[(n + i + 1) % 2];
        let answer: Answer | undefined;
        let retried = false;
        try {
          answer = await call(
            first,
            'POST',
            '/v1/pets',
            KEYS.failover,
            { name, categoryId: n },
            headers,
          );
        } catch {
          answer = undefined;
        }
        if (answer === undefined || answer.status >= 500) {
          retried = true;
          answer = await call(
            other,
            'POST',
            '/v1/pets',
            KEYS.failover,
            { name, categoryId: n },
            headers,
          );
        }
        outcomes.push({ name, status: answer.status, retried });
        await sleep(20);
      }
    };
    // Half the requests keep going to the instance going away: drained, then refused, then retried.
    const clients = [0, 1, 2, 3].map(client);
    await sleep(500);
    await stopInstance(instances[0]);
    await sleep(500);
    running = false;
    await Promise.all(clients);
    expect(outcomes.filter((outcome) => outcome.status !== 201)).toEqual([]);
    expect(outcomes.length).toBeGreaterThan(40);
    expect(outcomes.filter((outcome) => outcome.retried).length).toBeGreaterThan(0);
    const primary = await mysql.createConnection({
      uri: pair.PRIMARY_URL.replace(/^mariadb:/, 'mysql:'),
    });
    try {
      const [rows] = await primary.query(
        "SELECT name, COUNT(*) AS n FROM pets WHERE name LIKE 'Failover %' GROUP BY name HAVING n > 1",
      );
      expect(rows).toEqual([]);
    } finally {
      await primary.end();
    }
  }, 60_000);
});

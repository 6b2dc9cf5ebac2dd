import { API_KEY } from './support/test-app.js';
import {
  startCompiledServer,
  stopCompiledServer,
  type CompiledServer,
} from './support/compiled-server.js';
import { testDatabases } from './support/test-databases.js';

/**
 * Two clerks at two instances of the service (compiled, as production runs them) on one database,
 * changing the same order at the same moment: If-Match and the version column decide, never the
 * timing. Each race runs on many orders, the two requests sent at once to different instances.
 */
const RACES = 25;

interface Answer {
  status: number;
  body: any;
  etag: string | null;
}

describe.each(testDatabases())('orders changed at once from two instances on $name', (database) => {
  let instances: CompiledServer[];
  let petId: number;

  async function call(
    instance: CompiledServer,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const response = await fetch(`${instance.baseUrl}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${API_KEY}`,
        'Content-Type': 'application/merge-patch+json',
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: text ? JSON.parse(text) : undefined,
      etag: response.headers.get('etag'),
    };
  }

  /** RACES new orders, each with its ETag. */
  async function placeOrders(): Promise<{ id: number; etag: string }[]> {
    const placed = await Promise.all(
      Array.from({ length: RACES }, (_, i) =>
        call(
          instances[i % 2],
          'POST',
          '/v1/store/orders',
          { petId, quantity: 1 },
          { 'Content-Type': 'application/json' },
        ),
      ),
    );
    expect(placed.map((answer) => answer.status)).toEqual(Array(RACES).fill(201));
    return placed.map((answer) => ({ id: answer.body.id, etag: answer.etag! }));
  }

  const readOrder = (id: number) =>
    call(instances[0], 'GET', `/v1/store/orders/${id}`, undefined, { 'Cache-Control': 'no-cache' });

  beforeAll(async () => {
    const env = { DATABASE_URL: await database.create(), API_KEYS: API_KEY, RATE_LIMIT: '100000' };
    // One at a time: the first applies the migrations.
    instances = [await startCompiledServer(env)];
    instances.push(await startCompiledServer(env));
    const pet = await call(
      instances[0],
      'POST',
      '/v1/pets',
      { name: 'Rex', categoryId: 1 },
      { 'Content-Type': 'application/json' },
    );
    petId = pet.body.id;
  }, 120_000);

  afterAll(async () => {
    await Promise.all((instances ?? []).map(stopCompiledServer));
    await database.dropAll();
  });

  it('answers fifty PATCHes at once without If-Match on one order, from both instances, all with 200: each applied once', async () => {
    const [{ id }] = await placeOrders();
    const shipDates = Array.from({ length: 50 }, (_, i) =>
      new Date(Date.UTC(2027, 0, 1, 0, i)).toISOString(),
    );
    const answers = await Promise.all(
      shipDates.map((shipDate, i) =>
        call(instances[i % 2], 'PATCH', `/v1/store/orders/${id}`, { shipDate }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(200));
    // Every change was applied exactly once: fifty versions on top of the first, each answer its
    // own.
    const versions = answers
      .map((answer) => Number(/-(\d+)"$/.exec(answer.etag!)![1]))
      .sort((a, b) => a - b);
    expect(versions).toEqual(Array.from({ length: 50 }, (_, i) => i + 2));
    const stored = await readOrder(id);
    expect(stored.etag).toBe(`"${id}-51"`);
    expect(answers.find((answer) => answer.etag === stored.etag)!.body).toEqual(stored.body);
  });

  it('gives two PATCHes with the same If-Match exactly one 200 and one 412; the winner is what is stored', async () => {
    for (const { id, etag } of await placeOrders()) {
      const answers = await Promise.all([
        call(
          instances[0],
          'PATCH',
          `/v1/store/orders/${id}`,
          { quantity: 2 },
          { 'If-Match': etag },
        ),
        call(
          instances[1],
          'PATCH',
          `/v1/store/orders/${id}`,
          { quantity: 3 },
          { 'If-Match': etag },
        ),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 412]);
      const winner = answers.find((answer) => answer.status === 200)!;
      expect(answers.find((answer) => answer.status === 412)!.body.code).toBe(
        'PRECONDITION_FAILED',
      );
      const stored = await readOrder(id);
      expect({ body: stored.body, etag: stored.etag }).toEqual({
        body: winner.body,
        etag: `"${id}-2"`,
      });
    }
  });

  it('never answers both a PATCH and a DELETE with the same If-Match: the one that lost changed nothing', async () => {
    for (const { id, etag } of await placeOrders()) {
      const [patched, deleted] = await Promise.all([
        call(
          instances[0],
          'PATCH',
          `/v1/store/orders/${id}`,
          { status: 'approved' },
          { 'If-Match': etag },
        ),
        call(instances[1], 'DELETE', `/v1/store/orders/${id}`, undefined, { 'If-Match': etag }),
      ]);
      const stored = await readOrder(id);
      if (patched.status === 200) {
        expect({
          deleted: deleted.status,
          stored: stored.status,
          status: stored.body.status,
        }).toEqual({ deleted: 412, stored: 200, status: 'approved' });
      } else {
        // The delete won: the PATCH finds no order (404), or read it before the delete and then
        // lost (412).
        expect({ deleted: deleted.status, stored: stored.status }).toEqual({
          deleted: 204,
          stored: 404,
        });
        expect([404, 412]).toContain(patched.status);
      }
    }
  });

  it('never leaves a delivered order that answered its DELETE 204, nor a deleted one that answered its delivery 200 (no If-Match)', async () => {
    for (const { id } of await placeOrders()) {
      const [patched, deleted] = await Promise.all([
        call(instances[0], 'PATCH', `/v1/store/orders/${id}`, { status: 'delivered' }),
        call(instances[1], 'DELETE', `/v1/store/orders/${id}`),
      ]);
      const stored = await readOrder(id);
      const outcome = { patched: patched.status, deleted: deleted.status, stored: stored.status };
      // Either the delivery came first (a delivered order cannot be deleted), or the delete did.
      if (patched.status === 200)
        expect(outcome).toEqual({ patched: 200, deleted: 409, stored: 200 });
      else expect(outcome).toEqual({ patched: 404, deleted: 204, stored: 404 });
    }
  });
});

import type { NestExpressApplication } from '@nestjs/platform-express';
import request, { type Response } from 'supertest';
import type { App } from 'supertest/types.js';
import { DataSource } from 'typeorm';
import { holdPetsWriteLock, killConnectionsRepeatedly } from './support/database-trouble.js';
import { expectError } from './support/expect-error.js';
import { AUTH, startApp } from './support/test-app.js';
import { testDatabases } from './support/test-databases.js';

const JSON_TYPE = { 'Content-Type': 'application/json' };

/**
 * Every answer about a write is true: 201 means the row exists, 503 means it does not, and only
 * 504 OUTCOME_UNKNOWN leaves it open, to be settled by retrying with the same Idempotency-Key.
 */
describe.each(testDatabases())('truthful write outcomes on $name', (database) => {
  let databaseUrl: string;
  let app: NestExpressApplication;
  let server: App;
  const createPet = (name: string, idempotencyKey?: string) => {
    const call = request(server).post('/v1/pets').set(AUTH).set(JSON_TYPE);
    if (idempotencyKey) call.set('Idempotency-Key', idempotencyKey);
    return call.send(JSON.stringify({ name, categoryId: 1 }));
  };
  const namesStored = async (prefix: string): Promise<string[]> =>
    (
      await app
        .get(DataSource)
        .query<{ name: string }[]>('SELECT name FROM pets WHERE name LIKE ?', [`${prefix}%`])
    ).map((row) => row.name);

  beforeAll(async () => {
    databaseUrl = await database.create();
    app = await startApp(databaseUrl);
    server = app.getHttpServer();
  });

  afterAll(async () => {
    await app?.close();
    await database.dropAll();
  });

  it('answers 503 (nothing written) to writes that wait on a lock held longer than the limit, and writes nothing later', async () => {
    const release = await holdPetsWriteLock(database.name, databaseUrl);
    let responses: Response[];
    const started = Date.now();
    try {
      responses = await Promise.all(
        Array.from({ length: 5 }, (_, index) => createPet(`Locked out ${index}`)),
      );
    } finally {
      // Held past every answer: a statement still waiting in the database would now go through.
      await new Promise((wait) => setTimeout(wait, 500));
      await release();
    }
    expect(Date.now() - started).toBeLessThan(4_000);
    for (const response of responses) {
      expectError(response, 503, 'SERVICE_UNAVAILABLE', /nothing was changed/);
      expect(response.headers['retry-after']).toBe('2');
    }
    await new Promise((wait) => setTimeout(wait, 500));
    expect(await namesStored('Locked out')).toEqual([]);
    await createPet('Locked out, then let in').expect(201);
  });

  if (database.name === 'mysql') {
    it('never answers "not done" for a write that was done while its connections are killed under load', async () => {
      const killer = await killConnectionsRepeatedly(databaseUrl);
      let kills: number;
      const answers: { name: string; status: number; code?: string }[] = [];
      try {
        for (let round = 0; round < 15; round++) {
          const names = Array.from({ length: 20 }, (_, index) => `Under fire ${round}-${index}`);
          const responses = await Promise.all(names.map((name) => createPet(name)));
          responses.forEach((response, index) =>
            answers.push({
              name: names[index],
              status: response.status,
              code: response.body?.code,
            }),
          );
        }
      } finally {
        kills = await killer.stop();
      }
      const stored = new Set(await namesStored('Under fire'));
      const byStatus = (status: number) => answers.filter((answer) => answer.status === status);
      expect(kills).toBeGreaterThan(0);
      expect(answers.every((answer) => [201, 503, 504].includes(answer.status))).toBe(true);
      for (const answer of byStatus(201)) expect(stored.has(answer.name)).toBe(true);
      for (const answer of byStatus(503))
        expect({ ...answer, stored: stored.has(answer.name) }).toMatchObject({
          code: 'SERVICE_UNAVAILABLE',
          stored: false,
        });
      for (const answer of byStatus(504)) expect(answer.code).toBe('OUTCOME_UNKNOWN');
      // Some requests met a killed connection; the counts go to the log of the test run.
      console.log(
        `kills ${kills}; answers: 201 × ${byStatus(201).length}, 503 × ${byStatus(503).length}, 504 × ${byStatus(504).length}`,
      );
      expect(byStatus(201).length).toBeGreaterThan(0);
    }, 60_000);

    it('settles every write exactly once when each request is retried with its Idempotency-Key until it succeeds, connections killed meanwhile', async () => {
      const killer = await killConnectionsRepeatedly(databaseUrl);
      const retried: number[] = [];
      try {
        const names = Array.from({ length: 60 }, (_, index) => `Retried ${index}`);
        await Promise.all(
          names.map(async (name) => {
            for (let attempt = 1; ; attempt++) {
              const response = await createPet(name, `retry-${name}`);
              if (response.status === 201) return retried.push(attempt);
              expect([409, 503, 504]).toContain(response.status);
              if (attempt > 50) throw new Error(`${name} did not succeed in 50 attempts`);
              await new Promise((wait) => setTimeout(wait, 20));
            }
          }),
        );
      } finally {
        await killer.stop();
      }
      const stored = await namesStored('Retried');
      expect(stored).toHaveLength(60);
      expect(new Set(stored).size).toBe(60);
      console.log(
        `attempts per write: max ${Math.max(...retried)}, retried ${retried.filter((attempts) => attempts > 1).length} of 60`,
      );
    }, 120_000);

    it('settles every PATCH exactly once when each is retried with its If-Match until it is answered, connections killed meanwhile: 412 means it was made', async () => {
      const pet = await createPet('Ordered under fire').expect(201);
      const orders: { id: number; etag: string }[] = [];
      for (let i = 0; i < 40; i++) {
        const placed = await request(server)
          .post('/v1/store/orders')
          .set(AUTH)
          .set(JSON_TYPE)
          .send(JSON.stringify({ petId: pet.body.id, quantity: 1 }))
          .expect(201);
        orders.push({ id: placed.body.id, etag: placed.headers.etag });
      }
      const killer = await killConnectionsRepeatedly(databaseUrl);
      const histories: number[][] = [];
      try {
        await Promise.all(
          orders.map(async ({ id, etag }) => {
            const history: number[] = [];
            histories.push(history);
            for (let attempt = 1; ; attempt++) {
              const response = await request(server)
                .patch(`/v1/store/orders/${id}`)
                .set(AUTH)
                .set({ 'Content-Type': 'application/merge-patch+json', 'If-Match': etag })
                .send('{"quantity":2}');
              history.push(response.status);
              if (response.status === 200 || response.status === 412) return;
              if (response.status === 504)
                expectError(response, 504, 'OUTCOME_UNKNOWN', /a change with its If-Match/);
              else expectError(response, 503, 'SERVICE_UNAVAILABLE', /nothing was changed/);
              if (attempt > 50)
                throw new Error(
                  `order ${id} was not settled in 50 attempts: ${history.join(', ')}`,
                );
              await new Promise((wait) => setTimeout(wait, 20));
            }
          }),
        );
      } finally {
        await killer.stop();
      }
      for (const history of histories) {
        // 412 only after an answer that left the outcome open: a 503 said nothing was changed.
        if (history.at(-1) === 412) expect(history).toContain(504);
      }
      const stored = await app
        .get(DataSource)
        .query<{ quantity: number; version: number }[]>(
          `SELECT quantity, version FROM orders WHERE id IN (${orders.map(({ id }) => Number(id)).join(',')})`,
        );
      expect(stored.map((row) => [Number(row.quantity), Number(row.version)])).toEqual(
        Array(40).fill([2, 2]),
      );
      const count = (status: number) =>
        histories.flat().filter((answered) => answered === status).length;
      console.log(
        `PATCH answers: 200 × ${count(200)}, 412 × ${count(412)}, 503 × ${count(503)}, 504 × ${count(504)}`,
      );
    }, 120_000);
  }
});

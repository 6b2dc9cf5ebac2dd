import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { DataSource } from 'typeorm';
import { EventSequencer } from '../src/events/event-sequencer.service.js';
import { API_KEY, AUTH, startApp } from './support/test-app.js';
import { testDatabases } from './support/test-databases.js';

const ORDERS = '/v1/store/orders';
const JSON_TYPE = { 'Content-Type': 'application/json' };
const MERGE_PATCH_TYPE = { 'Content-Type': 'application/merge-patch+json' };

/** The outbox as the database holds it: every order change writes one event row with it. */
describe.each(testDatabases())('order events on $name', (database) => {
  let app: NestExpressApplication;
  let server: App;
  let petId: number;

  const eventsOf = async (orderId: number) => {
    await app.get(EventSequencer).sequenceAll();
    const rows = await app
      .get(DataSource)
      .query<{ type: string; order_version: number; owner: string; payload: string }[]>(
        'SELECT type, order_version, owner, payload FROM order_events WHERE order_id = ? ORDER BY id',
        [orderId],
      );
    return rows.map((row) => ({
      type: row.type,
      version: Number(row.order_version),
      owner: row.owner,
      order: JSON.parse(row.payload) as unknown,
    }));
  };

  beforeAll(async () => {
    app = await startApp(await database.create(), { API_KEYS: `store-desk:${API_KEY}` });
    server = app.getHttpServer();
    petId = (
      await request(server)
        .post('/v1/pets')
        .set(AUTH)
        .send({ name: 'Rex', categoryId: 1, status: 'available' })
        .expect(201)
    ).body.id;
  });

  afterAll(async () => {
    await app?.close();
    await database.dropAll();
  });

  it('writes exactly one event per change, typed, versioned, owned, with the order as getOrder answers it; none for a replay or a refused change', async () => {
    const place = () =>
      request(server)
        .post(ORDERS)
        .set(AUTH)
        .set(JSON_TYPE)
        .set('Idempotency-Key', 'events-place-1')
        .send(JSON.stringify({ petId, quantity: 1 }))
        .expect(201);
    const placed = (await place()).body;
    expect((await place()).body).toEqual(placed); // a replay: no second event
    const patch = async (body: object, status = 200) =>
      (
        await request(server)
          .patch(`${ORDERS}/${placed.id}`)
          .set(AUTH)
          .set(MERGE_PATCH_TYPE)
          .send(JSON.stringify(body))
          .expect(status)
      ).body;
    const changed = await patch({ quantity: 3 });
    await request(server)
      .patch(`${ORDERS}/${placed.id}`)
      .set(AUTH)
      .set(MERGE_PATCH_TYPE)
      .set('If-Match', `"${placed.id}-1"`)
      .send(JSON.stringify({ quantity: 4 }))
      .expect(412);
    const approved = await patch({ status: 'approved' });
    await patch({ status: 'placed' }, 409);
    const delivered = await patch({ status: 'delivered' });
    await request(server)
      .delete(`${ORDERS}/${placed.id}`)
      .set(AUTH)
      .set('If-Match', `"${placed.id}-4"`)
      .expect(204);
    expect(await eventsOf(placed.id)).toEqual([
      { type: 'order.created', version: 1, owner: 'store-desk', order: placed },
      { type: 'order.changed', version: 2, owner: 'store-desk', order: changed },
      { type: 'order.approved', version: 3, owner: 'store-desk', order: approved },
      { type: 'order.delivered', version: 4, owner: 'store-desk', order: delivered },
      { type: 'order.deleted', version: 5, owner: 'store-desk', order: delivered },
    ]);
  });

  it('writes no event for an order that is not placed', async () => {
    const count = async () =>
      Number(
        (
          await app
            .get(DataSource)
            .query(
              'SELECT (SELECT COUNT(*) FROM order_outbox) + (SELECT COUNT(*) FROM order_events) AS n',
            )
        )[0].n,
      );
    const before = await count();
    await request(server)
      .post(ORDERS)
      .set(AUTH)
      .set(JSON_TYPE)
      .send(JSON.stringify({ petId: petId + 1000, quantity: 1 }))
      .expect(422);
    expect(await count()).toBe(before);
  });
});

import type { NestExpressApplication } from '@nestjs/platform-express';
import type { App } from 'supertest/types.js';
import { DataSource } from 'typeorm';
import { listenApp } from '../src/app.setup.js';
import { ContractChecker } from './support/contract.js';
import { expectError } from './support/expect-error.js';
import { AUTH, OTHER_API_KEY, exactJson, startApp } from './support/test-app.js';
import { testDatabases } from './support/test-databases.js';

const JSON_TYPE = { 'Content-Type': 'application/json' };
const MERGE_PATCH_TYPE = { 'Content-Type': 'application/merge-patch+json' };
const ORDERS = '/v1/store/orders';
const NEXT_LINK = /^<(\/v1\/store\/orders\?[^>]+)>; rel="next"$/;

describe.each(testDatabases())('store orders on $name', (database) => {
  let app: NestExpressApplication;
  let server: App;
  let contract: ContractChecker;
  let baseUrl: string;
  let petId: number;
  let otherPetId: number;
  // Every response below goes through the contract check against the served OpenAPI document.
  const api = () => contract.agent(server);
  const createOrder = (body: unknown) =>
    api().post(ORDERS).set(AUTH).set(JSON_TYPE).send(JSON.stringify(body));
  const createPet = async (name: string) =>
    (
      await api()
        .post('/v1/pets')
        .set(AUTH)
        .set(JSON_TYPE)
        .send(JSON.stringify({ name, categoryId: 1 }))
        .expect(201)
    ).body.id as number;

  beforeAll(async () => {
    app = await startApp(await database.create());
    // Listening, for Node's own fetch below; supertest sends to the same server.
    await listenApp(app, 0, '127.0.0.1');
    server = app.getHttpServer();
    baseUrl = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
    contract = await ContractChecker.fromServer(server);
    petId = await createPet('Rex');
    otherPetId = await createPet('Tom');
  });

  afterAll(async () => {
    await app?.close();
    await database.dropAll();
  });

  afterAll(() => {
    expect([...contract.seenStatuses].sort()).toEqual([
      200, 201, 204, 304, 400, 401, 404, 405, 409, 412, 415, 422,
    ]);
  });

  describe('createOrder', () => {
    it('answers 201 with the order, its defaults, a Location naming it and its ETag', async () => {
      const response = await createOrder({ petId, quantity: 2 }).expect(201);
      // placedBy: the name of the key (API_KEYS' first entry is unnamed: key-1).
      expect(response.body).toEqual({
        id: expect.any(Number),
        petId,
        quantity: 2,
        status: 'placed',
        complete: false,
        placedBy: 'key-1',
      });
      expect(response.headers.location).toBe(`${ORDERS}/${response.body.id}`);
      expect(response.headers.etag).toBe(`"${response.body.id}-1"`);
      const fetched = await api().get(response.headers.location).set(AUTH).expect(200);
      expect(fetched.body).toEqual(response.body);
      expect(fetched.headers.etag).toBe(response.headers.etag);
    });

    it('stores every field given, the ship date in UTC, returned with Z', async () => {
      const response = await createOrder({
        petId,
        quantity: 1000,
        shipDate: '2026-12-24T20:30:00.250+02:00',
        status: 'approved',
        complete: true,
      }).expect(201);
      expect(response.body).toEqual({
        id: expect.any(Number),
        petId,
        quantity: 1000,
        shipDate: '2026-12-24T18:30:00.250Z',
        status: 'approved',
        complete: true,
        placedBy: 'key-1',
      });
      const fetched = await api().get(`${ORDERS}/${response.body.id}`).set(AUTH).expect(200);
      expect(fetched.body.shipDate).toBe('2026-12-24T18:30:00.250Z');
    });

    it.each(['placed', 'approved', 'delivered'])('stores status %s', async (status) => {
      const response = await createOrder({ petId, quantity: 1, status }).expect(201);
      expect(
        (await api().get(`${ORDERS}/${response.body.id}`).set(AUTH).expect(200)).body.status,
      ).toBe(status);
    });

    it('answers 422 PET_NOT_FOUND for a pet that does not exist, and stores nothing', async () => {
      const before = (await api().get(`${ORDERS}?limit=100`).set(AUTH).expect(200)).body.length;
      expectError(
        await createOrder({ petId: 424242, quantity: 1 }),
        422,
        'PET_NOT_FOUND',
        /No pet with id 424242/,
      );
      const huge = await api()
        .post(ORDERS)
        .set(AUTH)
        .set(JSON_TYPE)
        .send('{"petId":9223372036854775807,"quantity":1}');
      expectError(huge, 422, 'PET_NOT_FOUND', /No pet with id 9223372036854775807\b/);
      expect((await api().get(`${ORDERS}?limit=100`).set(AUTH).expect(200)).body).toHaveLength(
        before,
      );
    });

    it.each([
      [{ quantity: 1 }, /^petId is required/],
      [{ petId: 'x', quantity: 1 }, /^petId must be an integer/],
      [{ petId: 1.5, quantity: 1 }, /^petId must be an integer/],
      [{ quantity: 1, petId: 1, extra: true }, /unknown property "extra"/],
      [{ petId: 1 }, /^quantity is required: an integer from 1 to 1000/],
      [{ petId: 1, quantity: 0 }, /^quantity must be an integer from 1 to 1000.*got the number 0/],
      [{ petId: 1, quantity: 1001 }, /got the number 1001/],
      [{ petId: 1, quantity: '2' }, /got the string "2"/],
      [
        { petId: 1, quantity: 1, status: 'shipped' },
        /^status must be one of placed, approved, delivered/,
      ],
      [{ petId: 1, quantity: 1, complete: 'true' }, /^complete must be true or false/],
      [
        { petId: 1, quantity: 1, complete: null },
        /^complete must be true or false \(a JSON boolean\); got null/,
      ],
      [
        { petId: 1, quantity: 1, shipDate: '2026-12-24' },
        /^shipDate must be an RFC 3339 date-time/,
      ],
      [
        { petId: 1, quantity: 1, shipDate: '2026-12-24T18:30:00' },
        /^shipDate must be an RFC 3339 date-time with a time zone/,
      ],
      [{ petId: 1, quantity: 1, shipDate: '2026-02-30T00:00:00Z' }, /^shipDate must be/],
      [
        { petId: 1, quantity: 1, shipDate: '2026-12-24T18:30:00.1234Z' },
        /at most to the millisecond/,
      ],
      [{ id: 5, petId: 1, quantity: 1 }, /unknown property "id"/],
      [{ petId: 1, quantity: 1, placedBy: 'key-2' }, /unknown property "placedBy"/],
    ])('rejects %p with 400 VALIDATION_FAILED naming the field', async (body, message) => {
      expectError(await createOrder(body), 400, 'VALIDATION_FAILED', message);
    });

    it('rejects a quantity written as 5.0 rather than round it', async () => {
      const response = await api()
        .post(ORDERS)
        .set(AUTH)
        .set(JSON_TYPE)
        .send(`{"petId":${petId},"quantity":5.0}`);
      expectError(response, 400, 'VALIDATION_FAILED', /got the number 5\.0/);
    });

    it('reads the body with @Body(): invalid JSON, a missing body and other media types are refused', async () => {
      expectError(
        await api().post(ORDERS).set(AUTH).set(JSON_TYPE).send('{"petId":'),
        400,
        'INVALID_JSON',
      );
      expectError(
        await api().post(ORDERS).set(AUTH).set(JSON_TYPE),
        400,
        'VALIDATION_FAILED',
        /request body is required/,
      );
      expectError(
        await api().post(ORDERS).set(AUTH).set('Content-Type', 'text/plain').send('petId=1'),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      );
    });

    it('checks the API key before the body', async () => {
      expectError(await api().post(ORDERS).set(JSON_TYPE).send('{"petId":'), 401, 'UNAUTHORIZED');
    });
  });

  describe('getOrder and deleteOrder', () => {
    it('answers 404 NOT_FOUND in the Error shape for an unknown order, never 405', async () => {
      expectError(
        await api().get(`${ORDERS}/424242`).set(AUTH),
        404,
        'NOT_FOUND',
        /^No order with id 424242\.$/,
      );
      expectError(
        await api().delete(`${ORDERS}/424242`).set(AUTH),
        404,
        'NOT_FOUND',
        /^No order with id 424242\.$/,
      );
    });

    it.each(['abc', '1.5', '9223372036854775808'])(
      'answers 400 VALIDATION_FAILED for the id %p',
      async (id) => {
        expectError(
          await api().get(`${ORDERS}/${id}`).set(AUTH),
          400,
          'VALIDATION_FAILED',
          /orderId must be an integer/,
        );
      },
    );

    it('deletes an order with 204; then it is gone, and a second delete is 404', async () => {
      const { id } = (await createOrder({ petId, quantity: 3 }).expect(201)).body;
      const deleted = await api().delete(`${ORDERS}/${id}`).set(AUTH).expect(204);
      expect(deleted.text).toBe('');
      expectError(await api().get(`${ORDERS}/${id}`).set(AUTH), 404, 'NOT_FOUND');
      expectError(await api().delete(`${ORDERS}/${id}`).set(AUTH), 404, 'NOT_FOUND');
    });

    it('answers a method no handler serves with 405 and Allow', async () => {
      const response = await api().put(`${ORDERS}/1`).set(AUTH);
      expectError(response, 405, 'METHOD_NOT_ALLOWED');
      expect(response.headers.allow).toBe('DELETE, GET, HEAD, PATCH');
    });
  });

  describe('updateOrder (PATCH, JSON Merge Patch)', () => {
    type Order = {
      id: number;
      status: string;
      quantity: number;
      complete: boolean;
      shipDate?: string;
    };
    const place = async (body: Record<string, unknown> = {}) => {
      const response = await createOrder({ petId, quantity: 1, ...body }).expect(201);
      return { order: response.body as Order, etag: response.headers.etag };
    };
    const patch = (id: number, body: unknown, headers: Record<string, string> = {}) =>
      api()
        .patch(`${ORDERS}/${id}`)
        .set(AUTH)
        .set(MERGE_PATCH_TYPE)
        .set(headers)
        .send(JSON.stringify(body));
    const stored = async (id: number) => {
      const response = await api().get(`${ORDERS}/${id}`).set(AUTH).expect(200);
      return { order: response.body as Order, etag: response.headers.etag };
    };

    it.each([
      ['placed', 'approved'],
      ['placed', 'delivered'],
      ['approved', 'delivered'],
    ])('moves status from %s to %s: 200 with the whole order and a new ETag', async (from, to) => {
      const { order, etag } = await place({ status: from, shipDate: '2026-12-24T18:30:00Z' });
      const response = await patch(order.id, { status: to }).expect(200);
      expect(response.body).toEqual({ ...order, status: to });
      expect(response.headers.etag).toBe(`"${order.id}-2"`);
      expect(response.headers.etag).not.toBe(etag);
      expect(await stored(order.id)).toEqual({
        order: { ...order, status: to },
        etag: response.headers.etag,
      });
    });

    it.each([
      [
        'approved',
        'placed',
        /^Order \d+ is approved: status moves only forward \(placed → approved → delivered\), so from approved only to delivered; got placed\.$/,
      ],
      [
        'delivered',
        'placed',
        /^Order \d+ is delivered: a delivered order is final: only complete may still become true \(this patch would change status\)\.$/,
      ],
      ['delivered', 'approved', /is delivered: a delivered order is final/],
    ])(
      'refuses status %s → %s with 409 ORDER_CHANGE_NOT_ALLOWED, changing nothing',
      async (from, to, message) => {
        const { order, etag } = await place({ status: from });
        expectError(
          await patch(order.id, { status: to }),
          409,
          'ORDER_CHANGE_NOT_ALLOWED',
          message,
        );
        expect(await stored(order.id)).toEqual({ order, etag });
      },
    );

    it('changes nothing of a delivered order but complete, which may still become true', async () => {
      const { order, etag } = await place({ status: 'delivered' });
      for (const body of [
        { quantity: 2 },
        { shipDate: '2027-01-01T00:00:00Z' },
        { complete: true, quantity: 3 },
      ])
        expectError(
          await patch(order.id, body),
          409,
          'ORDER_CHANGE_NOT_ALLOWED',
          /is delivered: a delivered order is final: only complete may still become true/,
        );
      expect(await stored(order.id)).toEqual({ order, etag });
      const completed = await patch(order.id, { status: 'delivered', complete: true }).expect(200);
      expect(completed.body).toEqual({ ...order, complete: true });
      expect(completed.headers.etag).toBe(`"${order.id}-2"`);
      expectError(await patch(order.id, { complete: false }), 409, 'ORDER_CHANGE_NOT_ALLOWED');
    });

    it('changes quantity while placed, not once approved', async () => {
      const { order } = await place();
      expect((await patch(order.id, { quantity: 7 }).expect(200)).body.quantity).toBe(7);
      await patch(order.id, { status: 'approved' }).expect(200);
      expectError(
        await patch(order.id, { quantity: 8 }),
        409,
        'ORDER_CHANGE_NOT_ALLOWED',
        /^Order \d+ is approved: quantity changes only while an order is placed; status, shipDate and complete may still change\.$/,
      );
      expect((await stored(order.id)).order).toMatchObject({ quantity: 7, status: 'approved' });
    });

    it('lets complete become true, never false again', async () => {
      const { order } = await place({ status: 'approved' });
      expect((await patch(order.id, { complete: true }).expect(200)).body.complete).toBe(true);
      expectError(
        await patch(order.id, { complete: false }),
        409,
        'ORDER_CHANGE_NOT_ALLOWED',
        /complete may become true, never false again/,
      );
      expect((await stored(order.id)).order.complete).toBe(true);
    });

    it('sets a ship date in UTC and clears it with null; plain application/json is accepted too', async () => {
      const { order } = await place();
      const set = await patch(order.id, { shipDate: '2027-01-01T01:00:00.5+01:00' }).expect(200);
      expect(set.body.shipDate).toBe('2027-01-01T00:00:00.500Z');
      const cleared = await api()
        .patch(`${ORDERS}/${order.id}`)
        .set(AUTH)
        .set(JSON_TYPE)
        .send('{"shipDate":null}')
        .expect(200);
      expect(cleared.body).toEqual(order);
      expect(cleared.headers.etag).toBe(`"${order.id}-3"`);
    });

    it('takes a field sent with the value it has as no change: 200, the same ETag', async () => {
      const { order, etag } = await place({ status: 'delivered', complete: true });
      const response = await patch(order.id, {
        status: 'delivered',
        complete: true,
        quantity: 1,
      }).expect(200);
      expect(response.body).toEqual(order);
      expect(response.headers.etag).toBe(etag);
    });

    it.each([
      [{}, /^The patch is empty: send at least one of status, shipDate, quantity, complete\.$/],
      [{ petId: 2 }, /unknown property "petId"; allowed: status, shipDate, quantity, complete/],
      [{ id: 5, quantity: 2 }, /unknown property "id"/],
      [{ quantity: 2, extra: true }, /unknown property "extra"/],
      [{ status: 'shipped' }, /^status must be one of placed, approved, delivered/],
      [
        { status: null },
        /^status must be one of placed, approved, delivered \(case-sensitive\); got null/,
      ],
      [{ quantity: 0 }, /^quantity must be an integer from 1 to 1000/],
      [{ quantity: null }, /^quantity must be an integer from 1 to 1000.*got null/],
      [{ quantity: '2' }, /got the string "2"/],
      [{ complete: 'true' }, /^complete must be true or false/],
      [{ complete: null }, /^complete must be true or false \(a JSON boolean\); got null/],
      [{ shipDate: '2026-12-24' }, /^shipDate must be an RFC 3339 date-time/],
      [[{ quantity: 2 }], /^The request body must be a JSON object; got an array/],
    ])(
      'refuses %p with 400 VALIDATION_FAILED naming the field, changing nothing',
      async (body, message) => {
        const { order, etag } = await place();
        expectError(await patch(order.id, body), 400, 'VALIDATION_FAILED', message);
        expect(await stored(order.id)).toEqual({ order, etag });
      },
    );

    it('refuses other media types, a missing body and invalid JSON', async () => {
      const { order } = await place();
      const path = `${ORDERS}/${order.id}`;
      expectError(
        await api()
          .patch(path)
          .set(AUTH)
          .set('Content-Type', 'application/json-patch+json')
          .send('[]'),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        /^The request body must be sent with Content-Type: application\/merge-patch\+json or application\/json; got application\/json-patch\+json\.$/,
      );
      expectError(
        await api().patch(path).set(AUTH).set(MERGE_PATCH_TYPE),
        400,
        'VALIDATION_FAILED',
        /request body is required/,
      );
      expectError(
        await api().patch(path).set(AUTH).set(MERGE_PATCH_TYPE).send('{"quantity":'),
        400,
        'INVALID_JSON',
      );
      expectError(
        await api().patch(path).set(MERGE_PATCH_TYPE).send('{"quantity":2}'),
        401,
        'UNAUTHORIZED',
      );
    });

    it('answers 404 for an order that does not exist, with or without If-Match', async () => {
      expectError(
        await patch(424242, { quantity: 2 }),
        404,
        'NOT_FOUND',
        /^No order with id 424242\.$/,
      );
      expectError(await patch(424242, { quantity: 2 }, { 'If-Match': '*' }), 404, 'NOT_FOUND');
    });

    it('applies with If-Match naming the current ETag, or *; answers 412 for a stale or weak one, changing nothing', async () => {
      const { order, etag } = await place();
      const first = await patch(order.id, { quantity: 2 }, { 'If-Match': etag }).expect(200);
      const stale = await patch(order.id, { quantity: 3 }, { 'If-Match': etag });
      expectError(
        stale,
        412,
        'PRECONDITION_FAILED',
        new RegExp(
          `^Order ${order.id} has changed: its ETag is now "${order.id}-2", not "${order.id}-1"\\. Nothing was changed`,
        ),
      );
      expectError(
        await patch(order.id, { quantity: 3 }, { 'If-Match': `W/${first.headers.etag}` }),
        412,
        'PRECONDITION_FAILED',
      );
      expect(await stored(order.id)).toEqual({
        order: { ...order, quantity: 2 },
        etag: first.headers.etag,
      });
      const listed = await patch(
        order.id,
        { quantity: 4 },
        { 'If-Match': `"0-0", ${first.headers.etag}` },
      ).expect(200);
      const any = await patch(order.id, { quantity: 5 }, { 'If-Match': '*' }).expect(200);
      expect([listed.headers.etag, any.headers.etag]).toEqual([
        `"${order.id}-3"`,
        `"${order.id}-4"`,
      ]);
    });

    it('never matches the ETag of another order', async () => {
      const one = await place();
      const other = await place();
      expectError(
        await patch(other.order.id, { quantity: 2 }, { 'If-Match': one.etag }),
        412,
        'PRECONDITION_FAILED',
      );
    });

    it('refuses a malformed If-Match with 400 naming the header', async () => {
      const { order } = await place();
      expectError(
        await patch(order.id, { quantity: 2 }, { 'If-Match': `${order.id}-1` }),
        400,
        'VALIDATION_FAILED',
        /^If-Match must be \* or a comma-separated list of entity tags/,
      );
    });
  });

  describe('conditional reads and deletes', () => {
    const place = async (body: Record<string, unknown> = {}) => {
      const response = await createOrder({ petId, quantity: 1, ...body }).expect(201);
      return { id: response.body.id as number, etag: response.headers.etag };
    };

    it('answers getOrder with If-None-Match naming the current ETag with 304 and no body; 200 once it changed', async () => {
      const { id, etag } = await place();
      const notModified = await api()
        .get(`${ORDERS}/${id}`)
        .set(AUTH)
        .set('If-None-Match', etag)
        .expect(304);
      expect(notModified.text).toBe('');
      expect(notModified.headers.etag).toBe(etag);
      await api().get(`${ORDERS}/${id}`).set(AUTH).set('If-None-Match', `W/${etag}`).expect(304);
      await api()
        .get(`${ORDERS}/${id}`)
        .set(AUTH)
        .set('If-None-Match', `"0-0", ${etag}`)
        .expect(304);
      await api()
        .patch(`${ORDERS}/${id}`)
        .set(AUTH)
        .set(MERGE_PATCH_TYPE)
        .send('{"status":"approved"}')
        .expect(200);
      const changed = await api()
        .get(`${ORDERS}/${id}`)
        .set(AUTH)
        .set('If-None-Match', etag)
        .expect(200);
      expect(changed.body.status).toBe('approved');
      expect(changed.headers.etag).toBe(`"${id}-2"`);
    });

    it('refuses to delete a delivered order without If-Match naming its state, and keeps it; placed and approved ones go', async () => {
      const delivered = await place({ status: 'delivered' });
      for (const ifMatch of [undefined, '*']) {
        const attempt = api().delete(`${ORDERS}/${delivered.id}`).set(AUTH);
        expectError(
          await (ifMatch ? attempt.set('If-Match', ifMatch) : attempt),
          409,
          'ORDER_CHANGE_NOT_ALLOWED',
          new RegExp(
            `^Order ${delivered.id} is delivered: a delivered order is deleted \\(voided\\) only with If-Match naming its current ETag, "${delivered.id}-1"\\.$`,
          ),
        );
      }
      await api().get(`${ORDERS}/${delivered.id}`).set(AUTH).expect(200);
      for (const status of ['placed', 'approved']) {
        const { id } = await place({ status });
        await api().delete(`${ORDERS}/${id}`).set(AUTH).expect(204);
      }
    });

    it('voids a delivered order placed by mistake: a store key deleting it with If-Match naming its current state', async () => {
      const delivered = await place({ status: 'delivered', complete: true });
      await api()
        .delete(`${ORDERS}/${delivered.id}`)
        .set(AUTH)
        .set('If-Match', delivered.etag)
        .expect(204);
      expectError(await api().get(`${ORDERS}/${delivered.id}`).set(AUTH), 404, 'NOT_FOUND');
    });

    it("answers Node's fetch, which adds Cache-Control: no-cache to a conditional GET, with 304 and the ETag", async () => {
      const { id, etag } = await place();
      for (const headers of [
        { ...AUTH, 'If-None-Match': etag },
        { ...AUTH, 'If-None-Match': etag, 'Cache-Control': 'no-cache', Pragma: 'no-cache' },
      ]) {
        const response = await fetch(`${baseUrl}${ORDERS}/${id}`, { headers });
        expect(response.status).toBe(304);
        expect(await response.text()).toBe('');
        expect(response.headers.get('etag')).toBe(etag);
        expect(response.headers.get('x-request-id')).toMatch(/./);
      }
      const changed = await fetch(`${baseUrl}${ORDERS}/${id}`, {
        headers: { ...AUTH, 'If-None-Match': `"${id}-0"` },
      });
      expect(changed.status).toBe(200);
      expect(await changed.json()).toMatchObject({ id });
    });

    it('evaluates If-Match on getOrder: another state is 412, the current one 200', async () => {
      const { id, etag } = await place();
      expectError(
        await api().get(`${ORDERS}/${id}`).set(AUTH).set('If-Match', `"${id}-9"`),
        412,
        'PRECONDITION_FAILED',
        /If-Match names another state/,
      );
      await api().get(`${ORDERS}/${id}`).set(AUTH).set('If-Match', etag).expect(200);
      expectError(
        await api()
          .get(`${ORDERS}/${id}`)
          .set(AUTH)
          .set('If-Match', `"${id}-9"`)
          .set('If-None-Match', etag),
        412,
        'PRECONDITION_FAILED',
      );
    });

    it('evaluates If-None-Match on PATCH and DELETE: naming the current state (or *) is 412, nothing changed', async () => {
      const { id, etag } = await place();
      for (const header of ['*', etag, `W/${etag}`]) {
        expectError(
          await api()
            .patch(`${ORDERS}/${id}`)
            .set(AUTH)
            .set(MERGE_PATCH_TYPE)
            .set('If-None-Match', header)
            .send('{"quantity":2}'),
          412,
          'PRECONDITION_FAILED',
          /Nothing was changed\.$/,
        );
        expectError(
          await api().delete(`${ORDERS}/${id}`).set(AUTH).set('If-None-Match', header),
          412,
          'PRECONDITION_FAILED',
        );
      }
      expect((await api().get(`${ORDERS}/${id}`).set(AUTH).expect(200)).headers.etag).toBe(etag);
      await api()
        .patch(`${ORDERS}/${id}`)
        .set(AUTH)
        .set(MERGE_PATCH_TYPE)
        .set('If-None-Match', `"${id}-7"`)
        .send('{"quantity":2}')
        .expect(200);
      await api().delete(`${ORDERS}/${id}`).set(AUTH).set('If-None-Match', `"${id}-7"`).expect(204);
    });

    it('evaluates preconditions of listOrders and createOrder against the collection: it exists and has no tag', async () => {
      const listed = await api().get(ORDERS).set(AUTH).set('If-None-Match', '*').expect(304);
      expect(listed.text).toBe('');
      expectError(
        await api().get(ORDERS).set(AUTH).set('If-Match', '"1-1"'),
        412,
        'PRECONDITION_FAILED',
      );
      await api()
        .get(ORDERS)
        .set(AUTH)
        .set('If-Match', '*')
        .set('If-None-Match', '"1-1"')
        .expect(200);
      const before = (await api().get(`${ORDERS}?petId=${petId}&limit=100`).set(AUTH).expect(200))
        .body.length;
      expectError(
        await createOrder({ petId, quantity: 1 }).set('If-None-Match', '*'),
        412,
        'PRECONDITION_FAILED',
        /^The collection \/v1\/store\/orders exists, and If-None-Match is \*\. Nothing was changed\.$/,
      );
      expectError(
        await createOrder({ petId, quantity: 1 }).set('If-Match', '"1-1"'),
        412,
        'PRECONDITION_FAILED',
      );
      expect(
        (await api().get(`${ORDERS}?petId=${petId}&limit=100`).set(AUTH).expect(200)).body.length,
      ).toBe(before);
      await createOrder({ petId, quantity: 1 }).set('If-Match', '*').expect(201);
    });

    it('ignores If-Modified-Since and If-Unmodified-Since: orders have no Last-Modified', async () => {
      const { id } = await place();
      const response = await api()
        .get(`${ORDERS}/${id}`)
        .set(AUTH)
        .set('If-Modified-Since', new Date(Date.now() + 86_400_000).toUTCString())
        .expect(200);
      expect(response.headers['last-modified']).toBeUndefined();
      await api()
        .delete(`${ORDERS}/${id}`)
        .set(AUTH)
        .set('If-Unmodified-Since', 'Thu, 01 Jan 1970 00:00:00 GMT')
        .expect(204);
    });

    it('deletes with If-Match only the state it names: a stale tag is 412 and the order stays', async () => {
      const { id, etag } = await place();
      const changed = await api()
        .patch(`${ORDERS}/${id}`)
        .set(AUTH)
        .set(MERGE_PATCH_TYPE)
        .send('{"quantity":2}')
        .expect(200);
      expectError(
        await api().delete(`${ORDERS}/${id}`).set(AUTH).set('If-Match', etag),
        412,
        'PRECONDITION_FAILED',
      );
      await api().get(`${ORDERS}/${id}`).set(AUTH).expect(200);
      await api()
        .delete(`${ORDERS}/${id}`)
        .set(AUTH)
        .set('If-Match', changed.headers.etag)
        .expect(204);
      expectError(
        await api().delete(`${ORDERS}/${id}`).set(AUTH).set('If-Match', '*'),
        404,
        'NOT_FOUND',
      );
    });
  });

  describe('listOrders', () => {
    let mine: number[];
    let delivered: number[];

    beforeAll(async () => {
      mine = [];
      for (let i = 0; i < 7; i++)
        mine.push(
          (
            await createOrder({
              petId: otherPetId,
              quantity: i + 1,
              status: i % 2 ? 'delivered' : 'placed',
            }).expect(201)
          ).body.id,
        );
      delivered = mine.filter((_id, i) => i % 2);
      // Ids are random, so ascending id order (the list's) is not the order they were placed in.
      mine.sort((a, b) => a - b);
      delivered.sort((a, b) => a - b);
    });

    it('gives new orders random ids, not one after another, exact as JSON numbers', () => {
      for (const id of mine) expect(Number.isSafeInteger(id) && id > 0).toBe(true);
      const steps = mine.slice(1).map((id, index) => id - mine[index]);
      expect(steps.filter((step) => step === 1)).toEqual([]);
    });

    it('returns a bare JSON array in ascending id order, 20 by default', async () => {
      const response = await api().get(ORDERS).set(AUTH).expect(200);
      expect(Array.isArray(response.body)).toBe(true);
      expect(response.body.length).toBeLessThanOrEqual(20);
      const ids = response.body.map((order: { id: number }) => order.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
    });

    it('filters by pet and by status, together', async () => {
      const byPet = await api().get(`${ORDERS}?petId=${otherPetId}`).set(AUTH).expect(200);
      expect(byPet.body.map((order: { id: number }) => order.id)).toEqual(mine);
      const both = await api()
        .get(`${ORDERS}?petId=${otherPetId}&status=delivered`)
        .set(AUTH)
        .expect(200);
      expect(both.body.map((order: { id: number }) => order.id)).toEqual(delivered);
    });

    it('pages with Link rel="next" exactly as listPets does, keeping the filters, to the last page', async () => {
      const seen: number[] = [];
      let next: string | undefined = `${ORDERS}?petId=${otherPetId}&limit=3`;
      const links: string[] = [];
      while (next) {
        const response = await api().get(next).set(AUTH).expect(200);
        seen.push(...response.body.map((order: { id: number }) => order.id));
        const link = response.headers.link as string | undefined;
        next = link === undefined ? undefined : NEXT_LINK.exec(link)![1];
        if (next) links.push(next);
      }
      expect(seen).toEqual(mine);
      expect(links).toHaveLength(2);
      for (const link of links)
        expect(link).toMatch(
          new RegExp(`^/v1/store/orders\\?limit=3&petId=${otherPetId}&cursor=[A-Za-z0-9_-]{32}$`),
        );
    });

    it('records the key that placed each order, never to be changed, and filters by it', async () => {
      const other = { Authorization: `Bearer ${OTHER_API_KEY}` };
      const byOther = await api()
        .post(ORDERS)
        .set(other)
        .set(JSON_TYPE)
        .send(JSON.stringify({ petId: otherPetId, quantity: 1 }))
        .expect(201);
      expect(byOther.body.placedBy).toBe('key-2');
      expectError(
        await api()
          .patch(`${ORDERS}/${byOther.body.id}`)
          .set(AUTH)
          .set(MERGE_PATCH_TYPE)
          .send('{"placedBy":"key-1"}'),
        400,
        'VALIDATION_FAILED',
        /unknown property "placedBy"/,
      );
      const listed = await api()
        .get(`${ORDERS}?placedBy=key-2&petId=${otherPetId}`)
        .set(AUTH)
        .expect(200);
      expect(listed.body.map((order: { id: number }) => order.id)).toEqual([byOther.body.id]);
      const mineOnly = await api()
        .get(`${ORDERS}?placedBy=key-1&petId=${otherPetId}`)
        .set(AUTH)
        .expect(200);
      expect(mineOnly.body.map((order: { id: number }) => order.id)).toEqual(mine);
      expectError(
        await api()
          .get(`${ORDERS}?placedBy=${'x'.repeat(65)}`)
          .set(AUTH),
        400,
        'VALIDATION_FAILED',
        /^placedBy must be the name of an API key/,
      );
      const link = (await api().get(`${ORDERS}?placedBy=key-1&limit=1`).set(AUTH).expect(200))
        .headers.link;
      const cursor = new URLSearchParams(NEXT_LINK.exec(link)![1].split('?')[1]).get('cursor')!;
      expectError(
        await api().get(`${ORDERS}?placedBy=key-2&limit=1&cursor=${cursor}`).set(AUTH),
        400,
        'VALIDATION_FAILED',
        /cursor is not valid/,
      );
      await api().delete(`${ORDERS}/${byOther.body.id}`).set(AUTH).expect(204);
    });

    it('refuses a cursor used with other filters', async () => {
      const link = (await api().get(`${ORDERS}?petId=${otherPetId}&limit=2`).set(AUTH).expect(200))
        .headers.link;
      const cursor = new URLSearchParams(NEXT_LINK.exec(link)![1].split('?')[1]).get('cursor')!;
      expectError(
        await api().get(`${ORDERS}?petId=${petId}&limit=2&cursor=${cursor}`).set(AUTH),
        400,
        'VALIDATION_FAILED',
        /cursor is not valid/,
      );
      expectError(
        await api()
          .get(`${ORDERS}?status=placed&petId=${otherPetId}&limit=2&cursor=${cursor}`)
          .set(AUTH),
        400,
        'VALIDATION_FAILED',
      );
    });

    it.each([
      ['limit=0', /^limit must be an integer from 1 to 100/],
      ['limit=101', /^limit must be/],
      ['status=shipped', /^status must be one of placed, approved, delivered/],
      ['petId=1.5', /^petId must be an integer/],
      ['petId=9223372036854775808', /^petId must be an integer/],
      ['cursor=nope!', /^cursor must be/],
      ['sort=id', /unknown query parameter "sort"/],
    ])('rejects %s with 400 VALIDATION_FAILED', async (query, message) => {
      expectError(
        await api().get(`${ORDERS}?${query}`).set(AUTH),
        400,
        'VALIDATION_FAILED',
        message,
      );
    });
  });

  // Last: the ids above 2^53 move both tables' next ids past what a JS number holds exactly.
  describe('int64 values', () => {
    it('keeps ids and pet ids above 2^53 exact', async () => {
      const dataSource = app.get(DataSource);
      const bigPet = '9007199254740993';
      await dataSource.query('INSERT INTO pets (id, name, category_id) VALUES (?, ?, ?)', [
        bigPet,
        'Big',
        '1',
      ]);
      const created = await api()
        .post(ORDERS)
        .set(AUTH)
        .set(JSON_TYPE)
        .send(`{"petId":${bigPet},"quantity":1}`)
        .expect(201);
      expect(exactJson(created.text).petId).toBe(9007199254740993n);
      const bigOrder = '9223372036854775806';
      await dataSource.query(
        'INSERT INTO orders (id, pet_id, quantity, status, complete) VALUES (?, ?, ?, ?, ?)',
        [bigOrder, bigPet, 1, 'placed', false],
      );
      const fetched = await api().get(`${ORDERS}/${bigOrder}`).set(AUTH).expect(200);
      // Inserted without placed_by, as orders placed before keys were recorded: no placedBy.
      expect(exactJson(fetched.text)).toEqual({
        id: 9223372036854775806n,
        petId: 9007199254740993n,
        quantity: 1,
        status: 'placed',
        complete: false,
      });
      const listed = await api().get(`${ORDERS}?petId=${bigPet}`).set(AUTH).expect(200);
      expect(exactJson(listed.text).map((order: { id: bigint }) => order.id)).toEqual([
        exactJson(created.text).id,
        9223372036854775806n,
      ]);
      await api().delete(`${ORDERS}/${bigOrder}`).set(AUTH).expect(204);
    });
  });
});

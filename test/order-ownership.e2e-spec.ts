import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { ROOT, serverEnv } from './support/compiled-server.js';
import { ContractChecker } from './support/contract.js';
import { expectError } from './support/expect-error.js';
import { issuePartnerKey } from './support/partner-keys.js';
import { API_KEY, AUTH, startApp } from './support/test-app.js';
import { DataSource as DataSourceToken } from 'typeorm';
import { testDatabases } from './support/test-databases.js';
import { within } from './support/within.js';

const CLI = join(ROOT, 'dist/src/api-keys/api-keys.cli.js');
const ORDERS = '/v1/store/orders';
const JSON_TYPE = { 'Content-Type': 'application/json' };
const MERGE_PATCH_TYPE = { 'Content-Type': 'application/merge-patch+json' };

/**
 * Two partners (issued keys, partner by default) and a store key (API_KEYS) across every orders
 * operation.
 */
describe.each(testDatabases())('whose orders a key sees, on $name', (database) => {
  let databaseUrl: string;
  let app: NestExpressApplication;
  let server: App;
  let contract: ContractChecker;
  let petId: number;
  const partner: Record<'a' | 'b', { Authorization: string }> = {
    a: { Authorization: '' },
    b: { Authorization: '' },
  };
  const api = () => contract.agent(server);
  const keys = (...args: string[]) =>
    spawnSync(process.execPath, [CLI, ...args], {
      cwd: ROOT,
      env: serverEnv({ DATABASE_URL: databaseUrl, API_KEYS: `store-desk:${API_KEY}` }),
      encoding: 'utf8',
    });
  const place = async (auth: { Authorization: string }) =>
    (
      await api()
        .post(ORDERS)
        .set(auth)
        .set(JSON_TYPE)
        .send(JSON.stringify({ petId, quantity: 1 }))
        .expect(201)
    ).body as { id: number; placedBy: string };
  const missingBody = (id: number) => ({
    code: 'NOT_FOUND',
    message: `No order with id ${id}.`,
    status: 404,
  });

  /** An issued key's change reaches an instance within one refresh: at most 5 s. */
  const within5s = (check: () => Promise<boolean>) => within(5_000, "the key's change", check);

  beforeAll(async () => {
    databaseUrl = await database.create();
    app = await startApp(databaseUrl, { API_KEYS: `store-desk:${API_KEY}` });
    server = app.getHttpServer();
    contract = await ContractChecker.fromServer(server);
    for (const name of ['a', 'b'] as const)
      partner[name] = await issuePartnerKey(
        server,
        databaseUrl,
        `store-desk:${API_KEY}`,
        `shop-${name}`,
      );
    petId = (
      await api()
        .post('/v1/pets')
        .set(AUTH)
        .set(JSON_TYPE)
        .send('{"name":"Rex","categoryId":1}')
        .expect(201)
    ).body.id;
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await database.dropAll();
  });

  it("answers another partner's order with the body of a missing one, on get, update and delete, and changes nothing", async () => {
    const order = await place(partner.a);
    expect(order.placedBy).toBe('shop-a');
    const tries = [
      api().get(`${ORDERS}/${order.id}`).set(partner.b),
      api()
        .patch(`${ORDERS}/${order.id}`)
        .set(partner.b)
        .set(MERGE_PATCH_TYPE)
        .send('{"quantity":5}'),
      api()
        .patch(`${ORDERS}/${order.id}`)
        .set(partner.b)
        .set(MERGE_PATCH_TYPE)
        .set('If-Match', `"${order.id}-1"`)
        .send('{"quantity":5}'),
      api().delete(`${ORDERS}/${order.id}`).set(partner.b),
    ];
    for (const response of await Promise.all(tries)) {
      expectError(response, 404, 'NOT_FOUND');
      expect(response.body).toEqual(missingBody(order.id));
    }
    expect(
      (await api().get(`${ORDERS}/${order.id}`).set(partner.a).expect(200)).body,
    ).toMatchObject({ quantity: 1 });
  });

  it('lets a partner change shipDate and quantity of its own orders and delete them, never status or complete (403)', async () => {
    const order = await place(partner.a);
    await api()
      .patch(`${ORDERS}/${order.id}`)
      .set(partner.a)
      .set(MERGE_PATCH_TYPE)
      .send('{"quantity":3,"shipDate":"2027-01-01T00:00:00Z"}')
      .expect(200);
    for (const body of [
      '{"status":"approved"}',
      '{"complete":true}',
      '{"quantity":4,"status":"placed"}',
    ]) {
      expectError(
        await api().patch(`${ORDERS}/${order.id}`).set(partner.a).set(MERGE_PATCH_TYPE).send(body),
        403,
        'ORDER_MOVE_NOT_PERMITTED',
        /^The partner key "shop-a" cannot change (status|complete): moving an order along is the store's\./,
      );
    }
    // The same 403 for another partner's order or a missing one: it tells nothing about them.
    expectError(
      await api()
        .patch(`${ORDERS}/${order.id}`)
        .set(partner.b)
        .set(MERGE_PATCH_TYPE)
        .send('{"status":"approved"}'),
      403,
      'ORDER_MOVE_NOT_PERMITTED',
    );
    // A 403 of the orders' rules is no scope refusal: the write keys are not counted as such.
    expect((await request(server).get('/metrics').set(AUTH).expect(200)).text).not.toMatch(
      /^api_key_insufficient_scope_total\{kind="partner"/m,
    );
    expect((await api().get(`${ORDERS}/${order.id}`).set(AUTH).expect(200)).body).toMatchObject({
      quantity: 3,
      status: 'placed',
      complete: false,
    });
    await api()
      .patch(`${ORDERS}/${order.id}`)
      .set(AUTH)
      .set(MERGE_PATCH_TYPE)
      .send('{"status":"approved"}')
      .expect(200);
    await api().delete(`${ORDERS}/${order.id}`).set(partner.a).expect(204);
  });

  it('lets a partner place orders only as placed and not complete: any other status, or complete, is 403 and nothing is stored', async () => {
    const before = (await api().get(`${ORDERS}?limit=100`).set(partner.a).expect(200)).body.length;
    for (const [body, asked] of [
      [
        { status: 'delivered', complete: true, quantity: 1000 },
        'status delivered or complete true',
      ],
      [{ status: 'approved' }, 'status approved'],
      [{ complete: true }, 'complete true'],
    ] as const) {
      expectError(
        await api()
          .post(ORDERS)
          .set(partner.a)
          .set(JSON_TYPE)
          .send(JSON.stringify({ petId, quantity: 1, ...body })),
        403,
        'ORDER_MOVE_NOT_PERMITTED',
        new RegExp(
          `^The partner key "shop-a" cannot place an order with ${asked}: moving an order along is the store's\\.`,
        ),
      );
    }
    expect((await api().get(`${ORDERS}?limit=100`).set(partner.a).expect(200)).body).toHaveLength(
      before,
    );
    await api()
      .post(ORDERS)
      .set(partner.a)
      .set(JSON_TYPE)
      .send(JSON.stringify({ petId, quantity: 1, status: 'placed', complete: false }))
      .expect(201);
    const byStore = await api()
      .post(ORDERS)
      .set(AUTH)
      .set(JSON_TYPE)
      .send(JSON.stringify({ petId, quantity: 1, status: 'delivered', complete: true }))
      .expect(201);
    expect(byStore.body).toMatchObject({ status: 'delivered', complete: true });
  });

  it('never lets a partner delete (void) a delivered order of its own; the store key may, naming its state', async () => {
    const order = await place(partner.a);
    const delivered = await api()
      .patch(`${ORDERS}/${order.id}`)
      .set(AUTH)
      .set(MERGE_PATCH_TYPE)
      .send('{"status":"delivered"}')
      .expect(200);
    expectError(
      await api()
        .delete(`${ORDERS}/${order.id}`)
        .set(partner.a)
        .set('If-Match', delivered.headers.etag),
      409,
      'ORDER_CHANGE_NOT_ALLOWED',
    );
    await api()
      .delete(`${ORDERS}/${order.id}`)
      .set(AUTH)
      .set('If-Match', delivered.headers.etag)
      .expect(204);
  });

  it("lists a partner's own orders only, with its filters and paging; its cursors are its own; the store key sees all and filters by placedBy", async () => {
    // Ids are random: the list's ascending id order is not the order they were placed in.
    const mine = [await place(partner.b), await place(partner.b), await place(partner.b)]
      .map((order) => order.id)
      .sort((a, b) => a - b);
    await place(partner.a);
    const seen: number[] = [];
    let next: string | undefined = `${ORDERS}?limit=2&petId=${petId}`;
    let firstCursor: string | undefined;
    while (next) {
      const response: request.Response = await api().get(next).set(partner.b).expect(200);
      seen.push(...response.body.map((order: { id: number }) => order.id));
      next = /^<([^>]+)>; rel="next"$/.exec(response.headers.link ?? '')?.[1];
      firstCursor ??= next && new URLSearchParams(next.split('?')[1]).get('cursor')!;
    }
    expect(seen).toEqual(mine);
    expectError(
      await api().get(`${ORDERS}?limit=2&petId=${petId}&cursor=${firstCursor}`).set(partner.a),
      400,
      'VALIDATION_FAILED',
      /cursor is not valid/,
    );
    expect((await api().get(`${ORDERS}?placedBy=shop-a`).set(partner.b).expect(200)).body).toEqual(
      [],
    );
    const byStore = await api().get(`${ORDERS}?placedBy=shop-b&limit=100`).set(AUTH).expect(200);
    expect(byStore.body.map((order: { id: number }) => order.id)).toEqual(mine);
    const all = await api().get(`${ORDERS}?limit=100`).set(AUTH).expect(200);
    expect(new Set(all.body.map((order: { placedBy: string }) => order.placedBy))).toEqual(
      new Set(['shop-a', 'shop-b', 'store-desk']),
    );
  });

  it('shows orders placed before keys were recorded to store keys only', async () => {
    await app
      .get(DataSourceToken)
      .query('INSERT INTO orders (id, pet_id, quantity, status, complete) VALUES (?, ?, 1, ?, ?)', [
        900001,
        petId,
        'placed',
        false,
      ]);
    const byStore = await api().get(`${ORDERS}/900001`).set(AUTH).expect(200);
    expect(byStore.body).not.toHaveProperty('placedBy');
    expect((await api().get(`${ORDERS}/900001`).set(partner.a)).body).toEqual(missingBody(900001));
    expect(
      (await api().get(`${ORDERS}?limit=100`).set(partner.a).expect(200)).body.map(
        (order: { id: number }) => order.id,
      ),
    ).not.toContain(900001);
  });

  it("changes a key's kind while the service runs, on every instance within 5 s, both ways", async () => {
    // A second instance on the same database, with its own copy of the keys.
    const second = await startApp(databaseUrl, { API_KEYS: `store-desk:${API_KEY}` });
    try {
      const order = await place(partner.a);
      const seenBy = (instance: NestExpressApplication, status: number) => async () =>
        (await request(instance.getHttpServer()).get(`${ORDERS}/${order.id}`).set(partner.b))
          .status === status;
      expect(keys('set-kind', 'shop-b', '--kind', 'store').stderr).toBe(
        'The key "shop-b" is a store key now, on every instance within a few seconds.\n',
      );
      const toStore = await Promise.all([
        within5s(seenBy(app, 200)),
        within5s(seenBy(second, 200)),
      ]);
      expect(keys('list').stdout).toMatch(/^shop-b +pst_\S+ +current +store +write +/m);
      expect(keys('set-kind', 'shop-b', '--kind', 'partner').status).toBe(0);
      const toPartner = await Promise.all([
        within5s(seenBy(app, 404)),
        within5s(seenBy(second, 404)),
      ]);
      expect(Math.max(...toStore, ...toPartner)).toBeLessThanOrEqual(5_000);
    } finally {
      await second.close();
    }
  });

  it('issues a store key with --store; refuses a bad --kind and set-kind of an API_KEYS entry', () => {
    expect(keys('create', '--name', 'ops-desk', '--store').stderr).toContain(
      'Created the store key "ops-desk"',
    );
    expect(keys('list').stdout).toMatch(/^ops-desk +pst_\S+ +current +store +write +/m);
    expect(keys('set-kind', 'shop-a', '--kind', 'admin')).toMatchObject({
      status: 2,
      stderr: expect.stringContaining('--kind must be store (every order) or partner'),
    });
    expect(keys('set-kind', 'shop-a')).toMatchObject({
      status: 2,
      stderr: expect.stringContaining('set-kind needs --kind'),
    });
    expect(keys('set-kind', 'store-desk', '--kind', 'partner')).toMatchObject({
      status: 4,
      stderr: expect.stringContaining('is an API_KEYS entry'),
    });
  });
});

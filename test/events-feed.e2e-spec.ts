import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import mysql from 'mysql2/promise';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { DataSource } from 'typeorm';
import type { App } from 'supertest/types.js';
import { EventIds } from '../src/events/event-ids.js';
import { EVENT_ID_PATTERN } from '../src/events/event-id.codec.js';
import { EventRetention } from '../src/events/event-retention.service.js';
import { EventSequencer } from '../src/events/event-sequencer.service.js';
import { EventsRepository } from '../src/events/events.repository.js';
import { ROOT } from './support/compiled-server.js';
import { ContractChecker } from './support/contract.js';
import { expectError } from './support/expect-error.js';
import { issuePartnerKey } from './support/partner-keys.js';
import { API_KEY, AUTH, startApp } from './support/test-app.js';
import { testDatabases } from './support/test-databases.js';
import { EVENT_WAIT_MS, within } from './support/within.js';

const ORDERS = '/v1/store/orders';
const JSON_TYPE = { 'Content-Type': 'application/json' };
const MERGE_PATCH_TYPE = { 'Content-Type': 'application/merge-patch+json' };
type Auth = { Authorization: string };
interface FeedEvent {
  id: string;
  type: string;
  orderId: number;
  orderVersion: number;
  owner: string;
  data: { id: number; status: string };
}

/** What docs/events.md's resume recipe calls, given to it as it is written there. */
interface RecipeSurroundings {
  BASE: string;
  KEY: string;
  fetch: typeof fetch;
  loadCheckpoint: () => Promise<string | undefined>;
  saveCheckpoint: (id: string | undefined) => Promise<void>;
  handle: (event: FeedEvent) => Promise<void>;
  resynchroniseFromListOrders: () => Promise<void>;
}

/** docs/events.md's resume recipe, as written, made a function of what it calls. */
function resumeRecipe(): (surroundings: RecipeSurroundings) => Promise<void> {
  const docs = readFileSync(`${ROOT}/docs/events.md`, 'utf8');
  const code = /```js\n(\/\/ Resume after downtime[\s\S]*?)```/.exec(docs)?.[1];
  if (code === undefined) throw new Error('docs/events.md has no resume recipe');
  const AsyncFunction = Object.getPrototypeOf(async function () {
    await Promise.resolve();
  }).constructor as new (
    ...source: string[]
  ) => (surroundings: RecipeSurroundings) => Promise<void>;
  return new AsyncFunction(
    '{ BASE, KEY, fetch, loadCheckpoint, saveCheckpoint, handle, resynchroniseFromListOrders }',
    code,
  );
}

/** GET /v1/events: the feed, on each database, with a store key and two partner keys. */
describe.each(testDatabases())('the events feed on $name', (database) => {
  let databaseUrl: string;
  let app: NestExpressApplication;
  let server: App;
  let contract: ContractChecker;
  let petId: number;
  const partner: Record<'a' | 'b', Auth> = {
    a: { Authorization: '' },
    b: { Authorization: '' },
  };
  const api = () => contract.agent(server);
  const place = async (auth: Auth) =>
    (
      await api()
        .post(ORDERS)
        .set(auth)
        .set(JSON_TYPE)
        .send(JSON.stringify({ petId, quantity: 1 }))
        .expect(201)
    ).body as { id: number };
  const approve = (id: number) =>
    api()
      .patch(`${ORDERS}/${id}`)
      .set(AUTH)
      .set(MERGE_PATCH_TYPE)
      .send('{"status":"approved"}')
      .expect(200);
  /** The public id of the n-th event (1, 2, 3, … in commit order). */
  const nth = (n: number) => app.get(EventIds).of(BigInt(n));
  const feed = async (auth: Auth, query = '') =>
    (await api().get(`/v1/events${query}`).set(auth).expect(200)).body as FeedEvent[];
  /** Every event the feed shows this key, following Link rel="next" from the start. */
  const walk = async (auth: Auth, limit: number) => {
    const seen: FeedEvent[] = [];
    let next: string | undefined = `/v1/events?limit=${limit}`;
    while (next) {
      const response: request.Response = await api().get(next).set(auth).expect(200);
      seen.push(...(response.body as FeedEvent[]));
      next = /^<([^>]+)>; rel="next"$/.exec(response.headers.link ?? '')?.[1];
    }
    return seen;
  };

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

  it("shows a store key every order's events in commit order with opaque ids; a partner key only its own orders'", async () => {
    const ofA = await place(partner.a);
    const ofB = await place(partner.b);
    await approve(ofA.id);
    // Sequenced by the running service itself, within its poll.
    await within(EVENT_WAIT_MS, 'three events', async () => (await feed(AUTH)).length === 3);
    const all = await feed(AUTH);
    expect(
      all.map(({ id, type, orderId, orderVersion, owner }) => ({
        id,
        type,
        orderId,
        orderVersion,
        owner,
      })),
    ).toEqual([
      { id: nth(1), type: 'order.created', orderId: ofA.id, orderVersion: 1, owner: 'shop-a' },
      { id: nth(2), type: 'order.created', orderId: ofB.id, orderVersion: 1, owner: 'shop-b' },
      { id: nth(3), type: 'order.approved', orderId: ofA.id, orderVersion: 2, owner: 'shop-a' },
    ]);
    // Opaque: nothing in an id counts events, its own or others'.
    for (const { id } of all) expect(id).toMatch(new RegExp(EVENT_ID_PATTERN));
    expect(new Set(all.map(({ id }) => id.slice(4, 10))).size).toBe(3);
    expect(all[2].data).toEqual(
      (await api().get(`${ORDERS}/${ofA.id}`).set(AUTH).expect(200)).body,
    );
    expect((await feed(partner.a)).map((event) => event.id)).toEqual([nth(1), nth(3)]);
    expect((await feed(partner.b)).map((event) => event.id)).toEqual([nth(2)]);
    // Another partner's order reads as one with no events (404-not-403: nothing told).
    expect(await feed(partner.a, `?orderId=${ofB.id}`)).toEqual([]);
    expect((await feed(AUTH, `?orderId=${ofB.id}`)).map((event) => event.id)).toEqual([nth(2)]);
    expect((await feed(AUTH, '?type=order.approved')).map((event) => event.id)).toEqual([nth(3)]);
    expect((await feed(partner.a, `?after=${nth(1)}`)).map((event) => event.id)).toEqual([nth(3)]);
    // A partner may resume after another's event id it guessed no better than at random.
    expect((await feed(partner.a, `?after=${nth(2)}`)).map((event) => event.id)).toEqual([nth(3)]);
  });

  it('pages with Link rel="next" carrying after=, each event once', async () => {
    await app.get(EventSequencer).sequenceAll();
    const total = (await feed(AUTH, '?limit=100')).length;
    for (let i = 0; i < 4; i++) await place(partner.a);
    await within(
      EVENT_WAIT_MS,
      'four more events',
      async () => (await feed(AUTH, '?limit=100')).length === total + 4,
    );
    const pages = await walk(AUTH, 2);
    const ids = pages.map((event) => event.id);
    expect(ids).toEqual(Array.from({ length: ids.length }, (_, index) => nth(index + 1)));
    const first = await api().get('/v1/events?limit=2&type=order.created').set(AUTH).expect(200);
    expect(first.headers.link).toBe(
      `</v1/events?limit=2&type=order.created&after=${first.body[1].id}>; rel="next"`,
    );
  });

  it('refuses bad parameters by name', async () => {
    for (const [query, field] of [
      ['?after=x', 'after'],
      ['?after=-1', 'after'],
      // A number past the last id given as one (none on a new database): it would locate events.
      ['?after=5', 'after'],
      // An id of the right shape this service never made.
      ['?after=evt_AAAAAAAAAAAAAAAAAAAAAA', 'after'],
      ['?type=order.exploded', 'type'],
      ['?orderId=1.5', 'orderId'],
      ['?limit=0', 'limit'],
    ]) {
      const response = await request(server).get(`/v1/events${query}`).set(AUTH);
      expectError(response, 400, 'VALIDATION_FAILED');
      expect(response.body.message).toContain(field);
    }
    expect((await request(server).get('/v1/events?after=-1').set(AUTH)).body.message).toBe(
      'after must be the id of an event of this feed (evt_ and 22 letters, digits, "-" or "_"), ' +
        'or a numeric id from before event ids were opaque, given once; got the string "-1".',
    );
  });

  it('still resumes after a numeric id a consumer kept from before ids were opaque, and after no later number', async () => {
    // As the migration leaves a database whose events had numeric ids: through the last of them.
    await app
      .get(DataSource)
      .query("UPDATE event_sequences SET numeric_ids_through = 3 WHERE name = 'order_events'");
    const upgraded = await startApp(databaseUrl, { API_KEYS: `store-desk:${API_KEY}` });
    try {
      const resumed = (
        await request(upgraded.getHttpServer())
          .get('/v1/events?after=2&limit=100')
          .set(AUTH)
          .expect(200)
      ).body as FeedEvent[];
      expect(resumed.map((event) => event.id)).toEqual(
        (await feed(AUTH, '?limit=100')).slice(2).map((event) => event.id),
      );
      expect(resumed[0].id).toBe(nth(3));
      expectError(
        await request(upgraded.getHttpServer()).get('/v1/events?after=4').set(AUTH),
        400,
        'VALIDATION_FAILED',
        /after must be the id of an event of this feed/,
      );
    } finally {
      await upgraded.close();
    }
  });

  it('answers 410 EVENTS_EXPIRED to a consumer resuming from before the oldest kept event, never a silent gap', async () => {
    const kept = await feed(AUTH, '?limit=100');
    const last = kept.at(-1)!.id;
    // Everything is older than a retention that ends tomorrow.
    const purged = await app.get(EventRetention).purge(new Date(Date.now() + 31 * 86_400_000));
    expect(nth(purged)).toBe(last);
    for (const auth of [AUTH, partner.a]) {
      const response = await request(server)
        .get(`/v1/events?after=${nth(1)}`)
        .set(auth);
      expectError(response, 410, 'EVENTS_EXPIRED');
      // No position in the sequence: it would tell a partner how many events there were.
      expect(response.body.message).toBe(
        'Events after the one named in after were purged unread (events are kept ' +
          'EVENTS_RETENTION_DAYS days): some were missed. Resynchronise from listOrders, then ' +
          'read the feed without after.',
      );
    }
    expect(await feed(AUTH, `?after=${last}`)).toEqual([]);
    expect(await feed(AUTH)).toEqual([]);
    const next = await place(partner.a);
    await within(EVENT_WAIT_MS, 'the next event', async () => (await feed(AUTH)).length === 1);
    expect(await feed(AUTH, `?after=${last}`)).toEqual([
      expect.objectContaining({ id: nth(purged + 1), orderId: next.id }),
    ]);
  });

  it("runs docs/events.md's resume recipe as written from a purged checkpoint: it resynchronises once and ends", async () => {
    const recipe = resumeRecipe();
    const served = await startApp(databaseUrl, { API_KEYS: `store-desk:${API_KEY}` });
    try {
      await served.listen(0, '127.0.0.1');
      const { port } = served.getHttpServer().address() as AddressInfo;
      const placed = await place(partner.a);
      await within(
        EVENT_WAIT_MS,
        'its event',
        async () => (await feed(AUTH, `?orderId=${placed.id}`)).length === 1,
      );
      const handled: FeedEvent[] = [];
      const checkpoints: (string | undefined)[] = [];
      let resynchronised = 0;
      let requests = 0;
      await recipe({
        BASE: `http://127.0.0.1:${port}`,
        KEY: API_KEY,
        // A recipe that loops would read on for ever: the test fails instead.
        fetch: (input, init) => {
          if (++requests > 20) throw new Error('the recipe did not end within 20 requests');
          return fetch(input, init);
        },
        // Purged by the test before: every event up to the last one then was.
        loadCheckpoint: () => Promise.resolve(nth(1)),
        saveCheckpoint: (id) => Promise.resolve(void checkpoints.push(id)),
        handle: (event) => Promise.resolve(void handled.push(event)),
        resynchroniseFromListOrders: () => Promise.resolve(void resynchronised++),
      });
      expect(resynchronised).toBe(1);
      const kept = await feed(AUTH, '?limit=100');
      expect(handled.map((event) => event.id)).toEqual(kept.map((event) => event.id));
      expect(handled.at(-1)!.orderId).toBe(placed.id);
      expect(checkpoints).toEqual([undefined, ...kept.map((event) => event.id)]);
    } finally {
      await served.close();
    }
  });

  if (database.name === 'mysql') {
    it('gives an event whose change committed later a later id, even when it was written first', async () => {
      const sequencer = app.get(EventSequencer);
      await sequencer.sequenceAll();
      const shown = await feed(AUTH, '?limit=100');
      const before = shown.length === 0 ? 0 : app.get(EventIds).resumeAfter(shown.at(-1)!.id)!;
      const at = (n: bigint) => nth(Number(n));
      // A change written first and committed last: its own connection, held open.
      const slow = await mysql.createConnection({ uri: databaseUrl });
      try {
        await slow.beginTransaction();
        await slow.query(
          'INSERT INTO order_outbox (type, order_id, order_version, owner, occurred_at, payload) ' +
            "VALUES ('order.changed', 42, 2, 'shop-a', NOW(3), ?)",
          ['{"id":42,"petId":1,"quantity":2,"status":"placed","complete":false}'],
        );
        const fast = await place(partner.a);
        await sequencer.sequenceAll();
        expect(
          (await feed(AUTH, `?after=${at(BigInt(before))}`)).map((event) => [
            event.id,
            event.orderId,
          ]),
        ).toEqual([[at(BigInt(before) + 1n), fast.id]]);
        await slow.commit();
      } finally {
        await slow.end();
      }
      await sequencer.sequenceAll();
      expect(
        (await feed(AUTH, `?after=${at(BigInt(before))}`)).map((event) => [
          event.id,
          event.orderId,
        ]),
      ).toEqual([
        [at(BigInt(before) + 1n), expect.any(Number)],
        [at(BigInt(before) + 2n), 42],
      ]);
    });
  }

  it('shows only order events, whatever another family writes to the same sequence', async () => {
    const before = await place(partner.a);
    // Another module's event, of a type no order has, between two order events.
    await app.get(EventsRepository).append({
      type: 'visit.recorded',
      subjectId: 77n,
      subjectVersion: 1,
      owner: 'shop-a',
      occurredAt: new Date(),
      payload: '{"note":"not an order"}',
      traceParent: null,
    });
    const after = await place(partner.a);
    await app.get(EventSequencer).sequenceAll();
    for (const auth of [AUTH, partner.a]) {
      const shown = await walk(auth, 2);
      for (const event of shown) expect(event.type).toMatch(/^order\./);
      expect(shown.slice(-2).map((event) => event.orderId)).toEqual([before.id, after.id]);
    }
  });
});

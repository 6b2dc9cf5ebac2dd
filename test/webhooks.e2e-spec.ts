import type { NestExpressApplication } from '@nestjs/platform-express';
import { Webhook } from 'standardwebhooks';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { DataSource } from 'typeorm';
import { eventTypes } from '../src/events/event-catalog.js';
import { EventIds } from '../src/events/event-ids.js';
import { WebhookAttemptsPruning } from '../src/webhooks/webhook-attempts-pruning.service.js';
import { WebhookResolver, type ResolvedAddress } from '../src/webhooks/webhook-resolver.js';
import { ContractChecker } from './support/contract.js';
import { expectError } from './support/expect-error.js';
import { MovableClock } from './support/movable-clock.js';
import { issuePartnerKey } from './support/partner-keys.js';
import { API_KEY, AUTH, startApp } from './support/test-app.js';
import { testDatabases } from './support/test-databases.js';
import { WebhookReceiver, type Received } from './support/webhook-receiver.js';
import { EVENT_WAIT_MS, within } from './support/within.js';

interface HeaderDoc {
  name: string;
  schema: { pattern?: string };
}

const ENDPOINTS = '/v1/webhook-endpoints';
const ORDERS = '/v1/store/orders';
const JSON_TYPE = { 'Content-Type': 'application/json' };
const MERGE_PATCH_TYPE = { 'Content-Type': 'application/merge-patch+json' };
const HOUR = 3_600_000;
type Auth = { Authorization: string };
interface Endpoint {
  id: number;
  url: string;
  eventTypes: string[];
  owner: string;
  enabled: boolean;
  secret?: string;
  disabledReason?: string;
  failingSince?: string;
  lastSuccessAt?: string;
  previousSecretExpiresAt?: string;
}
interface Attempt {
  eventId: string;
  attempt: number;
  statusCode?: number;
  durationMs: number;
  outcome: string;
  excerpt: string;
}
interface Payload {
  id: string;
  type: string;
  orderId: number;
  owner: string;
}

/** DNS as the test says for its names, the system's for every other. */
class TestResolver extends WebhookResolver {
  readonly names = new Map<string, ResolvedAddress[]>();

  override resolve(hostname: string): Promise<ResolvedAddress[]> {
    return this.names.has(hostname)
      ? Promise.resolve(this.names.get(hostname)!)
      : super.resolve(hostname);
  }
}

const v4 = (address: string): ResolvedAddress => ({ address, family: 4 });

/**
 * Webhooks with real HTTP receivers on 127.0.0.2 (WEBHOOK_ALLOWED_NETWORKS=127.0.0.2/32; the rest
 * of loopback stays refused), on each database: endpoints, SSRF refusals, signed delivery to the
 * endpoints that want each event, rotation, retries, disabling, redirects, DNS at delivery.
 */
describe.each(testDatabases())('webhooks on $name', (database) => {
  let app: NestExpressApplication;
  let server: App;
  let contract: ContractChecker;
  let petId: number;
  const resolver = new TestResolver();
  const clock = new MovableClock();
  const partner: Record<'a' | 'b', Auth> = {
    a: { Authorization: '' },
    b: { Authorization: '' },
  };
  const receivers: WebhookReceiver[] = [];
  const api = () => contract.agent(server);
  const receiver = async () => {
    const started = await new WebhookReceiver().start();
    receivers.push(started);
    return started;
  };
  const createEndpoint = async (auth: Auth, body: object) =>
    (await api().post(ENDPOINTS).set(auth).set(JSON_TYPE).send(JSON.stringify(body)).expect(201))
      .body as Endpoint;
  const endpoint = async (id: number, auth: Auth = AUTH) =>
    (await api().get(`${ENDPOINTS}/${id}`).set(auth).expect(200)).body as Endpoint;
  const attempts = async (id: number, auth: Auth = AUTH) =>
    (await api().get(`${ENDPOINTS}/${id}/attempts?limit=100`).set(auth).expect(200))
      .body as Attempt[];
  const remove = (id: number) => api().delete(`${ENDPOINTS}/${id}`).set(AUTH).expect(204);
  const place = async (auth: Auth) =>
    (
      await api()
        .post(ORDERS)
        .set(auth)
        .set(JSON_TYPE)
        .send(JSON.stringify({ petId, quantity: 1 }))
        .expect(201)
    ).body as { id: number };
  const patchOrder = (auth: Auth, id: number, patch: object) =>
    api()
      .patch(`${ORDERS}/${id}`)
      .set(auth)
      .set(MERGE_PATCH_TYPE)
      .send(JSON.stringify(patch))
      .expect(200);
  const lastEventId = async () =>
    ((await api().get('/v1/events?limit=100').set(AUTH).expect(200)).body as Payload[]).at(-1)
      ?.id ?? 0;
  const feedAfter = async (after: string | number) =>
    (await api().get(`/v1/events?limit=100&after=${after}`).set(AUTH).expect(200))
      .body as Payload[];
  const payloadOf = (received: Received) => JSON.parse(received.body) as Payload;

  beforeAll(async () => {
    const databaseUrl = await database.create();
    app = await startApp(
      databaseUrl,
      { API_KEYS: `store-desk:${API_KEY}`, WEBHOOK_ALLOWED_NETWORKS: '127.0.0.2/32' },
      { clock, overrides: [[WebhookResolver, resolver]] },
    );
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
    for (const started of receivers) await started.stop();
    await database.dropAll();
  });

  it('creates, shows, changes and deletes endpoints; a partner sees and manages only its own', async () => {
    const target = await receiver();
    const response = await api()
      .post(ENDPOINTS)
      .set(partner.a)
      .set(JSON_TYPE)
      .send(JSON.stringify({ url: target.url(), description: 'Orders for the warehouse' }))
      .expect(201);
    const created = response.body as Endpoint;
    expect(response.headers.location).toBe(`${ENDPOINTS}/${created.id}`);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(created).toMatchObject({
      url: target.url(),
      owner: 'shop-a',
      enabled: true,
      // Every type of every family in the catalogue, unless the endpoint names some.
      eventTypes: [...eventTypes()],
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    // Shown once: never again, to anyone.
    const shown = await endpoint(created.id, partner.a);
    expect(shown).not.toHaveProperty('secret');
    expect(JSON.stringify(await endpoint(created.id))).not.toContain(created.secret);
    const listed = (await api().get(ENDPOINTS).set(partner.a).expect(200)).body as Endpoint[];
    expect(listed.map((each) => each.id)).toEqual([created.id]);
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    // Another partner: 404 exactly as for a missing endpoint, and none listed.
    for (const call of [
      request(server).get(`${ENDPOINTS}/${created.id}`),
      request(server).get(`${ENDPOINTS}/${created.id}/attempts`),
      request(server).delete(`${ENDPOINTS}/${created.id}`),
      request(server).post(`${ENDPOINTS}/${created.id}/rotate-secret`),
      request(server)
        .patch(`${ENDPOINTS}/${created.id}`)
        .set(MERGE_PATCH_TYPE)
        .send('{"enabled":false}'),
    ])
      expectError(await call.set(partner.b), 404, 'NOT_FOUND', /No webhook endpoint with id/);
    expect((await api().get(ENDPOINTS).set(partner.b).expect(200)).body).toEqual([]);
    // The store key sees every endpoint.
    expect(
      ((await api().get(ENDPOINTS).set(AUTH).expect(200)).body as Endpoint[]).map(
        (each) => each.owner,
      ),
    ).toContain('shop-a');
    const patched = (
      await api()
        .patch(`${ENDPOINTS}/${created.id}`)
        .set(partner.a)
        .set(MERGE_PATCH_TYPE)
        .send('{"eventTypes":["order.approved"],"description":null}')
        .expect(200)
    ).body as Endpoint;
    expect(patched.eventTypes).toEqual(['order.approved']);
    expect(patched).not.toHaveProperty('description');
    expectError(
      await request(server)
        .patch(`${ENDPOINTS}/${created.id}`)
        .set(partner.a)
        .set(MERGE_PATCH_TYPE)
        .send('{}'),
      400,
      'VALIDATION_FAILED',
      /The patch is empty/,
    );
    await api().delete(`${ENDPOINTS}/${created.id}`).set(partner.a).expect(204);
    expectError(
      await request(server).get(`${ENDPOINTS}/${created.id}`).set(partner.a),
      404,
      'NOT_FOUND',
    );
  });

  it('answers a merge patch that changes nothing with the endpoint as it is, writing nothing', async () => {
    const target = await receiver();
    const created = await createEndpoint(partner.a, {
      url: target.url('/unchanged'),
      eventTypes: ['order.created'],
      description: 'Kept',
    });
    const patch = (auth: Auth, body: object) =>
      api()
        .patch(`${ENDPOINTS}/${created.id}`)
        .set(auth)
        .set(MERGE_PATCH_TYPE)
        .send(JSON.stringify(body))
        .expect(200);
    const asItIs = await endpoint(created.id);
    for (const body of [
      { enabled: true },
      { url: created.url },
      { eventTypes: ['order.created'] },
      { description: 'Kept', enabled: true },
    ])
      expect((await patch(partner.a, body)).body).toEqual(asItIs);
    // Disabled by the store key: a partner's `enabled: false` again rewrites nothing (a write
    // would name its key as the one that disabled it, and move disabledAt).
    const disabled = (await patch(AUTH, { enabled: false })).body as Endpoint;
    expect(disabled.disabledReason).toBe('disabled with the key "store-desk"');
    await new Promise((wait) => setTimeout(wait, 20));
    expect((await patch(partner.a, { enabled: false })).body).toEqual(disabled);
    expect(await endpoint(created.id)).toEqual(disabled);
    await remove(created.id);
  });

  it("reads at most 64 KiB of an answer's body: an endless 2xx body is delivered, not timed out", async () => {
    const target = await receiver();
    target.answer = () => ({ status: 200, endless: 'ok '.repeat(1_000) });
    const created = await createEndpoint(AUTH, { url: target.url('/endless') });
    await place(partner.a);
    await within(
      EVENT_WAIT_MS,
      'the attempt',
      async () => (await attempts(created.id)).length === 1,
    );
    const [made] = await attempts(created.id);
    expect(made).toMatchObject({ statusCode: 200, outcome: 'delivered' });
    expect(made.excerpt).toBe('ok '.repeat(67).slice(0, 200).trim());
    // Not read to the attempt's 15 s timeout.
    expect(made.durationMs).toBeLessThan(15_000);
    await remove(created.id);
  });

  it('refuses malformed endpoints by field name', async () => {
    for (const [body, field] of [
      [{}, 'url'],
      [{ url: 'ftp://files.example.com/' }, 'url'],
      [{ url: 'https://user:pw@example.com/' }, 'url'],
      // WHATWG reads host 8.8.8.8, other parsers 127.0.0.1: never stored.
      [{ url: 'https://8.8.8.8\\@127.0.0.1/' }, 'url'],
      [{ url: 'https://exam\tple.com/' }, 'url'],
      [{ url: ' https://example.com/' }, 'url'],
      [{ url: 'not a url' }, 'url'],
      [{ url: 'https://example.com/', eventTypes: [] }, 'eventTypes'],
      [{ url: 'https://example.com/', eventTypes: ['order.exploded'] }, 'eventTypes'],
      [
        { url: 'https://example.com/', eventTypes: ['order.created', 'order.created'] },
        'eventTypes',
      ],
      [{ url: 'https://example.com/', secret: 'whsec_mine' }, 'secret'],
    ] as const) {
      const response = await request(server)
        .post(ENDPOINTS)
        .set(AUTH)
        .set(JSON_TYPE)
        .send(JSON.stringify(body));
      expectError(response, 400, 'VALIDATION_FAILED');
      expect(response.body.message).toContain(field);
    }
  });

  it('refuses loopback, private, link-local and other non-public addresses at creation, however named', async () => {
    resolver.names.set('internal.test', [v4('10.0.0.5')]);
    resolver.names.set('mixed.test', [v4('93.184.216.34'), v4('10.0.0.5')]);
    resolver.names.set('public.test', [v4('93.184.216.34')]);
    for (const [url, reason] of [
      ['http://127.0.0.1:8080/hooks', '127.0.0.1 is a loopback address'],
      ['https://localhost/hooks', 'localhost resolves to'],
      ['https://169.254.169.254/latest/meta-data/', '169.254.169.254 is a link-local address'],
      ['https://[::1]/hooks', '::1 is a loopback address'],
      ['https://[::ffff:127.0.0.1]/hooks', 'is a loopback address'],
      ['https://[fd00::1]/hooks', 'unique local'],
      ['https://10.0.0.5/hooks', '10.0.0.5 is a private address'],
      ['https://internal.test/hooks', 'internal.test resolves to 10.0.0.5 is a private address'],
      ['https://mixed.test/hooks', 'mixed.test resolves to 10.0.0.5'],
      ['http://public.test/hooks', 'plain http is allowed only to the networks'],
      ['https://nowhere.invalid/hooks', 'does not resolve'],
      // IPv6 forms holding a loopback, private or metadata IPv4 address, and IPv6 outside 2000::/3.
      ['https://[::127.0.0.1]/hooks', '127.0.0.1 is a loopback address'],
      ['https://[::7f00:1]/hooks', '127.0.0.1 is a loopback address'],
      ['https://[::10.0.0.5]/hooks', '10.0.0.5 is a private address'],
      ['https://[::169.254.169.254]/hooks', '169.254.169.254 is a link-local address'],
      ['https://[::2]/hooks', 'holds 0.0.0.2'],
      ['https://[1::1]/hooks', 'outside 2000::/3'],
      ['https://[4000::1]/hooks', 'outside 2000::/3'],
      ['https://[2001:db8::1]/hooks', 'documentation'],
    ]) {
      const response = await request(server)
        .post(ENDPOINTS)
        .set(AUTH)
        .set(JSON_TYPE)
        .send(JSON.stringify({ url }));
      expectError(response, 422, 'WEBHOOK_URL_REFUSED');
      expect(response.body.message).toContain(reason);
    }
    // A public address over https is what an endpoint is; it is removed before anything is sent.
    const allowed = await createEndpoint(AUTH, { url: 'https://public.test/hooks' });
    await remove(allowed.id);
  });

  it('stores, shows and checks the URL in its WHATWG serialization, the form it connects to', async () => {
    resolver.names.set('public.test', [v4('93.184.216.34')]);
    const created = await createEndpoint(AUTH, {
      url: 'HTTPS://Public.TEST:443/a/./b/../hooks?x=%7e',
    });
    expect(created.url).toBe('https://public.test/a/hooks?x=%7e');
    expect((await endpoint(created.id)).url).toBe(created.url);
    const patched = await api()
      .patch(`${ENDPOINTS}/${created.id}`)
      .set(AUTH)
      .set(MERGE_PATCH_TYPE)
      .send(JSON.stringify({ url: 'https://[2606:4700:0:0::1111]:8443/in' }))
      .expect(200);
    expect(patched.body.url).toBe('https://[2606:4700::1111]:8443/in');
    // The same URL in another spelling changes nothing.
    const same = await api()
      .patch(`${ENDPOINTS}/${created.id}`)
      .set(AUTH)
      .set(MERGE_PATCH_TYPE)
      .send(JSON.stringify({ url: 'https://[2606:4700::1111]:8443/in' }))
      .expect(200);
    expect(same.body).toEqual(patched.body);
    await remove(created.id);
  });

  it("delivers each event, signed, once to every endpoint that wants it; a partner's endpoint only its own orders'", async () => {
    const [toStore, toA, toB] = [await receiver(), await receiver(), await receiver()];
    const before = await lastEventId();
    const store = await createEndpoint(AUTH, { url: toStore.url('/store') });
    const ofA = await createEndpoint(partner.a, { url: toA.url('/a') });
    const ofB = await createEndpoint(partner.b, {
      url: toB.url('/b'),
      eventTypes: ['order.approved'],
    });
    const a = await place(partner.a);
    await patchOrder(partner.a, a.id, { quantity: 2 });
    const b = await place(partner.b);
    await patchOrder(AUTH, a.id, { status: 'approved' });
    await patchOrder(AUTH, b.id, { status: 'approved' });
    await patchOrder(AUTH, a.id, { status: 'delivered' });
    await api().delete(`${ORDERS}/${b.id}`).set(AUTH).expect(204);
    await within(EVENT_WAIT_MS, 'every delivery', () => toStore.received.length >= 7);
    await within(
      EVENT_WAIT_MS,
      "the partners' deliveries",
      () => toA.received.length >= 4 && toB.received.length >= 1,
    );
    const feed = await feedAfter(before);
    expect(feed.map((event) => event.type)).toEqual([
      'order.created',
      'order.changed',
      'order.created',
      'order.approved',
      'order.approved',
      'order.delivered',
      'order.deleted',
    ]);
    // Every header as the document's webhooks (OpenAPI 3.1) describe it (webhook-id an evt_ id).
    const served = (await request(server).get('/openapi.json').expect(200)).body as {
      openapi: string;
      webhooks: Record<string, { post: { parameters: HeaderDoc[] } }>;
    };
    expect(served.openapi).toBe('3.1.0');
    const headerDocs = served.webhooks.orderEvent.post.parameters;
    expect(headerDocs.map(({ name }) => name)).toEqual([
      'webhook-id',
      'webhook-timestamp',
      'webhook-signature',
    ]);
    const check = (received: Received[], secret: string, expected: Payload[]) => {
      const payloads = received.map((each) => {
        for (const { name, schema } of headerDocs)
          if (schema.pattern)
            expect(String(each.headers[name])).toMatch(new RegExp(schema.pattern));
        // The library a receiver would use: it throws unless a signature and the timestamp hold.
        const verified = new Webhook(secret).verify(
          each.body,
          each.headers as Record<string, string>,
        );
        expect(each.headers['webhook-id']).toBe(String(payloadOf(each).id));
        expect(each.headers['content-type']).toBe('application/json');
        return verified as Payload;
      });
      // Each once; no order promised across deliveries, so compared by id.
      expect(payloads.map((payload) => payload.id).sort()).toEqual(
        expected.map((event) => event.id).sort(),
      );
      for (const payload of payloads)
        expect(payload).toEqual(expected.find((event) => event.id === payload.id));
    };
    check(toStore.received, store.secret!, feed);
    check(
      toA.received,
      ofA.secret!,
      feed.filter((event) => event.owner === 'shop-a'),
    );
    check(
      toB.received,
      ofB.secret!,
      feed.filter((event) => event.owner === 'shop-b' && event.type === 'order.approved'),
    );
    // The secret of one endpoint does not verify another's deliveries.
    expect(() =>
      new Webhook(store.secret!).verify(
        toA.received[0].body,
        toA.received[0].headers as Record<string, string>,
      ),
    ).toThrow();
    await within(
      EVENT_WAIT_MS,
      'the attempts recorded',
      async () => (await attempts(ofA.id, partner.a)).length === 4,
    );
    const madeForA = await attempts(ofA.id, partner.a);
    expect(madeForA).toHaveLength(4);
    for (const attempt of madeForA)
      expect(attempt).toMatchObject({ attempt: 1, statusCode: 204, outcome: 'delivered' });
    expect((await endpoint(ofA.id)).lastSuccessAt).toBeDefined();
    // Nothing more arrives: each event once.
    await new Promise((wait) => setTimeout(wait, 1_000));
    expect([toStore.received.length, toA.received.length, toB.received.length]).toEqual([7, 4, 1]);
    for (const each of [store, ofA, ofB]) await remove(each.id);
  });

  it('signs with the old and the new secret for 24 hours after a rotation, then with the new one', async () => {
    const target = await receiver();
    const created = await createEndpoint(partner.a, { url: target.url('/rotating') });
    const rotation = (
      await api().post(`${ENDPOINTS}/${created.id}/rotate-secret`).set(partner.a).expect(200)
    ).body as { secret: string; previousSecretExpiresAt: string };
    expect(rotation.secret).toMatch(/^whsec_/);
    expect(rotation.secret).not.toBe(created.secret);
    expect(Date.parse(rotation.previousSecretExpiresAt) - clock.now()).toBeGreaterThan(
      24 * HOUR - 60_000,
    );
    expect((await endpoint(created.id)).previousSecretExpiresAt).toBe(
      rotation.previousSecretExpiresAt,
    );
    const first = await place(partner.a);
    await within(EVENT_WAIT_MS, 'the delivery', () => target.received.length === 1);
    const [during] = target.received;
    const headers = during.headers as Record<string, string>;
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    // A receiver holding either secret accepts it.
    for (const secret of [created.secret!, rotation.secret])
      expect(new Webhook(secret).verify(during.body, headers)).toEqual(JSON.parse(during.body));
    // Its result recorded before the day passes: a lease lapsing first would rightly send it again.
    await within(
      EVENT_WAIT_MS,
      'the delivery recorded',
      async () => (await attempts(created.id, partner.a)).length === 1,
    );
    clock.offsetMs += 24 * HOUR + 60_000;
    const next = await place(partner.a);
    await within(EVENT_WAIT_MS, 'the next delivery', () => target.received.length >= 2);
    expect(target.received.map((each) => payloadOf(each).orderId)).toEqual([first.id, next.id]);
    const after = target.received[1].headers['webhook-signature'] as string;
    expect(after.split(' ')).toHaveLength(1);
    expect((await endpoint(created.id)).previousSecretExpiresAt).toBeUndefined();
    await remove(created.id);
  });

  it('retries on the schedule while a receiver is down, and delivers every event once it is back', async () => {
    const target = await receiver();
    const created = await createEndpoint(partner.a, { url: target.url('/flaky') });
    await target.stop();
    const orders = [await place(partner.a), await place(partner.a), await place(partner.a)];
    await within(
      EVENT_WAIT_MS,
      'three failed attempts',
      async () => (await attempts(created.id)).length === 3,
    );
    for (const attempt of await attempts(created.id))
      expect(attempt).toMatchObject({
        attempt: 1,
        outcome: 'retrying',
        excerpt: 'connection refused',
      });
    expect((await attempts(created.id))[0]).not.toHaveProperty('statusCode');
    expect((await endpoint(created.id)).failingSince).toBeDefined();
    // The second attempt is due 5 s later: still down.
    clock.offsetMs += 6_000;
    await within(
      EVENT_WAIT_MS,
      'the second attempts',
      async () => (await attempts(created.id)).length === 6,
    );
    expect((await attempts(created.id)).slice(0, 3).map((each) => each.attempt)).toEqual([2, 2, 2]);
    // Back up; the third attempt is due 5 minutes after the second.
    await target.start();
    clock.offsetMs += 5 * 60_000 + 1_000;
    await within(EVENT_WAIT_MS, 'every event', () => target.received.length === 3);
    expect(target.received.map((each) => payloadOf(each).orderId).sort()).toEqual(
      orders.map((order) => order.id).sort(),
    );
    // The results are recorded a moment after the receiver answered.
    await within(EVENT_WAIT_MS, 'the successes recorded', async () => {
      const shown = await endpoint(created.id);
      return shown.failingSince === undefined && shown.lastSuccessAt !== undefined;
    });
    await remove(created.id);
  });

  it('disables an endpoint whose receiver answers 410, and sends it nothing more', async () => {
    const target = await receiver();
    target.answer = () => ({ status: 410, body: 'This hook is gone' });
    const created = await createEndpoint(AUTH, { url: target.url('/gone') });
    await place(partner.a);
    await within(
      EVENT_WAIT_MS,
      'the endpoint disabled',
      async () => !(await endpoint(created.id)).enabled,
    );
    const shown = await endpoint(created.id);
    expect(shown.disabledReason).toMatch(/^the receiver answered 410 Gone at /);
    expect(await attempts(created.id)).toEqual([
      expect.objectContaining({
        statusCode: 410,
        outcome: 'disabled',
        excerpt: 'This hook is gone',
      }),
    ]);
    const metrics = (await request(server).get('/metrics').set(AUTH).expect(200)).text;
    expect(metrics).toMatch(/^webhook_deliveries_total\{outcome="disabled"\} [1-9]/m);
    expect(metrics).toMatch(/^webhook_endpoints_disabled [1-9]/m);
    expect(metrics).toMatch(/^webhook_oldest_undelivered_seconds \d/m);
    await place(partner.a);
    await new Promise((wait) => setTimeout(wait, 1_500));
    expect(target.received).toHaveLength(1);
    // Enabled again by its owner: it receives what happens from then on.
    target.answer = () => ({ status: 200 });
    await api()
      .patch(`${ENDPOINTS}/${created.id}`)
      .set(AUTH)
      .set(MERGE_PATCH_TYPE)
      .send('{"enabled":true}')
      .expect(200);
    await place(partner.a);
    await within(EVENT_WAIT_MS, 'a delivery after enabling', () => target.received.length === 2);
    expect((await endpoint(created.id)).disabledReason).toBeUndefined();
    await remove(created.id);
  });

  it('disables an endpoint failing without a success for 5 days', async () => {
    const target = await receiver();
    target.answer = () => ({ status: 503, body: 'upstream unavailable' });
    const created = await createEndpoint(AUTH, { url: target.url('/failing') });
    await place(partner.a);
    await within(
      EVENT_WAIT_MS,
      'the first failure',
      async () => (await attempts(created.id)).length === 1,
    );
    expect((await attempts(created.id))[0]).toMatchObject({
      statusCode: 503,
      outcome: 'retrying',
      excerpt: 'upstream unavailable',
    });
    const since = (await endpoint(created.id)).failingSince!;
    clock.offsetMs += 5 * 24 * HOUR;
    await within(
      EVENT_WAIT_MS,
      'the endpoint disabled',
      async () => !(await endpoint(created.id)).enabled,
    );
    expect((await endpoint(created.id)).disabledReason).toBe(
      `failing since ${since} without a success for 5 days`,
    );
    await remove(created.id);
  });

  it('counts an answer that does not come within 15 s as a failed attempt, retried', async () => {
    const target = await receiver();
    target.answer = () => ({ status: 200, delayMs: 22_000 });
    const created = await createEndpoint(AUTH, { url: target.url('/slow') });
    await place(partner.a);
    await within(
      21_000,
      'the attempt given up',
      async () => (await attempts(created.id)).length === 1,
    );
    const [timedOut] = await attempts(created.id);
    expect(timedOut).toMatchObject({ outcome: 'retrying', excerpt: 'no answer within 15 s' });
    expect(timedOut).not.toHaveProperty('statusCode');
    expect(timedOut.durationMs).toBeGreaterThanOrEqual(15_000);
    // Given up before the receiver's answer at 22 s.
    expect(timedOut.durationMs).toBeLessThan(22_000);
    await remove(created.id);
  }, 35_000);

  it('never follows a redirect, to a loopback address or anywhere', async () => {
    const inside = await new WebhookReceiver('127.0.0.1').start();
    receivers.push(inside);
    const target = await receiver();
    target.answer = () => ({ status: 302, headers: { Location: inside.url('/stolen') } });
    const created = await createEndpoint(AUTH, { url: target.url('/redirecting') });
    await place(partner.a);
    await within(
      EVENT_WAIT_MS,
      'the attempt',
      async () => (await attempts(created.id)).length === 1,
    );
    expect((await attempts(created.id))[0]).toMatchObject({ statusCode: 302, outcome: 'retrying' });
    await new Promise((wait) => setTimeout(wait, 500));
    expect(inside.received).toEqual([]);
    await remove(created.id);
  });

  it('resolves the name again before each delivery, connects to the address it checked, and refuses it once it turns private', async () => {
    const target = await receiver();
    // A name only this test's DNS knows: the delivery can reach the receiver only through the
    // address checked for it.
    resolver.names.set('receiver.test', [v4('127.0.0.2')]);
    const created = await createEndpoint(partner.a, { url: target.url('/named', 'receiver.test') });
    await place(partner.a);
    await within(EVENT_WAIT_MS, 'the delivery', () => target.received.length === 1);
    expect(target.received[0].headers.host).toBe(`receiver.test:${target.port}`);
    resolver.names.set('receiver.test', [v4('10.0.0.5')]);
    await place(partner.a);
    await within(
      EVENT_WAIT_MS,
      'the refused attempt',
      async () => (await attempts(created.id)).length === 2,
    );
    const [refused] = await attempts(created.id);
    expect(refused).toMatchObject({ outcome: 'retrying' });
    expect(refused).not.toHaveProperty('statusCode');
    expect(refused.excerpt).toBe(
      'not sent: receiver.test resolves to 10.0.0.5 is a private address, not a public one',
    );
    expect(target.received).toHaveLength(1);
    await remove(created.id);
  });

  it("keeps each endpoint's 100 newest attempts, pruning older ones in batches", async () => {
    const target = await receiver();
    const created = await createEndpoint(AUTH, { url: target.url('/pruned') });
    const other = await createEndpoint(AUTH, { url: target.url('/kept') });
    const dataSource = app.get(DataSource);
    const insert = async (endpointId: number, count: number) => {
      for (let start = 0; start < count; start += 200) {
        const rows = Array.from(
          { length: Math.min(200, count - start) },
          (_, index) => start + index,
        );
        await dataSource.query(
          'INSERT INTO webhook_attempts (endpoint_id, event_id, attempt, attempted_at, ' +
            'duration_ms, status_code, outcome, excerpt) VALUES ' +
            rows
              .map(() => "(?, ?, 1, '2026-11-26 12:00:00.000', 3, 204, 'delivered', '')")
              .join(', '),
          rows.flatMap((n) => [endpointId, n + 1]),
        );
      }
    };
    await insert(created.id, 2_150);
    await insert(other.id, 40);
    expect(await app.get(WebhookAttemptsPruning).prune()).toBe(2_050);
    const kept = await attempts(created.id);
    expect(kept).toHaveLength(100);
    // Shown by their public ids, as the feed and webhook-id show them.
    const ids = app.get(EventIds);
    expect(kept.map((attempt) => attempt.eventId)).toEqual(
      Array.from({ length: 100 }, (_, index) => ids.of(BigInt(2_150 - index))),
    );
    expect(await attempts(other.id)).toHaveLength(40);
    for (const each of [created, other]) await remove(each.id);
  });
});

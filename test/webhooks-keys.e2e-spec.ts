import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { expectError } from './support/expect-error.js';
import { MovableClock } from './support/movable-clock.js';
import { issueKey, keysCli } from './support/partner-keys.js';
import { startApp } from './support/test-app.js';
import { testDatabases } from './support/test-databases.js';
import { WebhookReceiver } from './support/webhook-receiver.js';
import { EVENT_WAIT_MS, within } from './support/within.js';

const STORE_KEY = 'keys-store-desk-0123456789';
const OPS_KEY = 'keys-ops-desk-0123456789ab';
const API_KEYS = `store-desk:${STORE_KEY},ops-env:${OPS_KEY}`;
const STORE = { Authorization: `Bearer ${STORE_KEY}` };
const JSON_TYPE = { 'Content-Type': 'application/json' };
const MERGE_PATCH_TYPE = { 'Content-Type': 'application/merge-patch+json' };
const ENDPOINTS = '/v1/webhook-endpoints';
type Auth = { Authorization: string };
interface Endpoint {
  id: number;
  owner: string;
  enabled: boolean;
  disabledReason?: string;
}

const sleep = (ms: number) => new Promise((wait) => setTimeout(wait, ms));

/**
 * Endpoints act with their key's rights now, on every instance: two instances on one database, keys
 * changed with the operator's CLI, each change seen by both within seconds, whichever instance
 * makes the deliveries.
 */
describe.each(testDatabases())("webhook endpoints follow their key's life on $name", (database) => {
  let databaseUrl: string;
  let first: NestExpressApplication;
  let second: NestExpressApplication;
  let petId: number;
  const clock = new MovableClock();
  const HOUR_MS = 3_600_000;
  const receivers: WebhookReceiver[] = [];
  const extraApps: NestExpressApplication[] = [];
  const keys = (...args: string[]) => keysCli(databaseUrl, API_KEYS, ...args);
  const start = (apiKeys = API_KEYS) =>
    startApp(
      databaseUrl,
      { API_KEYS: apiKeys, WEBHOOK_ALLOWED_NETWORKS: '127.0.0.2/32', RATE_LIMIT: '100000' },
      { clock },
    );
  const api = (app = first) => request(app.getHttpServer());
  /** Issues a key with the CLI; resolves once both instances accept it. */
  const issue = (name: string, ...options: string[]): Promise<Auth> =>
    issueKey(
      [first.getHttpServer(), second.getHttpServer()],
      databaseUrl,
      API_KEYS,
      name,
      ...options,
    );
  const receiver = async () => {
    const started = await new WebhookReceiver().start();
    receivers.push(started);
    return started;
  };
  const createEndpoint = async (auth: Auth, target: WebhookReceiver, app = first) =>
    (
      await api(app)
        .post(ENDPOINTS)
        .set(auth)
        .set(JSON_TYPE)
        .send(JSON.stringify({ url: target.url() }))
        .expect(201)
    ).body as Endpoint;
  const shown = async (id: number, app = second) =>
    (await api(app).get(`${ENDPOINTS}/${id}`).set(STORE).expect(200)).body as Endpoint;
  const place = async (auth: Auth, app = second) =>
    (
      await api(app)
        .post('/v1/store/orders')
        .set(auth)
        .set(JSON_TYPE)
        .send(JSON.stringify({ petId, quantity: 1 }))
        .expect(201)
    ).body as { id: number };
  const ordersReceived = (target: WebhookReceiver) =>
    target.received.map((each) => (JSON.parse(each.body) as { orderId: number }).orderId);
  const metric = async (series: string) => {
    let total = 0;
    for (const app of [first, second, ...extraApps]) {
      const text = (await api(app).get('/metrics').set(STORE).expect(200)).text;
      const line = text.split('\n').find((each) => each.startsWith(`${series} `));
      total += Number(line?.split(' ')[1] ?? 0);
    }
    return total;
  };

  beforeAll(async () => {
    databaseUrl = await database.create();
    first = await start();
    second = await start();
    petId = (
      await api()
        .post('/v1/pets')
        .set(STORE)
        .set(JSON_TYPE)
        .send('{"name":"Rex","categoryId":1}')
        .expect(201)
    ).body.id;
  }, 60_000);

  afterAll(async () => {
    for (const app of [...extraApps, first, second]) await app?.close();
    for (const started of receivers) await started.stop();
    await database.dropAll();
  });

  it('sends nothing more for a revoked key, from either instance, drops what was queued and shows why', async () => {
    const revokeMe = await issue('revoke-me', '--store');
    const other = await issue('other-partner');
    const target = await receiver();
    // Made through the first instance; the orders through the second.
    const created = await createEndpoint(revokeMe, target);
    const before = await place(other);
    await within(EVENT_WAIT_MS, "another partner's order delivered", () =>
      ordersReceived(target).includes(before.id),
    );
    // The receiver is down: the next order's delivery waits for its retry, 5 s later.
    await target.stop();
    const queued = await place(other);
    await sleep(500);
    const disabledBefore = await metric('webhook_endpoints_disabled_total{reason="key_revoked"}');
    keys('revoke', 'revoke-me');
    await within(EVENT_WAIT_MS, 'the endpoint disabled on both instances', async () => {
      const [one, two] = [await shown(created.id, first), await shown(created.id, second)];
      return !one.enabled && !two.enabled;
    });
    expect(await shown(created.id)).toMatchObject({
      enabled: false,
      disabledReason: 'key_revoked',
    });
    // /metrics renders at most once a second: a later rendering has the disabling, counted once.
    await within(
      EVENT_WAIT_MS,
      'the disabling counted',
      async () =>
        (await metric('webhook_endpoints_disabled_total{reason="key_revoked"}')) > disabledBefore,
    );
    expect(await metric('webhook_endpoints_disabled_total{reason="key_revoked"}')).toBe(
      disabledBefore + 1,
    );
    // The retry comes due with the receiver back: nothing goes out, queued or new.
    await target.start();
    clock.offsetMs += 10_000;
    const after = await place(other, first);
    await place(other, second);
    await sleep(1_500);
    expect(ordersReceived(target)).toEqual([before.id]);
    expect(ordersReceived(target)).not.toContain(queued.id);
    expect(ordersReceived(target)).not.toContain(after.id);
    // Not even a store key brings it back: it would act for a revoked key.
    expectError(
      await api()
        .patch(`${ENDPOINTS}/${created.id}`)
        .set(STORE)
        .set(MERGE_PATCH_TYPE)
        .send('{"enabled":true}'),
      409,
      'WEBHOOK_KEY_LOST',
      /the key "revoke-me" that owns it is revoked/,
    );
  }, 60_000);

  it("gives a store key demoted to partner a partner's fan-out from then on, and withholds what it was queued as a store key", async () => {
    const demoteMe = await issue('demote-me', '--store');
    const other = await issue('shop-other');
    const target = await receiver();
    const created = await createEndpoint(demoteMe, target, second);
    const before = await place(other);
    await within(EVENT_WAIT_MS, "another partner's order, as a store key", () =>
      ordersReceived(target).includes(before.id),
    );
    await target.stop();
    const queued = await place(other);
    await sleep(500);
    const withheld = await metric('webhook_deliveries_withheld_total{reason="key_kind"}');
    keys('set-kind', 'demote-me', '--kind', 'partner');
    // Seen by both instances once the key's own order list is a partner's.
    await within(EVENT_WAIT_MS, 'the demotion applied', async () => {
      for (const app of [first, second]) {
        const orders = (await api(app).get('/v1/store/orders').set(demoteMe).expect(200))
          .body as unknown[];
        if (orders.length !== 0) return false;
      }
      return true;
    });
    await target.start();
    clock.offsetMs += 10_000;
    const others = [await place(other, first), await place(other, second)];
    const own = await place(demoteMe, first);
    await within(EVENT_WAIT_MS, 'its own order', () => ordersReceived(target).includes(own.id));
    await sleep(1_000);
    expect(ordersReceived(target).sort()).toEqual([before.id, own.id].sort());
    for (const order of [queued, ...others]) expect(ordersReceived(target)).not.toContain(order.id);
    await within(
      EVENT_WAIT_MS,
      'the withholding counted',
      async () => (await metric('webhook_deliveries_withheld_total{reason="key_kind"}')) > withheld,
    );
    expect(await metric('webhook_deliveries_withheld_total{reason="key_kind"}')).toBe(withheld + 1);
    expect(await shown(created.id)).toMatchObject({ enabled: true });
  }, 60_000);

  it('keeps the endpoints of a rolled key, delivering as before', async () => {
    const rolled = await issue('roll-me');
    const target = await receiver();
    const created = await createEndpoint(rolled, target);
    const fresh = { Authorization: `Bearer ${keys('roll', 'roll-me', '--overlap', '1h')}` };
    await within(EVENT_WAIT_MS, 'the new secret on both instances', async () => {
      for (const app of [first, second])
        if ((await api(app).get(`${ENDPOINTS}/${created.id}`).set(fresh)).status !== 200)
          return false;
      return true;
    });
    // Past the overlap, by the instances' clock: the previous secret is gone, the key is not.
    clock.offsetMs += HOUR_MS;
    const order = await place(fresh);
    await within(EVENT_WAIT_MS, 'the delivery after the roll', () =>
      ordersReceived(target).includes(order.id),
    );
    expect(await shown(created.id)).toMatchObject({ enabled: true });
  }, 60_000);

  it('disables the endpoints of an expired key', async () => {
    const expiring = await issue('expire-me', '--expires-in', '2h');
    const target = await receiver();
    const created = await createEndpoint(expiring, target);
    // Past its expiry, by the instances' clock: the next reload of the keys disables the endpoint.
    clock.offsetMs += 2 * HOUR_MS;
    await within(
      EVENT_WAIT_MS,
      'the endpoint disabled',
      async () => !(await shown(created.id)).enabled,
    );
    expect(await shown(created.id)).toMatchObject({ disabledReason: 'key_expired' });
  }, 60_000);

  it('disables the endpoints of an API_KEYS entry removed at a restart; the name given to another secret does not bring them back', async () => {
    const target = await receiver();
    const ops = { Authorization: `Bearer ${OPS_KEY}` };
    const created = await createEndpoint(ops, target);
    expect(created.owner).toBe('ops-env');
    // An instance started without the entry: it disables the endpoint for every instance.
    const without = await start(`store-desk:${STORE_KEY}`);
    extraApps.push(without);
    await within(
      EVENT_WAIT_MS,
      'the endpoint disabled',
      async () => !(await shown(created.id)).enabled,
    );
    expect(await shown(created.id)).toMatchObject({ disabledReason: 'key_removed' });
    // "ops-env" with another secret is another key: the endpoint is not its to enable.
    const reissued = await start(`store-desk:${STORE_KEY},ops-env:keys-ops-desk-other-secret`);
    extraApps.push(reissued);
    expectError(
      await api(reissued)
        .patch(`${ENDPOINTS}/${created.id}`)
        .set({ Authorization: 'Bearer keys-ops-desk-other-secret' })
        .set(MERGE_PATCH_TYPE)
        .send('{"enabled":true}'),
      409,
      'WEBHOOK_KEY_LOST',
      /no longer accepted/,
    );
    await place(STORE, reissued);
    await sleep(1_500);
    expect(target.received).toEqual([]);
  }, 60_000);
});

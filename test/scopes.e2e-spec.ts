import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { ContractChecker } from './support/contract.js';
import { expectError } from './support/expect-error.js';
import { startApp } from './support/test-app.js';
import { testDatabases } from './support/test-databases.js';

const WRITER = { Authorization: 'Bearer writer-key-0123456789' };
const READER = { Authorization: 'Bearer reader-key-0123456789' };
const CHALLENGE = 'Bearer realm="petstore", error="insufficient_scope", scope="write"';

/** API_KEYS entries with scopes: a read key reads everything and changes nothing. */
describe.each(testDatabases())('read and write keys on $name', (database) => {
  let app: NestExpressApplication;
  let server: App;
  let contract: ContractChecker;
  let orderId: number;
  const api = () => contract.agent(server);

  beforeAll(async () => {
    // An entry without a scope is write; name:key:write says so.
    app = await startApp(await database.create(), {
      API_KEYS:
        'writer:writer-key-0123456789:write,reader:reader-key-0123456789:read,plain-key-0123456789',
      RATE_LIMIT: '50',
    });
    server = app.getHttpServer();
    contract = await ContractChecker.fromServer(server);
    await api()
      .post('/v1/pets')
      .set(WRITER)
      .set('Content-Type', 'application/json')
      .send('{"name":"Rex","categoryId":1}')
      .expect(201);
    orderId = (
      await api()
        .post('/v1/store/orders')
        .set(WRITER)
        .set('Content-Type', 'application/json')
        .send('{"petId":1,"quantity":1}')
        .expect(201)
    ).body.id;
  });

  afterAll(async () => {
    await app?.close();
    await database.dropAll();
  });

  it('lets a read key call every GET and HEAD', async () => {
    await api().get('/v1/pets').set(READER).expect(200);
    await api().get('/v1/pets/1').set(READER).expect(200);
    await api().get('/v1/store/orders').set(READER).expect(200);
    await api().get(`/v1/store/orders/${orderId}`).set(READER).expect(200);
    await request(server).head('/v1/pets').set(READER).expect(200);
  });

  it.each([
    ['post', '/v1/pets', 'POST'],
    ['post', '/v1/store/orders', 'POST'],
    ['patch', '/v1/store/orders/ORDER', 'PATCH'],
    ['delete', '/v1/store/orders/ORDER', 'DELETE'],
  ] as const)(
    'refuses a read key on %s %s with 403 INSUFFICIENT_SCOPE and the RFC 6750 challenge, changing nothing',
    async (method, path, verb) => {
      const response = await api()
        [method](path.replace('ORDER', String(orderId)))
        .set(READER)
        .set('Content-Type', 'application/json')
        .send('{"quantity":2}');
      expectError(
        response,
        403,
        'INSUFFICIENT_SCOPE',
        new RegExp(
          `^The API key "reader" has the read scope; ${verb} needs a key with the write scope\\.$`,
        ),
      );
      expect(response.headers['www-authenticate']).toBe(CHALLENGE);
      const order = await api().get(`/v1/store/orders/${orderId}`).set(WRITER).expect(200);
      expect(order.body.quantity).toBe(1);
    },
  );

  it('answers the 403 before reading the body: a malformed body or media type makes no difference', async () => {
    expectError(
      await api().post('/v1/pets').set(READER).set('Content-Type', 'text/plain').send('{"name":'),
      403,
      'INSUFFICIENT_SCOPE',
    );
    expectError(
      await api()
        .post('/v1/pets')
        .set(READER)
        .set('Content-Type', 'application/json')
        .send('{"name":'),
      403,
      'INSUFFICIENT_SCOPE',
    );
  });

  it('counts a refused request against the key like any other: the RateLimit header goes down', async () => {
    const remaining = (response: request.Response) =>
      Number(/r=(\d+)/.exec(response.headers.ratelimit)![1]);
    const first = await api()
      .post('/v1/pets')
      .set(READER)
      .set('Content-Type', 'application/json')
      .send('{}');
    const second = await api()
      .post('/v1/pets')
      .set(READER)
      .set('Content-Type', 'application/json')
      .send('{}');
    expect(first.status).toBe(403);
    expect(remaining(second)).toBe(remaining(first) - 1);
  });

  it('is never 401, 404 or 405 where the route exists; where none does, a read key gets what any key gets', async () => {
    expectError(
      await api()
        .patch(`/v1/store/orders/424242`)
        .set(READER)
        .set('Content-Type', 'application/json')
        .send('{"quantity":2}'),
      403,
      'INSUFFICIENT_SCOPE',
    );
    expectError(await api().put('/v1/pets').set(READER), 405, 'METHOD_NOT_ALLOWED');
    expectError(await api().get('/v1/nothing-here').set(READER), 404, 'NOT_FOUND');
    expectError(
      await api().post('/v1/pets').set('Authorization', 'Bearer reader-key-012345678X'),
      401,
      'UNAUTHORIZED',
    );
  });

  it('lets a write key, and an entry without a scope, do everything', async () => {
    await api()
      .post('/v1/pets')
      .set(WRITER)
      .set('Content-Type', 'application/json')
      .send('{"name":"Tom","categoryId":1}')
      .expect(201);
    await api()
      .post('/v1/pets')
      .set({ Authorization: 'Bearer plain-key-0123456789' })
      .set('Content-Type', 'application/json')
      .send('{"name":"Kit","categoryId":1}')
      .expect(201);
  });

  it("counts refusals in the metrics by the key's kind and scope, never its name", async () => {
    const metrics = await request(server).get('/metrics').set(READER).expect(200);
    expect(metrics.text).not.toContain('"reader"');
    const refused = /^api_key_insufficient_scope_total\{kind="store",scope="read"\} (\d+)$/m.exec(
      metrics.text,
    );
    expect(Number(refused?.[1])).toBeGreaterThanOrEqual(7);
  });
});

import type { NestExpressApplication } from '@nestjs/platform-express';
import type { App } from 'supertest/types.js';
import { DataSource } from 'typeorm';
import { ApiKeyScope } from '../src/common/auth/api-key-scope.enum.js';
import { ApiKeyVerifier } from '../src/common/auth/api-key.verifier.js';
import { IdempotencyPurge } from '../src/idempotency/idempotency-purge.service.js';
import { IdempotencyRecordEntity } from '../src/idempotency/idempotency-record.entity.js';
import { ContractChecker } from './support/contract.js';
import { holdPetsWriteLock, mysqlConnection } from './support/database-trouble.js';
import { expectError } from './support/expect-error.js';
import { API_KEY, AUTH, OTHER_API_KEY, exactJson, startApp } from './support/test-app.js';
import { testDatabases } from './support/test-databases.js';

const JSON_TYPE = { 'Content-Type': 'application/json' };
const OTHER_AUTH = { Authorization: `Bearer ${OTHER_API_KEY}` };

describe.each(testDatabases())('Idempotency-Key on $name', (database) => {
  let databaseUrl: string;
  let app: NestExpressApplication;
  let server: App;
  let contract: ContractChecker;
  let keys = 0;
  const newKey = () => `key-${Date.now()}-${++keys}`;
  const api = () => contract.agent(server);
  const createPet = (idempotencyKey: string | undefined, body: unknown, auth = AUTH) => {
    const call = api().post('/v1/pets').set(auth).set(JSON_TYPE);
    if (idempotencyKey !== undefined) call.set('Idempotency-Key', idempotencyKey);
    return call.send(typeof body === 'string' ? body : JSON.stringify(body));
  };
  const sql = async (text: string, params: unknown[] = []) =>
    app.get(DataSource).query(text, params);
  const records = () => app.get(DataSource).getRepository(IdempotencyRecordEntity);
  const expire = (idempotencyKey: string) =>
    records().update({ idempotencyKey }, { expiresAt: new Date(Date.now() - 1_000) });
  const countPets = async (name: string) =>
    Number((await sql('SELECT COUNT(*) AS n FROM pets WHERE name = ?', [name]))[0].n);

  beforeAll(async () => {
    databaseUrl = await database.create();
    app = await startApp(databaseUrl);
    server = app.getHttpServer();
    contract = await ContractChecker.fromServer(server);
  });

  afterAll(async () => {
    await app?.close();
    await database.dropAll();
  });

  it('replays the first response for a repeat with the same key and body, with Idempotent-Replayed: true, creating nothing', async () => {
    const key = newKey();
    const first = await createPet(key, '{"name":"Replayed","categoryId":9007199254740993}').expect(
      201,
    );
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // The same JSON values, keys in another order and spaced differently.
    const repeat = await createPet(
      key,
      '{ "categoryId": 9007199254740993,\n "name": "Replayed" }',
    ).expect(201);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(repeat.headers.location).toBe(first.headers.location);
    expect(repeat.headers['content-type']).toMatch(/^application\/json/);
    expect(repeat.text).toBe(first.text);
    expect(exactJson(repeat.text).categoryId).toBe(9007199254740993n);
    expect(await countPets('Replayed')).toBe(1);
  });

  it('replays a createOrder with the ETag of the order as it was created, also once the order has changed', async () => {
    const key = newKey();
    const pet = exactJson(
      (await createPet(undefined, { name: 'For a replayed order', categoryId: 1 }).expect(201))
        .text,
    );
    const placeOrder = () =>
      api()
        .post('/v1/store/orders')
        .set(AUTH)
        .set(JSON_TYPE)
        .set('Idempotency-Key', key)
        .send(JSON.stringify({ petId: Number(pet.id), quantity: 1 }));
    const first = await placeOrder().expect(201);
    expect(first.headers.etag).toBe(`"${first.body.id}-1"`);
    await api()
      .patch(first.headers.location)
      .set(AUTH)
      .set('Content-Type', 'application/merge-patch+json')
      .set('If-Match', first.headers.etag)
      .send('{"quantity":2}')
      .expect(200);
    const repeat = await placeOrder().expect(201);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect({
      text: repeat.text,
      etag: repeat.headers.etag,
      location: repeat.headers.location,
    }).toEqual({
      text: first.text,
      etag: first.headers.etag,
      location: first.headers.location,
    });
    // The replayed tag is the state it shows, so a change sent with it is refused.
    const stale = await api()
      .patch(first.headers.location)
      .set(AUTH)
      .set('Content-Type', 'application/merge-patch+json')
      .set('If-Match', repeat.headers.etag)
      .send('{"quantity":3}');
    expectError(stale, 412, 'PRECONDITION_FAILED');
  });

  it('answers 422 IDEMPOTENCY_KEY_REUSED for the same key with another body or on another operation', async () => {
    const key = newKey();
    await createPet(key, { name: 'First body', categoryId: 1 }).expect(201);
    expectError(
      await createPet(key, { name: 'Other body', categoryId: 1 }),
      422,
      'IDEMPOTENCY_KEY_REUSED',
      /different request/,
    );
    expectError(
      await createPet(key, { name: 'First body', categoryId: 1, status: 'sold' }),
      422,
      'IDEMPOTENCY_KEY_REUSED',
      /different request/,
    );
    const pet = exactJson(
      (await createPet(undefined, { name: 'For the order', categoryId: 1 }).expect(201)).text,
    );
    const order = await api()
      .post('/v1/store/orders')
      .set(AUTH)
      .set('Idempotency-Key', key)
      .send({ petId: Number(pet.id), quantity: 1 });
    expectError(order, 422, 'IDEMPOTENCY_KEY_REUSED', /different request/);
    expect(await countPets('Other body')).toBe(0);
  });

  it('takes a key without the spaces around it (HTTP strips them), so " k " and "k" are one key', async () => {
    const key = newKey();
    const first = await createPet(`  ${key} `, { name: 'Spaced key', categoryId: 1 }).expect(201);
    const repeat = await createPet(key, { name: 'Spaced key', categoryId: 1 }).expect(201);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(repeat.text).toBe(first.text);
    expect(await countPets('Spaced key')).toBe(1);
  });

  it('still replays the first outcome after the resource it created was deleted', async () => {
    const pet = exactJson(
      (await createPet(undefined, { name: 'Ordered then deleted', categoryId: 1 }).expect(201))
        .text,
    );
    const key = newKey();
    const placeOrder = () =>
      api()
        .post('/v1/store/orders')
        .set(AUTH)
        .set('Idempotency-Key', key)
        .send({ petId: Number(pet.id), quantity: 1 });
    const first = await placeOrder().expect(201);
    await api().delete(first.headers.location).set(AUTH).expect(204);
    const repeat = await placeOrder().expect(201);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(repeat.text).toBe(first.text);
    await api().get(first.headers.location).set(AUTH).expect(404);
  });

  it('keeps the keys of different API keys apart', async () => {
    const key = newKey();
    const mine = await createPet(key, { name: 'Two clients', categoryId: 1 }).expect(201);
    const theirs = await createPet(key, { name: 'Two clients', categoryId: 1 }, OTHER_AUTH).expect(
      201,
    );
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.headers.location).not.toBe(mine.headers.location);
    expect(await countPets('Two clients')).toBe(2);
  });

  it.each([
    ['empty', '', /got an empty value/],
    ['256 characters', 'k'.repeat(256), /got 256 characters/],
    ['a tab', 'a\tb', /outside that range/],
    ['a non-ASCII character', 'caf\u00e9', /outside that range/],
  ])(
    'refuses a key that is %s with 400, naming the header and what is allowed',
    async (_name, key, detail) => {
      const response = await createPet(key, { name: 'Bad key', categoryId: 1 });
      expectError(
        response,
        400,
        'VALIDATION_FAILED',
        /Idempotency-Key header must be 1 to 255 printable ASCII characters/,
      );
      expect(response.body.message).toMatch(detail);
      expect(await countPets('Bad key')).toBe(0);
    },
  );

  it('refuses two Idempotency-Key headers with 400', async () => {
    const response = await api()
      .post('/v1/pets')
      .set(AUTH)
      .set(JSON_TYPE)
      .set('Idempotency-Key', ['a', 'b'] as unknown as string)
      .send('{"name":"Two keys","categoryId":1}');
    expectError(response, 400, 'VALIDATION_FAILED', /sent 2 times/);
  });

  it('accepts 255 printable ASCII characters, spaces and symbols included', async () => {
    const key = ' !"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~'.padEnd(255, 'x');
    expect(key).toHaveLength(255);
    await createPet(key, { name: 'Long key', categoryId: 1 }).expect(201);
    expect(
      (await createPet(key, { name: 'Long key', categoryId: 1 }).expect(201)).headers[
        'idempotent-replayed'
      ],
    ).toBe('true');
  });

  it('keeps only a success: after a 400 the same key may carry the corrected request', async () => {
    const key = newKey();
    expectError(
      await createPet(key, { name: 'Corrected', categoryId: 'one' }),
      400,
      'VALIDATION_FAILED',
      /categoryId/,
    );
    const created = await createPet(key, { name: 'Corrected', categoryId: 1 }).expect(201);
    expect(created.headers['idempotent-replayed']).toBeUndefined();
  });

  it('creates exactly one pet for 50 concurrent requests with one key; the others get its response or 409 IDEMPOTENCY_KEY_IN_USE', async () => {
    const key = newKey();
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => createPet(key, { name: 'Fifty at once', categoryId: 1 })),
    );
    const created = responses.filter((response) => response.status === 201);
    const inUse = responses.filter((response) => response.status === 409);
    expect(created.length + inUse.length).toBe(50);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((response) => response.text)).size).toBe(1);
    expect(
      created.filter((response) => response.headers['idempotent-replayed'] === undefined),
    ).toHaveLength(1);
    for (const response of inUse) {
      expectError(response, 409, 'IDEMPOTENCY_KEY_IN_USE', /still being processed/);
      expect(response.headers['retry-after']).toBe('1');
    }
    expect(await countPets('Fifty at once')).toBe(1);
    // Once the first has finished, every repeat gets its response.
    expect((await createPet(key, { name: 'Fifty at once', categoryId: 1 }).expect(201)).text).toBe(
      created[0].text,
    );
  });

  it('answers 409 to a repeat while the first is running, then 503 for the first (nothing written), and the key is free again', async () => {
    const key = newKey();
    const release = await holdPetsWriteLock(database.name, databaseUrl);
    try {
      const first = createPet(key, { name: 'While locked', categoryId: 1 }).then(
        (response) => response,
      );
      await new Promise((wait) => setTimeout(wait, 300));
      expectError(
        await createPet(key, { name: 'While locked', categoryId: 1 }),
        409,
        'IDEMPOTENCY_KEY_IN_USE',
        /still being processed/,
      );
      const refused = await first;
      expectError(refused, 503, 'SERVICE_UNAVAILABLE', /nothing was changed/);
    } finally {
      await release();
    }
    expect(await countPets('While locked')).toBe(0);
    const retried = await createPet(key, { name: 'While locked', categoryId: 1 }).expect(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(await countPets('While locked')).toBe(1);
  });

  it('replays createOrder too', async () => {
    const pet = exactJson(
      (await createPet(undefined, { name: 'Ordered', categoryId: 1 }).expect(201)).text,
    );
    const key = newKey();
    const order = () =>
      api()
        .post('/v1/store/orders')
        .set(AUTH)
        .set('Idempotency-Key', key)
        .send({ petId: Number(pet.id), quantity: 2 });
    const first = await order().expect(201);
    const repeat = await order().expect(201);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(repeat.headers.location).toBe(first.headers.location);
    expect(repeat.body).toEqual(first.body);
    expect(
      Number(
        (await sql('SELECT COUNT(*) AS n FROM orders WHERE pet_id = ?', [pet.id.toString()]))[0].n,
      ),
    ).toBe(1);
  });

  it('treats an expired record as absent, and the purge deletes expired records off the request path', async () => {
    const key = newKey();
    await createPet(key, { name: 'Expired', categoryId: 1 }).expect(201);
    await expire(key);
    const again = await createPet(key, { name: 'Expired', categoryId: 1 }).expect(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await countPets('Expired')).toBe(2);

    const expiredKey = newKey();
    await createPet(expiredKey, { name: 'Purged', categoryId: 1 }).expect(201);
    await expire(expiredKey);
    expect(await app.get(IdempotencyPurge).purge()).toBeGreaterThanOrEqual(1);
    expect(
      await sql('SELECT idempotency_key FROM idempotency_records WHERE idempotency_key IN (?, ?)', [
        key,
        expiredKey,
      ]),
    ).toEqual([{ idempotency_key: key }]);
  });

  it('keeps responses for 24 hours', async () => {
    const key = newKey();
    const before = Date.now();
    await createPet(key, { name: 'Kept a day', categoryId: 1 }).expect(201);
    const record = await records().findOneByOrFail({ idempotencyKey: key });
    expect(record.expiresAt.getTime() - record.createdAt.getTime()).toBe(24 * 3_600_000);
    expect(Math.abs(record.createdAt.getTime() - before)).toBeLessThan(60_000);
  });

  it('replays after a restart: the record lives in the database', async () => {
    const key = newKey();
    const first = await createPet(key, { name: 'Survives restarts', categoryId: 1 }).expect(201);
    await app.close();
    app = await startApp(databaseUrl);
    server = app.getHttpServer();
    const repeat = await createPet(key, { name: 'Survives restarts', categoryId: 1 }).expect(201);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(repeat.text).toBe(first.text);
    expect(await countPets('Survives restarts')).toBe(1);
  });

  if (database.name === 'mysql') {
    it('answers 409 while another instance holds the key in its open transaction', async () => {
      const key = newKey();
      const owner = new ApiKeyVerifier([
        { name: 'e2e', key: API_KEY, scope: ApiKeyScope.WRITE },
      ]).match(API_KEY)!.id;
      const other = await mysqlConnection(databaseUrl);
      try {
        await other.query('START TRANSACTION');
        await other.execute(
          'INSERT INTO idempotency_records (owner, idempotency_key, request_hash, response_status, response_body, created_at, expires_at) VALUES (?, ?, ?, 0, ?, NOW(3), NOW(3) + INTERVAL 1 DAY)',
          [owner, key, 'x'.repeat(64), ''],
        );
        expectError(
          await createPet(key, { name: 'Held elsewhere', categoryId: 1 }),
          409,
          'IDEMPOTENCY_KEY_IN_USE',
          /still being processed/,
        );
        await other.query('ROLLBACK');
      } finally {
        await other.end();
      }
      await createPet(key, { name: 'Held elsewhere', categoryId: 1 }).expect(201);
      expect(await countPets('Held elsewhere')).toBe(1);
    });
  }
});

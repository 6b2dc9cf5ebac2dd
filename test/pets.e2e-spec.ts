import { Buffer } from 'node:buffer';
import { once } from 'node:events';
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { ContractChecker } from './support/contract.js';
import { AUTH, OTHER_API_KEY, exactJson, startApp } from './support/test-app.js';
import { expectError } from './support/expect-error.js';
import { testDatabases } from './support/test-databases.js';

const SUNSET = 'Thu, 05 Dec 2030 00:00:00 GMT';
const JSON_TYPE = { 'Content-Type': 'application/json' };

describe.each(testDatabases())('Petstore v1 on $name', (database) => {
  let app: NestExpressApplication;
  let server: App;
  let contract: ContractChecker;
  // Every response below goes through the contract check against the served OpenAPI document.
  const api = () => contract.agent(server);
  const createPet = (body: unknown) =>
    api().post('/v1/pets').set(AUTH).set(JSON_TYPE).send(JSON.stringify(body));
  // serialize(identity): superagent would JSON-encode a Buffer sent as application/json.
  const createRaw = (text: string | Buffer, headers: Record<string, string> = JSON_TYPE) =>
    api()
      .post('/v1/pets')
      .set(AUTH)
      .set(headers)
      .serialize((body: unknown) => body as string)
      .send(text);

  beforeAll(async () => {
    app = await startApp(await database.create());
    server = app.getHttpServer();
    contract = await ContractChecker.fromServer(server);
  });

  afterAll(async () => {
    await app?.close();
    await database.dropAll();
  });

  afterAll(() => {
    // The contract was checked on every status code the spec names, and the ones the service adds.
    expect([...contract.seenStatuses].sort()).toEqual([200, 201, 400, 401, 404, 405, 413, 415]);
  });

  describe('authentication', () => {
    it.each([
      ['GET', '/v1/pets'],
      ['POST', '/v1/pets'],
      ['GET', '/v1/pets/1'],
    ])('%s %s without a key is 401 with a Bearer challenge', async (method, path) => {
      const response = await api()[method === 'GET' ? 'get' : 'post'](path);
      expectError(response, 401, 'UNAUTHORIZED', /Authorization: Bearer/);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="petstore"');
    });

    it('rejects an unknown key with error="invalid_token", without echoing it', async () => {
      const response = await api().get('/v1/pets').set('Authorization', 'Bearer not-a-real-key');
      expectError(response, 401, 'UNAUTHORIZED');
      expect(response.headers['www-authenticate']).toMatch(
        /^Bearer realm="petstore", error="invalid_token"/,
      );
      expect(JSON.stringify(response.body)).not.toContain('not-a-real-key');
    });

    it.each(['Bearer', 'Basic ZTJlOmtleQ==', 'e2e-key-0123456789', 'Bearer a b'])(
      'rejects the malformed header %p',
      async (header) => {
        expectError(await api().get('/v1/pets').set('Authorization', header), 401, 'UNAUTHORIZED');
      },
    );

    it('accepts every configured key, and the scheme name in any case', async () => {
      await api().get('/v1/pets').set('Authorization', `bearer ${OTHER_API_KEY}`).expect(200);
      await api()
        .get('/v1/pets')
        .set('Authorization', `BEARER ${AUTH.Authorization.slice(7)}`)
        .expect(200);
    });

    it('does not accept a key in the query string', async () => {
      const key = AUTH.Authorization.slice('Bearer '.length);
      expectError(await api().get(`/v1/pets?access_token=${key}`), 401, 'UNAUTHORIZED');
      expectError(await api().get(`/v1/pets?api_key=${key}`), 401, 'UNAUTHORIZED');
    });

    it('checks the key before anything else', async () => {
      expectError(await api().get('/v1/pets/999999'), 401, 'UNAUTHORIZED');
      expectError(await api().get('/v1/pets/not-a-number'), 401, 'UNAUTHORIZED');
      expectError(await api().get('/v1/pets?limit=0'), 401, 'UNAUTHORIZED');
      expectError(
        await api().post('/v1/pets').set(JSON_TYPE).send('{not json'),
        401,
        'UNAUTHORIZED',
      );
      expectError(
        await api().post('/v1/pets').set('Content-Type', 'text/plain').send('hello'),
        401,
        'UNAUTHORIZED',
      );
      expectError(
        await api()
          .post('/v1/pets')
          .set(JSON_TYPE)
          .send(`{"name":"${'x'.repeat(200 * 1024)}"}`),
        401,
        'UNAUTHORIZED',
      );
    });
  });

  describe('createPet', () => {
    it('answers 201 with the Pet and a Location header naming it', async () => {
      const response = await createPet({ name: 'Rex', categoryId: 7, status: 'available' }).expect(
        201,
      );
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.body).toEqual({
        id: expect.any(Number),
        name: 'Rex',
        categoryId: 7,
        status: 'available',
      });
      expect(response.headers.location).toBe(`/v1/pets/${response.body.id}`);
      const fetched = await api().get(response.headers.location).set(AUTH).expect(200);
      expect(fetched.body).toEqual(response.body);
    });

    it.each(['available', 'pending', 'sold'])('stores status %s', async (status) => {
      const response = await createPet({ name: 'Tom', categoryId: 1, status }).expect(201);
      expect(response.body.status).toBe(status);
    });

    it('leaves an omitted status absent, in the answer, getPet and listPets', async () => {
      const created = await createPet({ name: 'No status', categoryId: 3 }).expect(201);
      expect(created.body).not.toHaveProperty('status');
      expect(created.text).not.toContain('"status"');
      const fetched = await api().get(`/v1/pets/${created.body.id}`).set(AUTH).expect(200);
      expect(fetched.body).toEqual({ id: created.body.id, name: 'No status', categoryId: 3 });
      const listed = await api().get('/v1/pets?limit=100').set(AUTH).expect(200);
      expect(listed.body.find((pet: { id: number }) => pet.id === created.body.id)).toEqual(
        fetched.body,
      );
    });

    // Both sides of 2^53, where mysql2 hands over a string instead of a number.
    it.each([
      '9223372036854775807',
      '-9223372036854775808',
      '9007199254740991',
      '9007199254740992',
      '9007199254740993',
      '-9007199254740993',
      '0',
      '-1',
    ])('keeps categoryId %s exact, as a JSON number, end to end', async (categoryId) => {
      const created = await createRaw(`{"name":"Big","categoryId":${categoryId}}`).expect(201);
      expect(created.text).toContain(`"categoryId":${categoryId}`);
      const id = exactJson(created.text).id;
      const fetched = await api().get(`/v1/pets/${id}`).set(AUTH).expect(200);
      expect(fetched.text).toContain(`"categoryId":${categoryId}`);
      expect(BigInt(exactJson(fetched.text).categoryId)).toBe(BigInt(categoryId));
      const listed = await api().get('/v1/pets?limit=100').set(AUTH).expect(200);
      expect(listed.text).toContain(`"id":${id},"name":"Big","categoryId":${categoryId}`);
    });

    it.each([
      'Ünïcødé',
      '🐕‍🦺 Doggo',
      '中文名字',
      'emoji 🐈 and \u0000 nul',
      'a'.repeat(255),
      '🐕'.repeat(255),
      ' ',
    ])('round-trips the name %#', async (name) => {
      const created = await createPet({ name, categoryId: 1 }).expect(201);
      expect(created.body.name).toBe(name);
      const fetched = await api().get(`/v1/pets/${created.body.id}`).set(AUTH).expect(200);
      expect(fetched.body.name).toBe(name);
    });

    it.each([
      ['a missing name', { categoryId: 1 }, /name is required: a string of 1 to 255 characters/],
      [
        'an empty name',
        { name: '', categoryId: 1 },
        /name must be a string of 1 to 255 characters/,
      ],
      [
        'a name of 256 characters',
        { name: 'a'.repeat(256), categoryId: 1 },
        /name must be a string of 1 to 255 characters/,
      ],
      [
        'a name of 256 emoji',
        { name: '🐕'.repeat(256), categoryId: 1 },
        /name must be a string of 1 to 255/,
      ],
      ['a numeric name', { name: 5, categoryId: 1 }, /name must be a string .*got the number 5/],
      ['a null name', { name: null, categoryId: 1 }, /name must be a string/],
      [
        'a missing categoryId',
        { name: 'Rex' },
        /categoryId is required: an integer from -9223372036854775808 to 9223372036854775807/,
      ],
      [
        'a string categoryId',
        { name: 'Rex', categoryId: '5' },
        /categoryId must be an integer .*got the string "5"/,
      ],
      [
        'a fractional categoryId',
        { name: 'Rex', categoryId: 5.5 },
        /categoryId must be an integer/,
      ],
      [
        'a boolean categoryId',
        { name: 'Rex', categoryId: true },
        /categoryId must be an integer .*got the boolean true/,
      ],
      ['a null categoryId', { name: 'Rex', categoryId: null }, /categoryId must be an integer/],
      [
        'an object categoryId',
        { name: 'Rex', categoryId: { n: 1 } },
        /categoryId must be an integer/,
      ],
      [
        'a capitalised status',
        { name: 'Rex', categoryId: 1, status: 'Available' },
        /status must be one of available, pending, sold/,
      ],
      [
        'an unknown status',
        { name: 'Rex', categoryId: 1, status: 'lost' },
        /status must be one of available, pending, sold/,
      ],
      ['a null status', { name: 'Rex', categoryId: 1, status: null }, /status must be one of/],
      [
        'a client-chosen id',
        { id: 5, name: 'Rex', categoryId: 1 },
        /unknown property "id"; allowed: name, categoryId, status/,
      ],
      [
        'unknown properties',
        { name: 'Rex', categoryId: 1, colour: 'red', age: 2 },
        /unknown properties "colour", "age"/,
      ],
    ])('rejects %s with 400 VALIDATION_FAILED naming the field', async (_case, body, message) => {
      expectError(await createPet(body), 400, 'VALIDATION_FAILED', message);
    });

    it.each([
      ['9223372036854775808', 'one above int64'],
      ['-9223372036854775809', 'one below int64'],
      ['5.0', 'a fraction'],
      ['1e3', 'an exponent'],
      ['123456789012345678901234567890', 'a huge integer'],
    ])('rejects categoryId %s (%s)', async (categoryId) => {
      expectError(
        await createRaw(`{"name":"Rex","categoryId":${categoryId}}`),
        400,
        'VALIDATION_FAILED',
        /categoryId must be an integer/,
      );
    });

    it.each(['__proto__', 'constructor'])(
      'rejects a %s property instead of dropping it',
      async (key) => {
        expectError(
          await createRaw(`{"name":"Rex","categoryId":1,"${key}":{"x":1}}`),
          400,
          'VALIDATION_FAILED',
          new RegExp(`unknown property "${key}"`),
        );
      },
    );

    it('rejects a name holding a lone surrogate', async () => {
      expectError(
        await createRaw('{"name":"bad \\ud800 half","categoryId":1}'),
        400,
        'VALIDATION_FAILED',
        /name must be a string .*well-formed Unicode/,
      );
    });

    it.each([
      ['malformed JSON', '{"name":"Rex",'],
      ['single quotes', "{'name':'Rex','categoryId':1}"],
      ['trailing garbage', '{"name":"Rex","categoryId":1} x'],
      ['a duplicate key', '{"name":"Rex","name":"Max","categoryId":1}'],
    ])('rejects %s with 400 INVALID_JSON', async (_case, text) => {
      expectError(await createRaw(text), 400, 'INVALID_JSON', /not valid JSON/);
    });

    it('rejects bytes that are not UTF-8 with 400 INVALID_JSON', async () => {
      const bytes = Buffer.concat([
        Buffer.from('{"name":"'),
        Buffer.from([0xff, 0xfe]),
        Buffer.from('","categoryId":1}'),
      ]);
      expectError(await createRaw(bytes), 400, 'INVALID_JSON', /UTF-8/);
    });

    it.each([
      ['an array', '[{"name":"Rex","categoryId":1}]', /must be a JSON object; got an array/],
      ['a string', '"Rex"', /must be a JSON object/],
      ['null', 'null', /must be a JSON object; got null/],
      ['a number', '42', /must be a JSON object/],
    ])('rejects a body that is %s with 400', async (_case, text, message) => {
      expectError(await createRaw(text), 400, 'VALIDATION_FAILED', message);
    });

    it('rejects a missing body with 400', async () => {
      expectError(
        await api().post('/v1/pets').set(AUTH).set(JSON_TYPE),
        400,
        'VALIDATION_FAILED',
        /request body is required/,
      );
      expectError(
        await api().post('/v1/pets').set(AUTH),
        400,
        'VALIDATION_FAILED',
        /request body is required/,
      );
    });

    it.each([
      ['text/plain', '{"name":"Rex","categoryId":1}'],
      ['application/x-www-form-urlencoded', 'name=Rex&categoryId=1'],
      ['application/xml', '<pet/>'],
      ['application/json; charset=latin1', '{"name":"Rex","categoryId":1}'],
    ])('rejects a %s body with 415', async (type, text) => {
      expectError(
        await createRaw(text, { 'Content-Type': type }),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        /application\/json/,
      );
    });

    it('accepts application/json with a utf-8 charset', async () => {
      await createRaw('{"name":"Rex","categoryId":1}', {
        'Content-Type': 'application/json; charset=UTF-8',
      }).expect(201);
    });

    it('answers 413 above 16 KiB, and reads a body of exactly 16 KiB', async () => {
      const body = (size: number) => {
        const frame = '{"name":"","categoryId":1}';
        return `{"name":"${'a'.repeat(size - frame.length)}","categoryId":1}`;
      };
      expectError(await createRaw(body(16 * 1024 + 1)), 413, 'PAYLOAD_TOO_LARGE', /16 KiB/);
      // Exactly at the limit the body is read and validated: the name is too long, not the body.
      expectError(
        await createRaw(body(16 * 1024)),
        400,
        'VALIDATION_FAILED',
        /name must be a string of 1 to 255/,
      );
      // The largest valid pet, every character escaped as a surrogate pair, fits with room to
      // spare.
      const largest = `{"name":"${'\\ud83d\\udc15'.repeat(255)}","categoryId":-9223372036854775808,"status":"available"}`;
      expect(Buffer.byteLength(largest)).toBeLessThan(4 * 1024);
      await createRaw(largest).expect(201);
    });

    it('refuses a body nesting deeper than 32 levels with 400 before parsing it, whatever the depth', async () => {
      for (const depth of [33, 3_000, 5_000]) {
        const nested = `{"name":"Rex","categoryId":1,"extra":${'['.repeat(depth)}${']'.repeat(depth)}}`;
        expectError(
          await createRaw(nested),
          400,
          'VALIDATION_FAILED',
          /nests objects and arrays deeper than 32 levels/,
        );
      }
      // Brackets inside strings are text, not nesting.
      await createRaw(`{"name":"${'['.repeat(200)}","categoryId":1}`).expect(201);
    });

    it('refuses a body of more than 256 values with 400 before parsing it; commas and brackets in strings do not count', async () => {
      for (const extra of [
        '[' + '0,'.repeat(300) + '0]',
        '[' + '{},'.repeat(300) + '{}]',
        '{' + Array.from({ length: 300 }, (_, i) => `"k${i}":0`).join(',') + '}',
      ]) {
        expectError(
          await createRaw(`{"name":"Rex","categoryId":1,"extra":${extra}}`),
          400,
          'VALIDATION_FAILED',
          /holds more than 256 values/,
        );
      }
      const unknown = await createRaw(
        `{"name":"Rex","categoryId":1,"extra":[${'0,'.repeat(240)}0]}`,
      );
      expectError(unknown, 400, 'VALIDATION_FAILED', /unknown property "extra"/);
      await createRaw(`{"name":"${',{['.repeat(80)}","categoryId":1}`).expect(201);
    });

    it('gives 200 parallel creates 200 distinct ids, all readable', async () => {
      const responses = await Promise.all(
        Array.from({ length: 200 }, (_, i) => createPet({ name: `Parallel ${i}`, categoryId: i })),
      );
      expect(responses.map((response) => response.status)).toEqual(Array(200).fill(201));
      const ids = responses.map((response) => response.body.id);
      expect(new Set(ids).size).toBe(200);
      const sample = responses[137].body;
      expect((await api().get(`/v1/pets/${sample.id}`).set(AUTH).expect(200)).body).toEqual(sample);
    });
  });

  describe('listPets', () => {
    let soldIds: number[];

    beforeAll(async () => {
      soldIds = [];
      for (let i = 0; i < 3; i++)
        soldIds.push(
          (await createPet({ name: `Sold ${i}`, categoryId: 99, status: 'sold' }).expect(201)).body
            .id,
        );
    });

    it('returns a bare JSON array of Pet, 20 by default, in ascending id order', async () => {
      const response = await api().get('/v1/pets').set(AUTH).expect(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(Array.isArray(response.body)).toBe(true);
      expect(response.body).toHaveLength(20);
      const ids = response.body.map((pet: { id: number }) => pet.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      for (const pet of response.body)
        expect(Object.keys(pet)).toEqual(expect.arrayContaining(['id', 'name', 'categoryId']));
    });

    it.each([
      ['1', 1],
      ['5', 5],
      ['100', 100],
      ['007', 7],
    ])('honours limit=%s', async (limit, expected) => {
      const response = await api().get(`/v1/pets?limit=${limit}`).set(AUTH).expect(200);
      expect(response.body).toHaveLength(expected);
    });

    it('ignores a body sent with GET, and the kept-alive connection serves the next request', async () => {
      const listening = (server as unknown as Server).listen(0, '127.0.0.1');
      await once(listening, 'listening');
      const { port } = listening.address() as AddressInfo;
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const get = (body?: string) =>
        new Promise<{ status?: number; reused: boolean; text: string }>((resolve, reject) => {
          // Content-Length set by hand: Node's client sends a GET body unframed otherwise.
          const headers = {
            ...AUTH,
            ...JSON_TYPE,
            ...(body === undefined ? {} : { 'Content-Length': String(Buffer.byteLength(body)) }),
          };
          const request = http.request(
            { port, host: '127.0.0.1', path: '/v1/pets?limit=1', agent, headers },
            (response) => {
              let text = '';
              response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
              response.on('end', () =>
                resolve({ status: response.statusCode, reused: request.reusedSocket, text }),
              );
            },
          );
          request.on('error', reject);
          request.end(body);
        });
      try {
        const first = await get(`{"pad":"${'x'.repeat(4096)}"}`);
        const second = await get();
        expect(first).toMatchObject({ status: 200, reused: false });
        expect(second).toMatchObject({ status: 200, reused: true });
        expect(JSON.parse(second.text)).toHaveLength(1);
      } finally {
        agent.destroy();
        await new Promise((closed) => listening.close(closed));
      }
    });

    it('filters by status, keeping the order', async () => {
      const response = await api().get('/v1/pets?status=sold&limit=100').set(AUTH).expect(200);
      expect(response.body.length).toBeGreaterThanOrEqual(3);
      expect(response.body.every((pet: { status: string }) => pet.status === 'sold')).toBe(true);
      expect(response.body.map((pet: { id: number }) => pet.id)).toEqual(
        expect.arrayContaining(soldIds),
      );
      const pending = await api().get('/v1/pets?status=pending&limit=100').set(AUTH).expect(200);
      expect(pending.body.every((pet: { status: string }) => pet.status === 'pending')).toBe(true);
    });

    it.each([
      '0',
      '101',
      '-1',
      '1.5',
      'abc',
      '',
      '1e1',
      '0x10',
      ' 5',
      '5 ',
      '+5',
      '99999999999999999999',
    ])('rejects limit=%p with 400 VALIDATION_FAILED', async (limit) => {
      const response = await api()
        .get('/v1/pets')
        .query(`limit=${encodeURIComponent(limit)}`)
        .set(AUTH);
      expectError(response, 400, 'VALIDATION_FAILED', /limit must be an integer from 1 to 100/);
    });

    it('rejects a repeated limit', async () => {
      expectError(
        await api().get('/v1/pets?limit=5&limit=6').set(AUTH),
        400,
        'VALIDATION_FAILED',
        /limit must be .*given once/,
      );
    });

    it.each(['Sold', 'lost', ''])('rejects status=%p', async (status) => {
      expectError(
        await api().get(`/v1/pets?status=${status}`).set(AUTH),
        400,
        'VALIDATION_FAILED',
        /status must be one of available, pending, sold/,
      );
    });

    it('rejects unknown query parameters by name', async () => {
      expectError(
        await api().get('/v1/pets?limt=5').set(AUTH),
        400,
        'VALIDATION_FAILED',
        /unknown query parameter "limt"; allowed: limit, status/,
      );
    });

    it('refuses query parameters on createPet and getPet, which take none, by name, and creates nothing', async () => {
      const create = await api()
        .post('/v1/pets?status=sold&dryRun=1')
        .set(AUTH)
        .set(JSON_TYPE)
        .send('{"name":"Queried","categoryId":1}');
      expectError(
        create,
        400,
        'VALIDATION_FAILED',
        /^unknown query parameters "status", "dryRun"; this operation takes no query parameters\.$/,
      );
      const list = exactJson(
        (await api().get('/v1/pets?limit=100').set(AUTH).expect(200)).text,
      ) as { name: string }[];
      expect(list.map((pet) => pet.name)).not.toContain('Queried');
      expectError(
        await api().get('/v1/pets/1?verbose=true').set(AUTH),
        400,
        'VALIDATION_FAILED',
        /unknown query parameter "verbose"/,
      );
      // The key still comes first.
      expectError(
        await api().post('/v1/pets?status=sold').set(JSON_TYPE).send('{}'),
        401,
        'UNAUTHORIZED',
      );
    });
  });

  describe('getPet (deprecated)', () => {
    const expectDeprecationHeaders = (response: request.Response) => {
      expect(response.headers.deprecation).toMatch(/^@\d+$/);
      expect(Number(response.headers.deprecation.slice(1))).toBeLessThan(
        Date.UTC(2030, 11, 5) / 1000,
      );
      expect(response.headers.sunset).toBe(SUNSET);
      expect(response.headers.link).toMatch(/<[^>]*\/docs[^>]*>; rel="deprecation"/);
      expect(response.headers.link).toContain('</v1/pets>; rel="alternate"');
    };

    it('returns the pet with Deprecation, Sunset and Link headers', async () => {
      const created = await createPet({ name: 'Old API', categoryId: 5, status: 'pending' }).expect(
        201,
      );
      const response = await api().get(`/v1/pets/${created.body.id}`).set(AUTH).expect(200);
      expect(response.body).toEqual(created.body);
      expectDeprecationHeaders(response);
    });

    it('marks its error responses as deprecated too', async () => {
      const unauthorized = await api().get('/v1/pets/1');
      expectError(unauthorized, 401, 'UNAUTHORIZED');
      expectDeprecationHeaders(unauthorized);
      const missing = await api().get('/v1/pets/9223372036854775807').set(AUTH);
      expectError(missing, 404, 'NOT_FOUND', /No pet with id 9223372036854775807/);
      expectDeprecationHeaders(missing);
      const invalid = await api().get('/v1/pets/abc').set(AUTH);
      expectError(invalid, 400, 'VALIDATION_FAILED');
      expectDeprecationHeaders(invalid);
      // A URL the router cannot percent-decode is answered before any route, so before the
      // middleware: the document declares the headers not required on a 400.
      const undecodable = await api().get('/v1/pets/%E0%A4%A').set(AUTH);
      expectError(undecodable, 400, 'VALIDATION_FAILED');
      expect(undecodable.headers.deprecation).toBeUndefined();
    });

    it('marks getPet whichever path the router takes for it: any case, a trailing slash', async () => {
      const created = await createPet({ name: 'Any case', categoryId: 6 }).expect(201);
      // Not the document's spelling of the path, so past the contract checker.
      for (const path of [`/V1/PETS/${created.body.id}`, `/v1/pets/${created.body.id}/`]) {
        const response = await request(server).get(path).set(AUTH).expect(200);
        expect(response.body).toEqual(created.body);
        expectDeprecationHeaders(response);
      }
      const deeper = await request(server).get(`/v1/pets/${created.body.id}/owner`).set(AUTH);
      expect(deeper.status).toBe(404);
      expect(deeper.headers.deprecation).toBeUndefined();
      // An absolute-form target, as a client speaking through a forward proxy sends it.
      const listening = (server as unknown as Server).listen(0, '127.0.0.1');
      await once(listening, 'listening');
      try {
        const { port } = listening.address() as AddressInfo;
        const path = `http://127.0.0.1:${port}/v1/pets/${created.body.id}`;
        const absolute = await new Promise<http.IncomingMessage>((resolve, reject) =>
          http
            .get({ port, host: '127.0.0.1', path, headers: AUTH, agent: false }, resolve)
            .on('error', reject),
        );
        absolute.resume();
        expect(absolute.statusCode).toBe(200);
        expect(absolute.headers.sunset).toBe(SUNSET);
      } finally {
        await new Promise((closed) => listening.close(closed));
      }
    });

    it('does not mark the other operations', async () => {
      const response = await api().get('/v1/pets').set(AUTH).expect(200);
      expect(response.headers.deprecation).toBeUndefined();
      expect(response.headers.sunset).toBeUndefined();
    });

    it.each([
      'abc',
      '1.5',
      '1e3',
      '0x10',
      '9223372036854775808',
      '-9223372036854775809',
      '%20',
      '1%200',
    ])('rejects petId %p with 400 VALIDATION_FAILED', async (petId) => {
      expectError(
        await api().get(`/v1/pets/${petId}`).set(AUTH),
        400,
        'VALIDATION_FAILED',
        /petId must be an integer from -9223372036854775808 to 9223372036854775807/,
      );
    });

    it.each(['0', '-1', '424242', '-9223372036854775808'])(
      'answers 404 NOT_FOUND for the unknown id %s',
      async (petId) => {
        expectError(
          await api().get(`/v1/pets/${petId}`).set(AUTH),
          404,
          'NOT_FOUND',
          new RegExp(`No pet with id ${petId}`),
        );
      },
    );
  });

  describe('persistence', () => {
    it('keeps pets across a restart on the same database', async () => {
      const url = await database.create();
      const first = await startApp(url);
      const created = await contract
        .agent(first.getHttpServer())
        .post('/v1/pets')
        .set(AUTH)
        .set(JSON_TYPE)
        .send('{"name":"Survivor 🐢","categoryId":9223372036854775807}')
        .expect(201);
      await first.close();
      const second = await startApp(url);
      try {
        const fetched = await contract
          .agent(second.getHttpServer())
          .get(created.headers.location)
          .set(AUTH)
          .expect(200);
        expect(fetched.text).toBe(created.text);
        const next = await contract
          .agent(second.getHttpServer())
          .post('/v1/pets')
          .set(AUTH)
          .set(JSON_TYPE)
          .send('{"name":"Next","categoryId":1}')
          .expect(201);
        expect(next.body.id).toBeGreaterThan(created.body.id);
      } finally {
        await second.close();
      }
    });
  });

  describe('routing', () => {
    it.each([
      ['put', '/v1/pets', 'GET, HEAD, POST'],
      ['delete', '/v1/pets', 'GET, HEAD, POST'],
      ['patch', '/v1/pets', 'GET, HEAD, POST'],
      ['delete', '/v1/pets/1', 'GET, HEAD'],
      ['put', '/v1/pets/1', 'GET, HEAD'],
      ['post', '/v1/pets/1', 'GET, HEAD'],
    ] as const)('%s %s is 405 METHOD_NOT_ALLOWED with Allow: %s', async (method, path, allow) => {
      const response = await api()[method](path).set(AUTH);
      expectError(response, 405, 'METHOD_NOT_ALLOWED');
      expect(response.headers.allow).toBe(allow);
    });

    it.each(['/', '/pets', '/v1', '/v2/pets', '/v1/pets/1/toys', '/v1/orders'])(
      'answers the unknown path %s with a JSON 404',
      async (path) => {
        expectError(await api().get(path).set(AUTH), 404, 'NOT_FOUND');
      },
    );

    it('answers a URL that cannot be decoded with a JSON 400', async () => {
      expectError(await api().get('/v1/pets/%E0%A4%A').set(AUTH), 400, 'VALIDATION_FAILED');
    });

    it('bounds how long a client may take (headers 10 s, a request 30 s, idle keep-alive 65 s) and how many connections stay open', () => {
      expect(app.getHttpServer()).toMatchObject({
        headersTimeout: 10_000,
        requestTimeout: 30_000,
        keepAliveTimeout: 65_000,
        connectionsCheckingInterval: 500,
        maxConnections: 10_000,
      });
    });

    it('sends no X-Powered-By header', async () => {
      const response = await api().get('/v1/pets').set(AUTH).expect(200);
      expect(response.headers['x-powered-by']).toBeUndefined();
    });
  });
});

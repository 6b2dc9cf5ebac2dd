import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { ModulesContainer } from '@nestjs/core';
import request from 'supertest';
import { declaredScope, scopeOfMethod } from '../src/common/auth/api-key-scope.js';
import { eventTypes } from '../src/events/event-catalog.js';
import { ContractChecker } from './support/contract.js';
import { startApp } from './support/test-app.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const committed = () => JSON.parse(readFileSync(`${ROOT}/openapi.json`, 'utf8'));

describe('OpenAPI document and Swagger UI', () => {
  let app: NestExpressApplication;
  let document: any;

  beforeAll(async () => {
    app = await startApp('sqlite::memory:');
    document = (await request(app.getHttpServer()).get('/openapi.json').expect(200)).body;
  });

  afterAll(() => app?.close());

  it('is served at /openapi.json without a key, and equals the committed openapi.json (npm run openapi)', async () => {
    const response = await request(app.getHttpServer()).get('/openapi.json').expect(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body).toEqual(committed());
  });

  it('serves Swagger UI at /docs without a key, with its assets from the service itself', async () => {
    const page = await request(app.getHttpServer()).get('/docs').expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).not.toMatch(/(src|href)="https?:/);
    for (const asset of page.text.match(/(?<=(src|href)=")[^"]+(?=")/g) ?? []) {
      await request(app.getHttpServer())
        .get(new URL(asset, 'http://host/docs').pathname)
        .expect(200);
    }
    const init = await request(app.getHttpServer()).get('/docs/swagger-ui-init.js').expect(200);
    expect(init.text).toContain('"deepLinking": true');
  });

  it('describes the API, version 1.0.0, with servers ending in /v1 and paths relative to them', () => {
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info).toMatchObject({ title: 'Petstore', version: '1.0.0' });
    expect(document.info.description).toMatch(/Bearer/);
    expect(document.info.description).toMatch(/\{code, message, status\}/);
    expect(document.servers).toEqual([
      // PUBLIC_BASE_URL unset: relative to where the document is served, never a localhost address.
      { url: '/v1', description: 'Production' },
      { url: 'https://staging.petstore.example/v1', description: 'Staging' },
    ]);
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/pets', '/pets/{petId}']));
    for (const path of Object.keys(document.paths)) expect(path).not.toMatch(/^\/v1\//);
  });

  it('names the operations and marks getPet deprecated, with its headers, date and replacement', () => {
    expect(document.paths['/pets'].get.operationId).toBe('listPets');
    expect(document.paths['/pets'].post.operationId).toBe('createPet');
    const getPet = document.paths['/pets/{petId}'].get;
    expect(getPet).toMatchObject({ operationId: 'getPet', deprecated: true });
    expect(getPet.description).toContain('5 December 2030');
    expect(getPet.description).toContain('GET /pets');
    expect(getPet.description).toContain('status');
    for (const [status, response] of Object.entries<any>(getPet.responses)) {
      // Node answers a 431 itself, before the request reaches the service.
      if (status !== '431')
        expect(Object.keys(response.headers)).toEqual(
          expect.arrayContaining(['Deprecation', 'Sunset', 'Link']),
        );
    }
    expect(document.paths['/pets'].get.deprecated).toBeUndefined();
  });

  it('has one http bearer scheme, applied to every operation', () => {
    expect(document.components.securitySchemes).toEqual({
      bearer: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    });
    // Declared per controller (@ApiKeyAuth()), so check every operation of every module.
    for (const item of Object.values<any>(document.paths)) {
      for (const operation of Object.values<any>(item))
        expect(operation.security).toEqual([{ bearer: [] }]);
    }
  });

  it('declares PetStatus, NewPet, Pet and Error with types, formats, limits and codes', () => {
    const { PetStatus, NewPet, Pet, Error } = document.components.schemas;
    expect(PetStatus).toEqual({ type: 'string', enum: ['available', 'pending', 'sold'] });
    expect(NewPet.required).toEqual(['name', 'categoryId']);
    expect(NewPet.additionalProperties).toBe(false);
    expect(NewPet.properties.name).toMatchObject({ type: 'string', minLength: 1, maxLength: 255 });
    expect(NewPet.properties.categoryId).toMatchObject({ type: 'integer', format: 'int64' });
    expect(JSON.stringify(NewPet.properties.status)).toContain('#/components/schemas/PetStatus');
    expect(Pet.required).toEqual(['id', 'name', 'categoryId']);
    expect(Pet.properties.id).toMatchObject({ type: 'integer', format: 'int64' });
    expect(Pet.properties.categoryId).toMatchObject({ type: 'integer', format: 'int64' });
    expect(Error.required).toEqual(['code', 'message', 'status']);
    // Codes are open (a module adds its own), so the schema constrains their form, not a list.
    expect(Error.properties.code).toMatchObject({ type: 'string', pattern: '^[A-Z][A-Z0-9_]*$' });
    expect(Error.properties.code.enum).toBeUndefined();
    expect(Error.properties.status.type).toBe('integer');
    for (const schema of [NewPet, Pet, Error]) {
      for (const property of Object.values<any>(schema.properties))
        if (!property.allOf) expect(property.example).toBeDefined();
    }
  });

  it('declares limit, status and petId as the spec does', () => {
    const parameters = document.paths['/pets'].get.parameters;
    expect(parameters.find((p: any) => p.name === 'limit')).toMatchObject({
      in: 'query',
      required: false,
      schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
    });
    expect(parameters.find((p: any) => p.name === 'status')).toMatchObject({
      in: 'query',
      required: false,
      schema: { $ref: '#/components/schemas/PetStatus' },
    });
    expect(parameters.find((p: any) => p.name === 'cursor')).toMatchObject({
      in: 'query',
      required: false,
      schema: { type: 'string' },
    });
    expect(parameters.find((p: any) => p.name === 'cursor').description).toMatch(
      /Link: rel="next"/,
    );
    expect(document.paths['/pets'].get.responses['200'].headers.Link).toMatchObject({
      required: false,
      schema: { type: 'string' },
    });
    expect(document.paths['/pets/{petId}'].get.parameters).toEqual([
      expect.objectContaining({
        name: 'petId',
        in: 'path',
        required: true,
        schema: { type: 'integer', format: 'int64' },
      }),
    ]);
  });

  it('bounds every list: an array answer holds at most its limit, and eventTypes at most every event type', () => {
    let lists = 0;
    for (const [path, item] of Object.entries<any>(document.paths))
      for (const operation of Object.values<any>(item)) {
        const body = operation?.responses?.['200']?.content?.['application/json']?.schema;
        if (body?.type !== 'array') continue;
        lists++;
        const limit = operation.parameters.find((p: any) => p.name === 'limit');
        expect({ path, maxItems: body.maxItems }).toEqual({ path, maxItems: limit.schema.maximum });
      }
    expect(lists).toBeGreaterThanOrEqual(5);
    // Every family's types, from the catalogue: a second family adds to them.
    const types = eventTypes().length;
    expect(types).toBeGreaterThanOrEqual(document.components.schemas.OrderEventType.enum.length);
    for (const name of ['NewWebhookEndpoint', 'UpdateWebhookEndpoint', 'WebhookEndpoint'])
      expect(document.components.schemas[name].properties.eventTypes.maxItems).toBe(types);
  });

  it('declares every response the spec lists and the ones the service adds, Location on 201', () => {
    const statuses = (operation: any) => Object.keys(operation.responses).sort();
    expect(statuses(document.paths['/pets'].get)).toEqual([
      '200',
      '400',
      '401',
      '417',
      '429',
      '431',
      '500',
      '503',
    ]);
    expect(statuses(document.paths['/pets'].post)).toEqual([
      '201',
      '400',
      '401',
      '403',
      '408',
      '409',
      '413',
      '415',
      '417',
      '422',
      '429',
      '431',
      '500',
      '503',
      '504',
    ]);
    expect(statuses(document.paths['/pets/{petId}'].get)).toEqual([
      '200',
      '400',
      '401',
      '404',
      '410',
      '417',
      '429',
      '431',
      '500',
      '503',
    ]);
    expect(document.paths['/pets'].post.responses['201'].headers.Location).toMatchObject({
      required: true,
    });
    expect(document.paths['/pets'].post.requestBody).toMatchObject({
      required: true,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/NewPet' } } },
    });
    const error = { $ref: '#/components/schemas/Error' };
    for (const item of Object.values<any>(document.paths)) {
      for (const operation of Object.values<any>(item)) {
        for (const [status, response] of Object.entries<any>(operation.responses)) {
          // HEAD answers have no body.
          if (Number(status) >= 400 && operation.operationId.endsWith('Head'))
            expect(response.content).toBeUndefined();
          else if (Number(status) >= 400)
            expect(response.content['application/json'].schema).toEqual(error);
        }
        expect(operation.responses['401'].headers['WWW-Authenticate']).toMatchObject({
          required: true,
        });
      }
    }
  });

  it('documents Idempotency-Key on createPet and createOrder: the header, the replay header, 409 and 422', () => {
    for (const operation of [document.paths['/pets'].post, document.paths['/store/orders'].post]) {
      expect(operation.parameters).toContainEqual(
        expect.objectContaining({
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          schema: expect.objectContaining({ type: 'string', minLength: 1, maxLength: 255 }),
        }),
      );
      expect(operation.responses['201'].headers['Idempotent-Replayed']).toMatchObject({
        schema: { type: 'string', enum: ['true'] },
      });
      expect(operation.responses['409'].content['application/json'].example.code).toBe(
        'IDEMPOTENCY_KEY_IN_USE',
      );
      expect(JSON.stringify(operation.responses['422'].content['application/json'])).toContain(
        'IDEMPOTENCY_KEY_REUSED',
      );
      expect(operation.responses['504'].content['application/json'].example.code).toBe(
        'OUTCOME_UNKNOWN',
      );
    }
    // createOrder has two 422s: one response, an example for each code.
    expect(
      Object.keys(
        document.paths['/store/orders'].post.responses['422'].content['application/json'].examples,
      ),
    ).toEqual(['PET_NOT_FOUND', 'IDEMPOTENCY_KEY_REUSED']);
    expect(
      document.paths['/pets'].get.parameters.map((parameter: any) => parameter.name),
    ).not.toContain('Idempotency-Key');
  });

  it('documents updateOrder and the conditional requests of orders: ETag, If-Match, If-None-Match, 304, 409, 412', () => {
    const order = document.paths['/store/orders/{orderId}'];
    const update = order.patch;
    expect(update.operationId).toBe('updateOrder');
    expect(Object.keys(update.requestBody.content)).toEqual([
      'application/merge-patch+json',
      'application/json',
    ]);
    for (const content of Object.values<any>(update.requestBody.content))
      expect(content.schema).toEqual({ $ref: '#/components/schemas/UpdateOrder' });
    const schema = document.components.schemas.UpdateOrder;
    expect(Object.keys(schema.properties)).toEqual(['status', 'shipDate', 'quantity', 'complete']);
    expect(schema).toMatchObject({
      additionalProperties: false,
      // OpenAPI 3.1: null is one of its types (3.0's `nullable` is gone).
      properties: { shipDate: { type: ['string', 'null'] } },
    });
    expect(Object.keys(update.responses).sort()).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '408',
      '409',
      '412',
      '413',
      '415',
      '417',
      '429',
      '431',
      '500',
      '503',
      '504',
    ]);
    for (const [operation, status] of [
      [update, '200'],
      [order.get, '200'],
      [order.get, '304'],
      [document.paths['/store/orders'].post, '201'],
    ])
      expect(operation.responses[status].headers.ETag).toMatchObject({
        required: true,
        schema: { type: 'string' },
      });
    expect(order.get.responses['304'].content).toBeUndefined();
    const header = (operation: any, name: string) =>
      operation.parameters.find(
        (parameter: any) => parameter.in === 'header' && parameter.name === name,
      );
    expect(header(update, 'If-Match')).toMatchObject({ required: false });
    expect(header(order.delete, 'If-Match')).toMatchObject({ required: false });
    expect(header(order.get, 'If-None-Match')).toMatchObject({ required: false });
    expect(Object.keys(update.responses['403'].content['application/json'].examples)).toEqual([
      'ORDER_MOVE_NOT_PERMITTED',
      'INSUFFICIENT_SCOPE',
    ]);
    for (const operation of [
      document.paths['/store/orders'].get,
      document.paths['/store/orders'].post,
      order.get,
      update,
      order.delete,
    ])
      expect(operation.description).toMatch(/Keys: .*(store|partner)/);
    for (const operation of [update, order.delete]) {
      expect(operation.responses['409'].content['application/json'].example.code).toBe(
        'ORDER_CHANGE_NOT_ALLOWED',
      );
      expect(operation.responses['412'].content['application/json'].example.code).toBe(
        'PRECONDITION_FAILED',
      );
    }
  });

  it('states on every operation the scope its key needs, and lists 403 INSUFFICIENT_SCOPE on the write operations', () => {
    const scopes: Record<string, string> = {};
    for (const item of Object.values<any>(document.paths))
      for (const operation of Object.values<any>(item)) {
        scopes[operation.operationId] = operation['x-api-key-scope'];
        expect(operation.description).toMatch(
          new RegExp(`Needs a key with the \`${operation['x-api-key-scope']}\` scope`),
        );
        const forbidden = operation.responses['403'];
        if (operation['x-api-key-scope'] === 'write') {
          const content = forbidden.content['application/json'];
          // updateOrder documents a 403 of its own (a partner key moving an order): one example per
          // code.
          const codes = content.example ? [content.example.code] : Object.keys(content.examples);
          expect(codes).toContain('INSUFFICIENT_SCOPE');
          expect(forbidden.headers['WWW-Authenticate']).toMatchObject({
            required: codes.length === 1,
          });
        } else expect(forbidden).toBeUndefined();
      }
    // The rule, not a list: what a handler declares (RequiresScope), else read for GET and HEAD
    // and write for every other method, so a new operation is checked without an edit here.
    const declared = new Map<string, string>();
    for (const module of app.get(ModulesContainer).values())
      for (const { metatype } of module.controllers.values())
        for (const name of Object.getOwnPropertyNames(metatype?.prototype ?? {})) {
          const handler = metatype?.prototype[name];
          const operationId = Reflect.getMetadata('swagger/apiOperation', handler)?.operationId;
          const scope = typeof handler === 'function' ? declaredScope(handler) : undefined;
          if (operationId && scope) declared.set(operationId, scope);
        }
    const expected: Record<string, string> = {};
    for (const item of Object.values<any>(document.paths))
      for (const [method, operation] of Object.entries<any>(item))
        expected[operation.operationId] =
          declared.get(operation.operationId.replace(/Head$/, '')) ??
          scopeOfMethod(method.toUpperCase());
    expect(scopes).toEqual(expected);
    expect(new Set(Object.values(scopes))).toEqual(new Set(['read', 'write']));
  });

  it('passes the Redocly linter with zero errors', () => {
    const lint = spawnSync(
      `${ROOT}/node_modules/.bin/redocly`,
      ['lint', 'openapi.json', '--format', 'stylish'],
      { cwd: ROOT, encoding: 'utf8' },
    );
    expect(`${lint.stdout}${lint.stderr}`).not.toMatch(/\berror\b/i);
    expect(lint.status).toBe(0);
  });

  it('takes its servers from PUBLIC_BASE_URL and STAGING_BASE_URL', async () => {
    const custom = await startApp('sqlite::memory:', {
      PUBLIC_BASE_URL: 'https://api.petstore.test',
      STAGING_BASE_URL: 'https://staging.petstore.test/v1/',
    });
    try {
      const served = (await request(custom.getHttpServer()).get('/openapi.json').expect(200)).body;
      expect(served.servers.map((server: { url: string }) => server.url)).toEqual([
        'https://api.petstore.test/v1',
        'https://staging.petstore.test/v1',
      ]);
    } finally {
      await custom.close();
    }
  });

  describe('the contract check used by the e2e suites', () => {
    let checker: ContractChecker;
    const pet = { id: 1, name: 'Rex', categoryId: 2 };
    // What every answer to a key carries: the request id, the security headers and the rate limit.
    const everyAnswer = {
      'content-type': 'application/json',
      'x-request-id': 'id',
      'content-security-policy': "default-src 'none'",
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=1',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'ratelimit-policy': '"default";q=1;w=1',
      ratelimit: '"default";r=1;t=1',
    };
    const deprecation = { ...everyAnswer, deprecation: '@1', sunset: 'x', link: 'y' };
    const check = (
      method: string,
      url: string,
      status: number,
      body: unknown,
      headers: Record<string, string> = everyAnswer,
    ) => checker.violations(method, url, { status, body, headers } as unknown as request.Response);

    beforeAll(async () => {
      checker = await ContractChecker.fromServer(app.getHttpServer());
    });

    it('passes a conforming response', () => {
      expect(check('get', '/v1/pets/1', 200, pet, deprecation)).toEqual([]);
      expect(check('get', '/v1/pets?limit=5', 200, [pet])).toEqual([]);
    });

    it('flags an undeclared status', () => {
      expect(
        check('get', '/v1/pets', 404, { code: 'NOT_FOUND', message: 'x', status: 404 }),
      ).toEqual(['status 404 is not declared for listPets']);
    });

    it('flags a body that breaks the schema', () => {
      expect(check('get', '/v1/pets/1', 200, { id: 1, name: 'Rex' }, deprecation).join()).toMatch(
        /categoryId/,
      );
      expect(check('get', '/v1/pets', 200, [{ ...pet, status: 'lost' }]).join()).toMatch(
        /allowed values|enum/,
      );
      expect(
        check('post', '/v1/pets', 400, { code: 'oops!', message: 'x', status: 400 }).join(),
      ).toMatch(/code/);
    });

    it('flags a missing required header', () => {
      expect(check('get', '/v1/pets/1', 200, pet, everyAnswer).join()).toMatch(
        /required header Deprecation is missing/,
      );
      const { ratelimit: _left, ...withoutRateLimit } = everyAnswer;
      expect(check('get', '/v1/pets', 200, [pet], withoutRateLimit).join()).toMatch(
        /required header RateLimit is missing/,
      );
      expect(check('post', '/v1/pets', 201, pet).join()).toMatch(
        /required header Location is missing/,
      );
      // Link on listPets is optional: the last page has none.
      expect(check('get', '/v1/pets', 200, [pet])).toEqual([]);
    });

    it('holds responses outside every operation to the Error shape', () => {
      expect(
        check('delete', '/v1/pets/1', 405, {
          code: 'METHOD_NOT_ALLOWED',
          message: 'x',
          status: 405,
        }),
      ).toEqual([]);
      expect(check('get', '/nope', 404, '<html>')).toEqual(['body is not the Error shape']);
    });
  });
});

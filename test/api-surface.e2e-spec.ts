import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Application } from 'express';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { expectError } from './support/expect-error.js';
import { AUTH, startApp } from './support/test-app.js';

/**
 * Rules every route of every module keeps, with the routes taken from the served document and the
 * running application, so a new module is covered with no edit here.
 */
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

interface Operation {
  method: (typeof METHODS)[number];
  /** The path as served, under /v1, with its parameters filled in. */
  url: string;
  operationId: string;
}

/** Every operation of the document, its path parameters filled with a valid int64 (1). */
function operationsOf(document: any): Operation[] {
  // The production server may be relative to where the document is served (`/v1`).
  const base = new URL(document.servers[0].url, 'http://localhost').pathname;
  return Object.entries<any>(document.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({
      method,
      url: `${base}${path.replace(/\{[^}]+\}/g, '1')}`,
      operationId: item[method].operationId,
    })),
  );
}

/**
 * The routes Express serves, as "METHOD /path", each once: Nest registers each handler as a route,
 * and a middleware bound to a method and path with forRoutes as another (getPet's deprecation
 * headers).
 */
function servedRoutes(app: NestExpressApplication): string[] {
  const express = app.getHttpAdapter().getInstance() as Application;
  const stack = (
    express as unknown as { router: { stack: { route?: { path: string; methods: object } }[] } }
  ).router.stack;
  const routes = stack.flatMap((layer) =>
    layer.route
      ? Object.keys(layer.route.methods).map(
          (method) => `${method.toUpperCase()} ${layer.route!.path}`,
        )
      : [],
  );
  return [...new Set(routes)];
}

describe('every route of the API', () => {
  let app: NestExpressApplication;
  let server: App;
  let document: any;
  let operations: Operation[];

  beforeAll(async () => {
    app = await startApp('sqlite::memory:');
    server = app.getHttpServer();
    document = (await request(server).get('/openapi.json').expect(200)).body;
    operations = operationsOf(document);
  });

  afterAll(() => app?.close());

  it('is in the document, and every documented operation is served', () => {
    const documented = operations.map(({ method, url }) => `${method.toUpperCase()} ${url}`);
    const apiRoutes = servedRoutes(app).filter((route) => / \/v1\//.test(route));
    expect(apiRoutes.length).toBeGreaterThan(0);
    // Express paths name parameters (:petId); fill them as the document's are filled.
    expect(apiRoutes.map((route) => route.replace(/:[^/]+/g, '1')).sort()).toEqual(
      [...documented].sort(),
    );
    for (const operation of operations) expect(operation.operationId).toMatch(/^[a-z][A-Za-z]+$/);
  });

  it('needs an API key: 401 UNAUTHORIZED in the Error shape, with the Bearer challenge', async () => {
    for (const { method, url } of operations) {
      const response = await request(server)
        [method](url)
        .set('Content-Type', 'application/json')
        .send('{}');
      expectError(response, 401, 'UNAUTHORIZED');
      expect(response.headers['www-authenticate']).toBe('Bearer realm="petstore"');
    }
  });

  it('checks the key before routing under /v1: no 404, 405 or 400 reaches a client without a valid key', async () => {
    const unrouted = [
      '/v1',
      '/v1/no-such-resource',
      '/v1/pets/%E0%A4%A',
      ...operations.map(({ url }) => `${url}/no/such/child`),
    ];
    for (const url of unrouted) expectError(await request(server).get(url), 401, 'UNAUTHORIZED');
    for (const { url } of operations)
      expectError(
        await request(server).patch(url).set('Authorization', 'Bearer not-a-valid-key-at-all'),
        401,
        'UNAUTHORIZED',
      );
    // Outside /v1 there is nothing to protect: an unknown path is 404 with or without a key.
    expectError(await request(server).get('/no-such-resource'), 404, 'NOT_FOUND');
  });

  it("has no path another path's parameter also matches: Express would route one to the other's handlers", () => {
    // e.g. GET /suppliers/events beside PATCH /suppliers/{supplierId}: a PATCH of the feed would
    // reach the update handler (400 from its id pipe) instead of 405.
    const isParameter = (segment: string) => /^\{[^}]+\}$/.test(segment);
    const paths = Object.keys(document.paths).map((path) => path.split('/'));
    const overlapping = paths.flatMap((path, index) =>
      paths
        .slice(index + 1)
        .filter(
          (other) =>
            other.length === path.length &&
            path.every(
              (segment, at) =>
                segment === other[at] || isParameter(segment) || isParameter(other[at]),
            ),
        )
        .map((other) => `${path.join('/')} and ${other.join('/')}`),
    );
    expect(overlapping).toEqual([]);
  });

  it('answers a method it does not serve with 405 METHOD_NOT_ALLOWED and Allow', async () => {
    const paths = Object.keys(document.paths);
    for (const path of paths) {
      const url = operations.find((operation) =>
        operation.url.endsWith(path.replace(/\{[^}]+\}/g, '1')),
      )!.url;
      const served = METHODS.filter((method) => document.paths[path][method]);
      const allow = served
        .flatMap((method) => (method === 'get' ? ['GET', 'HEAD'] : [method.toUpperCase()]))
        .sort();
      for (const method of METHODS.filter((candidate) => !served.includes(candidate))) {
        const response = await request(server)[method](url).set(AUTH);
        expectError(response, 405, 'METHOD_NOT_ALLOWED');
        expect(response.headers.allow).toBe(allow.join(', '));
      }
    }
  });

  it('answers an unknown path, below or beside every route, with 404 NOT_FOUND', async () => {
    const unknown = [
      '/v1/no-such-resource',
      '/no-such-resource',
      ...operations.map(({ url }) => `${url}/no/such/child`),
    ];
    for (const url of unknown)
      expectError(await request(server).get(url).set(AUTH), 404, 'NOT_FOUND');
  });

  it('declares the Error shape for every error response, and 400, 401, 429, 500 and 503 on every operation', () => {
    for (const item of Object.values<any>(document.paths)) {
      for (const method of METHODS.filter((candidate) => item[candidate])) {
        const responses = item[method].responses;
        expect(Object.keys(responses)).toEqual(
          expect.arrayContaining(['400', '401', '429', '500', '503']),
        );
        for (const [status, response] of Object.entries<any>(responses)) {
          if (Number(status) >= 400)
            expect(response.content['application/json'].schema).toEqual({
              $ref: '#/components/schemas/Error',
            });
        }
      }
    }
  });
});

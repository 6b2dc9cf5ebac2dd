import { fileURLToPath } from 'node:url';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { freePort } from './support/free-port.js';
import { spawnUntil, type Spawned } from './support/spawn-until.js';
import { AUTH, startApp } from './support/test-app.js';
import { listenApp } from '../src/app.setup.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * Stoplight Prism as a validating proxy (`prism proxy openapi.json <service> --errors`) in front of
 * the real service: the happy-path traffic of every operation passes through it, and any request or
 * response violation it reports fails the test. Prism treats int64 as a JS safe integer, so the
 * values sent here stay below 2^53; exact int64 values are covered by the e2e contract checks.
 */
describe('Prism validating proxy', () => {
  let app: NestExpressApplication;
  let prism: Spawned;
  let proxy: string;

  beforeAll(async () => {
    const appPort = await freePort();
    app = await startApp('sqlite::memory:');
    await listenApp(app, appPort, '127.0.0.1');
    const prismPort = await freePort();
    proxy = `http://127.0.0.1:${prismPort}`;
    prism = await spawnUntil(
      `${ROOT}/node_modules/.bin/prism`,
      [
        'proxy',
        `${ROOT}/openapi.json`,
        `http://127.0.0.1:${appPort}/v1`,
        '--errors',
        '--host',
        '127.0.0.1',
        '--port',
        String(prismPort),
      ],
      { env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } },
      'Prism is listening',
    );
  }, 60_000);

  afterAll(async () => {
    prism?.child.kill();
    await app?.close();
  });

  const call = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${proxy}${path}`, {
      ...init,
      headers: { ...AUTH, 'Content-Type': 'application/json', ...init.headers },
    });
    const text = await response.text();
    expect({
      path,
      violations: response.headers.get('sl-violations'),
      type: response.headers.get('content-type'),
    }).toEqual({
      path,
      violations: null,
      type: expect.stringMatching(/^application\/json/),
    });
    return { status: response.status, headers: response.headers, body: JSON.parse(text) };
  };

  it('passes every operation of the happy path without a violation', async () => {
    const created = await call('/pets', {
      method: 'POST',
      body: JSON.stringify({ name: 'Rex 🐕', categoryId: 9007199254740991, status: 'available' }),
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe(`/v1/pets/${created.body.id}`);
    const plain = await call('/pets', {
      method: 'POST',
      body: JSON.stringify({ name: 'No status', categoryId: -3 }),
    });
    expect(plain.status).toBe(201);

    const listed = await call('/pets');
    expect(listed.status).toBe(200);
    expect(listed.body.map((pet: { id: number }) => pet.id)).toEqual([
      created.body.id,
      plain.body.id,
    ]);
    const filtered = await call('/pets?status=available&limit=5');
    expect(filtered.body).toEqual([created.body]);
    const firstPage = await call('/pets?limit=1');
    const next = /^<\/v1(\/pets\?[^>]+)>; rel="next"$/.exec(
      firstPage.headers.get('link') ?? '',
    )?.[1];
    expect(next).toBeDefined();
    expect((await call(next!)).body).toEqual([plain.body]);

    const fetched = await call(`/pets/${created.body.id}`);
    expect(fetched.status).toBe(200);
    expect(fetched.body).toEqual(created.body);
    expect(fetched.headers.get('sunset')).toBe('Thu, 05 Dec 2030 00:00:00 GMT');

    expect(prism.output()).toContain('Forwarding "post" request');
    expect(prism.output()).not.toMatch(/violation|✖|error/i);
  });
});

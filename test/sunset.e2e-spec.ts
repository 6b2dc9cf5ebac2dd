import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { Clock } from '../src/common/time/clock.js';
import { ContractChecker } from './support/contract.js';
import { expectError } from './support/expect-error.js';
import { AUTH, startApp } from './support/test-app.js';
import { testDatabases } from './support/test-databases.js';

const SUNSET = Date.UTC(2030, 11, 5);

/** A clock the test moves; the service reads it on every request, as it reads the real one. */
class MovableClock extends Clock {
  at = Date.now();
  override now(): number {
    return this.at;
  }
}

describe.each(testDatabases())('getPet on its sunset date, on $name', (database) => {
  let app: NestExpressApplication;
  let server: App;
  let contract: ContractChecker;
  const clock = new MovableClock();
  const api = () => contract.agent(server);

  beforeAll(async () => {
    app = await startApp(await database.create(), {}, { clock });
    server = app.getHttpServer();
    contract = await ContractChecker.fromServer(server);
    await api()
      .post('/v1/pets')
      .set(AUTH)
      .set('Content-Type', 'application/json')
      .send('{"name":"Rex","categoryId":1}')
      .expect(201);
  });

  afterAll(async () => {
    await app?.close();
    await database.dropAll();
  });

  it('answers until the last millisecond before the sunset, then 410 GONE in the same process, naming the replacement', async () => {
    clock.at = SUNSET - 1;
    const before = await api().get('/v1/pets/1').set(AUTH).expect(200);
    expect(before.headers.sunset).toBe('Thu, 05 Dec 2030 00:00:00 GMT');
    expect(before.headers.deprecation).toBe('@1795305600');

    clock.at = SUNSET;
    const gone = await api().get('/v1/pets/1').set(AUTH);
    expectError(
      gone,
      410,
      'GONE',
      /^getPet was removed on Thu, 05 Dec 2030 00:00:00 GMT, as its Sunset header announced: use GET \/v1\/pets with the status filter instead \(Link rel="alternate"\)\.$/,
    );
    expect(gone.headers.link).toContain('</v1/pets>; rel="alternate"');
    expect(gone.headers.sunset).toBe('Thu, 05 Dec 2030 00:00:00 GMT');
    // Every getPet is gone, whatever the id: the operation, not the pet.
    expectError(await api().get('/v1/pets/424242').set(AUTH), 410, 'GONE');
    expectError(await api().get('/v1/pets/abc').set(AUTH), 410, 'GONE');
    // HEAD has no body to check against the document.
    expect((await request(server).head('/v1/pets/1').set(AUTH)).status).toBe(410);
  });

  it('still checks the key first after the sunset: no key or a wrong one is 401', async () => {
    clock.at = SUNSET + 86_400_000;
    expectError(await api().get('/v1/pets/1'), 401, 'UNAUTHORIZED');
    expectError(
      await api().get('/v1/pets/1').set('Authorization', 'Bearer not-a-key-0123456789'),
      401,
      'UNAUTHORIZED',
    );
  });

  it('leaves listPets and createPet as they are after the sunset', async () => {
    clock.at = SUNSET + 86_400_000;
    const listed = await api().get('/v1/pets?limit=5').set(AUTH).expect(200);
    expect(listed.body.map((pet: { name: string }) => pet.name)).toContain('Rex');
    expect(listed.headers.sunset).toBeUndefined();
    await api()
      .post('/v1/pets')
      .set(AUTH)
      .set('Content-Type', 'application/json')
      .send('{"name":"After","categoryId":1}')
      .expect(201);
  });
});

import type { NestExpressApplication } from '@nestjs/platform-express';
import { setTimeout as sleep } from 'node:timers/promises';
import request from 'supertest';
import { RENDER_REUSE_MS } from '../src/metrics/metrics.service.js';
import { describeWith, REDIS } from './support/optional-suites.js';
import { RedisServer } from './support/redis-server.js';
import { AUTH, OTHER_API_KEY, startApp } from './support/test-app.js';

// Runs when redis-server is installed (with CI=true it must be: optional-suites.ts).
const describeWithRedis = describeWith(RedisServer.available(), REDIS);

const metricValue = async (app: NestExpressApplication, name: string): Promise<number> => {
  // Past the last rendering's reuse: the value now, not as it was at the last scrape.
  await sleep(RENDER_REUSE_MS + 50);
  const text = (await request(app.getHttpServer()).get('/metrics').set(AUTH).expect(200)).text;
  const line = text.split('\n').find((entry) => entry.startsWith(`${name} `));
  return Number(line?.split(' ')[1]);
};

describeWithRedis('rate limits shared in Redis (REDIS_URL; Redis from Debian)', () => {
  let redis: RedisServer;
  let first: NestExpressApplication;
  let second: NestExpressApplication;
  const get = (app: NestExpressApplication, auth = AUTH) =>
    request(app.getHttpServer()).get('/v1/pets').set(auth);
  // A key the first test leaves within its limit: the spent one stays refused by each instance
  // until its window ends, whatever happens to Redis meanwhile.
  const OTHER = { Authorization: `Bearer ${OTHER_API_KEY}` };

  beforeAll(async () => {
    redis = await RedisServer.start();
    const env = { REDIS_URL: redis.url, RATE_LIMIT: '10', RATE_LIMIT_WINDOW: '60' };
    // Two instances on one database, as behind a load balancer.
    first = await startApp('sqlite::memory:', env);
    second = await startApp('sqlite::memory:', env);
  });

  afterAll(async () => {
    await first?.close();
    await second?.close();
    await redis?.stop();
  });

  it('holds the limit across both instances together, and each refuses the spent key until its window ends', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await get(first)).status, (await get(second)).status);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429]);
    const refused = await get(first);
    expect(refused.status).toBe(429);
    expect(refused.headers['ratelimit']).toMatch(/^"default";r=0;t=\d+$/);
    expect(await metricValue(first, 'rate_limit_store_up')).toBe(1);
    // Redis gone, the spent key is still refused (its window has not ended).
    await redis.stop();
    try {
      expect((await get(first)).status).toBe(429);
    } finally {
      await redis.resume();
    }
  });

  it('keeps answering while Redis is down or hung, counting in each instance, and shares counts again once it is back', async () => {
    await redis.stop();
    // This window is new to the instance's own counters: the requests are served.
    const whileDown = await get(first, OTHER);
    expect(whileDown.status).toBe(200);
    expect(await metricValue(first, 'rate_limit_store_up')).toBe(0);
    expect(await metricValue(first, 'rate_limit_store_errors_total')).toBeGreaterThanOrEqual(1);

    await redis.resume();
    // ioredis reconnects with backoff (at most 2 s apart).
    const deadline = Date.now() + 10_000;
    let back = await get(second, OTHER);
    while (
      back.headers['ratelimit'] === undefined ||
      (await metricValue(second, 'rate_limit_store_up')) !== 1
    ) {
      if (Date.now() > deadline) throw new Error('the instance did not count in Redis again');
      await new Promise((wait) => setTimeout(wait, 200));
      back = await get(second, OTHER);
    }
    // Redis restarted empty: the shared window started again, and both instances count in it.
    expect([200, 429]).toContain(back.status);

    redis.freeze();
    try {
      const started = Date.now();
      const whileHung = await get(first, OTHER);
      expect(whileHung.status).not.toBe(500);
      // REDIS_COMMAND_TIMEOUT_MS (250 ms) gives up; without it the request would wait for the thaw.
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      redis.thaw();
    }
  }, 30_000);
});

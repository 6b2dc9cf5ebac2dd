import { jest } from '@jest/globals';
import type { ExecutionContext } from '@nestjs/common';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host.js';
import type { ThrottlerModuleOptions } from '@nestjs/throttler';
import type { AppConfig } from '../../config/app.config.js';
import type { ValidApiKey } from '../auth/api-key.guard.js';
import { AppException } from '../errors/app.exception.js';
import { RouteMetadataReflector } from '../memo/route-metadata.js';
import { RateLimits } from './rate-limits.js';

// @nestjs/throttler is CommonJS requiring NestJS's ES modules: it is imported once the imports above
// have loaded @nestjs/common, as the unit project preloads nothing (docs/testing.md says why).
const { SkipThrottle, Throttle } = await import('@nestjs/throttler');
const { FixedWindowStorage } = await import('./fixed-window.storage.js');
const { RateLimitGuard } = await import('./rate-limit.guard.js');
type FixedWindowStorage = InstanceType<typeof FixedWindowStorage>;
type RateLimitGuard = InstanceType<typeof RateLimitGuard>;

class PetsController {
  list(): void {}

  @Throttle({ default: { limit: 2, ttl: 10_000 } })
  create(): void {}

  @SkipThrottle()
  metrics(): void {}

  // A setting given as a function, resolved per request.
  @Throttle({ default: { limit: () => 1, ttl: 10_000 } })
  search(): void {}
}

type Route = 'list' | 'create' | 'metrics' | 'search';

const OPTIONS: ThrottlerModuleOptions = {
  throttlers: [{ name: 'default', limit: 3, ttl: 60_000 }],
};
const CONFIG = { rateLimit: 3, rateLimitWindowSeconds: 60 } as AppConfig;
const KEY: ValidApiKey = { id: 'k1', name: 'ci', scope: 'write' } as ValidApiKey;
const OTHER_KEY: ValidApiKey = { id: 'k3', name: 'ops', scope: 'write' } as ValidApiKey;
const LIMITED_KEY: ValidApiKey = {
  id: 'k2',
  name: 'partner',
  scope: 'write',
  rateLimit: 1,
} as ValidApiKey;

interface Outcome {
  allowed?: boolean;
  refused?: { status: number; message: string; headers: Record<string, string> };
  headers: Record<string, unknown>;
}

describe('RateLimitGuard', () => {
  /** The last guard's: what the admission listener reads of the keys past their limit. */
  let rateLimits: RateLimits;

  async function makeGuard(options: ThrottlerModuleOptions = OPTIONS): Promise<RateLimitGuard> {
    const storage = new FixedWindowStorage();
    rateLimits = new RateLimits(CONFIG, storage);
    const guard = new RateLimitGuard(options, storage, new RouteMetadataReflector(), rateLimits);
    await guard.onModuleInit();
    return guard;
  }

  /** What the guard answers for one request to a route: allowed or 429, and the headers it set. */
  async function ask(
    guard: RateLimitGuard,
    route: Route,
    apiKey: ValidApiKey | undefined,
    userAgent = 'curl/8.14.1',
  ): Promise<Outcome> {
    const headers = new Map<string, unknown>();
    const response = {
      getHeader: (name: string) => headers.get(name),
      setHeader: (name: string, value: unknown) => headers.set(name, value),
    };
    const handler: unknown = Reflect.get(PetsController.prototype, route);
    const request = { apiKey, headers: { 'user-agent': userAgent } };
    const context: ExecutionContext = new ExecutionContextHost(
      [request, response],
      PetsController,
      handler as () => void,
    );
    const outcome: Outcome = { headers: {} };
    try {
      outcome.allowed = await guard.canActivate(context);
    } catch (error) {
      if (!(error instanceof AppException)) throw error;
      outcome.refused = {
        status: error.getStatus(),
        message: error.message,
        headers: { ...error.headers },
      };
    }
    outcome.headers = Object.fromEntries(headers);
    return outcome;
  }

  beforeEach(() => {
    jest.useFakeTimers({ now: new Date('2026-11-26T12:00:00Z') });
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  it("counts each key's requests across routes, with the route's and the key's own limits", async () => {
    const guard = await makeGuard();
    const requests: Array<[Route, ValidApiKey | undefined]> = [
      ['list', KEY],
      ['list', KEY],
      ['metrics', KEY],
      ['list', KEY],
      ['list', KEY],
      ['list', undefined],
      ['create', OTHER_KEY],
      ['create', OTHER_KEY],
      ['create', OTHER_KEY],
      ['list', LIMITED_KEY],
      ['list', LIMITED_KEY],
    ];
    const seen: Outcome[] = [];
    for (const [route, apiKey] of requests) seen.push(await ask(guard, route, apiKey));
    expect(seen[0].headers).toEqual({
      'RateLimit-Policy': '"default";q=3;w=60',
      RateLimit: '"default";r=2;t=60',
    });
    // @SkipThrottle() and a request without a key are not counted.
    expect(seen[2]).toEqual({ allowed: true, headers: {} });
    expect(seen[3].headers).toEqual({
      'RateLimit-Policy': '"default";q=3;w=60',
      RateLimit: '"default";r=0;t=60',
    });
    expect(seen[4].refused).toEqual({
      status: 429,
      message: 'Too many requests: this API key made more than 3 requests in 60 s; retry in 60 s.',
      headers: { 'Retry-After': '60' },
    });
    expect(seen[5]).toEqual({ allowed: true, headers: {} });
    expect(seen[6].headers).toEqual({
      'RateLimit-Policy': '"default";q=2;w=10',
      RateLimit: '"default";r=1;t=10',
    });
    expect(seen[8].refused).toMatchObject({ status: 429, headers: { 'Retry-After': '10' } });
    expect(seen[9].headers).toEqual({
      'RateLimit-Policy': '"default";q=1;w=60',
      RateLimit: '"default";r=0;t=60',
    });
    expect(seen[10].refused?.status).toBe(429);
  });

  it('resolves a setting given as a function on each request', async () => {
    const guard = await makeGuard();
    expect(await ask(guard, 'search', KEY)).toMatchObject({
      allowed: true,
      headers: { 'RateLimit-Policy': '"default";q=1;w=10' },
    });
    expect((await ask(guard, 'search', KEY)).refused?.status).toBe(429);
  });

  it.each([
    ['the module', { ...OPTIONS, ignoreUserAgents: [/googlebot/i] }],
    [
      'a throttler',
      {
        throttlers: [{ name: 'default', limit: 3, ttl: 60_000, ignoreUserAgents: [/googlebot/i] }],
      },
    ],
  ])('leaves uncounted the user agents that %s ignores (ignoreUserAgents)', async (_, options) => {
    const guard = await makeGuard(options);
    for (let request = 0; request < 5; request++)
      expect(await ask(guard, 'list', KEY, 'Mozilla/5.0 (compatible; Googlebot/2.1)')).toEqual({
        allowed: true,
        headers: {},
      });
    // Other agents with the same key are counted from the first request.
    expect((await ask(guard, 'list', KEY)).headers).toMatchObject({
      RateLimit: '"default";r=2;t=60',
    });
  });

  it('sets no headers with setHeaders: false, and still refuses past the limit', async () => {
    const guard = await makeGuard({ ...OPTIONS, setHeaders: false });
    for (let request = 0; request < 3; request++)
      expect(await ask(guard, 'list', KEY)).toEqual({ allowed: true, headers: {} });
    expect((await ask(guard, 'list', KEY)).refused?.status).toBe(429);
  });

  it("takes the module's errorMessage for the 429 and a throttler's own tracker", async () => {
    const guard = await makeGuard({
      errorMessage: (_context, detail) => `${detail.totalHits} requests from everyone`,
      throttlers: [{ name: 'default', limit: 1, ttl: 60_000, getTracker: () => 'everyone' }],
    });
    expect((await ask(guard, 'list', KEY)).allowed).toBe(true);
    // Another key, the same tracker: the same counter.
    expect((await ask(guard, 'list', OTHER_KEY)).refused).toEqual({
      status: 429,
      message: 'Too many requests: 2 requests from everyone in 60 s; retry in 60 s.',
      headers: { 'Retry-After': '60' },
    });
  });

  it('tells the admission listener of a key past the limit every /v1 route gives it, until its window ends', async () => {
    const guard = await makeGuard();
    for (let i = 0; i < 3; i++) await ask(guard, 'list', KEY);
    expect(rateLimits.keyLimited(KEY.id)).toBeUndefined();
    expect((await ask(guard, 'list', KEY)).refused?.status).toBe(429);
    const reached = rateLimits.keyLimited(KEY.id)!;
    expect(reached).toMatchObject({ policy: 'default', limit: 3, windowMs: 60_000 });
    expect(rateLimits.tooManyAnswer(reached)).toEqual({
      retryAfter: 60,
      message: 'Too many requests: this API key made more than 3 requests in 60 s; retry in 60 s.',
      headers: {
        'Retry-After': '60',
        'RateLimit-Policy': '"default";q=3;w=60',
        RateLimit: '"default";r=0;t=60',
      },
    });
    // A key with a limit of its own is noted on any route.
    await ask(guard, 'create', LIMITED_KEY);
    await ask(guard, 'create', LIMITED_KEY);
    expect(rateLimits.keyLimited(LIMITED_KEY.id)).toMatchObject({ limit: 1 });
    // A route with a limit of its own does not speak for the others.
    for (let i = 0; i < 3; i++) await ask(guard, 'create', OTHER_KEY);
    expect(rateLimits.keyLimited(OTHER_KEY.id)).toBeUndefined();
    jest.advanceTimersByTime(60_000);
    expect(rateLimits.keyLimited(KEY.id)).toBeUndefined();
  });
});

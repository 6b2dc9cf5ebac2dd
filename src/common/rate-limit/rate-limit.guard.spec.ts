import { jest } from '@jest/globals';
import type { ExecutionContext } from '@nestjs/common';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host.js';
import {
  SkipThrottle,
  Throttle,
  type ThrottlerModuleOptions,
  type ThrottlerStorage,
} from '@nestjs/throttler';
import type { AppConfig } from '../../config/app.config.js';
import type { ValidApiKey } from '../auth/api-key.guard.js';
import { AppException } from '../errors/app.exception.js';
import { RouteMetadataReflector } from '../memo/route-metadata.js';
import { FixedWindowStorage } from './fixed-window.storage.js';
import { RateLimitGuard } from './rate-limit.guard.js';
import { RateLimits } from './rate-limits.js';

class PetsController {
  list(): void {}

  @Throttle({ default: { limit: 2, ttl: 10_000 } })
  create(): void {}

  @SkipThrottle()
  metrics(): void {}

  // A setting given as a function is resolved per request: throttler's own path.
  @Throttle({ default: { limit: () => 1, ttl: 10_000 } })
  search(): void {}
}

type Route = 'list' | 'create' | 'metrics' | 'search';

/** Hides incrementNow, as Redis's storage has none: RateLimitGuard then takes throttler's own path. */
class AsynchronousStorage implements ThrottlerStorage {
  private readonly counters = new FixedWindowStorage();
  increment(key: string, ttl: number, limit: number): ReturnType<ThrottlerStorage['increment']> {
    return this.counters.increment(key, ttl, limit);
  }
  destroy(): void {
    this.counters.onModuleDestroy();
  }
}

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
  synchronous: boolean;
  allowed?: boolean;
  refused?: { status: number; headers: Record<string, string> };
  headers: Record<string, unknown>;
}

async function makeGuard(
  storage: ThrottlerStorage,
  options: ThrottlerModuleOptions = OPTIONS,
): Promise<RateLimitGuard> {
  const guard = new RateLimitGuard(
    options,
    storage,
    new RouteMetadataReflector(),
    new RateLimits(CONFIG),
  );
  await guard.onModuleInit();
  return guard;
}

/** What the guard answers for one request to a route with a key: its value or 429, and the headers it set. */
async function ask(
  guard: RateLimitGuard,
  route: Route,
  apiKey: ValidApiKey | undefined,
): Promise<Outcome> {
  const headers = new Map<string, unknown>();
  const response = {
    getHeader: (name: string) => headers.get(name),
    setHeader: (name: string, value: unknown) => headers.set(name, value),
  };
  const handler: unknown = Reflect.get(PetsController.prototype, route);
  const context: ExecutionContext = new ExecutionContextHost(
    [{ apiKey }, response],
    PetsController,
    handler as () => void,
  );
  const outcome: Outcome = { synchronous: true, headers: {} };
  try {
    const answer = guard.canActivate(context);
    outcome.synchronous = typeof answer === 'boolean';
    outcome.allowed = await answer;
  } catch (error) {
    if (!(error instanceof AppException)) throw error;
    outcome.refused = { status: error.getStatus(), headers: { ...error.headers } };
  }
  outcome.headers = Object.fromEntries(headers);
  return outcome;
}

describe('RateLimitGuard', () => {
  let asynchronous: AsynchronousStorage;
  let counters: FixedWindowStorage;

  beforeEach(() => {
    jest.useFakeTimers({ now: new Date('2026-11-26T12:00:00Z') });
    asynchronous = new AsynchronousStorage();
    counters = new FixedWindowStorage();
  });

  afterEach(() => {
    asynchronous.destroy();
    counters.onModuleDestroy();
    jest.useRealTimers();
  });

  it("decides without a promise on this process's counters, exactly as throttler's own path decides", async () => {
    const fast = await makeGuard(counters);
    const throttlers = await makeGuard(asynchronous);
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
    for (const [route, apiKey] of requests) {
      const expected = await ask(throttlers, route, apiKey);
      const outcome = await ask(fast, route, apiKey);
      expect({ ...outcome, synchronous: undefined }).toEqual({
        ...expected,
        synchronous: undefined,
      });
      // Every request decided here is decided in the same turn; a request without a key is not counted.
      expect(outcome.synchronous).toBe(true);
      seen.push(outcome);
    }
    // The sequence went through every branch: counted, skipped, uncounted, refused, the route's and the key's limits.
    expect(seen[0].headers).toEqual({
      'RateLimit-Policy': '"default";q=3;w=60',
      RateLimit: '"default";r=2;t=60',
    });
    expect(seen[2]).toEqual({ synchronous: true, allowed: true, headers: {} });
    expect(seen[3].headers).toEqual({
      'RateLimit-Policy': '"default";q=3;w=60',
      RateLimit: '"default";r=0;t=60',
    });
    expect(seen[4].refused).toEqual({ status: 429, headers: { 'Retry-After': '60' } });
    expect(seen[5]).toEqual({ synchronous: true, allowed: true, headers: {} });
    expect(seen[6].headers).toEqual({
      'RateLimit-Policy': '"default";q=2;w=10',
      RateLimit: '"default";r=1;t=10',
    });
    expect(seen[8].refused).toEqual({ status: 429, headers: { 'Retry-After': '10' } });
    expect(seen[9].headers).toEqual({
      'RateLimit-Policy': '"default";q=1;w=60',
      RateLimit: '"default";r=0;t=60',
    });
    expect(seen[10].refused?.status).toBe(429);
  });

  it("takes throttler's own path for a setting given as a function, a storage that counts asynchronously, and customised options", async () => {
    const fast = await makeGuard(counters);
    const first = await ask(fast, 'search', KEY);
    expect(first).toMatchObject({
      synchronous: false,
      allowed: true,
      headers: { 'RateLimit-Policy': '"default";q=1;w=10' },
    });
    expect((await ask(fast, 'search', KEY)).refused?.status).toBe(429);
    const throttlers = await makeGuard(asynchronous);
    expect(await ask(throttlers, 'list', KEY)).toMatchObject({
      synchronous: false,
      allowed: true,
      headers: { RateLimit: '"default";r=2;t=60' },
    });
    // Module options that customise what the synchronous path assumes (here skipIf): throttler's path too.
    const customised = await makeGuard(new FixedWindowStorage(), {
      ...OPTIONS,
      skipIf: () => false,
    });
    expect(await ask(customised, 'list', KEY)).toMatchObject({
      synchronous: false,
      allowed: true,
      headers: { RateLimit: '"default";r=2;t=60' },
    });
    // And one throttler's own (here its tracker).
    const ownTracker = await makeGuard(new FixedWindowStorage(), {
      throttlers: [{ name: 'default', limit: 3, ttl: 60_000, getTracker: () => 'everyone' }],
    });
    expect(await ask(ownTracker, 'list', KEY)).toMatchObject({
      synchronous: false,
      allowed: true,
      headers: { RateLimit: '"default";r=2;t=60' },
    });
  });
});

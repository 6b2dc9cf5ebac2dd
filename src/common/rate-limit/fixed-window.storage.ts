import { Injectable, type OnModuleDestroy } from '@nestjs/common';

interface Window {
  hits: number;
  resetAt: number;
}

/**
 * Fixed-window request counters, O(1) per request, answered synchronously: the counters are in
 * this process (limits are per instance), so no promise; RateLimits compares them with the limit.
 * @nestjs/throttler itself is
 * not used: 6.7 is CommonJS requiring NestJS 12's ES modules, which Jest's module registry cannot
 * load, and its default storage keeps a timestamp per hit, filtered on every request (O(limit)).
 */
@Injectable()
export class FixedWindowStorage implements OnModuleDestroy {
  private readonly windows = new Map<string, Window>();
  private readonly sweeper = setInterval(() => this.sweep(), 60_000).unref();

  /** Counts one hit in the key's current window (a new one after `ttl` ms); the hits so far and the seconds left. */
  increment(key: string, ttl: number): { hits: number; timeToExpire: number } {
    const window = this.current(key, ttl);
    window.hits += 1;
    return { hits: window.hits, timeToExpire: Math.max(1, Math.ceil((window.resetAt - Date.now()) / 1000)) };
  }

  /** Hits so far in the key's current window, without counting one. */
  peek(key: string): { hits: number; timeToExpire: number } {
    const window = this.windows.get(key);
    if (!window || window.resetAt <= Date.now()) return { hits: 0, timeToExpire: 0 };
    return { hits: window.hits, timeToExpire: Math.max(1, Math.ceil((window.resetAt - Date.now()) / 1000)) };
  }

  onModuleDestroy(): void {
    clearInterval(this.sweeper);
  }

  private current(key: string, ttl: number): Window {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { hits: 0, resetAt: now + ttl };
      this.windows.set(key, window);
    }
    return window;
  }

  private sweep(): void {
    const now = Date.now();
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

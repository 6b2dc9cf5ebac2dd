import type { ThrottlerStorage } from '@nestjs/throttler';

/** What ThrottlerStorage.increment resolves to (throttler does not export its name). */
export type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

const SWEEP_MS = 60_000;

interface Window {
  hits: number;
  resetAt: number;
}

/** A window's count: the hits so far and the whole seconds until it resets. */
export interface WindowCount {
  hits: number;
  timeToExpire: number;
}

/** Throttler storage with fixed-window counters in this process: O(1) per request. */
export class FixedWindowStorage implements ThrottlerStorage {
  // In the order the windows started, so the first is the oldest: a key whose window resets moves
  // last.
  private readonly windows = new Map<string, Window>();
  /** Expired windows are dropped by a hit at most once a SWEEP_MS: no timer to stop. */
  private sweptAt = Date.now();

  /** `maxKeys` bounds memory for client-chosen keys: a new key evicts the oldest window. */
  constructor(private readonly maxKeys = Number.POSITIVE_INFINITY) {}

  /** How many keys have a window; for tests of the bound. */
  get size(): number {
    return this.windows.size;
  }

  /** ThrottlerStorage: counts a hit in the key's window; blocked past `limit`. */
  increment(key: string, ttl: number, limit: number): Promise<ThrottlerStorageRecord> {
    const { hits, timeToExpire } = this.hit(key, ttl);
    const isBlocked = hits > limit;
    return Promise.resolve({
      totalHits: hits,
      timeToExpire,
      isBlocked,
      timeToBlockExpire: isBlocked ? timeToExpire : 0,
    });
  }

  /** Counts one hit in the key's current window (a new one after `ttl` ms). */
  hit(key: string, ttl: number): WindowCount {
    const now = Date.now();
    if (now - this.sweptAt >= SWEEP_MS) this.sweep(now);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      if (window) this.windows.delete(key);
      else if (this.windows.size >= this.maxKeys)
        this.windows.delete(this.windows.keys().next().value!);
      window = { hits: 0, resetAt: now + ttl };
      this.windows.set(key, window);
    }
    window.hits += 1;
    return {
      hits: window.hits,
      timeToExpire: Math.max(1, Math.ceil((window.resetAt - now) / 1000)),
    };
  }

  private sweep(now: number): void {
    this.sweptAt = now;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

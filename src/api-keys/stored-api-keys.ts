import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { apiKeyIdOf, type ApiKeyIdentity, type StoredApiKeyLookup } from '../common/auth/api-key.verifier.js';
import { ApiKeysRepository } from './api-keys.repository.js';

/** How often every instance reloads the issued keys: a revocation takes effect within this (and a refresh). */
export const KEYS_REFRESH_MS = 2_000;
/** How often last_used_at is written: at most once per key in this time. */
export const LAST_USED_FLUSH_MS = 60_000;

interface CachedKey {
  id: bigint;
  name: string;
  rateLimit: number | null;
  expiresAt: number | null;
  /** ApiKeyIdentity.id, derived from the key at its first use (the table holds only the hash). */
  keyId?: string;
}

/**
 * The issued keys (api_keys), in memory: the guard looks a presented key up by its SHA-256 with no
 * database round trip, and a wrong key costs none either. Reloaded every KEYS_REFRESH_MS in the
 * background, so a key revoked with `npm run keys -- revoke` is refused by every instance within a
 * few seconds, without a restart; an expired key is refused from its expiry on. The hash is of a key
 * with 256 random bits, so looking it up in a Map leaks nothing a timing attack could use.
 */
@Injectable()
export class StoredApiKeys implements StoredApiKeyLookup, OnApplicationBootstrap, OnApplicationShutdown {
  private byHash = new Map<string, CachedKey>();
  private readonly usedSince = new Map<bigint, number>();
  private readonly logger = new Logger('ApiKeys');
  private timers: NodeJS.Timeout[] = [];

  constructor(private readonly keys: ApiKeysRepository) {}

  match(presented: string, presentedDigest: Buffer): (ApiKeyIdentity & { rateLimit?: number }) | undefined {
    // Stored as hex (hashApiKey): the same SHA-256 the guard computed once for every key check.
    const key = this.byHash.get(presentedDigest.toString('hex'));
    if (!key || (key.expiresAt !== null && key.expiresAt <= Date.now())) return undefined;
    this.usedSince.set(key.id, Date.now());
    key.keyId ??= apiKeyIdOf(presented);
    return { name: key.name, id: key.keyId, ...(key.rateLimit !== null ? { rateLimit: key.rateLimit } : {}) };
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.refresh();
    this.timers = [setInterval(() => void this.refresh(), KEYS_REFRESH_MS).unref(), setInterval(() => void this.flushLastUsed(), LAST_USED_FLUSH_MS).unref()];
  }

  async onApplicationShutdown(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    await this.flushLastUsed();
  }

  /** Reloads the keys; on failure keeps the ones it has (a database hiccup must not lock every client out). */
  async refresh(): Promise<void> {
    try {
      const rows = await this.keys.unrevoked();
      this.byHash = new Map(
        rows.map((row) => [row.keyHash, { id: row.id, name: row.name, rateLimit: row.rateLimit, expiresAt: row.expiresAt?.getTime() ?? null }]),
      );
    } catch (error) {
      this.logger.warn(`Could not reload the issued API keys (${error instanceof Error ? error.message : String(error)}); keeping the ones loaded.`);
    }
  }

  private async flushLastUsed(): Promise<void> {
    if (this.usedSince.size === 0) return;
    const used = new Map([...this.usedSince].map(([id, at]) => [id, new Date(at)]));
    this.usedSince.clear();
    try {
      await this.keys.touch(used);
    } catch (error) {
      this.logger.warn(`Could not record when API keys were last used (${error instanceof Error ? error.message : String(error)}).`);
    }
  }
}

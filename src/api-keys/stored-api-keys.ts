import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { ApiKeyKind } from '../common/auth/api-key-kind.js';
import type { ApiKeyScope } from '../common/auth/api-key-scope.js';
import { apiKeyIdOf, type ApiKeyIdentity, type StoredApiKeyLookup } from '../common/auth/api-key.verifier.js';
import { APP_CONFIG, type AppConfig } from '../config/app.config.js';
import { ApiKeysRepository, type LoadedApiKey } from './api-keys.repository.js';

/** How often every instance reloads the issued keys changed since: a revocation takes effect within this (and a refresh). */
export const KEYS_REFRESH_MS = 2_000;
/** How often last_used_at is written: at most once per key in this time. */
export const LAST_USED_FLUSH_MS = 60_000;

/** Keys read per statement when loading: each page is a few milliseconds of work, so requests go on in between. */
export const KEYS_PAGE = 1_000;

interface CachedKey {
  id: bigint;
  name: string;
  scope: ApiKeyScope;
  kind: ApiKeyKind;
  rateLimit: number | null;
  expiresAt: number | null;
  /** ApiKeyIdentity.id, derived from the key at its first use (the table holds only the hash). */
  keyId?: string;
}

/** Where the loaded set stands: every change up to this revision (and this key of it) is applied. */
interface Position {
  revision: bigint;
  /** The last key applied of that revision; undefined: all of it. */
  id?: bigint;
}

/**
 * The issued keys (api_keys), in memory: the guard looks a presented key up by its SHA-256 with no
 * database round trip, and a wrong key costs none either. Loaded whole at start, page by page, then
 * every KEYS_REFRESH_MS only the keys changed since (api_keys.revision: issued, revoked, scope or kind changed), read on the
 * primary: a key revoked with `npm run keys -- revoke` is refused by every instance within a few
 * seconds, without a restart, whatever the replicas lag; an expired key is refused from its expiry
 * on. The hash is of a key with 256 random bits, so looking it up in a Map leaks nothing a timing
 * attack could use. An issued key with the name of an API_KEYS entry is not accepted: a log line
 * names exactly one key.
 */
@Injectable()
export class StoredApiKeys implements StoredApiKeyLookup, OnApplicationBootstrap, OnApplicationShutdown {
  private byHash = new Map<string, CachedKey>();
  private position?: Position;
  private refreshing?: Promise<void>;
  private readonly environmentNames: ReadonlySet<string>;
  /** Ids of keys refused for their name, so each is logged once. */
  private readonly nameClashes = new Set<bigint>();
  private readonly usedSince = new Map<bigint, number>();
  private readonly logger = new Logger('ApiKeys');
  private timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly keys: ApiKeysRepository,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.environmentNames = new Set(config.apiKeys.map((key) => key.name));
  }

  match(presented: string, presentedDigest: Buffer): (ApiKeyIdentity & { rateLimit?: number }) | undefined {
    // Stored as hex (hashApiKey): the same SHA-256 the guard computed once for every key check.
    const key = this.byHash.get(presentedDigest.toString('hex'));
    if (!key || (key.expiresAt !== null && key.expiresAt <= Date.now())) return undefined;
    this.usedSince.set(key.id, Date.now());
    key.keyId ??= apiKeyIdOf(presented);
    return { name: key.name, id: key.keyId, scope: key.scope, kind: key.kind, ...(key.rateLimit !== null ? { rateLimit: key.rateLimit } : {}) };
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.refresh();
    this.timers = [setInterval(() => void this.refresh(), KEYS_REFRESH_MS).unref(), setInterval(() => void this.flushLastUsed(), LAST_USED_FLUSH_MS).unref()];
  }

  async onApplicationShutdown(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    await this.flushLastUsed();
  }

  /**
   * Brings the keys up to date: the whole set until it has been loaded once, then the changes since.
   * One at a time. On failure keeps the ones it has (a database hiccup must not lock every client out).
   */
  refresh(): Promise<void> {
    this.refreshing ??= (this.position ? this.loadChanges() : this.loadAll())
      .catch((error: unknown) => {
        this.logger.warn(`Could not reload the issued API keys (${error instanceof Error ? error.message : String(error)}); keeping the ones loaded.`);
      })
      .finally(() => (this.refreshing = undefined));
    return this.refreshing;
  }

  private async loadAll(): Promise<void> {
    // Read first: a change committed while the pages are read is applied again by the next refresh.
    const revision = await this.keys.revision();
    const loaded = new Map<string, CachedKey>();
    for (let after = 0n; ;) {
      const page = await this.keys.unrevokedPage(after, KEYS_PAGE);
      for (const row of page) this.keep(loaded, row);
      if (page.length < KEYS_PAGE) break;
      after = page[page.length - 1].id;
    }
    this.byHash = loaded;
    this.position = { revision };
  }

  private async loadChanges(): Promise<void> {
    for (;;) {
      const page = await this.keys.changedPage(this.position!, KEYS_PAGE);
      for (const row of page) {
        if (row.revokedAt === null) this.keep(this.byHash, row);
        else this.byHash.delete(row.keyHash);
      }
      if (page.length > 0) this.position = { revision: page[page.length - 1].revision, id: page[page.length - 1].id };
      if (page.length < KEYS_PAGE) return;
    }
  }

  private keep(into: Map<string, CachedKey>, row: LoadedApiKey): void {
    if (this.environmentNames.has(row.name)) {
      if (!this.nameClashes.has(row.id)) {
        this.nameClashes.add(row.id);
        this.logger.error(`The issued key "${row.name}" is not accepted: an API_KEYS entry has that name. Revoke it and issue it under another name.`);
      }
      return;
    }
    into.set(row.keyHash, {
      id: row.id,
      name: row.name,
      scope: row.scope,
      kind: row.kind,
      rateLimit: row.rateLimit,
      expiresAt: row.expiresAt?.getTime() ?? null,
      keyId: this.byHash.get(row.keyHash)?.keyId,
    });
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

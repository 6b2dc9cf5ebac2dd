import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import type { ApiKeyKind } from '../common/auth/api-key-kind.js';
import type { ApiKeyScope } from '../common/auth/api-key-scope.enum.js';
import {
  apiKeyIdOf,
  type ApiKeyIdentity,
  type StoredApiKeyLookup,
} from '../common/auth/api-key.verifier.js';
import { ConfigService } from '@nestjs/config';
import type { AuthConfigService } from '../common/auth/auth.config.js';
import { Clock } from '../common/time/clock.js';
import { ApiKeysRepository, type LoadedApiKey } from './api-keys.repository.js';

/** How often instances reload the issued keys changed since: a revocation holds within it. */
export const KEYS_REFRESH_MS = 1_000;
/** How often last_used_at is written: at most once per key in this time. */
export const LAST_USED_FLUSH_MS = 60_000;

/** Keys read per statement when loading, so requests go on in between. */
export const KEYS_PAGE = 1_000;

interface CachedKey {
  id: bigint;
  name: string;
  scope: ApiKeyScope;
  kind: ApiKeyKind;
  rateLimit: number | null;
  /** The key's expiry; for a secret a roll replaced, the end of its overlap when that is sooner. */
  expiresAt: number | null;
  /** ApiKeyIdentity.id: the recorded owner id, else derived from the key at its first use. */
  keyId?: string;
}

/** An issued key as its name finds it, revoked ones included: what it may do now, and whose. */
export interface NamedIssuedKey {
  kind: ApiKeyKind;
  expiresAt: number | null;
  revoked: boolean;
  /** ApiKeyIdentity.id once known (recorded, or derived here at its first use). */
  keyId?: string;
}

/** Where the loaded set stands: every change up to this revision (and key) is applied. */
interface Position {
  revision: bigint;
  /** The last key applied of that revision; undefined: all of it. */
  id?: bigint;
}

/** The issued keys in memory, refreshed from the primary every KEYS_REFRESH_MS. */
@Injectable()
export class StoredApiKeys
  implements StoredApiKeyLookup, OnApplicationBootstrap, OnApplicationShutdown
{
  private byHash = new Map<string, CachedKey>();
  /** The hashes each key is found by: its secret, and the one a roll replaced while it overlaps. */
  private hashesOf = new Map<bigint, string[]>();
  /** Every issued key by its name in lower case, revoked ones too (names are never reused). */
  private byName = new Map<string, NamedIssuedKey>();
  private readonly refreshed: (() => void)[] = [];
  /** Owner ids derived at a key's first use, to be recorded (with last_used_at). */
  private readonly derivedOwnerIds = new Map<bigint, string>();
  private position?: Position;
  private refreshing?: Promise<void>;
  private readonly environmentNames: ReadonlySet<string>;
  /** Ids of keys refused for their name, so each is logged once. */
  private readonly nameClashes = new Set<bigint>();
  private readonly usedSince = new Map<bigint, number>();
  private readonly logger = new Logger('ApiKeys');

  constructor(
    private readonly keys: ApiKeysRepository,
    @Inject(ConfigService) config: AuthConfigService,
    // Expiries and overlaps are judged by the service's clock (a test moves it).
    private readonly clock: Clock,
  ) {
    // Names are unique regardless of case: an issued "Ops" is refused beside an API_KEYS "ops".
    this.environmentNames = new Set(
      config.get('auth', { infer: true }).apiKeys.map((key) => key.name.toLowerCase()),
    );
  }

  match(
    presented: string,
    presentedDigest: Buffer,
  ): (ApiKeyIdentity & { rateLimit?: number }) | undefined {
    // Stored as hex (hashApiKey): the same SHA-256 the guard computed once for every key check.
    const key = this.byHash.get(presentedDigest.toString('hex'));
    if (!key || (key.expiresAt !== null && key.expiresAt <= this.clock.now())) return undefined;
    this.usedSince.set(key.id, Date.now());
    if (key.keyId === undefined) {
      const keyId = apiKeyIdOf(presented);
      key.keyId = keyId;
      const named = this.byName.get(key.name.toLowerCase());
      if (named) named.keyId ??= keyId;
      // Recorded at once, off the request path, so that a roll soon after keeps this id.
      this.derivedOwnerIds.set(key.id, key.keyId);
      void this.recordOwnerIds();
    }
    return {
      name: key.name,
      id: key.keyId,
      scope: key.scope,
      kind: key.kind,
      ...(key.rateLimit !== null ? { rateLimit: key.rateLimit } : {}),
    };
  }

  /** The issued key of that name, revoked or not; undefined when none, or before the first load. */
  named(name: string): NamedIssuedKey | undefined {
    return this.byName.get(name.toLowerCase());
  }

  /** Whether the issued keys have been loaded once: before that, no key is known to be gone. */
  get loaded(): boolean {
    return this.position !== undefined;
  }

  /** Calls `listener` after every refresh that read the keys (every KEYS_REFRESH_MS). */
  onRefreshed(listener: () => void): void {
    this.refreshed.push(listener);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.refresh();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.flushLastUsed();
  }

  /** The whole set until loaded once, then the changes since; on failure keeps what it has. */
  @Interval(KEYS_REFRESH_MS)
  refresh(): Promise<void> {
    this.refreshing ??= (this.position ? this.loadChangesOrAll() : this.loadAll())
      .then(() => {
        for (const listener of this.refreshed) listener();
      })
      .catch((error: unknown) => {
        this.logger.warn(
          `Could not reload the issued API keys ` +
            `(${error instanceof Error ? error.message : String(error)}); keeping the ones loaded.`,
        );
      })
      .finally(() => (this.refreshing = undefined));
    return this.refreshing;
  }

  private async loadAll(): Promise<void> {
    // Read first: a change committed while the pages are read is applied again by the next refresh.
    const revision = await this.keys.revision();
    const loaded: KeySet = {
      byHash: new Map<string, CachedKey>(),
      hashesOf: new Map<bigint, string[]>(),
      byName: new Map<string, NamedIssuedKey>(),
    };
    for (let after = 0n; ;) {
      const page = await this.keys.page(after, KEYS_PAGE);
      for (const row of page) this.keep(loaded, row);
      if (page.length < KEYS_PAGE) break;
      after = page[page.length - 1].id;
    }
    this.byHash = loaded.byHash;
    this.hashesOf = loaded.hashesOf;
    this.byName = loaded.byName;
    this.position = { revision };
  }

  /**
   * The changes since; then, since a row deleted by hand changes no revision, the whole set again
   * when the table holds fewer rows than names are loaded (every row has one, names never reused).
   */
  private async loadChangesOrAll(): Promise<void> {
    await this.loadChanges();
    if ((await this.keys.count()) >= this.byName.size) return;
    this.logger.warn('An issued API key row was deleted from the database; reloading every key.');
    await this.loadAll();
  }

  private async loadChanges(): Promise<void> {
    for (;;) {
      const page = await this.keys.changedPage(this.position!, KEYS_PAGE);
      for (const row of page) {
        // What the key was found by before this change goes; what it is found by now comes back.
        for (const hash of this.hashesOf.get(row.id) ?? []) this.byHash.delete(hash);
        this.hashesOf.delete(row.id);
        this.keep({ byHash: this.byHash, hashesOf: this.hashesOf, byName: this.byName }, row);
      }
      if (page.length > 0)
        this.position = { revision: page[page.length - 1].revision, id: page[page.length - 1].id };
      if (page.length < KEYS_PAGE) return;
    }
  }

  /** Files the key under its name, and under its hashes unless it is revoked. */
  private keep(into: KeySet, row: LoadedApiKey): void {
    const keyId = row.ownerId ?? this.byName.get(row.name.toLowerCase())?.keyId;
    into.byName.set(row.name.toLowerCase(), {
      kind: row.kind,
      expiresAt: row.expiresAt?.getTime() ?? null,
      revoked: row.revokedAt !== null,
      ...(keyId === undefined ? {} : { keyId }),
    });
    if (row.revokedAt !== null) return;
    if (this.environmentNames.has(row.name.toLowerCase())) {
      if (!this.nameClashes.has(row.id)) {
        this.nameClashes.add(row.id);
        this.logger.error(
          `The issued key "${row.name}" is not accepted: an API_KEYS entry has that name. ` +
            `Revoke it and issue it under another name.`,
        );
      }
      return;
    }
    const key: CachedKey = {
      id: row.id,
      name: row.name,
      scope: row.scope,
      kind: row.kind,
      rateLimit: row.rateLimit,
      expiresAt: row.expiresAt?.getTime() ?? null,
      keyId: row.ownerId ?? this.byHash.get(row.keyHash)?.keyId ?? keyId,
    };
    into.byHash.set(row.keyHash, key);
    const hashes = [row.keyHash];
    const overlapEnd = row.previousExpiresAt?.getTime();
    if (row.previousKeyHash !== null && overlapEnd !== undefined && overlapEnd > this.clock.now()) {
      // The replaced secret: the same key until its overlap ends.
      into.byHash.set(row.previousKeyHash, {
        ...key,
        expiresAt: key.expiresAt === null ? overlapEnd : Math.min(key.expiresAt, overlapEnd),
      });
      hashes.push(row.previousKeyHash);
    }
    into.hashesOf.set(row.id, hashes);
  }

  /** Records the owner ids derived since the last flush; failures are tried again next time. */
  private async recordOwnerIds(): Promise<void> {
    if (this.derivedOwnerIds.size === 0) return;
    const ownerIds = new Map(this.derivedOwnerIds);
    this.derivedOwnerIds.clear();
    try {
      await this.keys.recordOwnerIds(ownerIds);
    } catch (error) {
      for (const [id, ownerId] of ownerIds) this.derivedOwnerIds.set(id, ownerId);
      this.logger.warn(
        `Could not record the owner ids of API keys (${error instanceof Error ? error.message : String(error)}).`,
      );
    }
  }

  @Interval(LAST_USED_FLUSH_MS)
  private async flushLastUsed(): Promise<void> {
    await this.recordOwnerIds();
    if (this.usedSince.size === 0) return;
    const used = new Map([...this.usedSince].map(([id, at]) => [id, new Date(at)]));
    this.usedSince.clear();
    try {
      await this.keys.touch(used);
    } catch (error) {
      this.logger.warn(
        `Could not record when API keys were last used (${error instanceof Error ? error.message : String(error)}).`,
      );
    }
  }
}

/** The loaded keys: by hash (what a request is matched by), each key's hashes, and by name. */
interface KeySet {
  byHash: Map<string, CachedKey>;
  hashesOf: Map<bigint, string[]>;
  byName: Map<string, NamedIssuedKey>;
}

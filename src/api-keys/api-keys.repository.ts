import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, MoreThan, type Repository } from 'typeorm';
import { DatabaseAccess } from '../database/database-access.js';
import { isDuplicateKey } from '../database/database-availability.js';
import type { ApiKeyKind } from '../common/auth/api-key-kind.js';
import type { ApiKeyScope } from '../common/auth/api-key-scope.enum.js';
import { ApiKeyEntity, ApiKeysRevisionEntity } from './api-key.entity.js';

export type NewApiKeyRecord = Pick<
  ApiKeyEntity,
  | 'name'
  | 'keyHash'
  | 'prefix'
  | 'scope'
  | 'kind'
  | 'rateLimit'
  | 'createdAt'
  | 'expiresAt'
  | 'ownerId'
>;

/** What an instance keeps of a key to let it in. */
export type LoadedApiKey = Pick<
  ApiKeyEntity,
  | 'id'
  | 'name'
  | 'keyHash'
  | 'scope'
  | 'kind'
  | 'rateLimit'
  | 'expiresAt'
  | 'revokedAt'
  | 'revision'
  | 'ownerId'
  | 'previousKeyHash'
  | 'previousExpiresAt'
>;

const LOADED = {
  id: true,
  name: true,
  keyHash: true,
  scope: true,
  kind: true,
  rateLimit: true,
  expiresAt: true,
  revokedAt: true,
  revision: true,
  ownerId: true,
  previousKeyHash: true,
  previousExpiresAt: true,
} as const;

/** A new secret for a key: its hash and prefix, and how long the replaced one stays accepted. */
export interface KeyRoll {
  keyHash: string;
  prefix: string;
  previousExpiresAt: Date;
  /** The owner id to keep when the key has none recorded yet. */
  ownerId: string;
}

/** All SQL for api_keys. Reads that decide who is let in go to the primary, never a replica. */
@Injectable()
export class ApiKeysRepository {
  constructor(
    @InjectRepository(ApiKeyEntity) private readonly keys: Repository<ApiKeyEntity>,
    @InjectRepository(ApiKeysRevisionEntity)
    private readonly revisions: Repository<ApiKeysRevisionEntity>,
    private readonly database: DatabaseAccess,
  ) {}

  /** Stores a key under the next revision, whose row lock makes names unique regardless of case. */
  async insert(record: NewApiKeyRecord): Promise<boolean> {
    try {
      await this.database.transaction(async () => {
        const revision = await this.nextRevision();
        const taken = await this.database.readPrimary((manager) =>
          manager
            .withRepository(this.keys)
            .createQueryBuilder('key')
            .where('LOWER(key.name) = LOWER(:name)', { name: record.name })
            .getExists(),
        );
        if (taken) throw new NothingChanged();
        await this.database.insert(this.keys, {
          ...record,
          revokedAt: null,
          lastUsedAt: null,
          previousKeyHash: null,
          previousPrefix: null,
          previousExpiresAt: null,
          revision,
        });
      });
      return true;
    } catch (error) {
      if (isDuplicateKey(error) || error instanceof NothingChanged) return false;
      throw error;
    }
  }

  /** Gives the named key a new secret, the old one accepted until `roll.previousExpiresAt`. */
  roll(name: string, roll: KeyRoll): Promise<boolean> {
    return this.inKeySetChange(async (revision) => {
      const key = await this.database.readPrimary((manager) =>
        manager.withRepository(this.keys).findOneBy({ name, revokedAt: IsNull() }),
      );
      if (key === null) return false;
      await this.database.write((manager) =>
        manager.withRepository(this.keys).update(
          { id: key.id },
          {
            keyHash: roll.keyHash,
            prefix: roll.prefix,
            previousKeyHash: key.keyHash,
            previousPrefix: key.prefix,
            previousExpiresAt: roll.previousExpiresAt,
            ownerId: key.ownerId ?? roll.ownerId,
            revision,
          },
        ),
      );
      return true;
    });
  }

  /**
   * Records owner ids derived for keys that had none, under the next revision: every instance
   * learns them (webhook endpoints are tied to their key by it). Once per key.
   */
  async recordOwnerIds(ownerIds: ReadonlyMap<bigint, string>): Promise<void> {
    for (const [id, ownerId] of ownerIds) {
      await this.inKeySetChange(async (revision) => {
        const { affected } = await this.database.write((manager) =>
          manager
            .withRepository(this.keys)
            .update({ id, ownerId: IsNull() }, { ownerId, revision }),
        );
        return (affected ?? 0) > 0;
      });
    }
  }

  list(): Promise<ApiKeyEntity[]> {
    return this.database.readPrimary((manager) =>
      manager.withRepository(this.keys).find({ order: { name: 'ASC' } }),
    );
  }

  /** The key set's revision now: every change up to it is committed. */
  async revision(): Promise<bigint> {
    const row = await this.database.readPrimary((manager) =>
      manager.withRepository(this.revisions).findOneByOrFail({ id: 1 }),
    );
    return row.revision;
  }

  /** Rows in the table, revoked keys included: fewer than loaded means one was deleted by hand. */
  count(): Promise<number> {
    return this.database.readPrimary((manager) => manager.withRepository(this.keys).count());
  }

  /** Up to `limit` keys, revoked ones too, by id after `afterId` (a whole load, page by page). */
  page(afterId: bigint, limit: number): Promise<LoadedApiKey[]> {
    return this.database.readPrimary((manager) =>
      manager.withRepository(this.keys).find({
        select: LOADED,
        where: { id: MoreThan(afterId) },
        order: { id: 'ASC' },
        take: limit,
      }),
    );
  }

  /** Up to `limit` keys changed after `after` (revision, then id), revoked ones included. */
  changedPage(after: { revision: bigint; id?: bigint }, limit: number): Promise<LoadedApiKey[]> {
    const later = { revision: MoreThan(after.revision) };
    return this.database.readPrimary((manager) =>
      manager.withRepository(this.keys).find({
        select: LOADED,
        where:
          after.id === undefined
            ? later
            : [later, { revision: after.revision, id: MoreThan(after.id) }],
        order: { revision: 'ASC', id: 'ASC' },
        take: limit,
      }),
    );
  }

  /** Revokes the named key under the next revision; false when there is none unrevoked. */
  revoke(name: string, at: Date): Promise<boolean> {
    return this.changeUnrevoked(name, { revokedAt: at });
  }

  /** Gives the named key another scope under the next revision; false when there is none. */
  setScope(name: string, scope: ApiKeyScope): Promise<boolean> {
    return this.changeUnrevoked(name, { scope });
  }

  /** Makes the named key a store or partner key under the next revision; false when none. */
  setKind(name: string, kind: ApiKeyKind): Promise<boolean> {
    return this.changeUnrevoked(name, { kind });
  }

  /** One change of an unrevoked key, under the next revision, applied by every instance. */
  private changeUnrevoked(
    name: string,
    change: Partial<Pick<ApiKeyEntity, 'revokedAt' | 'scope' | 'kind'>>,
  ): Promise<boolean> {
    return this.inKeySetChange(async (revision) => {
      const result = await this.database.write((manager) =>
        manager
          .withRepository(this.keys)
          .update({ name, revokedAt: IsNull() }, { ...change, revision }),
      );
      return (result.affected ?? 0) > 0;
    });
  }

  /** `change` under the next revision; when it answers false, the revision is not spent. */
  private inKeySetChange(change: (revision: bigint) => Promise<boolean>): Promise<boolean> {
    return this.database
      .transaction(async () => {
        if (!(await change(await this.nextRevision()))) throw new NothingChanged();
        return true;
      })
      .catch((error: unknown) => {
        if (error instanceof NothingChanged) return false;
        throw error;
      });
  }

  /** Records when each key was last used, off the request path; not a change of the key set. */
  async touch(usedAt: ReadonlyMap<bigint, Date>): Promise<void> {
    for (const [id, at] of usedAt) {
      await this.database.write((manager) =>
        manager.withRepository(this.keys).update({ id }, { lastUsedAt: at }),
      );
    }
  }

  /** Takes the next revision; its row stays locked to the end, so changes commit in order. */
  private async nextRevision(): Promise<bigint> {
    await this.database.write((manager) =>
      manager.withRepository(this.revisions).increment({ id: 1 }, 'revision', 1),
    );
    return this.revision();
  }
}

class NothingChanged extends Error {}

import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, MoreThan, type Repository } from 'typeorm';
import { DatabaseAccess } from '../database/database-access.js';
import { isDuplicateKey } from '../database/database-availability.js';
import type { ApiKeyKind } from '../common/auth/api-key-kind.js';
import type { ApiKeyScope } from '../common/auth/api-key-scope.js';
import { ApiKeyEntity, ApiKeysRevisionEntity } from './api-key.entity.js';

export type NewApiKeyRecord = Pick<ApiKeyEntity, 'name' | 'keyHash' | 'prefix' | 'scope' | 'kind' | 'rateLimit' | 'createdAt' | 'expiresAt'>;

/** What an instance keeps of a key to let it in. */
export type LoadedApiKey = Pick<ApiKeyEntity, 'id' | 'name' | 'keyHash' | 'scope' | 'kind' | 'rateLimit' | 'expiresAt' | 'revokedAt' | 'revision'>;

const LOADED = { id: true, name: true, keyHash: true, scope: true, kind: true, rateLimit: true, expiresAt: true, revokedAt: true, revision: true } as const;

/** All SQL for the api_keys table. Reads that decide who is let in go to the primary, never a replica behind it. */
@Injectable()
export class ApiKeysRepository {
  constructor(
    @InjectRepository(ApiKeyEntity) private readonly keys: Repository<ApiKeyEntity>,
    @InjectRepository(ApiKeysRevisionEntity) private readonly revisions: Repository<ApiKeysRevisionEntity>,
    private readonly database: DatabaseAccess,
  ) {}

  /** Stores a new key under the next revision; false when its name is taken. */
  async insert(record: NewApiKeyRecord): Promise<boolean> {
    try {
      await this.database.transaction(async () => {
        const revision = await this.nextRevision();
        await this.database.insert(this.keys, { ...record, revokedAt: null, lastUsedAt: null, revision });
      });
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }

  list(): Promise<ApiKeyEntity[]> {
    return this.database.readPrimary((manager) => manager.withRepository(this.keys).find({ order: { name: 'ASC' } }));
  }

  /** The key set's revision now: every change up to it is committed (in a transaction: with its own change). */
  async revision(): Promise<bigint> {
    const row = await this.database.readPrimary((manager) => manager.withRepository(this.revisions).findOneByOrFail({ id: 1 }));
    return row.revision;
  }

  /** Up to `limit` keys not revoked, by id after `afterId` (a whole load, page by page). */
  unrevokedPage(afterId: bigint, limit: number): Promise<LoadedApiKey[]> {
    return this.database.readPrimary((manager) =>
      manager.withRepository(this.keys).find({ select: LOADED, where: { revokedAt: IsNull(), id: MoreThan(afterId) }, order: { id: 'ASC' }, take: limit }),
    );
  }

  /** Up to `limit` keys changed after `after` (revision, then id; no id: the whole revision), revoked ones included, in that order. */
  changedPage(after: { revision: bigint; id?: bigint }, limit: number): Promise<LoadedApiKey[]> {
    const later = { revision: MoreThan(after.revision) };
    return this.database.readPrimary((manager) =>
      manager.withRepository(this.keys).find({
        select: LOADED,
        where: after.id === undefined ? later : [later, { revision: after.revision, id: MoreThan(after.id) }],
        order: { revision: 'ASC', id: 'ASC' },
        take: limit,
      }),
    );
  }

  /** Revokes the key of that name under the next revision; false when there is none not yet revoked. */
  revoke(name: string, at: Date): Promise<boolean> {
    return this.changeUnrevoked(name, { revokedAt: at });
  }

  /** Gives the key of that name another scope under the next revision; false when there is none not revoked. */
  setScope(name: string, scope: ApiKeyScope): Promise<boolean> {
    return this.changeUnrevoked(name, { scope });
  }

  /** Makes the key of that name a store or a partner key under the next revision; false when there is none not revoked. */
  setKind(name: string, kind: ApiKeyKind): Promise<boolean> {
    return this.changeUnrevoked(name, { kind });
  }

  /** One change of an unrevoked key, under the next revision, so every instance applies it at its next refresh. */
  private changeUnrevoked(name: string, change: Partial<Pick<ApiKeyEntity, 'revokedAt' | 'scope' | 'kind'>>): Promise<boolean> {
    return this.database
      .transaction(async () => {
        const revision = await this.nextRevision();
        const result = await this.database.write((manager) => manager.withRepository(this.keys).update({ name, revokedAt: IsNull() }, { ...change, revision }));
        // Nothing revoked: the transaction rolls back, the revision is not spent.
        if ((result.affected ?? 0) === 0) throw new NothingChanged();
        return true;
      })
      .catch((error: unknown) => {
        if (error instanceof NothingChanged) return false;
        throw error;
      });
  }

  /** Records when each key was last used (one statement per key, off the request path); not a change of the key set. */
  async touch(usedAt: ReadonlyMap<bigint, Date>): Promise<void> {
    for (const [id, at] of usedAt) {
      await this.database.write((manager) => manager.withRepository(this.keys).update({ id }, { lastUsedAt: at }));
    }
  }

  /**
   * In the caller's transaction: takes the next revision. The counter's row stays locked until the
   * transaction ends, so changes commit in the order of their revisions.
   */
  private async nextRevision(): Promise<bigint> {
    await this.database.write((manager) => manager.withRepository(this.revisions).increment({ id: 1 }, 'revision', 1));
    return this.revision();
  }
}

class NothingChanged extends Error {}

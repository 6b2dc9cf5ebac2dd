import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, type Repository } from 'typeorm';
import { DatabaseAccess } from '../database/database-access.js';
import { isDuplicateKey } from '../database/database-availability.js';
import { ApiKeyEntity } from './api-key.entity.js';

export type NewApiKeyRecord = Pick<ApiKeyEntity, 'name' | 'keyHash' | 'prefix' | 'rateLimit' | 'createdAt' | 'expiresAt'>;

/** All SQL for the api_keys table. */
@Injectable()
export class ApiKeysRepository {
  constructor(
    @InjectRepository(ApiKeyEntity) private readonly keys: Repository<ApiKeyEntity>,
    private readonly database: DatabaseAccess,
  ) {}

  /** Stores a new key; false when its name is taken. */
  async insert(record: NewApiKeyRecord): Promise<boolean> {
    try {
      await this.database.insert(this.keys, { ...record, revokedAt: null, lastUsedAt: null });
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }

  list(): Promise<ApiKeyEntity[]> {
    return this.database.read((manager) => manager.withRepository(this.keys).find({ order: { name: 'ASC' } }));
  }

  /** Keys not revoked (expiry is checked on use, so a key expires at its second, not at the next refresh). */
  unrevoked(): Promise<Pick<ApiKeyEntity, 'id' | 'name' | 'keyHash' | 'rateLimit' | 'expiresAt'>[]> {
    return this.database.read((manager) =>
      manager
        .withRepository(this.keys)
        .find({ select: { id: true, name: true, keyHash: true, rateLimit: true, expiresAt: true }, where: { revokedAt: IsNull() } }),
    );
  }

  /** Revokes the key of that name; false when there is none not yet revoked. */
  async revoke(name: string, at: Date): Promise<boolean> {
    const result = await this.database.write((manager) => manager.withRepository(this.keys).update({ name, revokedAt: IsNull() }, { revokedAt: at }));
    return (result.affected ?? 0) > 0;
  }

  /** Records when each key was last used (one statement per key, off the request path). */
  async touch(usedAt: ReadonlyMap<bigint, Date>): Promise<void> {
    for (const [id, at] of usedAt) {
      await this.database.write((manager) => manager.withRepository(this.keys).update({ id }, { lastUsedAt: at }));
    }
  }
}

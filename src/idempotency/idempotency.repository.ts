import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThanOrEqual, type Repository } from 'typeorm';
import { DatabaseAccess } from '../database/database-access.js';
import { isDuplicateKey, isLockWaitTimeout } from '../database/database-availability.js';
import { IdempotencyRecordEntity } from './idempotency-record.entity.js';
import type { ClaimResult, IdempotencyClaim, KeptResponse } from './idempotency.types.js';

/** How many expired records one purge statement deletes at most, so it stays short. */
export const PURGE_BATCH = 500;

/** All SQL for the idempotency_records table. */
@Injectable()
export class IdempotencyRepository {
  constructor(
    @InjectRepository(IdempotencyRecordEntity)
    private readonly records: Repository<IdempotencyRecordEntity>,
    private readonly database: DatabaseAccess,
  ) {}

  /** Inserts the record in the caller's transaction; a concurrent claim waits for its end. */
  async claim(claim: IdempotencyClaim, now: Date, keepForMs: number): Promise<ClaimResult> {
    try {
      await this.database.write((manager) =>
        manager.withRepository(this.records).insert({
          ...claim,
          responseStatus: 0,
          responseBody: '',
          responseLocation: null,
          responseEtag: null,
          createdAt: now,
          expiresAt: new Date(now.getTime() + keepForMs),
        }),
      );
      return 'claimed';
    } catch (error) {
      if (isDuplicateKey(error)) return 'exists';
      if (isLockWaitTimeout(error)) return 'held';
      throw error;
    }
  }

  /** In the claiming transaction: the response to replay. */
  async complete(claim: IdempotencyClaim, response: KeptResponse): Promise<void> {
    await this.database.write((manager) =>
      manager.withRepository(this.records).update(
        { owner: claim.owner, idempotencyKey: claim.idempotencyKey },
        {
          responseStatus: response.status,
          responseBody: response.body,
          responseLocation: response.location,
          responseEtag: response.etag,
        },
      ),
    );
  }

  /** On the primary: a lagging replica would answer "in use" for a finished request. */
  find(owner: string, idempotencyKey: string): Promise<IdempotencyRecordEntity | null> {
    return this.database.readPrimary((manager) =>
      manager.withRepository(this.records).findOneBy({ owner, idempotencyKey }),
    );
  }

  /** Deletes this one record if it has expired; a new request may then claim its key. */
  async deleteIfExpired(owner: string, idempotencyKey: string, now: Date): Promise<void> {
    await this.database.write((manager) =>
      manager
        .withRepository(this.records)
        .delete({ owner, idempotencyKey, expiresAt: LessThanOrEqual(now) }),
    );
  }

  /** Deletes up to one batch of expired records, oldest first; resolves to how many. */
  async purgeExpired(now: Date): Promise<number> {
    const expired = await this.database.readPrimary((manager) =>
      manager.withRepository(this.records).find({
        select: { owner: true, idempotencyKey: true },
        where: { expiresAt: LessThanOrEqual(now) },
        order: { expiresAt: 'ASC' },
        take: PURGE_BATCH,
      }),
    );
    if (expired.length === 0) return 0;
    const keys = expired.map(({ owner, idempotencyKey }) => ({
      owner,
      idempotencyKey,
      expiresAt: LessThanOrEqual(now),
    }));
    const result = await this.database.write((manager) =>
      manager.withRepository(this.records).delete(keys),
    );
    return result.affected ?? expired.length;
  }
}

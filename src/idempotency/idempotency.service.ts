import { ConflictException, Injectable, UnprocessableEntityException } from '@nestjs/common';
import { DatabaseAccess } from '../database/database-access.js';
import { IdempotencyRepository } from './idempotency.repository.js';
import type { IdempotencyClaim, KeptResponse } from './idempotency.types.js';
import { IdempotencyErrorCode } from './idempotency.errors.js';

/** How long a response is kept for its Idempotency-Key. */
export const IDEMPOTENCY_KEEP_MS = 24 * 60 * 60 * 1_000;

export type IdempotentOutcome<T> =
  { replayed: false; value: T } | { replayed: true; response: KeptResponse };

/** A request at most once per (key, Idempotency-Key); only a success is kept. */
@Injectable()
export class IdempotencyService {
  /** Keys in progress on this instance: a repeat gets 409 without waiting on the database. */
  private readonly running = new Set<string>();

  constructor(
    private readonly records: IdempotencyRepository,
    private readonly database: DatabaseAccess,
  ) {}

  async once<T>(
    claim: IdempotencyClaim,
    handle: () => Promise<{ value: T; response: KeptResponse }>,
  ): Promise<IdempotentOutcome<T>> {
    const slot = `${claim.owner}\n${claim.idempotencyKey}`;
    if (this.running.has(slot)) throw keyInUse();
    this.running.add(slot);
    try {
      // A second round only when the key's record expired, or vanished, between two statements.
      for (let round = 1; round <= 2; round++) {
        const now = new Date();
        const done = await this.database.transaction(async () => {
          const claimed = await this.records.claim(claim, now, IDEMPOTENCY_KEEP_MS);
          // Another instance holds the key in its open transaction.
          if (claimed === 'held') throw keyInUse();
          if (claimed === 'exists') return undefined;
          const result = await handle();
          await this.records.complete(claim, result.response);
          return result;
        });
        if (done) return { replayed: false, value: done.value };
        const kept = await this.records.find(claim.owner, claim.idempotencyKey);
        if (kept && kept.expiresAt > now) {
          if (kept.requestHash !== claim.requestHash) throw keyReused();
          return {
            replayed: true,
            response: {
              status: kept.responseStatus,
              body: kept.responseBody,
              location: kept.responseLocation,
              etag: kept.responseEtag,
            },
          };
        }
        if (kept) await this.records.deleteIfExpired(claim.owner, claim.idempotencyKey, now);
      }
      throw keyInUse();
    } finally {
      this.running.delete(slot);
    }
  }
}

function keyInUse(): ConflictException {
  return new ConflictException(
    'A request with this Idempotency-Key is still being processed; retry once it has finished.',
    {
      errorCode: IdempotencyErrorCode.IDEMPOTENCY_KEY_IN_USE,
    },
  );
}

function keyReused(): UnprocessableEntityException {
  return new UnprocessableEntityException(
    'This Idempotency-Key was already used for a different request (another operation or body); ' +
      'use a new key for a new request.',
    { errorCode: IdempotencyErrorCode.IDEMPOTENCY_KEY_REUSED },
  );
}

import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { DateTimeColumn, IntegerColumn } from '../database/column.decorators.js';

/** The response kept for an Idempotency-Key, written with the request's own writes. */
@Entity({ name: 'idempotency_records' })
// The purge deletes by expiry, oldest first.
@Index('IDX_idempotency_records_expires_at', ['expiresAt'])
export class IdempotencyRecordEntity {
  /** Which key sent it: a digest of the key, never the key. */
  @PrimaryColumn({ type: 'varchar', length: 64 })
  owner: string;

  @PrimaryColumn({ name: 'idempotency_key', type: 'varchar', length: 255 })
  idempotencyKey: string;

  /** SHA-256 of the operation and the canonical body: a repeat must be the same request. */
  @Column({ name: 'request_hash', type: 'varchar', length: 64 })
  requestHash: string;

  @IntegerColumn({ name: 'response_status' })
  responseStatus: number;

  /** The response body as sent: JSON text, int64 digits exact. */
  @Column({ name: 'response_body', type: 'text' })
  responseBody: string;

  @Column({ name: 'response_location', type: 'varchar', length: 2048, nullable: true })
  responseLocation: string | null;

  @Column({ name: 'response_etag', type: 'varchar', length: 255, nullable: true })
  responseEtag: string | null;

  @DateTimeColumn({ name: 'created_at' })
  createdAt: Date;

  @DateTimeColumn({ name: 'expires_at' })
  expiresAt: Date;
}

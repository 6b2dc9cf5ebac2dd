import { Column, Entity, Index } from 'typeorm';
import {
  DateTimeColumn,
  Int64Column,
  Int64PrimaryGeneratedColumn,
  IntegerColumn,
} from '../database/column.decorators.js';

/** One delivery attempt, for the endpoint's owner to read; the newest are kept per endpoint. */
@Entity({ name: 'webhook_attempts' })
@Index('IDX_webhook_attempts_endpoint_id_id', ['endpointId', 'id'])
export class WebhookAttemptEntity {
  @Int64PrimaryGeneratedColumn()
  id: bigint;

  @Int64Column({ name: 'endpoint_id' })
  endpointId: bigint;

  @Int64Column({ name: 'event_id' })
  eventId: bigint;

  /** 1 for the first attempt of this event at this endpoint. */
  @IntegerColumn()
  attempt: number;

  @DateTimeColumn({ name: 'attempted_at' })
  attemptedAt: Date;

  /** From having its connection to the end: the receiver's time. */
  @IntegerColumn({ name: 'duration_ms' })
  durationMs: number;

  /** How long it waited for one of its owner's connections first; null: recorded before this was. */
  @IntegerColumn({ name: 'connection_wait_ms', nullable: true })
  connectionWaitMs: number | null;

  /** The receiver's HTTP status; null when none came (refused address, timeout, network error). */
  @IntegerColumn({ name: 'status_code', nullable: true })
  statusCode: number | null;

  /** delivered, retrying, failed (given up), or the endpoint disabled by this answer. */
  @Column({ type: 'varchar', length: 16 })
  outcome: string;

  /** The start of the answer's body, or what went wrong when none came. */
  @Column({ type: 'varchar', length: 256 })
  excerpt: string;
}

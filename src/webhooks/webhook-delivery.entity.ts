import { Column, Entity, Index } from 'typeorm';
import {
  DateTimeColumn,
  Int64Column,
  Int64PrimaryGeneratedColumn,
  IntegerColumn,
} from '../database/column.decorators.js';

/**
 * One event still to deliver to one endpoint. Claimed by an instance for a lease (next_attempt_at
 * moved past it, lease_token set); deleted once delivered or given up.
 */
@Entity({ name: 'webhook_deliveries' })
@Index('IDX_webhook_deliveries_next_attempt_at', ['nextAttemptAt'])
@Index('UQ_webhook_deliveries_endpoint_id_event_id', ['endpointId', 'eventId'], { unique: true })
export class WebhookDeliveryEntity {
  @Int64PrimaryGeneratedColumn()
  id: bigint;

  @Int64Column({ name: 'endpoint_id' })
  endpointId: bigint;

  @Int64Column({ name: 'event_id' })
  eventId: bigint;

  /** When the event occurred: the age of the oldest undelivered one is a metric. */
  @DateTimeColumn({ name: 'occurred_at' })
  occurredAt: Date;

  /** Attempts made so far. */
  @IntegerColumn()
  attempts: number;

  /** When it is due; while claimed, when the claim's lease ends. */
  @DateTimeColumn({ name: 'next_attempt_at' })
  nextAttemptAt: Date;

  /** The claim holding it; a result is recorded only under the claim that made the attempt. */
  @Column({ name: 'lease_token', type: 'varchar', length: 40, nullable: true })
  leaseToken: string | null;
}

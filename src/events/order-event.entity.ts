import { Column, Entity, Index } from 'typeorm';
import {
  DateTimeColumn,
  Int64Column,
  Int64PrimaryColumn,
  Int64PrimaryGeneratedColumn,
  IntegerColumn,
} from '../database/column.decorators.js';
import { OrderEventType } from './order-event-type.enum.js';

/** What both tables hold of an event: the change, its order and the order after it. */
abstract class OrderEventFields {
  @Column({ type: 'varchar', length: 32 })
  type: OrderEventType;

  @Int64Column({ name: 'order_id' })
  orderId: bigint;

  /** The order's version after the change; a deletion counts as one more change. */
  @IntegerColumn({ name: 'order_version' })
  orderVersion: number;

  /** The name of the key that owns the order (its placedBy); null for orders placed before that. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  owner: string | null;

  @DateTimeColumn({ name: 'occurred_at' })
  occurredAt: Date;

  /** The order after the change as getOrder answers it (its last state for a deletion), as JSON. */
  @Column({ type: 'text' })
  payload: string;

  /**
   * The W3C traceparent of the request that made the change, when tracing was on: the webhook
   * attempts of the event continue that trace. Never shown in the feed.
   */
  @Column({ name: 'trace_parent', type: 'varchar', length: 55, nullable: true })
  traceParent: string | null;
}

/**
 * The outbox: one row per order change, written in the change's own transaction. Its only index is
 * the key, so a change writes one B-tree more; the sequencer moves rows to order_events in batches.
 */
@Entity({ name: 'order_outbox' })
export class OrderOutboxEntity extends OrderEventFields {
  /** Insertion order, which is not commit order on MySQL: never shown. */
  @Int64PrimaryGeneratedColumn({ name: 'entry' })
  entry: bigint;
}

/** The events of the feed, ids given after commit in commit order: 1, 2, 3, … without gaps. */
@Entity({ name: 'order_events' })
@Index('IDX_order_events_order_id_id', ['orderId', 'id'])
@Index('IDX_order_events_type_id', ['type', 'id'])
@Index('IDX_order_events_owner_id', ['owner', 'id'])
@Index('IDX_order_events_owner_type_id', ['owner', 'type', 'id'])
export class OrderEventEntity extends OrderEventFields {
  @Int64PrimaryColumn()
  id: bigint;
}

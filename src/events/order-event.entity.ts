import { Column, Entity, Index } from 'typeorm';
import {
  DateTimeColumn,
  Int64Column,
  Int64PrimaryGeneratedColumn,
  IntegerColumn,
} from '../database/column.decorators.js';
import { OrderEventType } from './order-event-type.enum.js';

/** The outbox: one row per order change, written in the change's own transaction. */
@Entity({ name: 'order_events' })
@Index('UQ_order_events_id', ['id'], { unique: true })
@Index('IDX_order_events_order_id_id', ['orderId', 'id'])
@Index('IDX_order_events_type_id', ['type', 'id'])
@Index('IDX_order_events_owner_id', ['owner', 'id'])
@Index('IDX_order_events_owner_type_id', ['owner', 'type', 'id'])
export class OrderEventEntity {
  /** Insertion order, which is not commit order on MySQL: never shown. */
  @Int64PrimaryGeneratedColumn({ name: 'entry' })
  entry: bigint;

  /** The public id, given after commit in commit order (null until then): 1, 2, 3, … no gaps. */
  @Int64Column({ nullable: true })
  id: bigint | null;

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
}

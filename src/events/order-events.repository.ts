import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, LessThanOrEqual, Not, type EntityManager, type Repository } from 'typeorm';
import { DatabaseAccess } from '../database/database-access.js';
import { EventSequenceEntity } from './event-sequence.entity.js';
import type { OrderEventType } from './order-event-type.enum.js';
import { OrderEventEntity } from './order-event.entity.js';

export type NewOrderEvent = Omit<OrderEventEntity, 'entry' | 'id'>;

/** An event that has its public id. */
export type SequencedOrderEvent = OrderEventEntity & { id: bigint };

export interface OrderEventFilters {
  owner?: string;
  type?: OrderEventType;
  orderId?: bigint;
}

/** Events given their ids in one transaction, and deleted in one purge step, at most. */
export const SEQUENCE_BATCH = 500;
export const PURGE_BATCH = 1_000;

const SEQUENCE = 'order_events';

/** All SQL for the order_events outbox and its id sequence. */
@Injectable()
export class OrderEventsRepository {
  constructor(
    @InjectRepository(OrderEventEntity) private readonly events: Repository<OrderEventEntity>,
    @InjectRepository(EventSequenceEntity)
    private readonly sequences: Repository<EventSequenceEntity>,
    private readonly database: DatabaseAccess,
  ) {}

  /** Called once an appended event has committed (the sequencer sets it). */
  onCommitted?: () => void;

  /** Appends an event; inside a transaction (the change's own), it commits or rolls back with it. */
  async append(event: NewOrderEvent): Promise<void> {
    await this.database.insert(this.events, event);
    if (this.onCommitted) this.database.afterCommit(this.onCommitted);
  }

  /**
   * Gives the committed events without an id the next ids, in one transaction holding the
   * sequence's row: an event committed later always gets a higher id, so a feed never skips one.
   */
  sequencePending(): Promise<number> {
    return this.database.transaction(async (manager) => {
      const sequence = await this.lockSequence(manager);
      const pending = await manager.withRepository(this.events).find({
        select: { entry: true },
        where: { id: IsNull() },
        order: { entry: 'ASC' },
        take: SEQUENCE_BATCH,
      });
      if (pending.length === 0) return 0;
      const params: bigint[] = [];
      let cases = '';
      pending.forEach(({ entry }, index) => {
        cases += ' WHEN ? THEN ?';
        params.push(entry, sequence.lastId + BigInt(index + 1));
      });
      const entries = pending.map(({ entry }) => entry);
      await manager.query(
        `UPDATE order_events SET id = CASE entry${cases} END ` +
          `WHERE entry IN (${entries.map(() => '?').join(', ')})`,
        [...params, ...entries],
      );
      await manager
        .withRepository(this.sequences)
        .update({ name: SEQUENCE }, { lastId: sequence.lastId + BigInt(pending.length) });
      return pending.length;
    });
  }

  /** Up to `limit` events with an id above `afterId`, ascending; only sequenced ones. */
  listAfter(
    afterId: bigint,
    limit: number,
    filters: OrderEventFilters,
  ): Promise<SequencedOrderEvent[]> {
    return this.database.read(async (manager) => {
      const query = manager
        .withRepository(this.events)
        .createQueryBuilder('event')
        .where('event.id > :afterId', { afterId });
      if (filters.owner !== undefined)
        query.andWhere('event.owner = :owner', { owner: filters.owner });
      if (filters.type !== undefined) query.andWhere('event.type = :type', { type: filters.type });
      if (filters.orderId !== undefined)
        query.andWhere('event.orderId = :orderId', { orderId: filters.orderId });
      return (await query
        .orderBy('event.id', 'ASC')
        .limit(limit)
        .getMany()) as SequencedOrderEvent[];
    });
  }

  /** The sequence: the last id given and the last id purged. */
  sequence(): Promise<EventSequenceEntity> {
    return this.database.read(async (manager) =>
      manager.withRepository(this.sequences).findOneByOrFail({ name: SEQUENCE }),
    );
  }

  /**
   * Deletes the oldest events, in id order, that occurred before `cutoff`: at most one batch, so
   * that every id up to `purgedThrough` is gone and every id above it kept.
   */
  purgeBefore(cutoff: Date): Promise<number> {
    return this.database.transaction(async (manager) => {
      const sequence = await this.lockSequence(manager);
      const oldest = await manager.withRepository(this.events).find({
        select: { id: true, occurredAt: true },
        where: { id: Not(IsNull()) },
        order: { id: 'ASC' },
        take: PURGE_BATCH,
      });
      const expired = oldest.findIndex((event) => event.occurredAt >= cutoff);
      const purged = expired === -1 ? oldest : oldest.slice(0, expired);
      if (purged.length === 0) return 0;
      const through = purged[purged.length - 1].id!;
      // The purged events are every event up to `through`: one range, however many.
      await manager.withRepository(this.events).delete({ id: LessThanOrEqual(through) });
      if (through > sequence.purgedThrough)
        await manager
          .withRepository(this.sequences)
          .update({ name: SEQUENCE }, { purgedThrough: through });
      return purged.length;
    });
  }

  /** The sequence's row, locked until the transaction ends (SQLite's transaction locks it all). */
  private lockSequence(manager: EntityManager): Promise<EventSequenceEntity> {
    return manager.withRepository(this.sequences).findOneOrFail({
      where: { name: SEQUENCE },
      ...(this.database.dialect === 'mysql' ? { lock: { mode: 'pessimistic_write' } } : {}),
    });
  }
}

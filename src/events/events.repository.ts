import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, LessThanOrEqual, type EntityManager, type Repository } from 'typeorm';
import { DatabaseAccess } from '../database/database-access.js';
import { sqlDateTime } from '../database/sql-values.js';
import { EventSequenceEntity } from './event-sequence.entity.js';
import { EventEntity, EventOutboxEntity } from './event.entity.js';

export type NewEvent = Omit<EventOutboxEntity, 'entry'>;

/** An event just given its id, as those who act on new events (webhooks) see it. */
export type SequencedEvent = Pick<EventEntity, 'id' | 'type' | 'owner' | 'occurredAt'>;

/** Runs inside the transaction that gives events their ids: its writes commit with them. */
export type SequencedHandler = (events: readonly SequencedEvent[]) => Promise<void>;

export interface EventFilters {
  /** One family's types, or one of them: a feed never shows another family's events. */
  types: readonly string[];
  owner?: string;
  subjectId?: bigint;
}

/** Events given their ids in one transaction, and deleted in one purge step, at most. */
export const SEQUENCE_BATCH = 500;
export const PURGE_BATCH = 1_000;

const SEQUENCE = 'order_events';

/** The append, prepared: it runs in every change that makes an event. */
const APPEND_SQL =
  'INSERT INTO order_outbox ' +
  '(type, order_id, order_version, owner, occurred_at, payload, trace_parent) ' +
  'VALUES (?, ?, ?, ?, ?, ?, ?)';
const FIELDS = 'type, order_id, order_version, owner, occurred_at, payload, trace_parent';
const ANY_PENDING_SQL = 'SELECT entry FROM order_outbox ORDER BY entry LIMIT 1';

/** All SQL for the events' outbox, the events and their id sequence. */
@Injectable()
export class EventsRepository {
  constructor(
    @InjectRepository(EventOutboxEntity) private readonly outbox: Repository<EventOutboxEntity>,
    @InjectRepository(EventEntity) private readonly events: Repository<EventEntity>,
    @InjectRepository(EventSequenceEntity)
    private readonly sequences: Repository<EventSequenceEntity>,
    private readonly database: DatabaseAccess,
  ) {}

  /** Called once an appended event has committed (the sequencer sets it). */
  onCommitted?: () => void;

  private readonly sequencedHandlers: SequencedHandler[] = [];

  /** Adds work to the transaction that gives events their ids (webhooks queue deliveries). */
  whenSequenced(handler: SequencedHandler): void {
    this.sequencedHandlers.push(handler);
  }

  /** Appends an event; inside a transaction (the change's own), it commits or rolls back with it. */
  async append(event: NewEvent): Promise<void> {
    await this.database.prepared(
      APPEND_SQL,
      [
        event.type,
        event.subjectId,
        event.subjectVersion,
        event.owner,
        sqlDateTime(event.occurredAt),
        event.payload,
        event.traceParent,
      ],
      'write',
    );
    if (this.onCommitted) this.database.afterCommit(this.onCommitted);
  }

  /** Sequences committed outbox rows, oldest first, holding the sequence's row: ids never go back. */
  async sequencePending(): Promise<number> {
    // Most passes find nothing: one prepared read then, not a transaction.
    const any = await this.database.prepared(ANY_PENDING_SQL, [], { primaryOnly: true });
    if (any.length === 0) return 0;
    return this.database.transaction(async (manager) => {
      const sequence = await this.lockSequence(manager);
      // A plain read: only committed rows, so a change still open is left for a later batch.
      const pending = await manager.withRepository(this.outbox).find({
        select: { entry: true, type: true, owner: true, occurredAt: true },
        order: { entry: 'ASC' },
        take: SEQUENCE_BATCH,
      });
      if (pending.length === 0) return 0;
      const entries = pending.map(({ entry }) => entry);
      const list = entries.map(() => '?').join(', ');
      // Each id named (CASE), not numbered in SQL: MariaDB 10.11 crashed (signal 11, dropping the
      // Aria temporary table of `ROW_NUMBER() OVER (ORDER BY entry)`) on a loaded machine.
      const ids = entries.flatMap((entry, index) => [entry, sequence.lastId + BigInt(index + 1)]);
      await manager.query(
        `INSERT INTO order_events (id, ${FIELDS}) ` +
          `SELECT CASE entry ${entries.map(() => 'WHEN ? THEN ?').join(' ')} END, ${FIELDS} ` +
          `FROM order_outbox WHERE entry IN (${list})`,
        [...ids, ...entries],
      );
      await manager.query(`DELETE FROM order_outbox WHERE entry IN (${list})`, entries);
      await manager
        .withRepository(this.sequences)
        .update({ name: SEQUENCE }, { lastId: sequence.lastId + BigInt(pending.length) });
      const sequenced = pending.map(({ type, owner, occurredAt }, index) => ({
        id: sequence.lastId + BigInt(index + 1),
        type,
        owner,
        occurredAt,
      }));
      for (const handler of this.sequencedHandlers) await handler(sequenced);
      return pending.length;
    });
  }

  /** Up to `limit` events of `filters.types` with an id above `afterId`, ascending. */
  async listAfter(afterId: bigint, limit: number, filters: EventFilters): Promise<EventEntity[]> {
    if (filters.types.length === 0) return [];
    return this.database.read((manager) => {
      const query = manager
        .withRepository(this.events)
        .createQueryBuilder('event')
        .where('event.id > :afterId', { afterId })
        .andWhere('event.type IN (:...types)', { types: filters.types });
      if (filters.owner !== undefined)
        query.andWhere('event.owner = :owner', { owner: filters.owner });
      if (filters.subjectId !== undefined)
        query.andWhere('event.subjectId = :subjectId', { subjectId: filters.subjectId });
      return query.orderBy('event.id', 'ASC').limit(limit).getMany();
    });
  }

  /** The events with these ids still kept, on the primary. */
  byIds(ids: readonly bigint[]): Promise<EventEntity[]> {
    return this.database.readPrimary((manager) =>
      manager.withRepository(this.events).findBy({ id: In(ids) }),
    );
  }

  /** The sequence as the primary has it: the last id given and the last id purged. */
  sequence(): Promise<EventSequenceEntity> {
    return this.database.readPrimary((manager) =>
      manager.withRepository(this.sequences).findOneByOrFail({ name: SEQUENCE }),
    );
  }

  /** When the oldest committed event still without its feed id occurred; undefined: none waits. */
  async oldestUnsequenced(): Promise<Date | undefined> {
    const [oldest] = await this.database.readPrimary((manager) =>
      manager.withRepository(this.outbox).find({
        select: { entry: true, occurredAt: true },
        order: { entry: 'ASC' },
        take: 1,
      }),
    );
    return oldest?.occurredAt;
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
        order: { id: 'ASC' },
        take: PURGE_BATCH,
      });
      const expired = oldest.findIndex((event) => event.occurredAt >= cutoff);
      const purged = expired === -1 ? oldest : oldest.slice(0, expired);
      if (purged.length === 0) return 0;
      const through = purged[purged.length - 1].id;
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

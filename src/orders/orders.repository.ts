import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { DatabaseAccess } from '../database/database-access.js';
import { isDuplicateKey, isForeignKeyViolation } from '../database/database-availability.js';
import { dateFromSql, sqlBoolean, sqlDateTime } from '../database/sql-values.js';
import { int64FromDatabase } from '../common/int64/int64.js';
import { EventsRepository, type NewEvent } from '../events/events.repository.js';
import { PetEntity } from '../pets/pet.entity.js';
import { OrderEntity } from './order.entity.js';
import type { OrderStatus } from './order-status.enum.js';

export type NewOrderRecord = Omit<OrderEntity, 'id' | 'pet' | 'version'>;

/** The event a change writes, described from the order as it is after the change. */
export type EventOf = (order: OrderEntity) => NewEvent;

/** How often insert draws an id; a clash is as likely as 1 in 2^53 divided by the orders stored. */
const ID_DRAWS = 5;

/** The writes, prepared: each runs in an order change, with its event, in one transaction. */
const INSERT_SQL =
  'INSERT INTO orders (id, pet_id, quantity, ship_date, status, complete, placed_by, version) ' +
  'VALUES (?, ?, ?, ?, ?, ?, ?, 1)';
const DELETE_SQL = 'DELETE FROM orders WHERE id = ? AND version = ?';
/** The order a change is decided on, prepared: every change reads it first. */
const SELECT_ORDERS =
  'SELECT id, pet_id AS petId, quantity, ship_date AS shipDate, status, complete, ' +
  'placed_by AS placedBy, version FROM orders';
const SELECT_ORDER = `${SELECT_ORDERS} WHERE id = ?`;
const CURRENT_SQL = `${SELECT_ORDER}`;
const CURRENT_OF_SQL = `${SELECT_ORDER} AND placed_by = ?`;

interface OrderRow {
  id: string | number | bigint;
  petId: string | number | bigint;
  quantity: number | bigint;
  shipDate: string | Date | null;
  status: OrderStatus;
  complete: number | bigint | boolean;
  placedBy: string | null;
  version: number | bigint;
}
const CHANGED_COLUMN: Readonly<Record<keyof OrderChanges, string>> = {
  status: 'status',
  shipDate: 'ship_date',
  quantity: 'quantity',
  complete: 'complete',
};

/** A random id below 2^53: tells nothing of others' orders, exact as a JSON double. */
export function randomOrderId(): bigint {
  for (;;) {
    const id = randomBytes(8).readBigUInt64BE() >> 11n;
    if (id !== 0n) return id;
  }
}

/** What an update may set: the fields a client may change. */
export type OrderChanges = Partial<
  Pick<OrderEntity, 'status' | 'shipDate' | 'quantity' | 'complete'>
>;

export interface OrderFilters {
  status?: OrderStatus;
  petId?: bigint;
  placedBy?: string;
}

/** All SQL for the orders table, through TypeORM's Repository and QueryBuilder. */
@Injectable()
export class OrdersRepository {
  constructor(
    @InjectRepository(OrderEntity) private readonly orders: Repository<OrderEntity>,
    @InjectRepository(PetEntity) private readonly pets: Repository<PetEntity>,
    private readonly database: DatabaseAccess,
    private readonly events: EventsRepository,
  ) {}

  /**
   * Inserts at version 1 under a random id, drawn again if taken, with its event; undefined when
   * the pet does not exist (the foreign key refused it: nothing was written).
   */
  async insert(order: NewOrderRecord, eventOf: EventOf): Promise<OrderEntity | undefined> {
    for (let attempt = 1; ; attempt++) {
      const inserted: OrderEntity = { ...order, id: randomOrderId(), version: 1 };
      try {
        await this.database.transaction(async () => {
          await this.database.prepared(
            INSERT_SQL,
            [
              inserted.id,
              order.petId,
              order.quantity,
              sqlDateTime(order.shipDate),
              order.status,
              sqlBoolean(order.complete),
              order.placedBy,
            ],
            'write',
          );
          await this.events.append(eventOf(inserted));
        });
        return inserted;
      } catch (error) {
        if (isForeignKeyViolation(error)) return undefined;
        if (!isDuplicateKey(error) || attempt === ID_DRAWS) throw error;
      }
    }
  }

  /** By id (and owner for a partner key) in one statement, so both misses cost the same. */
  findById(
    id: bigint,
    placedBy: string | undefined,
    primaryIf: (order: OrderEntity | null) => boolean,
  ): Promise<OrderEntity | null> {
    return this.database.read(
      (manager) =>
        manager
          .withRepository(this.orders)
          .findOneBy(placedBy === undefined ? { id } : { id, placedBy }),
      primaryIf,
    );
  }

  /** As findById, read on the primary: the order as it is now, which a change is decided on. */
  async findCurrent(id: bigint, placedBy: string | undefined): Promise<OrderEntity | null> {
    const rows = await this.database.prepared<OrderRow>(
      placedBy === undefined ? CURRENT_SQL : CURRENT_OF_SQL,
      placedBy === undefined ? [id] : [id, placedBy],
      { primaryOnly: true },
    );
    return rows.length === 0 ? null : toOrderEntity(rows[0]);
  }

  /** Applies the changes, with their event, if the order is still at `version`; else false. */
  updateAtVersion(
    order: OrderEntity,
    changes: OrderChanges,
    eventOf: EventOf,
  ): Promise<OrderEntity | undefined> {
    return this.database.transaction(async () => {
      const columns = Object.keys(changes) as (keyof OrderChanges)[];
      const values = columns.map((column) => {
        const value = changes[column];
        if (column === 'shipDate') return sqlDateTime(value as Date | null);
        return column === 'complete' ? sqlBoolean(value as boolean) : value;
      });
      const sets = columns.map((column) => `${CHANGED_COLUMN[column]} = ?, `).join('');
      const changed = await this.database.prepared(
        `UPDATE orders SET ${sets}version = version + 1 WHERE id = ? AND version = ?`,
        [...values, order.id, order.version],
        'write',
      );
      if (changed === 0) return undefined;
      const after = { ...order, ...changes, version: order.version + 1 };
      await this.events.append(eventOf(after));
      return after;
    });
  }

  /** Deletes the order, with its event, if it is still at `version`; false when it is not. */
  deleteAtVersion(order: OrderEntity, eventOf: EventOf): Promise<boolean> {
    return this.database.transaction(async () => {
      const deleted = await this.database.prepared(DELETE_SQL, [order.id, order.version], 'write');
      if (deleted === 0) return false;
      await this.events.append(eventOf(order));
      return true;
    });
  }

  /** Up to `limit` matching orders above `afterId`, ascending. */
  async listAfter(afterId: bigint, limit: number, filters: OrderFilters): Promise<OrderEntity[]> {
    const [sql, params] = orderPageStatement(filters, afterId, limit, this.database.dialect);
    return (await this.database.prepared<OrderRow>(sql, params)).map(toOrderEntity);
  }
}

/**
 * listOrders' page from the (filters…, id) index, which MySQL is told (FORCE INDEX): left to
 * choose, both families pick slower plans (test/orders-indexes.e2e-spec.ts).
 */
export function orderPageStatement(
  filters: OrderFilters,
  afterId: bigint,
  limit: number,
  dialect: 'mysql' | 'sqlite',
): [string, unknown[]] {
  // In the indexes' column order: IDX_orders_<these columns>_id.
  const equal = (
    [
      ['placed_by', filters.placedBy],
      ['pet_id', filters.petId],
      ['status', filters.status],
    ] as const
  ).filter(([, value]) => value !== undefined);
  const index = `IDX_orders_${equal.map(([column]) => column).join('_')}_id`;
  const force = equal.length > 0 && dialect === 'mysql' ? ` FORCE INDEX (${index})` : '';
  const conditions = [...equal.map(([column]) => `${column} = ?`), 'id > ?'].join(' AND ');
  // SQLite binds LIMIT as +?, or it plans the statement on every run (as pets.repository.ts).
  const limitParameter = dialect === 'sqlite' ? '+?' : '?';
  return [
    `${SELECT_ORDERS}${force} WHERE ${conditions} ORDER BY id LIMIT ${limitParameter}`,
    [...equal.map(([, value]) => value), afterId, limit],
  ];
}

function toOrderEntity(row: OrderRow): OrderEntity {
  return {
    id: int64FromDatabase(row.id),
    petId: int64FromDatabase(row.petId),
    quantity: Number(row.quantity),
    shipDate: row.shipDate === null ? null : dateFromSql(row.shipDate),
    status: row.status,
    complete: Boolean(Number(row.complete)),
    placedBy: row.placedBy,
    version: Number(row.version),
  };
}

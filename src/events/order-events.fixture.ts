import type { DataSource } from 'typeorm';
import type { DatabaseAccess } from '../database/database-access.js';
import { EventSequenceEntity } from './event-sequence.entity.js';
import { OrderEventEntity, OrderOutboxEntity } from './order-event.entity.js';
import { OrderEventsRepository } from './order-events.repository.js';

/** For specs: the events repository on a migrated database (migratedSqlite's). */
export function orderEventsOn(
  dataSource: DataSource,
  access: DatabaseAccess,
): OrderEventsRepository {
  return new OrderEventsRepository(
    dataSource.getRepository(OrderOutboxEntity),
    dataSource.getRepository(OrderEventEntity),
    dataSource.getRepository(EventSequenceEntity),
    access,
  );
}

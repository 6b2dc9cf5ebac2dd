import type { DataSource } from 'typeorm';
import type { DatabaseAccess } from '../database/database-access.js';
import { EventSequenceEntity } from './event-sequence.entity.js';
import { EventEntity, EventOutboxEntity } from './event.entity.js';
import { EventsRepository } from './events.repository.js';

/** For specs: the events repository on a migrated database (migratedSqlite's). */
export function eventsRepositoryOn(
  dataSource: DataSource,
  access: DatabaseAccess,
): EventsRepository {
  return new EventsRepository(
    dataSource.getRepository(EventOutboxEntity),
    dataSource.getRepository(EventEntity),
    dataSource.getRepository(EventSequenceEntity),
    access,
  );
}

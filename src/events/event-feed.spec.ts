import { BadRequestException, GoneException } from '@nestjs/common';
import type { AppDataSource } from '../database/app-data-source.js';
import type { DatabaseAccess } from '../database/database-access.js';
import { migratedSqlite } from '../database/migrated-sqlite.fixture.js';
import type { EventFamily, RenderedEvent } from './event-catalog.js';
import { EventFeed } from './event-feed.js';
import { EventIds } from './event-ids.js';
import { eventsRepositoryOn } from './events.fixture.js';
import type { EventsRepository } from './events.repository.js';

interface Rendered extends RenderedEvent {
  family: string;
  type: string;
  subject: string;
}

/** Two families writing to the one sequence, as orders and a second module do. */
const family = (name: string, types: string[]): EventFamily<Rendered> => ({
  types,
  render: (event, id) => ({ id, family: name, type: event.type, subject: String(event.subjectId) }),
  feed: { resynchronise: `list${name}` },
  webhook: { name, operationId: `${name}Webhook`, summary: '', ordering: '', schema: name },
});
const THINGS = family('Things', ['thing.created', 'thing.deleted']);
const VISITS = family('Visits', ['visit.recorded']);

describe('EventFeed (on SQLite)', () => {
  let dataSource: AppDataSource;
  let access: DatabaseAccess;
  let events: EventsRepository;
  let feed: EventFeed;
  let subjectId = 0n;

  const append = (type: string, occurredAt = new Date('2026-11-26T12:00:00.000Z'), owner = 'a') =>
    events.append({
      type,
      subjectId: ++subjectId,
      subjectVersion: 1,
      owner,
      occurredAt,
      payload: '{}',
      traceParent: null,
    });

  beforeEach(async () => {
    ({ dataSource, access } = await migratedSqlite());
    events = eventsRepositoryOn(dataSource, access);
    feed = new EventFeed(events, new EventIds(events));
    subjectId = 0n;
  });

  afterEach(() => dataSource.destroy());

  it("shows each family only its own events, rendered by it, in sequence order, whatever the other's", async () => {
    await append('thing.created');
    await append('visit.recorded');
    await append('visit.recorded');
    await append('thing.deleted');
    await events.sequencePending();
    const things = await feed.page(THINGS, undefined, 10, {});
    expect(things.items.map(({ family, type, subject }) => [family, type, subject])).toEqual([
      ['Things', 'thing.created', '1'],
      ['Things', 'thing.deleted', '4'],
    ]);
    const visits = await feed.page(VISITS, undefined, 10, {});
    expect(visits.items.map(({ subject }) => subject)).toEqual(['2', '3']);
    // Pages resume after an id, and a type filter narrows within the family, never beyond it.
    const first = await feed.page(THINGS, undefined, 1, {});
    expect(first.nextCursor).toBe(first.items[0].id);
    const rest = await feed.page(THINGS, first.nextCursor, 10, {});
    expect(rest.items.map(({ subject }) => subject)).toEqual(['4']);
    expect((await feed.page(THINGS, undefined, 10, { type: 'visit.recorded' })).items).toEqual([]);
    expect(
      (await feed.page(THINGS, undefined, 10, { type: 'thing.deleted' })).items.map(
        ({ subject }) => subject,
      ),
    ).toEqual(['4']);
  });

  it("answers 410 in the family's words once the position is purged, and 400 for an id it never made", async () => {
    const old = new Date('2026-01-01T00:00:00Z');
    await append('thing.created', old);
    await append('visit.recorded', old);
    await append('thing.created');
    await events.sequencePending();
    const [oldest] = (await feed.page(THINGS, undefined, 1, {})).items;
    await events.purgeBefore(new Date('2026-02-01T00:00:00Z'));
    const expired = feed.page(VISITS, oldest.id, 10, {});
    await expect(expired).rejects.toBeInstanceOf(GoneException);
    await expect(expired).rejects.toThrow(
      /Resynchronise from listVisits, then read the feed without after/,
    );
    // Without after: from the oldest kept, never 410.
    expect(
      (await feed.page(THINGS, undefined, 10, {})).items.map(({ subject }) => subject),
    ).toEqual(['3']);
    await expect(feed.page(THINGS, 'evt_AAAAAAAAAAAAAAAAAAAAAA', 10, {})).rejects.toBeInstanceOf(
      BadRequestException,
    );
  });
});

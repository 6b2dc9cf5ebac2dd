import type { AppDataSource } from '../database/app-data-source.js';
import type { DatabaseAccess } from '../database/database-access.js';
import { migratedSqlite } from '../database/migrated-sqlite.fixture.js';
import { eventsRepositoryOn } from './events.fixture.js';
import { PURGE_BATCH, SEQUENCE_BATCH, type EventsRepository } from './events.repository.js';

/** The types of the families these specs write: `thing.…` (and `other.…` where two are needed). */
const THINGS = { types: ['thing.created', 'thing.deleted'] };

describe('EventsRepository (on SQLite)', () => {
  let dataSource: AppDataSource;
  let access: DatabaseAccess;
  let events: EventsRepository;
  let subjectId = 0n;

  const append = (
    occurredAt = new Date('2026-11-26T12:00:00.000Z'),
    owner: string | null = 'shop-a',
    type = 'thing.created',
    traceParent: string | null = null,
  ) =>
    events.append({
      type,
      subjectId: ++subjectId,
      subjectVersion: 1,
      owner,
      occurredAt,
      payload: `{"id":${subjectId}}`,
      traceParent,
    });
  const ids = async () =>
    (await events.listAfter(0n, 10_000, THINGS)).map((event) => [event.id, event.subjectId]);

  beforeEach(async () => {
    ({ dataSource, access } = await migratedSqlite());
    events = eventsRepositoryOn(dataSource, access);
    subjectId = 0n;
  });

  afterEach(() => dataSource.destroy());

  it('shows no event before it has its id; then gives ids 1, 2, 3 in the order the events committed', async () => {
    await append();
    await append();
    expect(await ids()).toEqual([]);
    expect(await events.sequencePending()).toBe(2);
    await append();
    expect(await events.sequencePending()).toBe(1);
    expect(await events.sequencePending()).toBe(0);
    expect(await ids()).toEqual([
      [1n, 1n],
      [2n, 2n],
      [3n, 3n],
    ]);
    expect((await events.sequence()).lastId).toBe(3n);
  });

  it('keeps the traceparent of the request behind an event when it gets its id', async () => {
    const traceparent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    await append(undefined, 'shop-a', 'thing.created', traceparent);
    await append();
    await events.sequencePending();
    const kept = await events.byIds([1n, 2n]);
    expect(kept.map((event) => [event.id, event.traceParent])).toEqual([
      [1n, traceparent],
      [2n, null],
    ]);
  });

  it(`sequences at most ${SEQUENCE_BATCH} events a transaction, gap-free across batches`, async () => {
    await access.transaction(async () => {
      for (let i = 0; i < SEQUENCE_BATCH + 3; i++) await append();
    });
    expect(await events.sequencePending()).toBe(SEQUENCE_BATCH);
    expect(await events.sequencePending()).toBe(3);
    const all = await events.listAfter(0n, 10_000, THINGS);
    expect(all.map((event) => event.id)).toEqual(
      Array.from({ length: SEQUENCE_BATCH + 3 }, (_, index) => BigInt(index + 1)),
    );
  });

  it('calls onCommitted after the transaction that appended commits, never for one rolled back', async () => {
    const calls: string[] = [];
    events.onCommitted = () => calls.push('committed');
    await access
      .transaction(async () => {
        await append();
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(calls).toEqual([]);
    await access.transaction(async () => {
      await append();
      expect(calls).toEqual([]);
    });
    expect(calls).toEqual(['committed']);
  });

  it('filters by owner, type and subject, after an id', async () => {
    await append(undefined, 'shop-a', 'thing.created');
    await append(undefined, 'shop-b', 'thing.created');
    await append(undefined, 'shop-a', 'thing.deleted');
    await events.sequencePending();
    const idsOf = async (...args: Parameters<EventsRepository['listAfter']>) =>
      (await events.listAfter(...args)).map((event) => event.id);
    expect(await idsOf(0n, 10, { ...THINGS, owner: 'shop-a' })).toEqual([1n, 3n]);
    expect(await idsOf(1n, 10, { ...THINGS, owner: 'shop-a' })).toEqual([3n]);
    expect(await idsOf(0n, 10, { types: ['thing.created'] })).toEqual([1n, 2n]);
    expect(await idsOf(0n, 10, { ...THINGS, owner: 'shop-b', subjectId: 2n })).toEqual([2n]);
    expect(await idsOf(0n, 10, { ...THINGS, owner: 'shop-a', subjectId: 2n })).toEqual([]);
    expect(await idsOf(0n, 1, THINGS)).toEqual([1n]);
  });

  it("shows only the types asked for: one family's feed never holds another's events", async () => {
    await append(undefined, 'shop-a', 'thing.created');
    await append(undefined, 'shop-a', 'other.recorded');
    await append(undefined, 'shop-a', 'thing.deleted');
    await events.sequencePending();
    const idsOf = async (types: string[]) =>
      (await events.listAfter(0n, 10, { types })).map((event) => event.id);
    expect(await idsOf(THINGS.types)).toEqual([1n, 3n]);
    expect(await idsOf(['other.recorded'])).toEqual([2n]);
    expect(await idsOf([])).toEqual([]);
  });

  it('purges the oldest events in id order up to the first one still kept, and records how far', async () => {
    const old = new Date('2026-10-01T00:00:00.000Z');
    const cutoff = new Date('2026-10-27T00:00:00.000Z');
    await append(old);
    await append(old);
    await append(new Date('2026-11-20T00:00:00.000Z'));
    // Older again, but after a kept one in id order: kept, so that every id purged is below every id kept.
    await append(old);
    await events.sequencePending();
    expect(await events.purgeBefore(cutoff)).toBe(2);
    expect(await events.purgeBefore(cutoff)).toBe(0);
    expect((await events.listAfter(0n, 10, THINGS)).map((event) => event.id)).toEqual([3n, 4n]);
    expect((await events.sequence()).purgedThrough).toBe(2n);
  });

  it(`purges at most ${PURGE_BATCH} events a call`, async () => {
    await access.transaction(async () => {
      for (let i = 0; i < PURGE_BATCH + 1; i++) await append(new Date('2026-01-01T00:00:00Z'));
    });
    while ((await events.sequencePending()) > 0);
    expect(await events.purgeBefore(new Date('2026-02-01T00:00:00Z'))).toBe(PURGE_BATCH);
    expect((await events.sequence()).purgedThrough).toBe(BigInt(PURGE_BATCH));
    expect(await events.purgeBefore(new Date('2026-02-01T00:00:00Z'))).toBe(1);
    expect(await events.listAfter(0n, 10, THINGS)).toEqual([]);
  });

  it('never purges an event that has no id yet', async () => {
    await append(new Date('2026-01-01T00:00:00Z'));
    expect(await events.purgeBefore(new Date('2026-02-01T00:00:00Z'))).toBe(0);
    expect(await events.sequencePending()).toBe(1);
  });
});

import { jest } from '@jest/globals';
import type { AppDataSource } from '../database/app-data-source.js';
import type { DatabaseAccess } from '../database/database-access.js';
import { migratedSqlite } from '../database/migrated-sqlite.fixture.js';
import { EventSequencer, SEQUENCE_POLL_MS } from './event-sequencer.service.js';
import type { EventsRepository } from './events.repository.js';
import { eventsRepositoryOn } from './events.fixture.js';

const sleep = (ms: number) => new Promise((wait) => setTimeout(wait, ms));

describe('EventSequencer (on SQLite)', () => {
  let dataSource: AppDataSource;
  let access: DatabaseAccess;
  let events: EventsRepository;
  let sequencer: EventSequencer;

  const append = (subjectId: bigint) =>
    events.append({
      type: 'thing.created',
      subjectId,
      subjectVersion: 1,
      owner: 'shop-a',
      occurredAt: new Date(),
      payload: '{}',
      traceParent: null,
    });
  const sequenced = async () =>
    (await events.listAfter(0n, 100, { types: ['thing.created'] })).map((event) => event.id);

  beforeEach(async () => {
    ({ dataSource, access } = await migratedSqlite());
    events = eventsRepositoryOn(dataSource, access);
    sequencer = new EventSequencer(events);
  });

  afterEach(async () => {
    await sequencer.onModuleDestroy();
    await dataSource.destroy();
  });

  it('gives an event committed by this instance its id within a few milliseconds, not at the next poll', async () => {
    sequencer.onApplicationBootstrap();
    await sleep(50); // the first pass at start has run
    const pass = jest.spyOn(events, 'sequencePending');
    await access.transaction(() => append(1n));
    await sleep(SEQUENCE_POLL_MS / 4);
    expect(pass).toHaveBeenCalled();
    expect(await sequenced()).toEqual([1n]);
  });

  it("finds events committed elsewhere (another instance's) at the next poll", async () => {
    sequencer.onApplicationBootstrap();
    events.onCommitted = undefined; // as if another instance had written them
    await access.transaction(() => append(1n));
    await sleep(SEQUENCE_POLL_MS * 3);
    expect(await sequenced()).toEqual([1n]);
  });

  it('keeps trying while the database fails, logging once, and loses nothing', async () => {
    await access.transaction(() => append(1n));
    const failing = jest
      .spyOn(events, 'sequencePending')
      .mockRejectedValue(new Error('connect ECONNREFUSED'));
    const warn = jest.spyOn(sequencer['logger'], 'warn').mockImplementation(() => undefined);
    sequencer.onApplicationBootstrap();
    await sleep(50);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toMatch(/^Sequencing events failed \(connect ECONNREFUSED\)/);
    failing.mockRestore();
    await sleep(1_300);
    expect(await sequenced()).toEqual([1n]);
  });

  it('stops at shutdown after the pass under way', async () => {
    sequencer.onApplicationBootstrap();
    await sequencer.onModuleDestroy();
    await access.transaction(() => append(1n));
    await sleep(SEQUENCE_POLL_MS * 2);
    expect(await sequenced()).toEqual([]);
  });
});

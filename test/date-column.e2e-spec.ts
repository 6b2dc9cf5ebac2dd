import { Entity, PrimaryColumn, Table } from 'typeorm';
import { parseDatabaseUrl } from '../src/config/database-url.js';
import { AppDataSource } from '../src/database/app-data-source.js';
import { DateOnlyColumn } from '../src/database/column.decorators.js';
import { buildDataSourceOptions } from '../src/database/data-source-options.js';
import { testDatabases } from './support/test-databases.js';

@Entity({ name: 'dated_things' })
class DatedThing {
  @PrimaryColumn({ type: 'int' })
  id: number;

  @DateOnlyColumn({ nullable: true })
  day: string | null;
}

const DAYS = ['2026-11-29', '1000-01-01', '9999-12-31', '2024-02-29', '2026-03-29'];

/** DateOnlyColumn: the day written is the day read, on both databases, whatever the time zone. */
describe.each(testDatabases())('a date-only column on $name', (database) => {
  let dataSource: AppDataSource;
  const zone = process.env.TZ;

  beforeAll(async () => {
    const url = await database.create();
    dataSource = await new AppDataSource(
      buildDataSourceOptions(parseDatabaseUrl(url), { entities: [DatedThing], migrations: [] }),
    ).initialize();
    // As a migration creates it, with the QueryRunner API: DATE on MySQL, text on SQLite.
    const queryRunner = dataSource.createQueryRunner();
    await queryRunner.createTable(
      new Table({
        name: 'dated_things',
        columns: [
          { name: 'id', type: 'int', isPrimary: true },
          { name: 'day', type: 'date', isNullable: true },
        ],
      }),
    );
    await queryRunner.release();
  });

  afterAll(async () => {
    process.env.TZ = zone;
    await dataSource?.destroy();
    await database.dropAll();
  });

  it.each(['UTC', 'America/Los_Angeles', 'Pacific/Kiritimati'])(
    'stores and returns YYYY-MM-DD unchanged with the process in %s',
    async (timeZone) => {
      // Node reads TZ when it changes: a zone west or east of UTC must move no day.
      process.env.TZ = timeZone;
      const things = dataSource.getRepository(DatedThing);
      await things.clear();
      await things.save(DAYS.map((day, id) => ({ id, day })));
      await things.save({ id: DAYS.length, day: null });
      const read = await things.find({ order: { id: 'ASC' } });
      expect(read.map((thing) => thing.day)).toEqual([...DAYS, null]);
      // Compared and ordered as dates by the database itself.
      const after = await things
        .createQueryBuilder('thing')
        .where('thing.day > :day', { day: '2026-03-29' })
        .orderBy('thing.day', 'ASC')
        .getMany();
      expect(after.map((thing) => thing.day)).toEqual(['2026-11-29', '9999-12-31']);
    },
  );
});

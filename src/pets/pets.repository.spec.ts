import type { AppDataSource } from '../database/app-data-source.js';
import { migratedSqlite } from '../database/migrated-sqlite.fixture.js';
import { PetStatus } from './pet-status.enum.js';
import { PetsRepository } from './pets.repository.js';

describe('PetsRepository (on SQLite)', () => {
  let dataSource: AppDataSource;
  let pets: PetsRepository;

  beforeAll(async () => {
    const database = await migratedSqlite();
    dataSource = database.dataSource;
    pets = new PetsRepository(database.access);
  });

  afterAll(() => dataSource.destroy());

  it('inserts a pet and reads it back with exact int64 values', async () => {
    const inserted = await pets.insert({
      name: 'Rex 🐕',
      categoryId: -9223372036854775808n,
      status: null,
    });
    expect(typeof inserted.id).toBe('bigint');
    expect(await pets.findById(inserted.id)).toEqual({
      id: inserted.id,
      name: 'Rex 🐕',
      categoryId: -9223372036854775808n,
      status: null,
    });
  });

  it('finds nothing for an unknown id', async () => {
    expect(await pets.findById(9223372036854775807n)).toBeNull();
  });

  it('lists after an id, ascending, limited, optionally by status', async () => {
    const ids: bigint[] = [];
    for (const status of [PetStatus.SOLD, PetStatus.PENDING, PetStatus.SOLD, PetStatus.SOLD])
      ids.push((await pets.insert({ name: 'x', categoryId: 1n, status })).id);
    const after = ids[0] - 1n;
    expect((await pets.listAfter(after, 10, undefined)).map((pet) => pet.id)).toEqual(ids);
    expect((await pets.listAfter(after, 2, PetStatus.SOLD)).map((pet) => pet.id)).toEqual([
      ids[0],
      ids[2],
    ]);
    expect((await pets.listAfter(ids[2], 10, PetStatus.SOLD)).map((pet) => pet.id)).toEqual([
      ids[3],
    ]);
  });

  it('lists a first page (0n: no cursor) from the lowest id, limited, optionally by status', async () => {
    const all = (
      await dataSource.query<{ id: bigint; status: PetStatus | null }[]>(
        'SELECT id, status FROM pets ORDER BY id',
      )
    ).map((row) => ({
      id: BigInt(row.id),
      status: row.status,
    }));
    expect(all.length).toBeGreaterThan(3);
    expect((await pets.listAfter(0n, 3, undefined)).map((pet) => pet.id)).toEqual(
      all.slice(0, 3).map((row) => row.id),
    );
    const sold = all.filter((row) => row.status === PetStatus.SOLD).map((row) => row.id);
    expect(sold.length).toBeGreaterThan(1);
    expect((await pets.listAfter(0n, 2, PetStatus.SOLD)).map((pet) => pet.id)).toEqual(
      sold.slice(0, 2),
    );
    expect((await pets.listAfter(0n, 100, PetStatus.SOLD)).map((pet) => pet.id)).toEqual(sold);
  });
});

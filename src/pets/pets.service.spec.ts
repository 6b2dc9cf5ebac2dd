import { AppException } from '../common/errors/app.exception.js';
import { ErrorCode } from '../common/errors/error-code.enum.js';
import { KeysetCursorCodec } from '../common/paging/keyset-cursor.codec.js';
import { KeysetPaging } from '../common/paging/keyset-paging.js';
import { PetStatus } from './pet-status.enum.js';
import type { PetEntity } from './pet.entity.js';
import type { NewPetRecord, PetsRepository } from './pets.repository.js';
import { PetsService } from './pets.service.js';

/** An in-memory stand-in for the repository: the service's own rules are what is tested here. */
class PetsInMemory {
  readonly rows: PetEntity[] = [];

  insert(pet: NewPetRecord): Promise<PetEntity> {
    const row = { ...pet, id: BigInt(this.rows.length + 1) };
    this.rows.push(row);
    return Promise.resolve(row);
  }

  findById(id: bigint): Promise<PetEntity | null> {
    return Promise.resolve(this.rows.find((row) => row.id === id) ?? null);
  }

  listAfter(afterId: bigint, limit: number, status: PetStatus | undefined): Promise<PetEntity[]> {
    return Promise.resolve(
      this.rows
        .filter((row) => row.id > afterId && (status === undefined || row.status === status))
        .slice(0, limit),
    );
  }
}

describe('PetsService', () => {
  let rows: PetsInMemory;
  let service: PetsService;

  beforeEach(() => {
    rows = new PetsInMemory();
    service = new PetsService(
      rows as unknown as PetsRepository,
      new KeysetPaging(new KeysetCursorCodec(Buffer.alloc(32, 1))),
    );
  });

  it('creates a pet with an exact categoryId and leaves a missing status absent', async () => {
    const pet = await service.create({ name: 'Rex', categoryId: 9007199254740993n });
    // Exact in JSON: a number where one is exact, the digits themselves above 2^53.
    expect(JSON.stringify(pet)).toBe('{"id":1,"name":"Rex","categoryId":9007199254740993}');
    expect(rows.rows[0].status).toBeNull();
    expect(await service.create({ name: 'Tom', categoryId: 2, status: PetStatus.SOLD })).toEqual({
      id: 2,
      name: 'Tom',
      categoryId: 2,
      status: 'sold',
    });
  });

  it('gets a pet, or 404 NOT_FOUND naming the id', async () => {
    await service.create({ name: 'Rex', categoryId: 1 });
    expect(await service.get(1n)).toMatchObject({ id: 1, name: 'Rex' });
    await expect(service.get(7n)).rejects.toEqual(
      new AppException(ErrorCode.NOT_FOUND, 'No pet with id 7.'),
    );
  });

  it('pages by status with a cursor bound to the filter', async () => {
    for (const status of [PetStatus.SOLD, PetStatus.PENDING, PetStatus.SOLD, PetStatus.SOLD])
      await service.create({ name: 'x', categoryId: 1, status });
    const first = await service.list({ status: PetStatus.SOLD, limit: '2' });
    expect(first.items.map((pet) => pet.id)).toEqual([1, 3]);
    const second = await service.list({
      status: PetStatus.SOLD,
      limit: '2',
      cursor: first.nextCursor,
    });
    expect(second).toEqual({ items: [expect.objectContaining({ id: 4 })] });
    await expect(service.list({ limit: '2', cursor: first.nextCursor })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });
});

import { NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { KeysetCursorCodec } from '../common/paging/keyset-cursor.codec.js';
import { KeysetPaging } from '../common/paging/keyset-paging.js';
import { OrderStatus } from './order-status.enum.js';
import type { OrderEntity } from './order.entity.js';
import type { NewOrderRecord, OrderFilters, OrdersRepository } from './orders.repository.js';
import { OrdersService } from './orders.service.js';

/** An in-memory stand-in for the repository: the service's own rules are what is tested here. */
class OrdersInMemory {
  readonly rows: OrderEntity[] = [];
  readonly pets = new Set([1n, 9007199254740993n]);

  petExists(petId: bigint): Promise<boolean> {
    return Promise.resolve(this.pets.has(petId));
  }

  insert(order: NewOrderRecord): Promise<OrderEntity> {
    const row = { ...order, id: BigInt(this.rows.length + 1) };
    this.rows.push(row);
    return Promise.resolve(row);
  }

  findById(id: bigint): Promise<OrderEntity | null> {
    return Promise.resolve(this.rows.find((row) => row.id === id) ?? null);
  }

  delete(id: bigint): Promise<boolean> {
    const index = this.rows.findIndex((row) => row.id === id);
    if (index >= 0) this.rows.splice(index, 1);
    return Promise.resolve(index >= 0);
  }

  listAfter(afterId: bigint, limit: number, filters: OrderFilters): Promise<OrderEntity[]> {
    const matches = (row: OrderEntity) =>
      (filters.status === undefined || row.status === filters.status) && (filters.petId === undefined || row.petId === filters.petId);
    return Promise.resolve(this.rows.filter((row) => row.id > afterId && matches(row)).slice(0, limit));
  }
}

describe('OrdersService', () => {
  let rows: OrdersInMemory;
  let service: OrdersService;

  beforeEach(() => {
    rows = new OrdersInMemory();
    service = new OrdersService(rows as unknown as OrdersRepository, new KeysetPaging(new KeysetCursorCodec(Buffer.alloc(32, 2))));
  });

  it('places an order with status placed and complete false unless given, and no ship date', async () => {
    expect(await service.create({ petId: 9007199254740993n, quantity: 3 })).toEqual({
      id: 1n,
      petId: 9007199254740993n,
      quantity: 3,
      status: 'placed',
      complete: false,
    });
    expect(rows.rows[0].shipDate).toBeNull();
  });

  it('stores the ship date as the instant given, and answers it in UTC', async () => {
    const order = await service.create({ petId: 1, quantity: 1, shipDate: '2026-12-24T20:30:00+02:00', status: OrderStatus.APPROVED, complete: true });
    expect(order).toEqual({ id: 1n, petId: 1n, quantity: 1, shipDate: '2026-12-24T18:30:00.000Z', status: 'approved', complete: true });
    expect(rows.rows[0].shipDate).toEqual(new Date('2026-12-24T18:30:00Z'));
  });

  it('refuses an order for a pet that does not exist with 422 PET_NOT_FOUND, storing nothing', async () => {
    const refused = await service.create({ petId: 5, quantity: 1 }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(UnprocessableEntityException);
    expect(refused).toMatchObject({ errorCode: 'PET_NOT_FOUND', message: 'No pet with id 5: an order must name an existing pet.' });
    expect(rows.rows).toEqual([]);
  });

  it('gets and deletes an order, or answers NotFoundException', async () => {
    await service.create({ petId: 1, quantity: 1 });
    expect(await service.get(1n)).toMatchObject({ id: 1n });
    await service.delete(1n);
    await expect(service.get(1n)).rejects.toEqual(new NotFoundException('No order with id 1.'));
    await expect(service.delete(1n)).rejects.toBeInstanceOf(NotFoundException);
  });

  it('pages with a cursor bound to both filters', async () => {
    for (let i = 0; i < 3; i++) await service.create({ petId: 1, quantity: 1 });
    const first = await service.list({ limit: '2', petId: '1' });
    expect(first.items.map((order) => order.id)).toEqual([1n, 2n]);
    expect(await service.list({ limit: '2', petId: '1', cursor: first.nextCursor })).toEqual({ items: [expect.objectContaining({ id: 3n })] });
    await expect(service.list({ limit: '2', cursor: first.nextCursor })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(service.list({ limit: '2', petId: '1', status: OrderStatus.PLACED, cursor: first.nextCursor })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });
});

import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { DatabaseAccess } from '../database/database-access.js';
import { PetEntity } from '../pets/pet.entity.js';
import { OrderEntity } from './order.entity.js';
import type { OrderStatus } from './order-status.enum.js';

export type NewOrderRecord = Omit<OrderEntity, 'id' | 'pet'>;

export interface OrderFilters {
  status?: OrderStatus;
  petId?: bigint;
}

/** All SQL for the orders table, through TypeORM's Repository and QueryBuilder. */
@Injectable()
export class OrdersRepository {
  constructor(
    @InjectRepository(OrderEntity) private readonly orders: Repository<OrderEntity>,
    @InjectRepository(PetEntity) private readonly pets: Repository<PetEntity>,
    private readonly database: DatabaseAccess,
  ) {}

  petExists(petId: bigint): Promise<boolean> {
    return this.database.read(
      (manager) => manager.withRepository(this.pets).existsBy({ id: petId }),
      (exists) => !exists,
    );
  }

  async insert(order: NewOrderRecord): Promise<OrderEntity> {
    return { ...order, id: await this.database.insert(this.orders, order) };
  }

  findById(id: bigint): Promise<OrderEntity | null> {
    return this.database.read(
      (manager) => manager.withRepository(this.orders).findOneBy({ id }),
      (order) => order === null,
    );
  }

  /** Deletes the order; false when there was none. */
  delete(id: bigint): Promise<boolean> {
    return this.database.write(async (manager) => ((await manager.withRepository(this.orders).delete({ id })).affected ?? 0) > 0);
  }

  /** Up to `limit` orders with an id above `afterId` matching the filters, ascending; each filter has its (filter, id) index. */
  listAfter(afterId: bigint, limit: number, filters: OrderFilters): Promise<OrderEntity[]> {
    return this.database.read((manager) => {
      const query = manager.withRepository(this.orders).createQueryBuilder('order').where('order.id > :afterId', { afterId });
      if (filters.status !== undefined) query.andWhere('order.status = :status', { status: filters.status });
      if (filters.petId !== undefined) query.andWhere('order.petId = :petId', { petId: filters.petId });
      return query.orderBy('order.id', 'ASC').limit(limit).getMany();
    });
  }
}

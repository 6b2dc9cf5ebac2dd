import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository, SelectQueryBuilder } from 'typeorm';
import { DatabaseAccess } from '../database/database-access.js';
import { PetStatus } from './pet-status.enum.js';
import { PetEntity } from './pet.entity.js';

export type NewPetRecord = Omit<PetEntity, 'id'>;

/** All SQL for the pets table, through TypeORM's Repository and QueryBuilder. */
@Injectable()
export class PetsRepository {
  constructor(
    @InjectRepository(PetEntity) private readonly pets: Repository<PetEntity>,
    private readonly database: DatabaseAccess,
  ) {}

  async insert(pet: NewPetRecord): Promise<PetEntity> {
    return { ...pet, id: await this.database.insert(this.pets, pet) };
  }

  findById(id: bigint): Promise<PetEntity | null> {
    return this.database.run(() => this.pets.findOneBy({ id }));
  }

  /** Up to `limit` pets with an id above `afterId`, ascending; ids start at 1, so 0n means from the start. */
  listAfter(afterId: bigint, limit: number, status: PetStatus | undefined): Promise<PetEntity[]> {
    return this.database.run(() => this.listQuery(afterId, limit, status).getMany());
  }

  /**
   * Keyset paging: the primary key serves the unfiltered walk, IDX_pets_status_id (status, id) the
   * filtered one, so neither database sorts (the paging tests EXPLAIN this query on both).
   */
  listQuery(afterId: bigint, limit: number, status: PetStatus | undefined): SelectQueryBuilder<PetEntity> {
    const query = this.pets.createQueryBuilder('pet').where('pet.id > :afterId', { afterId });
    if (status !== undefined) query.andWhere('pet.status = :status', { status });
    return query.orderBy('pet.id', 'ASC').limit(limit);
  }
}

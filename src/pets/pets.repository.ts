import { Injectable } from '@nestjs/common';
import { int64FromDatabase } from '../common/int64/int64.js';
import { DatabaseAccess } from '../database/database-access.js';
import { PetStatus } from './pet-status.enum.js';
import type { PetEntity } from './pet.entity.js';

export type NewPetRecord = Omit<PetEntity, 'id'>;

// The columns of PetEntity. int64 columns arrive exact: from mysql2 a number up to 2^53 and a
// string above, from better-sqlite3 a bigint.
const SELECT_PET = 'SELECT id, name, category_id AS categoryId, status FROM pets';

/** The hot paths' statements; SQLite binds LIMIT as `+?`, or it plans them on every run. */
const petSql = (limit: '?' | '+?') =>
  ({
    insert: 'INSERT INTO pets (name, category_id, status) VALUES (?, ?, ?)',
    findById: `${SELECT_PET} WHERE id = ?`,
    listFirst: `${SELECT_PET} ORDER BY id LIMIT ${limit}`,
    listAfter: `${SELECT_PET} WHERE id > ? ORDER BY id LIMIT ${limit}`,
    listByStatusFirst: `${SELECT_PET} WHERE status = ? ORDER BY id LIMIT ${limit}`,
    listByStatusAfter: `${SELECT_PET} WHERE status = ? AND id > ? ORDER BY id LIMIT ${limit}`,
  }) as const;
export const PET_SQL = { mysql: petSql('?'), sqlite: petSql('+?') } as const;

interface PetRow {
  id: bigint | number | string;
  name: string;
  categoryId: bigint | number | string;
  status: PetStatus | null;
}

/** All SQL for pets, as prepared statements: every operation is on a hot path. */
@Injectable()
export class PetsRepository {
  private readonly sql: (typeof PET_SQL)[keyof typeof PET_SQL];

  constructor(private readonly database: DatabaseAccess) {
    this.sql = PET_SQL[database.dialect];
  }

  async insert(pet: NewPetRecord): Promise<PetEntity> {
    return {
      ...pet,
      id: await this.database.prepared(
        this.sql.insert,
        [pet.name, pet.categoryId, pet.status],
        'insert',
      ),
    };
  }

  async findById(id: bigint): Promise<PetEntity | null> {
    // A pet created a moment ago may not be on a replica yet: a miss asks the primary.
    const rows = await this.database.prepared<PetRow>(this.sql.findById, [id], {
      primaryIfEmpty: true,
    });
    return rows.length > 0 ? toEntity(rows[0]) : null;
  }

  /** Up to `limit` pets above `afterId`, ascending; 0n is the start. */
  async listAfter(
    afterId: bigint,
    limit: number,
    status: PetStatus | undefined,
  ): Promise<PetEntity[]> {
    const take = BigInt(limit);
    const fromStart = afterId === 0n;
    const [sql, params] =
      status === undefined
        ? fromStart
          ? [this.sql.listFirst, [take]]
          : [this.sql.listAfter, [afterId, take]]
        : fromStart
          ? [this.sql.listByStatusFirst, [status, take]]
          : [this.sql.listByStatusAfter, [status, afterId, take]];
    return (await this.database.prepared<PetRow>(sql, params)).map(toEntity);
  }
}

function toEntity(row: PetRow): PetEntity {
  return {
    id: int64FromDatabase(row.id),
    name: row.name,
    categoryId: int64FromDatabase(row.categoryId),
    status: row.status,
  };
}

import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { PetEntity } from './pet.entity.js';
import { PetStatus } from './pet-status.enum.js';

export interface PetRecord {
  id: bigint;
  name: string;
  categoryId: bigint;
  status: PetStatus | null;
}

export interface NewPetRecord {
  name: string;
  categoryId: bigint;
  status: PetStatus | null;
}

interface PetRow {
  id: string;
  name: string;
  categoryId: string;
  status: PetStatus | null;
}

// CAST(... AS CHAR) reads int64 columns as exact decimal text on both databases: better-sqlite3
// would round INTEGER above 2^53, and CHAR gives TEXT affinity on SQLite, a string on MySQL.
// ORDER BY and WHERE name p.id, not the alias, so MySQL sorts and filters on the indexed BIGINT.
const SELECT_PET = 'SELECT CAST(p.id AS CHAR) AS id, p.name AS name, CAST(p.category_id AS CHAR) AS categoryId, p.status AS status FROM pets p';

/** The statements, exported so the MySQL test can EXPLAIN exactly what runs. */
export const PET_SQL = {
  findById: `${SELECT_PET} WHERE p.id = ?`,
  // Keyset paging: the primary key serves the first; IDX_pets_status_id (status, id) the second.
  listAfter: `${SELECT_PET} WHERE p.id > ? ORDER BY p.id LIMIT ?`,
  listByStatusAfter: `${SELECT_PET} WHERE p.status = ? AND p.id > ? ORDER BY p.id LIMIT ?`,
} as const;

/** All SQL for pets. Values are bound as parameters; int64 values are bound as bigint, never as doubles. */
@Injectable()
export class PetsRepository {
  private readonly returningSupported: boolean;

  constructor(@InjectRepository(PetEntity) private readonly pets: Repository<PetEntity>) {
    // SQLite reports the new id through RETURNING; MySQL through the insert id of the OK packet.
    this.returningSupported = pets.manager.connection.options.type === 'better-sqlite3';
  }

  async insert(pet: NewPetRecord): Promise<PetRecord> {
    const params = [pet.name, pet.categoryId, pet.status];
    if (this.returningSupported) {
      const rows: { id: string }[] = await this.pets.query('INSERT INTO pets (name, category_id, status) VALUES (?, ?, ?) RETURNING CAST(id AS CHAR) AS id', params);
      return { id: BigInt(rows[0].id), ...pet };
    }
    const result: { insertId: number | string } = await this.pets.query('INSERT INTO pets (name, category_id, status) VALUES (?, ?, ?)', params);
    return { id: BigInt(result.insertId), ...pet };
  }

  async findById(id: bigint): Promise<PetRecord | null> {
    const rows: PetRow[] = await this.pets.query(PET_SQL.findById, [id]);
    return rows.length > 0 ? toRecord(rows[0]) : null;
  }

  /** Up to `limit` pets with an id above `afterId`, ascending; ids start at 1, so 0n means from the start. */
  async listAfter(afterId: bigint, limit: number, status: PetStatus | undefined): Promise<PetRecord[]> {
    const rows: PetRow[] =
      status === undefined
        ? await this.pets.query(PET_SQL.listAfter, [afterId, limit])
        : await this.pets.query(PET_SQL.listByStatusAfter, [status, afterId, limit]);
    return rows.map(toRecord);
  }
}

function toRecord(row: PetRow): PetRecord {
  return { id: BigInt(row.id), name: row.name, categoryId: BigInt(row.categoryId), status: row.status };
}

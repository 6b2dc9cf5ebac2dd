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
    const rows: PetRow[] = await this.pets.query(`${SELECT_PET} WHERE p.id = ?`, [id]);
    return rows.length > 0 ? toRecord(rows[0]) : null;
  }

  async list(limit: number, status: PetStatus | undefined): Promise<PetRecord[]> {
    const rows: PetRow[] =
      status === undefined
        ? await this.pets.query(`${SELECT_PET} ORDER BY p.id LIMIT ?`, [limit])
        : await this.pets.query(`${SELECT_PET} WHERE p.status = ? ORDER BY p.id LIMIT ?`, [status, limit]);
    return rows.map(toRecord);
  }
}

function toRecord(row: PetRow): PetRecord {
  return { id: BigInt(row.id), name: row.name, categoryId: BigInt(row.categoryId), status: row.status };
}

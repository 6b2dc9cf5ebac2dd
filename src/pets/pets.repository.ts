import { Injectable } from '@nestjs/common';
import { asInt64Text, type Int64, type Int64Text } from '../common/int64/int64.js';
import { SqlExecutor } from '../database/sql-executor.js';
import { PetStatus } from './pet-status.enum.js';

/** A stored pet. int64 values read from the database stay exact decimal text (Int64Text). */
export interface PetRecord {
  id: Int64Text;
  name: string;
  categoryId: Int64;
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

/** The statements, exported so the EXPLAIN tests and the bench's reference server run exactly these. */
export const PET_SQL = {
  insert: 'INSERT INTO pets (name, category_id, status) VALUES (?, ?, ?)',
  findById: `${SELECT_PET} WHERE p.id = ?`,
  // Keyset paging: the primary key serves the first; IDX_pets_status_id (status, id) the second.
  listAfter: `${SELECT_PET} WHERE p.id > ? ORDER BY p.id LIMIT ?`,
  listByStatusAfter: `${SELECT_PET} WHERE p.status = ? AND p.id > ? ORDER BY p.id LIMIT ?`,
} as const;

/**
 * All SQL for the pets table (the PetEntity of the migrations), run as prepared statements.
 * Values are bound as parameters; int64 values, LIMIT included, as bigint, never as doubles.
 */
@Injectable()
export class PetsRepository {
  constructor(private readonly sql: SqlExecutor) {}

  async insert(pet: NewPetRecord): Promise<PetRecord> {
    const id = await this.sql.insert(PET_SQL.insert, [pet.name, pet.categoryId, pet.status]);
    return { id: asInt64Text(id), ...pet };
  }

  async findById(id: bigint): Promise<PetRecord | null> {
    const rows = await this.sql.select<PetRow>(PET_SQL.findById, [id]);
    return rows.length > 0 ? toRecord(rows[0]) : null;
  }

  /** Up to `limit` pets with an id above `afterId`, ascending; ids start at 1, so 0n means from the start. */
  async listAfter(afterId: bigint, limit: number, status: PetStatus | undefined): Promise<PetRecord[]> {
    const rows =
      status === undefined
        ? await this.sql.select<PetRow>(PET_SQL.listAfter, [afterId, BigInt(limit)])
        : await this.sql.select<PetRow>(PET_SQL.listByStatusAfter, [status, afterId, BigInt(limit)]);
    return rows.map(toRecord);
  }
}

function toRecord(row: PetRow): PetRecord {
  return { id: asInt64Text(row.id), name: row.name, categoryId: asInt64Text(row.categoryId), status: row.status };
}

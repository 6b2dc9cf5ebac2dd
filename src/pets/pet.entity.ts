import { Column, Entity, Index } from 'typeorm';
import { Int64Column, Int64PrimaryGeneratedColumn } from '../database/column.decorators.js';
import { PetStatus } from './pet-status.enum.js';

/** The pets table, as its migrations create it; the schema test checks that they agree. */
@Entity({ name: 'pets' })
// listPets filtered by status pages on (status, id): this index serves the filter and the order,
// and holds the page's other columns, so the page is read from it alone (CoverPetsStatusIndex).
@Index('IDX_pets_status_id_name_category_id', ['status', 'id', 'name', 'categoryId'])
export class PetEntity {
  @Int64PrimaryGeneratedColumn()
  id: bigint;

  @Column({ type: 'varchar', length: 255 })
  name: string;

  @Int64Column({ name: 'category_id' })
  categoryId: bigint;

  @Column({ type: 'varchar', length: 16, nullable: true })
  status: PetStatus | null;
}

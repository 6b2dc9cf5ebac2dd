import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { PetStatus } from './pet-status.enum.js';

/**
 * The pets table. int64 columns are typed as strings: that is how they leave the database
 * without rounding (mysql2 big-number strings, CAST on SQLite); the repository maps them to bigint.
 */
@Entity({ name: 'pets' })
export class PetEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ type: 'varchar', length: 255 })
  name: string;

  @Column({ name: 'category_id', type: 'bigint' })
  categoryId: string;

  @Column({ type: 'varchar', length: 16, nullable: true })
  status: PetStatus | null;
}

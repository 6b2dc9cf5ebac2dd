import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import {
  DateTimeColumn,
  Int64Column,
  Int64PrimaryGeneratedColumn,
  IntegerColumn,
  VersionNumberColumn,
} from '../database/column.decorators.js';
import { PetEntity } from '../pets/pet.entity.js';
import { OrderStatus } from './order-status.enum.js';

/** The orders table, as its migrations create it; the schema test checks that they agree. */
@Entity({ name: 'orders' })
// Every combination of the list's filters pages on (filters…, id), so a page reads only its own
// rows and neither database sorts; (pet_id, id) also serves the foreign key.
@Index('IDX_orders_status_id', ['status', 'id'])
@Index('IDX_orders_pet_id_id', ['petId', 'id'])
@Index('IDX_orders_pet_id_status_id', ['petId', 'status', 'id'])
@Index('IDX_orders_placed_by_id', ['placedBy', 'id'])
@Index('IDX_orders_placed_by_status_id', ['placedBy', 'status', 'id'])
@Index('IDX_orders_placed_by_pet_id_id', ['placedBy', 'petId', 'id'])
@Index('IDX_orders_placed_by_pet_id_status_id', ['placedBy', 'petId', 'status', 'id'])
export class OrderEntity {
  @Int64PrimaryGeneratedColumn()
  id: bigint;

  @Int64Column({ name: 'pet_id' })
  petId: bigint;

  // Declared for the foreign key only; an order is read without its pet.
  @ManyToOne(() => PetEntity, { nullable: false, onDelete: 'RESTRICT', onUpdate: 'RESTRICT' })
  @JoinColumn({ name: 'pet_id', foreignKeyConstraintName: 'FK_orders_pet_id' })
  pet?: PetEntity;

  @IntegerColumn()
  quantity: number;

  @DateTimeColumn({ name: 'ship_date', nullable: true })
  shipDate: Date | null;

  @Column({ type: 'varchar', length: 16 })
  status: OrderStatus;

  @Column({ type: 'boolean' })
  complete: boolean;

  /** The placing key's name; null for orders placed before keys were recorded. */
  @Column({ name: 'placed_by', type: 'varchar', length: 64, nullable: true })
  placedBy: string | null;

  /** 1 when placed, one more with every change: the order's ETag carries it. */
  @VersionNumberColumn()
  version: number;
}

import { Column, Entity, PrimaryColumn } from 'typeorm';
import { Int64Column } from '../database/column.decorators.js';

/** The event ids given so far, and up to which id events were purged; one row per event table. */
@Entity({ name: 'event_sequences' })
export class EventSequenceEntity {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  name: string;

  @Int64Column({ name: 'last_id' })
  lastId: bigint;

  /** Every event up to this id is gone: resuming from before it would skip some. */
  @Int64Column({ name: 'purged_through' })
  purgedThrough: bigint;

  /** The key public event ids are encrypted with (EventIdCodec), base64url; set by its migration. */
  @Column({ name: 'id_key', type: 'varchar', length: 32, nullable: true })
  idKey: string | null;

  /** The last event whose id was shown as a plain number: `after` may still name those. */
  @Int64Column({ name: 'numeric_ids_through', default: 0 })
  numericIdsThrough: bigint;
}

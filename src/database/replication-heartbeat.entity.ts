import { Entity, PrimaryColumn } from 'typeorm';
import { Int64Column } from './column.decorators.js';

/** An instance's heartbeat (ReplicaReadSet), for the schema test; written with raw SQL. */
@Entity({ name: 'replication_heartbeats' })
export class ReplicationHeartbeatEntity {
  /** A random id of the running instance. */
  @PrimaryColumn({ type: 'varchar', length: 64 })
  instance: string;

  /** The instance's clock (ms since the epoch) when it wrote the beat. */
  @Int64Column({ name: 'beat_ms' })
  beatMs: bigint;
}

import { Column, Entity, Index } from 'typeorm';
import type { ApiKeyKind } from '../common/auth/api-key-kind.js';
import { DateTimeColumn, Int64PrimaryGeneratedColumn } from '../database/column.decorators.js';

/** A receiver of order events: its URL, the types it wants, whose it is, its secrets and health. */
@Entity({ name: 'webhook_endpoints' })
@Index('IDX_webhook_endpoints_owner_id', ['owner', 'id'])
export class WebhookEndpointEntity {
  @Int64PrimaryGeneratedColumn()
  id: bigint;

  /**
   * The name of the key that created it. It acts with that key's rights now: a partner key's
   * endpoint gets its own orders' events, a store key's every order's; a lost key's nothing.
   */
  @Column({ type: 'varchar', length: 64 })
  owner: string;

  /**
   * That key's id (ApiKeyIdentity.id, kept across rolls), so that another key given the name later
   * does not take it over; null for endpoints made before it was recorded, until pinned.
   */
  @Column({ name: 'owner_key_id', type: 'varchar', length: 64, nullable: true })
  ownerKeyId: string | null;

  /**
   * The kind the key had at creation: written for the previous version (a rollback runs on this
   * schema), never read; fan-out and delivery read the key's kind now.
   */
  @Column({ name: 'owner_kind', type: 'varchar', length: 16 })
  ownerKindAtCreation: ApiKeyKind;

  @Column({ type: 'varchar', length: 2048 })
  url: string;

  /** The event types it receives, comma-separated. */
  @Column({ name: 'event_types', type: 'varchar', length: 255 })
  eventTypes: string;

  @Column({ type: 'varchar', length: 256, nullable: true })
  description: string | null;

  /** The signing secret (whsec_…), and the one it replaced while both sign. */
  @Column({ type: 'varchar', length: 64 })
  secret: string;

  @Column({ name: 'previous_secret', type: 'varchar', length: 64, nullable: true })
  previousSecret: string | null;

  @DateTimeColumn({ name: 'previous_secret_expires_at', nullable: true })
  previousSecretExpiresAt: Date | null;

  @Column({ type: 'boolean' })
  enabled: boolean;

  @Column({ name: 'disabled_reason', type: 'varchar', length: 256, nullable: true })
  disabledReason: string | null;

  @DateTimeColumn({ name: 'disabled_at', nullable: true })
  disabledAt: Date | null;

  /** The first failed attempt since the last success; null while it succeeds. */
  @DateTimeColumn({ name: 'failing_since', nullable: true })
  failingSince: Date | null;

  @DateTimeColumn({ name: 'last_success_at', nullable: true })
  lastSuccessAt: Date | null;

  @DateTimeColumn({ name: 'created_at' })
  createdAt: Date;
}

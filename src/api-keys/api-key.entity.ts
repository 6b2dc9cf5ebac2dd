import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { ApiKeyKind } from '../common/auth/api-key-kind.js';
import { ApiKeyScope } from '../common/auth/api-key-scope.enum.js';
import {
  DateTimeColumn,
  Int64Column,
  Int64PrimaryGeneratedColumn,
  IntegerColumn,
} from '../database/column.decorators.js';

/** An API key issued with `npm run keys -- create`: its hash, never the key. */
@Entity({ name: 'api_keys' })
@Index('IDX_api_keys_name', ['name'], { unique: true })
@Index('IDX_api_keys_key_hash', ['keyHash'], { unique: true })
// Each instance reloads the keys changed since the revision it has, in this order.
@Index('IDX_api_keys_revision', ['revision', 'id'])
export class ApiKeyEntity {
  @Int64PrimaryGeneratedColumn()
  id: bigint;

  @Column({ type: 'varchar', length: 64 })
  name: string;

  /** SHA-256 of the key, hex. */
  @Column({ name: 'key_hash', type: 'varchar', length: 64 })
  keyHash: string;

  /**
   * The key's first characters (`pst_` and 4 more), to recognise it in a list; not enough to use.
   */
  @Column({ type: 'varchar', length: 16 })
  prefix: string;

  /** read (GET and HEAD) or write (everything); keys issued before scopes existed are write. */
  @Column({ type: 'varchar', length: 8, default: ApiKeyScope.WRITE })
  scope: ApiKeyScope;

  /**
   * store (every order) or partner (those it placed); keys issued before kinds existed are store.
   */
  @Column({ type: 'varchar', length: 8, default: ApiKeyKind.STORE })
  kind: ApiKeyKind;

  /** Requests per RATE_LIMIT_WINDOW for this key; null: RATE_LIMIT. */
  @IntegerColumn({ name: 'rate_limit', nullable: true })
  rateLimit: number | null;

  @DateTimeColumn({ name: 'created_at' })
  createdAt: Date;

  @DateTimeColumn({ name: 'expires_at', nullable: true })
  expiresAt: Date | null;

  @DateTimeColumn({ name: 'revoked_at', nullable: true })
  revokedAt: Date | null;

  /** Written at most once a minute per key, off the request path; not a change of the key set. */
  @DateTimeColumn({ name: 'last_used_at', nullable: true })
  lastUsedAt: Date | null;

  /** What its Idempotency-Key records and rate-limit counters belong to; a roll keeps it. */
  @Column({ name: 'owner_id', type: 'varchar', length: 64, nullable: true })
  ownerId: string | null;

  /** SHA-256 of the secret a roll replaced, hex: accepted until previousExpiresAt. */
  @Column({ name: 'previous_key_hash', type: 'varchar', length: 64, nullable: true })
  previousKeyHash: string | null;

  /** The replaced secret's first characters, for the list. */
  @Column({ name: 'previous_prefix', type: 'varchar', length: 16, nullable: true })
  previousPrefix: string | null;

  /** When the replaced secret stops being accepted: the roll's overlap. */
  @DateTimeColumn({ name: 'previous_expires_at', nullable: true })
  previousExpiresAt: Date | null;

  /** The revision of this key's last change (issued, revoked, rolled, scope or kind changed). */
  @Int64Column({ default: 0 })
  revision: bigint;
}

/** The one row counting the key set's changes; see AddApiKeysRevision. */
@Entity({ name: 'api_keys_revision' })
export class ApiKeysRevisionEntity {
  @PrimaryColumn({ type: 'int' })
  id: number;

  @Int64Column()
  revision: bigint;
}

import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, IsNull, MoreThan, type FindOptionsWhere, type Repository } from 'typeorm';
import { int64FromDatabase } from '../common/int64/int64.js';
import { DatabaseAccess } from '../database/database-access.js';
import { sqlBoolean, sqlDateTime } from '../database/sql-values.js';
import { WebhookAttemptEntity } from './webhook-attempt.entity.js';
import { WebhookDeliveryEntity } from './webhook-delivery.entity.js';
import { WebhookEndpointEntity } from './webhook-endpoint.entity.js';

export type NewWebhookEndpoint = Omit<WebhookEndpointEntity, 'id'>;
export type WebhookEndpointChanges = Partial<
  Pick<
    WebhookEndpointEntity,
    | 'url'
    | 'eventTypes'
    | 'description'
    | 'enabled'
    | 'disabledReason'
    | 'disabledAt'
    | 'failingSince'
    | 'secret'
    | 'previousSecret'
    | 'previousSecretExpiresAt'
  >
>;

/** What fan-out needs of an endpoint. */
export type FanOutEndpoint = Pick<
  WebhookEndpointEntity,
  'id' | 'owner' | 'ownerKeyId' | 'eventTypes'
>;

/** Whose endpoints a key sees: a partner key's own (its name and id), a store key's every one. */
export interface EndpointOwner {
  name: string;
  keyId: string;
}

/** Attempts kept per endpoint, newest; older ones are pruned, at most PRUNE_BATCH a statement. */
export const ATTEMPTS_KEPT = 100;
export const PRUNE_BATCH = 1_000;

const ENABLED_SQL =
  'SELECT id, owner, owner_key_id AS ownerKeyId, event_types AS eventTypes ' +
  'FROM webhook_endpoints WHERE enabled = ?';
const COUNT_OWNED_SQL =
  'SELECT COUNT(*) AS count FROM webhook_endpoints WHERE owner = ? ' +
  'AND (owner_key_id = ? OR owner_key_id IS NULL)';
const DISABLE_SQL =
  'UPDATE webhook_endpoints SET enabled = ?, disabled_reason = ?, disabled_at = ? ' +
  'WHERE id = ? AND enabled = ?';
const DROP_DELIVERIES_SQL = 'DELETE FROM webhook_deliveries WHERE endpoint_id = ?';
const PIN_SQL =
  'UPDATE webhook_endpoints SET owner_key_id = ? WHERE id = ? AND owner_key_id IS NULL';

/** Endpoint changes meet deliveries' rows in another order: retried after a lock conflict. */
const BESIDE_DELIVERIES = { retryLockConflicts: true } as const;

/** All SQL of webhook endpoints and of the attempts shown with them. */
@Injectable()
export class WebhookEndpointsRepository {
  constructor(
    @InjectRepository(WebhookEndpointEntity)
    private readonly endpoints: Repository<WebhookEndpointEntity>,
    @InjectRepository(WebhookDeliveryEntity)
    private readonly deliveries: Repository<WebhookDeliveryEntity>,
    @InjectRepository(WebhookAttemptEntity)
    private readonly attempts: Repository<WebhookAttemptEntity>,
    private readonly database: DatabaseAccess,
  ) {}

  /**
   * Stores the endpoint unless its key has `limit` already (undefined then); the count locks the
   * key's index range, so two creations cannot both take the last place.
   */
  insertWithin(
    endpoint: NewWebhookEndpoint,
    limit: number,
  ): Promise<WebhookEndpointEntity | undefined> {
    return this.database.transaction(
      async () => {
        const lock = this.database.dialect === 'mysql' ? ' FOR UPDATE' : '';
        const [{ count }] = await this.database.prepared<{ count: number | string }>(
          COUNT_OWNED_SQL + lock,
          [endpoint.owner, endpoint.ownerKeyId],
          { primaryOnly: true },
        );
        if (Number(count) >= limit) return undefined;
        const id = await this.database.insert(this.endpoints, endpoint);
        return { ...endpoint, id };
        // Two creations for one key both hold the gap lock and both insert into it: InnoDB rolls
        // one back, which then counts again; so does one that queued past the lock wait limit.
      },
      { retryLockConflicts: true },
    );
  }

  /** The endpoint, on the primary; `owner` set: only if that key owns it. */
  find(id: bigint, owner?: EndpointOwner): Promise<WebhookEndpointEntity | null> {
    return this.database.readPrimary((manager) =>
      manager.withRepository(this.endpoints).findOneBy(ownedBy({ id }, owner)),
    );
  }

  /** Up to `limit` endpoints with an id above `afterId`, ascending; `owner` set: its own only. */
  listAfter(
    afterId: bigint,
    limit: number,
    owner?: EndpointOwner,
  ): Promise<WebhookEndpointEntity[]> {
    return this.database.readPrimary((manager) =>
      manager.withRepository(this.endpoints).find({
        where: ownedBy({ id: MoreThan(afterId) }, owner),
        order: { id: 'ASC' },
        take: limit,
      }),
    );
  }

  /** Changes the endpoint; disabling it drops what was still to deliver to it. */
  update(id: bigint, changes: WebhookEndpointChanges): Promise<boolean> {
    return this.database.transaction(async (manager) => {
      const { affected } = await manager.withRepository(this.endpoints).update({ id }, changes);
      if (changes.enabled === false)
        await manager.withRepository(this.deliveries).delete({ endpointId: id });
      return affected === 1;
    }, BESIDE_DELIVERIES);
  }

  /** Deletes the endpoint, what was still to deliver to it and its attempts. */
  delete(id: bigint): Promise<boolean> {
    return this.database.transaction(async (manager) => {
      const { affected } = await manager.withRepository(this.endpoints).delete({ id });
      await manager.withRepository(this.deliveries).delete({ endpointId: id });
      await manager.withRepository(this.attempts).delete({ endpointId: id });
      return affected === 1;
    }, BESIDE_DELIVERIES);
  }

  /** The enabled endpoints; inside the sequencing transaction. */
  async enabled(): Promise<FanOutEndpoint[]> {
    const rows = await this.database.prepared<Omit<FanOutEndpoint, 'id'> & { id: string | number }>(
      ENABLED_SQL,
      [sqlBoolean(true)],
      { primaryOnly: true },
    );
    return rows.map((row) => ({ ...row, id: int64FromDatabase(row.id) }));
  }

  /**
   * Disables an enabled endpoint and drops what was still to deliver to it; false when it was
   * disabled already (another instance did it) or is gone.
   */
  disable(id: bigint, reason: string, at: Date): Promise<boolean> {
    return this.database.transaction(async () => {
      const changed = await this.database.prepared(
        DISABLE_SQL,
        [sqlBoolean(false), reason, sqlDateTime(at), id, sqlBoolean(true)],
        'write',
      );
      if (changed === 0) return false;
      await this.database.prepared(DROP_DELIVERIES_SQL, [id], 'write');
      return true;
    }, BESIDE_DELIVERIES);
  }

  /** Records the key id of an endpoint made before endpoints recorded it. */
  async pinOwnerKey(id: bigint, keyId: string): Promise<void> {
    await this.database.prepared(PIN_SQL, [keyId, id], 'write');
  }

  /** Endpoints by id, on the primary (an attempt reads the current URL and secrets). */
  byIds(ids: readonly bigint[]): Promise<WebhookEndpointEntity[]> {
    return this.database.readPrimary((manager) =>
      manager.withRepository(this.endpoints).findBy({ id: In(ids) }),
    );
  }

  /** The endpoint's newest attempts, newest first. */
  lastAttempts(endpointId: bigint, limit: number): Promise<WebhookAttemptEntity[]> {
    return this.database.readPrimary((manager) =>
      manager
        .withRepository(this.attempts)
        .find({ where: { endpointId }, order: { id: 'DESC' }, take: limit }),
    );
  }

  /** How many endpoints are disabled. */
  countDisabled(): Promise<number> {
    return this.database.readPrimary((manager) =>
      manager.withRepository(this.endpoints).countBy({ enabled: false }),
    );
  }

  /** Endpoint ids, for the attempts' pruning. */
  async ids(): Promise<bigint[]> {
    const rows = await this.database.readPrimary((manager) =>
      manager.withRepository(this.endpoints).find({ select: { id: true } }),
    );
    return rows.map(({ id }) => id);
  }

  /**
   * Deletes, oldest first, up to PRUNE_BATCH of the endpoint's attempts older than its
   * ATTEMPTS_KEPT newest; resolves to how many went.
   */
  async pruneAttempts(endpointId: bigint): Promise<number> {
    const page = (skip: number, below?: bigint) =>
      this.database.readPrimary(async (manager) => {
        const query = manager
          .withRepository(this.attempts)
          .createQueryBuilder('attempt')
          .select('attempt.id', 'id')
          .where('attempt.endpointId = :endpointId', { endpointId });
        if (below !== undefined) query.andWhere('attempt.id < :below', { below });
        const rows = await query
          .orderBy('attempt.id', below === undefined ? 'DESC' : 'ASC')
          .offset(skip)
          .limit(1)
          .getRawMany<{ id: string | number }>();
        return rows.length === 0 ? undefined : int64FromDatabase(rows[0].id);
      });
    const oldestKept = await page(ATTEMPTS_KEPT - 1);
    if (oldestKept === undefined) return 0;
    const through = (await page(PRUNE_BATCH - 1, oldestKept)) ?? oldestKept - 1n;
    return this.database.write(async (manager) => {
      const { affected } = await manager
        .withRepository(this.attempts)
        .createQueryBuilder()
        .delete()
        .where('endpoint_id = :endpointId AND id <= :through', { endpointId, through })
        .execute();
      return affected ?? 0;
    });
  }
}

/** The key's own: its name, and its id (or none recorded yet, for endpoints made before ids). */
function ownedBy(
  where: FindOptionsWhere<WebhookEndpointEntity>,
  owner: EndpointOwner | undefined,
): FindOptionsWhere<WebhookEndpointEntity>[] {
  return owner === undefined
    ? [where]
    : [
        { ...where, owner: owner.name, ownerKeyId: owner.keyId },
        { ...where, owner: owner.name, ownerKeyId: IsNull() },
      ];
}

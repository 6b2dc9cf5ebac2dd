import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, type FindOptionsWhere, type Repository } from 'typeorm';
import { int64FromDatabase } from '../common/int64/int64.js';
import { DatabaseAccess } from '../database/database-access.js';
import { sqlBoolean } from '../database/sql-values.js';
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
  'id' | 'owner' | 'ownerKind' | 'eventTypes'
>;

/** Attempts kept per endpoint, newest; older ones are pruned, at most PRUNE_BATCH a statement. */
export const ATTEMPTS_KEPT = 100;
export const PRUNE_BATCH = 1_000;

const ENABLED_SQL =
  'SELECT id, owner, owner_kind AS ownerKind, event_types AS eventTypes FROM webhook_endpoints ' +
  'WHERE enabled = ?';

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

  async insert(endpoint: NewWebhookEndpoint): Promise<WebhookEndpointEntity> {
    const id = await this.database.insert(this.endpoints, endpoint);
    return { ...endpoint, id };
  }

  /** The endpoint, on the primary; `owner` set: only if that key owns it. */
  find(id: bigint, owner?: string): Promise<WebhookEndpointEntity | null> {
    return this.database.readPrimary((manager) =>
      manager.withRepository(this.endpoints).findOneBy(ownedBy({ id }, owner)),
    );
  }

  /** Up to `limit` endpoints with an id above `afterId`, ascending; `owner` set: its own only. */
  listAfter(afterId: bigint, limit: number, owner?: string): Promise<WebhookEndpointEntity[]> {
    return this.database.readPrimary((manager) => {
      const query = manager
        .withRepository(this.endpoints)
        .createQueryBuilder('endpoint')
        .where('endpoint.id > :afterId', { afterId });
      if (owner !== undefined) query.andWhere('endpoint.owner = :owner', { owner });
      return query.orderBy('endpoint.id', 'ASC').limit(limit).getMany();
    });
  }

  /** Changes the endpoint; disabling it drops what was still to deliver to it. */
  update(id: bigint, changes: WebhookEndpointChanges): Promise<boolean> {
    return this.database.transaction(async (manager) => {
      const { affected } = await manager.withRepository(this.endpoints).update({ id }, changes);
      if (changes.enabled === false)
        await manager.withRepository(this.deliveries).delete({ endpointId: id });
      return affected === 1;
    });
  }

  /** Deletes the endpoint, what was still to deliver to it and its attempts. */
  delete(id: bigint): Promise<boolean> {
    return this.database.transaction(async (manager) => {
      const { affected } = await manager.withRepository(this.endpoints).delete({ id });
      await manager.withRepository(this.deliveries).delete({ endpointId: id });
      await manager.withRepository(this.attempts).delete({ endpointId: id });
      return affected === 1;
    });
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

function ownedBy(
  where: FindOptionsWhere<WebhookEndpointEntity>,
  owner: string | undefined,
): FindOptionsWhere<WebhookEndpointEntity> {
  return owner === undefined ? where : { ...where, owner };
}

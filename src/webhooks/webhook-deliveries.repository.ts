import { Injectable } from '@nestjs/common';
import { DatabaseAccess } from '../database/database-access.js';
import { dateFromSql, sqlBoolean, sqlDateTime } from '../database/sql-values.js';
import { int64FromDatabase } from '../common/int64/int64.js';
import { WebhookEndpointsRepository } from './webhook-endpoints.repository.js';

/** A delivery to queue: an event for an endpoint. */
export interface NewDelivery {
  endpointId: bigint;
  eventId: bigint;
  occurredAt: Date;
}

/** A delivery due, read for a claim. */
export interface DueDelivery {
  id: bigint;
  endpointId: bigint;
  eventId: bigint;
  /** Attempts made before this one. */
  attempts: number;
}

/** A delivery claimed for one attempt. */
export interface ClaimedDelivery extends DueDelivery {
  leaseToken: string;
}

/** What became of a claimed delivery. */
export type DeliveryOutcome =
  /** A 2xx: done. */
  | 'delivered'
  /** Failed; tried again at nextAttemptAt. */
  | 'retrying'
  /** Failed on the last attempt of the schedule: given up. */
  | 'failed'
  /** A 410: the endpoint is disabled, this and everything else still to deliver to it dropped. */
  | 'disabled'
  /** Not attempted: due again at nextAttemptAt (the endpoint had its connections busy). */
  | 'deferred'
  /** Not attempted: the endpoint is gone or disabled, or the event purged. */
  | 'dropped';

export interface DeliveryResult {
  delivery: ClaimedDelivery;
  outcome: DeliveryOutcome;
  nextAttemptAt?: Date;
  /** The attempt, when one was made. */
  attempt?: {
    /** When it started: then it waited `connectionWaitMs` for a connection, `durationMs` on it. */
    at: Date;
    durationMs: number;
    connectionWaitMs: number;
    statusCode?: number;
    excerpt: string;
  };
  /** With `disabled`: why, as the endpoint shows it. */
  disabledReason?: string;
}

/** An endpoint disabled while results were recorded. */
export interface DisabledEndpoint {
  endpointId: bigint;
  reason: string;
  /** A 410, or failing for 5 days. */
  cause: 'gone' | 'failing';
}

const DUE_SQL =
  'SELECT id, endpoint_id AS endpointId, event_id AS eventId, attempts FROM webhook_deliveries ' +
  'WHERE next_attempt_at <= ?';
const DUE_ORDER = ' ORDER BY next_attempt_at, id LIMIT ?';
const ANY_DUE_SQL = 'SELECT id FROM webhook_deliveries WHERE next_attempt_at <= ? LIMIT 1';
const OLDEST_SQL = 'SELECT occurred_at AS occurredAt FROM webhook_deliveries ORDER BY id LIMIT 1';
const RESCHEDULE_SQL =
  'UPDATE webhook_deliveries SET attempts = ?, next_attempt_at = ?, lease_token = NULL ' +
  'WHERE id = ? AND lease_token = ?';
const FAILING_SQL =
  'UPDATE webhook_endpoints SET failing_since = COALESCE(failing_since, ?) WHERE id = ?';
const SUCCEEDED_SQL =
  'UPDATE webhook_endpoints SET last_success_at = ?, failing_since = ? WHERE id = ?';
const FAILING_TOO_LONG_SQL =
  'SELECT id, failing_since AS failingSince FROM webhook_endpoints WHERE id = ? AND enabled = ? ' +
  'AND failing_since <= ?';

/** All SQL of the deliveries still to make, and of recording what the attempts did. */
@Injectable()
export class WebhookDeliveriesRepository {
  constructor(
    private readonly database: DatabaseAccess,
    private readonly endpoints: WebhookEndpointsRepository,
  ) {}

  /** Queues deliveries; inside the transaction that gives the events their ids. */
  async enqueue(deliveries: readonly NewDelivery[], dueAt: Date): Promise<void> {
    const due = sqlDateTime(dueAt);
    for (let start = 0; start < deliveries.length; start += INSERT_ROWS) {
      const rows = deliveries.slice(start, start + INSERT_ROWS);
      await this.database.prepared(
        'INSERT INTO webhook_deliveries ' +
          '(endpoint_id, event_id, occurred_at, attempts, next_attempt_at, lease_token) VALUES ' +
          rows.map(() => '(?, ?, ?, 0, ?, NULL)').join(', '),
        rows.flatMap((row) => [row.endpointId, row.eventId, sqlDateTime(row.occurredAt), due]),
        'write',
      );
    }
  }

  /**
   * Claims due deliveries for `leaseToken` until `leaseUntil`, oldest first, those `choose` keeps;
   * another instance takes one over only after the lease. Rows being claimed are skipped (MySQL).
   */
  async claim(
    now: Date,
    leaseUntil: Date,
    limit: number,
    leaseToken: string,
    excluded: readonly bigint[],
    choose: (due: readonly DueDelivery[]) => readonly DueDelivery[],
  ): Promise<{ claimed: ClaimedDelivery[]; read: number }> {
    // Most polls find nothing: one prepared read then, not a transaction.
    const any = await this.database.prepared(ANY_DUE_SQL, [sqlDateTime(now)], {
      primaryOnly: true,
    });
    if (any.length === 0) return { claimed: [], read: 0 };
    return this.database.transaction(async (manager) => {
      const lock = this.database.dialect === 'mysql' ? ' FOR UPDATE SKIP LOCKED' : '';
      const others =
        excluded.length === 0
          ? ''
          : ` AND endpoint_id NOT IN (${excluded.map(() => '?').join(', ')})`;
      const rows = await this.database.prepared<{
        id: string | number;
        endpointId: string | number;
        eventId: string | number;
        attempts: number | string;
      }>(DUE_SQL + others + DUE_ORDER + lock, [sqlDateTime(now), ...excluded, BigInt(limit)], {
        primaryOnly: true,
      });
      const due = rows.map((row) => ({
        id: int64FromDatabase(row.id),
        endpointId: int64FromDatabase(row.endpointId),
        eventId: int64FromDatabase(row.eventId),
        attempts: Number(row.attempts),
      }));
      const chosen = due.length === 0 ? [] : choose(due);
      if (chosen.length > 0)
        await manager.query(
          `UPDATE webhook_deliveries SET next_attempt_at = ?, lease_token = ? ` +
            `WHERE id IN (${chosen.map(() => '?').join(', ')})`,
          [sqlDateTime(leaseUntil), leaseToken, ...chosen.map(({ id }) => String(id))],
        );
      return {
        claimed: chosen.map((delivery) => ({ ...delivery, leaseToken })),
        read: due.length,
      };
    });
  }

  /**
   * Records attempts' results in one transaction (deliveries, attempts, endpoint health, endpoints
   * disabled); a result whose lease was taken over changes no delivery.
   */
  record(results: readonly DeliveryResult[], failingCutoff: Date): Promise<DisabledEndpoint[]> {
    return this.database.transaction(async (manager) => {
      const finished = results.filter(({ outcome }) =>
        ['delivered', 'failed', 'disabled', 'dropped'].includes(outcome),
      );
      for (const [token, ids] of groupIds(finished))
        await manager.query(
          `DELETE FROM webhook_deliveries WHERE lease_token = ? AND id IN (${ids
            .map(() => '?')
            .join(', ')})`,
          [token, ...ids],
        );
      for (const result of results)
        if (result.outcome === 'retrying' || result.outcome === 'deferred')
          await this.database.prepared(
            RESCHEDULE_SQL,
            [
              result.delivery.attempts + (result.attempt ? 1 : 0),
              sqlDateTime(result.nextAttemptAt!),
              result.delivery.id,
              result.delivery.leaseToken,
            ],
            'write',
          );
      const attempted = results.filter((result) => result.attempt !== undefined);
      for (let start = 0; start < attempted.length; start += INSERT_ROWS) {
        const rows = attempted.slice(start, start + INSERT_ROWS);
        await this.database.prepared(
          'INSERT INTO webhook_attempts (endpoint_id, event_id, attempt, attempted_at, ' +
            'duration_ms, connection_wait_ms, status_code, outcome, excerpt) VALUES ' +
            rows.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', '),
          rows.flatMap(({ delivery, attempt, outcome }) => [
            delivery.endpointId,
            delivery.eventId,
            delivery.attempts + 1,
            sqlDateTime(attempt!.at),
            attempt!.durationMs,
            attempt!.connectionWaitMs,
            attempt!.statusCode ?? null,
            outcome,
            attempt!.excerpt,
          ]),
          'write',
        );
      }
      const disabled: DisabledEndpoint[] = [];
      for (const [endpointId, health] of healthOf(attempted)) {
        if (health.lastSuccessAt)
          await this.database.prepared(
            SUCCEEDED_SQL,
            [sqlDateTime(health.lastSuccessAt), sqlDateTime(health.failingSince), endpointId],
            'write',
          );
        else
          await this.database.prepared(
            FAILING_SQL,
            [sqlDateTime(health.failingSince), endpointId],
            'write',
          );
        const gone = attempted.find(
          (result) => result.outcome === 'disabled' && result.delivery.endpointId === endpointId,
        );
        const reason =
          gone?.disabledReason ??
          (health.failingSince === null
            ? undefined
            : await this.failingTooLong(endpointId, failingCutoff));
        if (reason !== undefined && (await this.endpoints.disable(endpointId, reason, health.at)))
          disabled.push({ endpointId, reason, cause: gone ? 'gone' : 'failing' });
      }
      return disabled;
    });
  }

  /** The occurrence of the oldest event still to deliver; undefined when none is. */
  async oldestUndelivered(): Promise<Date | undefined> {
    const rows = await this.database.prepared<{ occurredAt: string | Date }>(OLDEST_SQL, [], {
      primaryOnly: true,
    });
    return rows.length === 0 ? undefined : dateFromSql(rows[0].occurredAt);
  }

  /** Why the endpoint is disabled if it has failed since before `cutoff`; else undefined. */
  private async failingTooLong(endpointId: bigint, cutoff: Date): Promise<string | undefined> {
    const failing = await this.database.prepared<{ failingSince: string | Date }>(
      FAILING_TOO_LONG_SQL,
      [endpointId, sqlBoolean(true), sqlDateTime(cutoff)],
      { primaryOnly: true },
    );
    return failing.length === 0
      ? undefined
      : `failing since ${dateFromSql(failing[0].failingSince).toISOString()} without a success ` +
          'for 5 days';
  }
}

/** Rows of one multi-row INSERT. */
const INSERT_ROWS = 200;

function groupIds(results: readonly DeliveryResult[]): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const { delivery } of results) {
    const ids = groups.get(delivery.leaseToken) ?? [];
    ids.push(String(delivery.id));
    groups.set(delivery.leaseToken, ids);
  }
  return groups;
}

/**
 * Each endpoint's health after these attempts, in the order they ended: a success clears
 * failing, the first failure after it starts it.
 */
function healthOf(
  attempted: readonly DeliveryResult[],
): Map<bigint, { lastSuccessAt?: Date; failingSince: Date | null; at: Date }> {
  const health = new Map<bigint, { lastSuccessAt?: Date; failingSince: Date | null; at: Date }>();
  const endOf = ({ attempt }: DeliveryResult) =>
    attempt!.at.getTime() + attempt!.connectionWaitMs + attempt!.durationMs;
  const byEnd = [...attempted].sort((a, b) => endOf(a) - endOf(b));
  for (const { delivery, outcome, attempt } of byEnd) {
    const state = health.get(delivery.endpointId) ?? { failingSince: null, at: attempt!.at };
    state.at = attempt!.at;
    if (outcome === 'delivered') {
      state.lastSuccessAt = attempt!.at;
      state.failingSince = null;
    } else state.failingSince ??= attempt!.at;
    health.set(delivery.endpointId, state);
  }
  return health;
}

import { randomUUID } from 'node:crypto';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import mysql2 from 'mysql2';
import { APP_CONFIG, type AppConfig } from '../config/app.config.js';
import type { MysqlDatabaseConfig } from '../config/database-url.js';
import { mysqlSslOptions } from './mysql-tls.js';

/** How often each instance writes its heartbeat and reads it back from each replica. */
export const REPLICA_CHECK_INTERVAL_MS = 1_000;
/** Between the beat and the reads of it: a replica in step has applied the beat by then. */
const READ_BACK_DELAY_MS = 250;
/** An unanswered check leaves the replica's state unknown and drops its connection. */
const CHECK_DEADLINE_MS = 900;
/** Heartbeat rows of instances gone for this long are removed when an instance starts. */
const STALE_HEARTBEAT_MS = 3_600_000;

/** One replica as /readyz and the metrics show it. */
export interface ReplicaStatus {
  /** host:port, never the credentials. */
  replica: string;
  /** Whether it takes reads now. */
  readable: boolean;
  /** Seconds behind the primary, at most; null when unknown. */
  lagSeconds: number | null;
}

/** A database server and the monitor's own connection to it. */
interface MonitoredServer {
  readonly config: MysqlDatabaseConfig;
  connection?: mysql2.Connection;
}

interface Replica extends MonitoredServer {
  /** The replica's node in TypeORM's PoolCluster (SLAVE0, … in DATABASE_REPLICA_URLS order). */
  readonly node: string;
  readonly label: string;
  /** This clock's ms until which a read there misses no write older than the bound; 0: no reads. */
  readableUntil: number;
  /** The newest beat of this instance it held at the last check; undefined: unknown. */
  beat?: number;
  /** As last logged, so that leaving and rejoining are one line each. */
  inReadSet: boolean;
}

/** Which replicas may serve reads, by a heartbeat each instance writes and reads back. */
@Injectable()
export class ReplicaReadSet implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly replicas: Replica[];
  private readonly primary?: MonitoredServer;
  private readonly maxLagMs: number;
  private readonly instance = randomUUID();
  private readonly logger = new Logger('Replicas');
  private checking = false;
  private beatFailing = false;
  private next = 0;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.maxLagMs = config.replicaMaxLagSeconds * 1_000;
    this.replicas = config.databaseReplicas.map((replica, index) => ({
      node: `SLAVE${index}`,
      label: `${replica.host}:${replica.port}`,
      config: replica,
      readableUntil: 0,
      inReadSet: false,
    }));
    if (this.replicas.length > 0 && config.database.type === 'mysql')
      this.primary = { config: config.database };
  }

  /** Whether there are replicas at all (DATABASE_REPLICA_URLS). */
  get configured(): boolean {
    return this.replicas.length > 0;
  }

  /** A replica node within the lag bound, round robin; undefined: read on the primary. */
  pick(): string | undefined {
    const now = Date.now();
    for (let tried = 0; tried < this.replicas.length; tried++) {
      const replica = this.replicas[this.next++ % this.replicas.length];
      if (replica.readableUntil > now) return replica.node;
    }
    return undefined;
  }

  status(): ReplicaStatus[] {
    const now = Date.now();
    return this.replicas.map(({ label, readableUntil, beat }) => ({
      replica: label,
      readable: readableUntil > now,
      lagSeconds: beat === undefined ? null : Math.max(0, now - beat) / 1_000,
    }));
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.configured) return;
    await this.onPrimary('DELETE FROM replication_heartbeats WHERE beat_ms < ?', [
      Date.now() - STALE_HEARTBEAT_MS,
    ]).catch(() => undefined);
    await this.check();
  }

  async onApplicationShutdown(): Promise<void> {
    if (!this.configured) return;
    await this.onPrimary('DELETE FROM replication_heartbeats WHERE instance = ?', [
      this.instance,
    ]).catch(() => undefined);
    for (const server of [this.primary, ...this.replicas]) server?.connection?.destroy();
  }

  /** One round: the beat on the primary, then each replica's copy of it. Rounds never overlap. */
  @Interval(REPLICA_CHECK_INTERVAL_MS)
  async check(): Promise<void> {
    if (!this.configured || this.checking) return;
    this.checking = true;
    try {
      const beat = Date.now();
      await this.onPrimary(
        'INSERT INTO replication_heartbeats (instance, beat_ms) VALUES (?, ?) ON DUPLICATE KEY ' +
          'UPDATE beat_ms = ?',
        [this.instance, beat, beat],
      ).then(
        () => {
          if (this.beatFailing)
            this.logger.log('The replication heartbeat is written to the primary again.');
          this.beatFailing = false;
        },
        (error: unknown) => {
          // Once per outage, not every second: the replicas leave the read set meanwhile, one line
          // each.
          if (!this.beatFailing)
            this.logger.warn(
              `Could not write the replication heartbeat to the primary (${describe(error)}); ` +
                `retrying every second.`,
            );
          this.beatFailing = true;
        },
      );
      await new Promise((wait) => setTimeout(wait, READ_BACK_DELAY_MS));
      await Promise.all(this.replicas.map((replica) => this.checkReplica(replica)));
    } finally {
      this.checking = false;
    }
  }

  private async checkReplica(replica: Replica): Promise<void> {
    let reason: string | undefined;
    try {
      const rows = (await this.run(
        replica,
        'SELECT beat_ms FROM replication_heartbeats WHERE instance = ?',
        [this.instance],
      )) as { beat_ms: string }[];
      replica.beat = rows.length === 0 ? undefined : Number(rows[0].beat_ms);
      if (replica.beat === undefined) reason = 'it holds no heartbeat of this instance yet';
    } catch (error) {
      reason = `no answer to the check (${describe(error)})`;
      replica.beat = undefined;
    }
    replica.readableUntil = replica.beat === undefined ? 0 : replica.beat + this.maxLagMs;
    const now = Date.now();
    const readable = replica.readableUntil > now;
    if (readable === replica.inReadSet) return;
    replica.inReadSet = readable;
    const lag =
      replica.beat === undefined ? undefined : (Math.max(0, now - replica.beat) / 1_000).toFixed(1);
    if (readable)
      this.logger.log(
        `Read replica ${replica.label} joined the read set: ${lag} s behind the primary.`,
      );
    else {
      const behind =
        lag === undefined ? `its lag is unknown: ${reason}` : `${lag} s behind the primary`;
      this.logger.warn(
        `Read replica ${replica.label} left the read set: ${behind} ` +
          `(REPLICA_MAX_LAG_SECONDS=${this.maxLagMs / 1_000}); its reads go to the primary.`,
      );
    }
  }

  private onPrimary(sql: string, params: unknown[]): Promise<unknown> {
    return this.run(this.primary!, sql, params);
  }

  /** One statement on the server's own monitoring connection, within CHECK_DEADLINE_MS. */
  private run(server: MonitoredServer, sql: string, params: unknown[]): Promise<unknown> {
    server.connection ??= connect(server.config);
    const connection = server.connection;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => fail(new Error(`no answer within ${CHECK_DEADLINE_MS} ms`)),
        CHECK_DEADLINE_MS,
      );
      const fail = (error: unknown) => {
        clearTimeout(timer);
        if (server.connection === connection) server.connection = undefined;
        connection.destroy();
        reject(error instanceof Error ? error : new Error(String(error)));
      };
      connection.query(sql, params, (error, rows) => {
        if (error) return fail(error);
        clearTimeout(timer);
        resolve(rows);
      });
    });
  }
}

function connect({
  host,
  port,
  username,
  password,
  database,
  tls,
}: MysqlDatabaseConfig): mysql2.Connection {
  const connection = mysql2.createConnection({
    host,
    port,
    user: username,
    password,
    database,
    ssl: mysqlSslOptions(tls),
    connectTimeout: CHECK_DEADLINE_MS,
    bigNumberStrings: true,
    supportBigNumbers: true,
  });
  // Errors reach the statement that meets them; an idle connection's error must not crash the
  // process.
  connection.on('error', () => undefined);
  return connection;
}

/** A driver error's code or message, never more (no addresses or credentials are in either). */
function describe(error: unknown): string {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return typeof code === 'string' ? code : typeof message === 'string' ? message : String(error);
}

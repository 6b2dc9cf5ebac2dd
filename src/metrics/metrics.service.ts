import { Clock } from '../common/time/clock.js';
import { Inject, Injectable } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import type { Response } from 'express';
import {
  type Aggregator,
  Counter,
  Gauge,
  Histogram,
  Registry,
  collectDefaultMetrics,
} from 'prom-client';
import { WorkerChannel } from '../cluster/worker-channel.js';
import { APP_CONFIG, type AppConfig } from '../config/app.config.js';
import { AppException } from '../common/errors/app.exception.js';
import type { EarlyRefusals } from '../common/overload/early-refusals.js';
import { LoadShedder } from '../common/overload/load-shedder.js';
import { ErrorCode } from '../common/errors/error-code.enum.js';
import { FixedWindowStorage } from '../common/rate-limit/fixed-window.storage.js';
import { RATE_LIMIT_STORAGE } from '../common/rate-limit/rate-limit.module.js';
import { RateLimits } from '../common/rate-limit/rate-limits.js';
import { SharedRateLimitStorage } from '../common/rate-limit/shared-rate-limit.storage.js';
import { DatabaseAccess } from '../database/database-access.js';
import { ReplicaReadSet, type ReplicaStatus } from '../database/replica-read-set.js';
import { telemetry } from '../telemetry/telemetry.js';
import { registerEarlyRefusalMetrics, registerOverloadMetrics } from './overload-metrics.js';

/** Scrapes one key may make per window, above any usual scrape interval. */
export const SCRAPE_LIMIT = 30;
export const SCRAPE_WINDOW_MS = 60_000;

/** How long one rendering of the text serves every scrape: concurrent scrapes share it. */
export const RENDER_REUSE_MS = 1_000;

/** The Prometheus registry; every label's values are bounded, never a name or raw path. */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();
  private readonly scrapes: ThrottlerStorage;
  private rendered?: { at: number; text: Promise<string> };
  /** Set in a cluster worker: the primary counts scrapes and aggregates the text. */
  private readonly channel = WorkerChannel.current();

  /** METRICS_ENABLED: whether /metrics is served and requests are counted. */
  readonly enabled: boolean;

  readonly requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route, method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [this.registry],
  });

  // By route and method only: with the status too, the buckets of every status a route has answered
  // would multiply the text.
  readonly duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request to response, by route and method.',
    labelNames: ['route', 'method'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });

  /** By the key's kind and scope, never its name: the request log names the key of each refusal. */
  readonly scopeRefusals = new Counter({
    name: 'api_key_insufficient_scope_total',
    help:
      'Requests refused with 403 INSUFFICIENT_SCOPE, by the kind and scope of the key (the ' +
      'request log names the key).',
    labelNames: ['kind', 'scope'] as const,
    registers: [this.registry],
  });

  constructor(
    private readonly rateLimits: RateLimits,
    database: DatabaseAccess,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(RATE_LIMIT_STORAGE) rateLimitStorage: ThrottlerStorage,
    replicas: ReplicaReadSet,
    shedder: LoadShedder,
    private readonly clock: Clock,
  ) {
    // Off (METRICS_ENABLED=false): no series, no process sampling; app.setup counts no requests.
    this.enabled = config.metricsEnabled;
    this.scrapes =
      this.channel && config.workers > 1 ? this.channel.rateLimits : new FixedWindowStorage(10_000);
    if (!this.enabled) return;
    const pool = (
      name: string,
      help: string,
      read: (stats: ReturnType<DatabaseAccess['poolStats']>) => number,
    ) =>
      new Gauge({
        name,
        help,
        registers: [this.registry],
        collect: function collect() {
          this.set(read(database.poolStats()));
        },
      });
    pool(
      'db_pool_connections_in_use',
      'Database connections running a statement.',
      (stats) => stats.inUse,
    );
    pool(
      'db_pool_connections_idle',
      'Database connections of the pool (its size) not running a statement.',
      (stats) => stats.idle,
    );
    pool(
      'db_pool_requests_waiting',
      'Statements waiting for a free database connection.',
      (stats) => stats.waiting,
    );
    if (rateLimitStorage instanceof SharedRateLimitStorage) {
      new Counter({
        name: 'rate_limit_store_errors_total',
        help: 'Rate-limit counts Redis did not make (down or slow), which this instance made itself.',
        registers: [this.registry],
        collect: function collect() {
          this.reset();
          this.inc(rateLimitStorage.failures);
        },
      });
      new Gauge({
        name: 'rate_limit_store_up',
        help: '1 while rate limits are counted in Redis, 0 while this instance counts them itself.',
        aggregator: 'min',
        registers: [this.registry],
        collect: function collect() {
          this.set(rateLimitStorage.up ? 1 : 0);
        },
      });
    }
    if (replicas.configured) {
      const replicaGauge = (
        name: string,
        help: string,
        aggregator: Aggregator,
        read: (status: ReplicaStatus) => number,
      ) =>
        new Gauge({
          name,
          help,
          aggregator,
          labelNames: ['replica'] as const,
          registers: [this.registry],
          collect: function collect() {
            for (const status of replicas.status())
              this.set({ replica: status.replica }, read(status));
          },
        });
      replicaGauge(
        'db_replica_lag_seconds',
        'How far behind the primary each read replica is, at most: the time since the newest ' +
          'heartbeat it held at its last check (once a second); +Inf when unknown.',
        'max',
        (status) => status.lagSeconds ?? Infinity,
      );
      replicaGauge(
        'db_replica_readable',
        '1 while a read replica is within REPLICA_MAX_LAG_SECONDS and takes reads, 0 while its ' +
          'reads go to the primary.',
        'min',
        (status) => (status.readable ? 1 : 0),
      );
    }
    if (telemetry().tracing) {
      new Counter({
        name: 'trace_spans_exported_total',
        help: 'Spans the OTLP exporter delivered to the collector.',
        registers: [this.registry],
        collect: function collect() {
          this.reset();
          this.inc(telemetry().spanCounts().exported);
        },
      });
      new Counter({
        name: 'trace_spans_dropped_total',
        help:
          'Spans lost: queue_full when the collector is down or slow and OTEL_BSP_MAX_QUEUE_SIZE ' +
          'spans wait already, export_failed when the collector refused them or did not answer.',
        labelNames: ['reason'] as const,
        registers: [this.registry],
        collect: function collect() {
          const counts = telemetry().spanCounts();
          this.reset();
          this.inc({ reason: 'queue_full' }, counts.droppedQueueFull);
          this.inc({ reason: 'export_failed' }, counts.droppedExportFailed);
        },
      });
    }
    registerOverloadMetrics(this.registry, shedder);
    collectDefaultMetrics({ register: this.registry });
    // The primary gathers every worker's registry and aggregates them (prom-client's aggregate).
    this.channel?.provideRegistry(() => this.registry.getMetricsAsJSON());
    // The exact Node version helps whoever looks for a known hole in it; the series adds nothing
    // else.
    this.registry.removeSingleMetric('nodejs_version_info');
  }

  /** A store key's scrape: its own limit, rendered at most once per RENDER_REUSE_MS. */
  async scrape(keyName: string, response: Response): Promise<string> {
    if (!this.enabled)
      throw new AppException(
        ErrorCode.NOT_FOUND,
        'No resource at /metrics; the API lives under /v1.',
      );
    const { totalHits: hits, timeToExpire } = await this.scrapes.increment(
      `metrics:${keyName}`,
      SCRAPE_WINDOW_MS,
      SCRAPE_LIMIT,
      0,
      'metrics',
    );
    this.rateLimits.setHeaders(
      response,
      'metrics',
      SCRAPE_LIMIT,
      SCRAPE_WINDOW_MS,
      hits,
      timeToExpire,
    );
    if (hits > SCRAPE_LIMIT)
      throw this.rateLimits.tooMany(
        timeToExpire,
        `this API key scraped /metrics more than ${SCRAPE_LIMIT} times`,
        SCRAPE_WINDOW_MS,
      );
    const now = this.clock.now();
    if (this.rendered === undefined || now - this.rendered.at >= RENDER_REUSE_MS) {
      // A cluster worker serves the instance's text: every worker's, aggregated by the primary.
      const text = this.channel ? this.channel.instanceMetrics() : this.registry.metrics();
      this.rendered = { at: now, text };
      // A failed rendering is not served again.
      text.catch(() => {
        if (this.rendered?.text === text) this.rendered = undefined;
      });
    }
    return this.rendered.text;
  }

  /** Counts the requests refused before Express, once the listener that refuses them exists. */
  countEarlyRefusals(refusals: EarlyRefusals): void {
    if (this.enabled) registerEarlyRefusalMetrics(this.registry, refusals);
  }
}

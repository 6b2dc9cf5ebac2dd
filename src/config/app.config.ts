import { createHash } from 'node:crypto';
import { loadAuthConfig, type ApiKey, type AuthConfig } from '../common/auth/auth.config.js';
import { parseWorkers } from './workers.config.js';
import { ConfigValidationError } from './config-validation.error.js';
import type { Env } from './env.js';
import { parseBoolean, parseInteger } from './env-values.js';
import { loadOverloadConfig, type OverloadConfig } from './overload.config.js';
import { loadWebhooksConfig, type WebhooksConfig } from './webhooks.config.js';
import {
  databaseFromEnv,
  parseReplicaUrls,
  type DatabaseConfig,
  type MysqlDatabaseConfig,
} from './database-url.js';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface AppConfig extends WebhooksConfig, OverloadConfig {
  port: number;
  host: string;
  /** WORKERS: processes serving requests behind the primary (src/cluster/). */
  workers: number;
  database: DatabaseConfig;
  /** Read replicas (DATABASE_REPLICA_URLS): reads go there, writes to `database`. */
  databaseReplicas: readonly MysqlDatabaseConfig[];
  /** A replica further behind than this (or of unknown lag) gets no reads. */
  replicaMaxLagSeconds: number;
  /** Signs paging cursors: CURSOR_SECRET, or else derived from the API keys. */
  cursorSecret: Buffer;
  /** Server URLs of the OpenAPI document, each ending in /v1. */
  publicBaseUrl: string;
  stagingBaseUrl: string;
  /** How long start-up keeps retrying an unreachable database before it gives up. */
  dbConnectTimeoutMs: number;
  /** Whether start-up migrates under a database lock, and how long it waits for it. */
  migrationsAtStart: boolean;
  migrationsLockWaitMs: number;
  /** MySQL pool size, and how long a request waits for a connection before its 503. */
  dbPoolSize: number;
  dbPoolWaitMs: number;
  logLevel: LogLevel;
  /** Requests allowed per window, per API key, and per address for requests without a valid key. */
  rateLimit: number;
  rateLimitWindowSeconds: number;
  /** Redis for rate-limit counters shared by instances; unset: counted in this process. */
  redisUrl?: string;
  /** Express "trust proxy": which forwarding proxies to believe for the client address. */
  trustProxy: false | number | string;
  /** Whether /metrics is served and requests are counted. */
  metricsEnabled: boolean;
  /** Origins allowed to call the API from a browser; empty: CORS off. */
  corsOrigins: readonly string[];
  /** On SIGTERM/SIGINT: how long /readyz says 503 while requests are still served. */
  shutdownDrainMs: number;
  /** Then: how long in-flight requests may take before the process exits anyway. */
  shutdownTimeoutMs: number;
  /** How long order events are kept for the feed (GET /v1/events). */
  eventsRetentionDays: number;
}

export const DEFAULT_STAGING_BASE_URL = 'https://staging.petstore.example/v1';

/** Reads and validates the environment once; auth's settings first (the cursor secret). */
export function loadAppConfig(env: Env, auth: AuthConfig = loadAuthConfig(env)): AppConfig {
  const port = parsePort(env.PORT);
  const database = databaseFromEnv(env);
  return {
    port,
    host: parseHost(env.HOST),
    workers: parseWorkers(env, database),
    database,
    databaseReplicas: parseReplicaUrls(env.DATABASE_REPLICA_URLS, database),
    // At least 2: the lag is measured once a second, so a replica in step reads 0 to about 1.2 s
    // behind.
    replicaMaxLagSeconds: parseInteger(
      'REPLICA_MAX_LAG_SECONDS',
      env.REPLICA_MAX_LAG_SECONDS,
      5,
      2,
      3_600,
    ),
    cursorSecret: parseCursorSecret(env.CURSOR_SECRET, auth.apiKeys),
    publicBaseUrl: parsePublicBaseUrl(env.PUBLIC_BASE_URL, env.NODE_ENV === 'production'),
    stagingBaseUrl: parseBaseUrl(
      'STAGING_BASE_URL',
      env.STAGING_BASE_URL ?? DEFAULT_STAGING_BASE_URL,
    ),
    logLevel: parseLogLevel(env.LOG_LEVEL),
    corsOrigins: parseCorsOrigins(env.CORS_ORIGINS),
    metricsEnabled: parseBoolean('METRICS_ENABLED', env.METRICS_ENABLED, true),
    rateLimit: parseInteger('RATE_LIMIT', env.RATE_LIMIT, 1_200, 1, 100_000_000),
    rateLimitWindowSeconds: parseInteger('RATE_LIMIT_WINDOW', env.RATE_LIMIT_WINDOW, 60, 1, 86_400),
    redisUrl: parseRedisUrl(env.REDIS_URL),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    dbConnectTimeoutMs: parseInteger(
      'DB_CONNECT_TIMEOUT_MS',
      env.DB_CONNECT_TIMEOUT_MS,
      30_000,
      0,
      600_000,
    ),
    migrationsAtStart: parseBoolean('MIGRATIONS_AT_START', env.MIGRATIONS_AT_START, true),
    migrationsLockWaitMs: parseMigrationsLockWait(env),
    dbPoolSize: parseInteger('DB_POOL_SIZE', env.DB_POOL_SIZE, 10, 1, 1_000),
    dbPoolWaitMs: parseInteger('DB_POOL_WAIT_MS', env.DB_POOL_WAIT_MS, 5_000, 100, 60_000),
    shutdownDrainMs: parseInteger('SHUTDOWN_DRAIN_MS', env.SHUTDOWN_DRAIN_MS, 5_000, 0, 600_000),
    shutdownTimeoutMs: parseInteger(
      'SHUTDOWN_TIMEOUT_MS',
      env.SHUTDOWN_TIMEOUT_MS,
      10_000,
      0,
      600_000,
    ),
    eventsRetentionDays: parseInteger(
      'EVENTS_RETENTION_DAYS',
      env.EVENTS_RETENTION_DAYS,
      30,
      1,
      3_650,
    ),
    ...loadWebhooksConfig(env),
    ...loadOverloadConfig(env),
  };
}

/** MIGRATIONS_LOCK_WAIT_MS; also read by `npm run migration:run`, which needs nothing else. */
export function parseMigrationsLockWait(env: Env): number {
  return parseInteger(
    'MIGRATIONS_LOCK_WAIT_MS',
    env.MIGRATIONS_LOCK_WAIT_MS,
    300_000,
    0,
    3_600_000,
  );
}

/** Without CURSOR_SECRET, cursors are signed with a digest of the keys, shared by instances. */
function parseCursorSecret(value: string | undefined, apiKeys: readonly ApiKey[]): Buffer {
  if (value === undefined)
    return createHash('sha256')
      .update('petstore-cursor\0')
      .update(
        apiKeys
          .map((entry) => entry.key)
          .sort()
          .join('\0'),
      )
      .digest();
  if (value.length < 16)
    throw new ConfigValidationError('CURSOR_SECRET', 'must be at least 16 characters long');
  return Buffer.from(value, 'utf8');
}

/** The document's production server; unset it is `/v1`, never a loopback address. */
function parsePublicBaseUrl(value: string | undefined, production: boolean): string {
  if (value === undefined) return `/${API_VERSION_PATH}`;
  const base = parseBaseUrl('PUBLIC_BASE_URL', value);
  const host = new URL(base).hostname;
  if (
    production &&
    (host === 'localhost' ||
      host.endsWith('.localhost') ||
      /^127\./.test(host) ||
      host === '[::1]' ||
      host === '0.0.0.0')
  ) {
    throw new ConfigValidationError(
      'PUBLIC_BASE_URL',
      `must be where clients reach the service, not a loopback address, when NODE_ENV is ` +
        `production; got "${value}"`,
    );
  }
  return base;
}

const API_VERSION_PATH = 'v1';

function parseBaseUrl(variable: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigValidationError(
      variable,
      `must be an http or https URL such as https://api.example.com, got "${value}"`,
    );
  }
  if (
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.search ||
    url.hash ||
    url.username ||
    url.password
  ) {
    throw new ConfigValidationError(
      variable,
      `must be an http or https URL without query, fragment or credentials, got "${value}"`,
    );
  }
  const base = `${url.origin}${url.pathname}`.replace(/\/+$/, '');
  return base.endsWith('/v1') ? base : `${base}/v1`;
}

/** Injection token of the validated AppConfig. */
export const APP_CONFIG = Symbol('APP_CONFIG');

function parsePort(value: string | undefined): number {
  return parseInteger('PORT', value, 3000, 0, 65535);
}

function parseHost(value: string | undefined): string {
  if (value === undefined) return '0.0.0.0';
  if (!/^[A-Za-z0-9.:\-[\]%]+$/.test(value)) {
    throw new ConfigValidationError(
      'HOST',
      `must be a host name or IP address to listen on, got "${value}"`,
    );
  }
  return value;
}

/** `true` would let any client forge its address, so only hops or proxy addresses. */
function parseTrustProxy(value: string | undefined): false | number | string {
  if (value === undefined || value === 'false') return false;
  const allowed =
    "false, a number of proxy hops (1 to 99), or the proxies' addresses/subnets (loopback, " +
    '10.0.0.0/8, ...)';
  if (value === 'true')
    throw new ConfigValidationError(
      'TRUST_PROXY',
      `must not be true (every client could forge its address); allowed: ${allowed}`,
    );
  if (/^[0-9]{1,2}$/.test(value) && Number(value) > 0) return Number(value);
  if (/^[A-Za-z0-9.:/, ]+$/.test(value) && /[A-Za-z.:]/.test(value)) return value;
  throw new ConfigValidationError('TRUST_PROXY', `must be ${allowed}, got "${value}"`);
}

function parseRedisUrl(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'redis:' && url.protocol !== 'rediss:') || !url.hostname) {
    // The value may hold a password: the message shows its scheme at most.
    throw new ConfigValidationError(
      'REDIS_URL',
      'must be a redis:// or rediss:// URL such as redis://:password@redis.internal:6379/0',
    );
  }
  return value;
}

function parseCorsOrigins(value: string | undefined): string[] {
  if (value === undefined || value.trim() === '') return [];
  return value.split(',').map((entry) => {
    const origin = entry.trim();
    let url: URL | undefined;
    try {
      url = new URL(origin);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== origin) {
      throw new ConfigValidationError(
        'CORS_ORIGINS',
        `must list origins such as https://app.example.com (scheme, host, optional port; no ` +
          `path or wildcard), got "${origin}"`,
      );
    }
    return origin;
  });
}

function parseLogLevel(value: string | undefined): LogLevel {
  if (value === undefined) return 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(value))
    throw new ConfigValidationError(
      'LOG_LEVEL',
      `must be one of ${LOG_LEVELS.join(', ')}, got "${value}"`,
    );
  return value as LogLevel;
}

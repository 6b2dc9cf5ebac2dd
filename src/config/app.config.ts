import { createHash } from 'node:crypto';
import { loadAuthConfig, type ApiKey, type AuthConfig } from '../common/auth/auth.config.js';
import { parseWorkers } from './workers.config.js';
import { ConfigValidationError } from './config-validation.error.js';
import type { Env } from './env.js';
import { LOG_LEVELS, readEnvironment, type LogLevel } from './environment.js';
import { loadOverloadConfig, type OverloadConfig } from './overload.config.js';
import { loadWebhooksConfig, type WebhooksConfig } from './webhooks.config.js';
import {
  databaseFromEnv,
  parseReplicaUrls,
  type DatabaseConfig,
  type MysqlDatabaseConfig,
} from './database-url.js';

export { LOG_LEVELS, type LogLevel };

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
  const settings = readEnvironment(env);
  const database = databaseFromEnv(env);
  return {
    port: settings.PORT,
    host: settings.HOST,
    workers: parseWorkers(settings, database),
    database,
    databaseReplicas: parseReplicaUrls(env.DATABASE_REPLICA_URLS, database),
    replicaMaxLagSeconds: settings.REPLICA_MAX_LAG_SECONDS,
    cursorSecret: cursorSecretOf(settings.CURSOR_SECRET, auth.apiKeys),
    publicBaseUrl: parsePublicBaseUrl(env.PUBLIC_BASE_URL, env.NODE_ENV === 'production'),
    stagingBaseUrl: parseBaseUrl(
      'STAGING_BASE_URL',
      env.STAGING_BASE_URL ?? DEFAULT_STAGING_BASE_URL,
    ),
    logLevel: settings.LOG_LEVEL,
    corsOrigins: parseCorsOrigins(env.CORS_ORIGINS),
    metricsEnabled: settings.METRICS_ENABLED,
    rateLimit: settings.RATE_LIMIT,
    rateLimitWindowSeconds: settings.RATE_LIMIT_WINDOW,
    redisUrl: parseRedisUrl(env.REDIS_URL),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    dbConnectTimeoutMs: settings.DB_CONNECT_TIMEOUT_MS,
    migrationsAtStart: settings.MIGRATIONS_AT_START,
    migrationsLockWaitMs: settings.MIGRATIONS_LOCK_WAIT_MS,
    dbPoolSize: settings.DB_POOL_SIZE,
    dbPoolWaitMs: settings.DB_POOL_WAIT_MS,
    shutdownDrainMs: settings.SHUTDOWN_DRAIN_MS,
    shutdownTimeoutMs: settings.SHUTDOWN_TIMEOUT_MS,
    eventsRetentionDays: settings.EVENTS_RETENTION_DAYS,
    ...loadWebhooksConfig(env, settings),
    ...loadOverloadConfig(env, settings),
  };
}

/** Without CURSOR_SECRET, cursors are signed with a digest of the keys, shared by instances. */
function cursorSecretOf(secret: string | undefined, apiKeys: readonly ApiKey[]): Buffer {
  if (secret !== undefined) return Buffer.from(secret, 'utf8');
  return createHash('sha256')
    .update('petstore-cursor\0')
    .update(
      apiKeys
        .map((entry) => entry.key)
        .sort()
        .join('\0'),
    )
    .digest();
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

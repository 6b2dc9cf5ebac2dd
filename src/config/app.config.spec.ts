import { BEARER_TOKEN, loadAuthConfig } from '../common/auth/auth.config.js';
import { loadAppConfig as loadOnlyAppConfig } from './app.config.js';
import type { Env } from './env.js';

/** What AppConfigModule validates: auth's settings (API_KEYS), then the rest. */
function loadAppConfig(env: Env) {
  const auth = loadAuthConfig(env);
  return { ...loadOnlyAppConfig(env, auth), ...auth };
}
import { parseDatabaseUrl } from './database-url.js';

describe('loadAppConfig', () => {
  it('applies the documented defaults and generates a random key when API_KEYS is unset', () => {
    const first = loadAppConfig({});
    const second = loadAppConfig({});
    expect(first).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      database: { type: 'sqlite', database: 'data/petstore.sqlite' },
      apiKeyGenerated: true,
      dbConnectTimeoutMs: 30_000,
      shutdownDrainMs: 5_000,
      shutdownTimeoutMs: 10_000,
    });
    expect(first.apiKeys).toHaveLength(1);
    expect(first.apiKeys[0].name).toBe('generated');
    expect(first.apiKeys[0].key).toMatch(BEARER_TOKEN);
    expect(first.apiKeys[0].key.length).toBeGreaterThanOrEqual(40);
    expect(second.apiKeys[0].key).not.toBe(first.apiKeys[0].key);
    expect(first.logLevel).toBe('info');
    expect(first.corsOrigins).toEqual([]);
    expect(first).toMatchObject({
      metricsEnabled: true,
      rateLimit: 1_200,
      rateLimitWindowSeconds: 60,
      trustProxy: false,
      dbPoolSize: 10,
      dbPoolWaitMs: 5_000,
    });
    expect(loadAppConfig({ DB_POOL_SIZE: '40', DB_POOL_WAIT_MS: '2500' })).toMatchObject({
      dbPoolSize: 40,
      dbPoolWaitMs: 2_500,
    });
    expect(first).toMatchObject({
      migrationsAtStart: true,
      migrationsLockWaitMs: 300_000,
      redisUrl: undefined,
    });
    expect(loadAppConfig({ REDIS_URL: 'rediss://:pw@cache.internal:6380/2' }).redisUrl).toBe(
      'rediss://:pw@cache.internal:6380/2',
    );
    expect(first.databaseReplicas).toEqual([]);
    const replicated = loadAppConfig({
      DATABASE_URL: 'mysql://u:p@primary/petstore',
      DATABASE_REPLICA_URLS: 'mysql://u:p@r1:3307/petstore,mysql://u:p@r2/petstore',
    });
    expect(replicated.databaseReplicas.map((replica) => `${replica.host}:${replica.port}`)).toEqual(
      ['r1:3307', 'r2:3306'],
    );
    expect(replicated.replicaMaxLagSeconds).toBe(5);
    expect(loadAppConfig({ REPLICA_MAX_LAG_SECONDS: '30' }).replicaMaxLagSeconds).toBe(30);
    expect(
      loadAppConfig({ MIGRATIONS_AT_START: 'false', MIGRATIONS_LOCK_WAIT_MS: '0' }),
    ).toMatchObject({ migrationsAtStart: false, migrationsLockWaitMs: 0 });
    expect(loadAppConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadAppConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toBe(
      'loopback, 10.0.0.0/8',
    );
    expect(
      loadAppConfig({ CORS_ORIGINS: 'https://a.example.com, http://localhost:8080' }).corsOrigins,
    ).toEqual(['https://a.example.com', 'http://localhost:8080']);
  });

  it('reads a comma-separated key list, trimming spaces, with optional names', () => {
    const config = loadAppConfig({
      API_KEYS: ' key-one-0123456789 , partner-a:key-two-0123456789 ',
      PORT: '8080',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'debug',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      logLevel: 'debug',
      apiKeys: [
        { name: 'key-1', key: 'key-one-0123456789', scope: 'write' },
        { name: 'partner-a', key: 'key-two-0123456789', scope: 'write' },
      ],
      apiKeyGenerated: false,
    });
  });

  it('reads a scope at the end of an entry: name:key:read or name:key:write; without one a key is write', () => {
    expect(
      loadAppConfig({
        API_KEYS: 'shop:key-one-0123456789:read,ops:key-two-0123456789:write,key-three-0123456789',
      }).apiKeys,
    ).toEqual([
      { name: 'shop', key: 'key-one-0123456789', scope: 'read' },
      { name: 'ops', key: 'key-two-0123456789', scope: 'write' },
      { name: 'key-3', key: 'key-three-0123456789', scope: 'write' },
    ]);
    expect(loadAppConfig({}).apiKeys[0].scope).toBe('write');
  });

  it('signs cursors with CURSOR_SECRET, or a digest of the keys shared by instances with the same keys', () => {
    expect(loadAppConfig({ CURSOR_SECRET: 'a-long-cursor-secret' }).cursorSecret.toString()).toBe(
      'a-long-cursor-secret',
    );
    expect(
      loadAppConfig({ API_KEYS: 'key-1-0123456789ab,key-2-0123456789ab' }).cursorSecret,
    ).toEqual(loadAppConfig({ API_KEYS: 'key-2-0123456789ab,key-1-0123456789ab' }).cursorSecret);
    expect(loadAppConfig({ API_KEYS: 'key-1-0123456789ab' }).cursorSecret).not.toEqual(
      loadAppConfig({ API_KEYS: 'key-2-0123456789ab' }).cursorSecret,
    );
    expect(
      loadAppConfig({ API_KEYS: 'key-1-0123456789ab' }).cursorSecret.toString('hex'),
    ).not.toContain(Buffer.from('key-1-0123456789ab').toString('hex'));
    expect(() => loadAppConfig({ CURSOR_SECRET: 'short' })).toThrow(
      /^CURSOR_SECRET must be at least 16 characters/,
    );
  });

  it('derives the OpenAPI server URLs, each ending in /v1', () => {
    // Unset: relative to where the document is served, never a localhost address.
    expect(loadAppConfig({})).toMatchObject({
      publicBaseUrl: '/v1',
      stagingBaseUrl: 'https://staging.petstore.example/v1',
    });
    expect(loadAppConfig({ PORT: '8080' }).publicBaseUrl).toBe('/v1');
    expect(loadAppConfig({ PUBLIC_BASE_URL: 'http://localhost:8080' }).publicBaseUrl).toBe(
      'http://localhost:8080/v1',
    );
    expect(
      loadAppConfig({
        PUBLIC_BASE_URL: 'https://api.example.com/',
        STAGING_BASE_URL: 'https://staging.example.com/petstore/v1',
      }),
    ).toMatchObject({
      publicBaseUrl: 'https://api.example.com/v1',
      stagingBaseUrl: 'https://staging.example.com/petstore/v1',
    });
  });

  it.each([
    [{ CORS_ORIGINS: 'https://app.example.com/path' }, /^CORS_ORIGINS must list origins/],
    [{ CORS_ORIGINS: '*' }, /^CORS_ORIGINS must list origins/],
    [{ METRICS_ENABLED: 'yes' }, /^METRICS_ENABLED must be true or false, got "yes"$/],
    [{ RATE_LIMIT: '0' }, /^RATE_LIMIT must be an integer from 1 to 100000000/],
    [{ RATE_LIMIT_WINDOW: '1m' }, /^RATE_LIMIT_WINDOW must be an integer from 1 to 86400/],
    [
      { TRUST_PROXY: 'yes please!' },
      /^TRUST_PROXY must be false, a number of proxy hops \(1 to 99\), or the proxies' addresses/,
    ],
    [
      { TRUST_PROXY: 'true' },
      /^TRUST_PROXY must not be true \(every client could forge its address\); allowed: false, a number of proxy hops/,
    ],
    [{ TRUST_PROXY: '0' }, /^TRUST_PROXY must be false, a number of proxy hops/],
    [
      { LOG_LEVEL: 'verbose' },
      /^LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "verbose"$/,
    ],
    [
      { API_KEYS: 'a:key-1-0123456789ab,a:key-2-0123456789ab' },
      /^API_KEYS names the key "a" twice/,
    ],
    [
      { API_KEYS: 'Shop:key-1-0123456789ab,shop:key-2-0123456789ab' },
      /^API_KEYS names the key "shop" twice; key names must be unique, regardless of case/,
    ],
    [{ API_KEYS: 'bad name:k1' }, /^API_KEYS entry 1 has an invalid name/],
    [
      { API_KEYS: 'a:key-1-0123456789ab,b:key-2-0123456789ab:admin' },
      /^API_KEYS entry 2 ends in an unknown scope: end it in :read or :write \(or leave the scope out: write\)$/,
    ],
    [{ API_KEYS: 'b:key-2-0123456789ab:READ' }, /^API_KEYS entry 1 ends in an unknown scope/],
    [
      { API_KEYS: 'b:key-2-0123456789ab:read:x' },
      /^API_KEYS entry 1 has more than three parts: use key, name:key or name:key:read\|write$/,
    ],
    [
      { DB_CONNECT_TIMEOUT_MS: '-1' },
      /^DB_CONNECT_TIMEOUT_MS must be an integer from 0 to 600000, got "-1"$/,
    ],
    [{ SHUTDOWN_DRAIN_MS: '5s' }, /^SHUTDOWN_DRAIN_MS must be an integer from 0 to 600000/],
    [{ DB_POOL_SIZE: '0' }, /^DB_POOL_SIZE must be an integer from 1 to 1000, got "0"$/],
    [{ MIGRATIONS_AT_START: 'no' }, /^MIGRATIONS_AT_START must be true or false, got "no"$/],
    [
      { REDIS_URL: 'http://:secret@cache:6379' },
      /^REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL such as/,
    ],
    [{ REDIS_URL: 'cache:6379' }, /^REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/],
    [
      { DATABASE_REPLICA_URLS: 'mysql://u:p@replica/petstore' },
      /^DATABASE_REPLICA_URLS needs a MySQL or MariaDB DATABASE_URL: SQLite has no replicas$/,
    ],
    [
      {
        DATABASE_URL: 'mariadb://u:p@primary/petstore',
        DATABASE_REPLICA_URLS: 'mariadb://u:p@r1/petstore, mysql://u:p@r2/petstore',
      },
      /^DATABASE_REPLICA_URLS entry 2 must be a mariadb:\/\/ URL, as DATABASE_URL is$/,
    ],
    [
      { MIGRATIONS_LOCK_WAIT_MS: '1h' },
      /^MIGRATIONS_LOCK_WAIT_MS must be an integer from 0 to 3600000, got "1h"$/,
    ],
    [{ DB_POOL_WAIT_MS: '5s' }, /^DB_POOL_WAIT_MS must be an integer from 100 to 60000, got "5s"$/],
    [
      { REPLICA_MAX_LAG_SECONDS: '1' },
      /^REPLICA_MAX_LAG_SECONDS must be an integer from 2 to 3600, got "1"$/,
    ],
    [{ SHUTDOWN_TIMEOUT_MS: '1e4' }, /^SHUTDOWN_TIMEOUT_MS must be an integer/],
    [{ PUBLIC_BASE_URL: 'api.example.com' }, /^PUBLIC_BASE_URL must be an http or https URL/],
    [
      {
        PUBLIC_BASE_URL: 'http://127.0.0.1:3000',
        NODE_ENV: 'production',
        API_KEYS: 'k-0123456789abcdef',
      },
      /^PUBLIC_BASE_URL must be where clients reach the service, not a loopback/,
    ],
    [{ STAGING_BASE_URL: 'ftp://example.com' }, /^STAGING_BASE_URL must be an http or https URL/],
    [{ PORT: 'abc' }, /^PORT must be an integer from 0 to 65535/],
    [{ PORT: '70000' }, /^PORT must be an integer from 0 to 65535/],
    [{ HOST: 'bad host' }, /^HOST must be a host name/],
    [
      { API_KEYS: ' , ' },
      /^API_KEYS is set but holds no key; give a comma-separated list of keys \(outside production, leave it unset to get a generated key\)$/,
    ],
    // In production too: the message does not offer the generated key as the way out.
    [
      { API_KEYS: ' , ', NODE_ENV: 'production' },
      /^API_KEYS is set but holds no key; give a comma-separated list of keys \(outside production/,
    ],
    [{ NODE_ENV: 'production' }, /^API_KEYS must be set when NODE_ENV is production/],
    [
      { API_KEYS: 'long-enough-key-01,short-key' },
      /^API_KEYS entry 2 is shorter than 16 characters; use long random keys$/,
    ],
    [
      { API_KEYS: 'a:same-key-0123456789,b:other-key-0123456789,c:same-key-0123456789' },
      /^API_KEYS entry 3 repeats the key of entry 1; every key must be its own$/,
    ],
    [
      { API_KEYS: 'good-key-0123456789,has space' },
      /^API_KEYS entry 2 is not a valid bearer token/,
    ],
    [
      { DATABASE_URL: 'postgres://x/y' },
      /^DATABASE_URL has an unsupported scheme; allowed: sqlite:<file path>/,
    ],
    [{ DATABASE_URL: 'sqlite:' }, /^DATABASE_URL has an empty sqlite path/],
    [{ DATABASE_URL: 'mysql://user:pw@host' }, /^DATABASE_URL must name a host and a database/],
  ])('rejects %p with a message naming the variable', (env, message) => {
    expect(() => loadAppConfig(env)).toThrow(message);
  });

  it('never puts a key or a password into an error message', () => {
    expect(() => loadAppConfig({ API_KEYS: 'secret-key-0123456789,bad key' })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('secret-key') }),
    );
    expect(() => loadAppConfig({ API_KEYS: 'bad name:secret-key-0123456789' })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('secret-key') }),
    );
    expect(() => loadAppConfig({ DATABASE_URL: 'mysql://u:hunter2@/x' })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('hunter2') }),
    );
  });
});

describe('parseDatabaseUrl', () => {
  it('parses sqlite files, memory and mysql URLs with encoded credentials', () => {
    expect(parseDatabaseUrl('sqlite::memory:')).toEqual({ type: 'sqlite', database: ':memory:' });
    expect(parseDatabaseUrl('sqlite:/tmp/a b.sqlite')).toEqual({
      type: 'sqlite',
      database: '/tmp/a b.sqlite',
    });
    expect(parseDatabaseUrl('mysql://pet%40store:p%3Ass@db.local:3307/petstore')).toEqual({
      type: 'mysql',
      server: 'mysql',
      host: 'db.local',
      port: 3307,
      username: 'pet@store',
      password: 'p:ss',
      database: 'petstore',
    });
    expect(parseDatabaseUrl('mysql://u@127.0.0.1/db')).toMatchObject({ port: 3306, password: '' });
  });

  it('takes mariadb:// as a MySQL-protocol server that is MariaDB', () => {
    expect(parseDatabaseUrl('mariadb://u:p@db.local/petstore')).toMatchObject({
      type: 'mysql',
      server: 'mariadb',
      host: 'db.local',
      database: 'petstore',
    });
    expect(() => parseDatabaseUrl('mariadb://u:p@db.local')).toThrow(
      /must name a host and a database/,
    );
  });
});

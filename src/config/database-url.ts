import { ConfigValidationError } from './config-validation.error.js';
import { parseDatabaseTls, type DatabaseTls } from './database-tls.js';
import type { Env } from './env.js';

export type DatabaseConfig =
  | { type: 'sqlite'; /** a file path, or ':memory:' */ database: string }
  | {
      type: 'mysql';
      /** mariadb:// names a MariaDB server, whose schema TypeORM reads differently. */
      server: 'mysql' | 'mariadb';
      host: string;
      port: number;
      username: string;
      password: string;
      database: string;
      /** DATABASE_SSL_MODE and DATABASE_SSL_CA; unset: no TLS. */
      tls?: DatabaseTls;
    };

export const DEFAULT_DATABASE_URL = 'sqlite:data/petstore.sqlite';

const ALLOWED =
  'sqlite:<file path>, sqlite::memory:, mysql://user:password@host:port/database or mariadb://… ' +
  '(same form)';

/** Parses DATABASE_URL; the error names the variable and the accepted forms, never the password. */
export function parseDatabaseUrl(url: string, variable = 'DATABASE_URL'): DatabaseConfig {
  if (url.startsWith('sqlite:')) {
    const database = url.slice('sqlite:'.length);
    if (database === '')
      throw new ConfigValidationError(variable, `has an empty sqlite path; allowed: ${ALLOWED}`);
    return { type: 'sqlite', database };
  }
  const server = url.startsWith('mysql://')
    ? 'mysql'
    : url.startsWith('mariadb://')
      ? 'mariadb'
      : undefined;
  if (server) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new ConfigValidationError(
        variable,
        `is not a valid ${server} URL; allowed: ${ALLOWED}`,
      );
    }
    if (parsed.search !== '')
      throw new ConfigValidationError(
        variable,
        'takes no query parameters (TLS is DATABASE_SSL_MODE and DATABASE_SSL_CA); allowed: ' +
          ALLOWED,
      );
    const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
    if (!parsed.hostname || !database || database.includes('/')) {
      throw new ConfigValidationError(
        variable,
        `must name a host and a database; allowed: ${ALLOWED}`,
      );
    }
    return {
      type: 'mysql',
      server,
      host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: parsed.port ? Number(parsed.port) : 3306,
      username: decodeURIComponent(parsed.username),
      password: decodeURIComponent(parsed.password),
      database,
    };
  }
  throw new ConfigValidationError(variable, `has an unsupported scheme; allowed: ${ALLOWED}`);
}

export type MysqlDatabaseConfig = Extract<DatabaseConfig, { type: 'mysql' }>;

/** DATABASE_URL with the TLS settings, which a MySQL URL needs and a SQLite one refuses. */
export function databaseFromEnv(env: Env): DatabaseConfig {
  const database = parseDatabaseUrl(env.DATABASE_URL ?? DEFAULT_DATABASE_URL);
  const tls = parseDatabaseTls(env);
  if (!tls) return database;
  if (database.type !== 'mysql')
    throw new ConfigValidationError(
      'DATABASE_SSL_MODE',
      'needs a MySQL or MariaDB DATABASE_URL: SQLite is a local file',
    );
  return { ...database, tls };
}

/** DATABASE_REPLICA_URLS: read replicas of DATABASE_URL, of its kind; none for SQLite. */
export function parseReplicaUrls(
  value: string | undefined,
  primary: DatabaseConfig,
): MysqlDatabaseConfig[] {
  const urls = (value ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter((url) => url !== '');
  if (urls.length === 0) return [];
  if (primary.type !== 'mysql')
    throw new ConfigValidationError(
      'DATABASE_REPLICA_URLS',
      'needs a MySQL or MariaDB DATABASE_URL: SQLite has no replicas',
    );
  return urls.map((url, index) => {
    const replica = parseDatabaseUrl(url, 'DATABASE_REPLICA_URLS');
    if (replica.type !== 'mysql' || replica.server !== primary.server) {
      throw new ConfigValidationError(
        'DATABASE_REPLICA_URLS',
        `entry ${index + 1} must be a ${primary.server}:// URL, as DATABASE_URL is`,
      );
    }
    return { ...replica, tls: primary.tls };
  });
}

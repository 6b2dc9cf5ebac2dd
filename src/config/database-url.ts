import { ConfigValidationError } from './config-validation.error.js';

export type DatabaseConfig =
  | { type: 'sqlite'; /** a file path, or ':memory:' */ database: string }
  | {
      type: 'mysql';
      /** mariadb:// names a MariaDB server: TypeORM reads its schema differently (see README). */
      server: 'mysql' | 'mariadb';
      host: string;
      port: number;
      username: string;
      password: string;
      database: string;
    };

export const DEFAULT_DATABASE_URL = 'sqlite:data/petstore.sqlite';

const ALLOWED = 'sqlite:<file path>, sqlite::memory:, mysql://user:password@host:port/database or mariadb://… (same form)';

/** Parses DATABASE_URL; the error names the variable and the accepted forms, never the password. */
export function parseDatabaseUrl(url: string, variable = 'DATABASE_URL'): DatabaseConfig {
  if (url.startsWith('sqlite:')) {
    const database = url.slice('sqlite:'.length);
    if (database === '') throw new ConfigValidationError(variable, `has an empty sqlite path; allowed: ${ALLOWED}`);
    return { type: 'sqlite', database };
  }
  const server = url.startsWith('mysql://') ? 'mysql' : url.startsWith('mariadb://') ? 'mariadb' : undefined;
  if (server) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new ConfigValidationError(variable, `is not a valid ${server} URL; allowed: ${ALLOWED}`);
    }
    const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
    if (!parsed.hostname || !database || database.includes('/')) {
      throw new ConfigValidationError(variable, `must name a host and a database; allowed: ${ALLOWED}`);
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

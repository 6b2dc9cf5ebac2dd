import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mysqlSslOptions } from '../database/mysql-tls.js';
import { parseDatabaseTls } from './database-tls.js';
import { databaseFromEnv, parseDatabaseUrl, parseReplicaUrls } from './database-url.js';

const PEM = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
const folder = mkdtempSync(join(tmpdir(), 'petstore-tls-'));
const caFile = join(folder, 'ca.pem');
writeFileSync(caFile, PEM);
const notPem = join(folder, 'key.txt');
writeFileSync(notPem, 'not a certificate');
const MYSQL_URL = 'mysql://u:p@db.local/petstore';

describe('DATABASE_SSL_MODE and DATABASE_SSL_CA', () => {
  it('is off unless asked for, and takes MySQL’s mode names in any case', () => {
    expect(parseDatabaseTls({})).toBeUndefined();
    expect(parseDatabaseTls({ DATABASE_SSL_MODE: 'disabled' })).toBeUndefined();
    expect(parseDatabaseTls({ DATABASE_SSL_MODE: 'required' })).toEqual({ mode: 'REQUIRED' });
    expect(
      parseDatabaseTls({ DATABASE_SSL_MODE: 'VERIFY_IDENTITY', DATABASE_SSL_CA: caFile }),
    ).toEqual({ mode: 'VERIFY_IDENTITY', ca: PEM });
  });

  it('names the variable and what is allowed when refusing', () => {
    expect(() => parseDatabaseTls({ DATABASE_SSL_MODE: 'PREFERRED' })).toThrow(
      'DATABASE_SSL_MODE must be one of DISABLED, REQUIRED, VERIFY_CA, VERIFY_IDENTITY',
    );
    expect(() => parseDatabaseTls({ DATABASE_SSL_CA: caFile })).toThrow(
      /^DATABASE_SSL_CA is set but DATABASE_SSL_MODE is DISABLED/,
    );
    expect(() =>
      parseDatabaseTls({ DATABASE_SSL_MODE: 'REQUIRED', DATABASE_SSL_CA: caFile }),
    ).toThrow(/^DATABASE_SSL_CA verifies the server, which DATABASE_SSL_MODE=REQUIRED does not/);
    expect(() =>
      parseDatabaseTls({ DATABASE_SSL_MODE: 'VERIFY_CA', DATABASE_SSL_CA: join(folder, 'none') }),
    ).toThrow(/^DATABASE_SSL_CA cannot be read \(ENOENT\)/);
    expect(() =>
      parseDatabaseTls({ DATABASE_SSL_MODE: 'VERIFY_CA', DATABASE_SSL_CA: notPem }),
    ).toThrow(/^DATABASE_SSL_CA must be a PEM file of one or more certificates/);
  });

  it('applies to the primary and every replica, and not to SQLite', () => {
    const primary = databaseFromEnv({ DATABASE_URL: MYSQL_URL, DATABASE_SSL_MODE: 'VERIFY_CA' });
    expect(primary).toMatchObject({ tls: { mode: 'VERIFY_CA' } });
    expect(parseReplicaUrls('mysql://u:p@replica.local/petstore', primary)).toEqual([
      expect.objectContaining({ host: 'replica.local', tls: { mode: 'VERIFY_CA' } }),
    ]);
    expect(() =>
      databaseFromEnv({ DATABASE_URL: 'sqlite::memory:', DATABASE_SSL_MODE: 'REQUIRED' }),
    ).toThrow(/^DATABASE_SSL_MODE needs a MySQL or MariaDB DATABASE_URL/);
  });

  it('refuses query parameters in a MySQL URL rather than ignoring them (an ?ssl=true would not encrypt)', () => {
    expect(() => parseDatabaseUrl(`${MYSQL_URL}?ssl=true`)).toThrow(
      /^DATABASE_URL takes no query parameters \(TLS is DATABASE_SSL_MODE and DATABASE_SSL_CA\)/,
    );
  });

  it('gives mysql2 no TLS, TLS unchecked, the chain checked, or the chain and the host checked', () => {
    expect(mysqlSslOptions(undefined)).toBeUndefined();
    expect(mysqlSslOptions({ mode: 'REQUIRED' })).toEqual({ rejectUnauthorized: false });
    expect(mysqlSslOptions({ mode: 'VERIFY_CA', ca: PEM })).toEqual({
      ca: PEM,
      rejectUnauthorized: true,
      verifyIdentity: false,
    });
    expect(mysqlSslOptions({ mode: 'VERIFY_IDENTITY' })).toEqual({
      rejectUnauthorized: true,
      verifyIdentity: true,
    });
  });
});

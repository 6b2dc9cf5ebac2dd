import type { SslOptions } from 'mysql2';
import type { DatabaseTls } from '../config/database-tls.js';

/**
 * mysql2's TLS options for DATABASE_SSL_MODE: REQUIRED encrypts and checks nothing, VERIFY_CA
 * checks the certificate's chain (DATABASE_SSL_CA, else Node's CA list), VERIFY_IDENTITY its host
 * name or address too. Undefined: no TLS.
 */
export function mysqlSslOptions(tls: DatabaseTls | undefined): SslOptions | undefined {
  if (!tls) return undefined;
  if (tls.mode === 'REQUIRED') return { rejectUnauthorized: false };
  return {
    ...(tls.ca ? { ca: tls.ca } : {}),
    rejectUnauthorized: true,
    verifyIdentity: tls.mode === 'VERIFY_IDENTITY',
  };
}

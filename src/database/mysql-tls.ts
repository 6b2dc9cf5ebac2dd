import type { SslOptions } from 'mysql2';
import type { DatabaseTls } from '../config/database-tls.js';

/** mysql2's TLS options for DATABASE_SSL_MODE; undefined: no TLS. */
export function mysqlSslOptions(tls: DatabaseTls | undefined): SslOptions | undefined {
  if (!tls) return undefined;
  if (tls.mode === 'REQUIRED') return { rejectUnauthorized: false };
  return {
    ...(tls.ca ? { ca: tls.ca } : {}),
    rejectUnauthorized: true,
    verifyIdentity: tls.mode === 'VERIFY_IDENTITY',
  };
}

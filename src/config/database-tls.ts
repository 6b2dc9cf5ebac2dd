import { readFileSync } from 'node:fs';
import { ConfigValidationError } from './config-validation.error.js';
import type { Env } from './env.js';

/** MySQL's own --ssl-mode values; PREFERRED (TLS if the server offers it) is not one: mysql2 has none. */
export const DATABASE_SSL_MODES = ['DISABLED', 'REQUIRED', 'VERIFY_CA', 'VERIFY_IDENTITY'] as const;
export type DatabaseSslMode = (typeof DATABASE_SSL_MODES)[number];

/** TLS to MySQL (DATABASE_SSL_MODE, DATABASE_SSL_CA): every connection, primary and replicas. */
export interface DatabaseTls {
  mode: Exclude<DatabaseSslMode, 'DISABLED'>;
  /** PEM certificates to verify the server's against; else Node's own CA list. */
  ca?: string;
}

/** DATABASE_SSL_MODE and DATABASE_SSL_CA; undefined for DISABLED, the default. */
export function parseDatabaseTls(env: Env): DatabaseTls | undefined {
  const mode = (env.DATABASE_SSL_MODE ?? 'DISABLED').trim().toUpperCase();
  if (!(DATABASE_SSL_MODES as readonly string[]).includes(mode))
    throw new ConfigValidationError(
      'DATABASE_SSL_MODE',
      `must be one of ${DATABASE_SSL_MODES.join(', ')}`,
    );
  const caPath = env.DATABASE_SSL_CA?.trim() || undefined;
  if (mode === 'DISABLED') {
    if (caPath)
      throw new ConfigValidationError(
        'DATABASE_SSL_CA',
        'is set but DATABASE_SSL_MODE is DISABLED; set it to VERIFY_CA or VERIFY_IDENTITY',
      );
    return undefined;
  }
  if (!caPath) return { mode: mode as DatabaseTls['mode'] };
  if (mode === 'REQUIRED')
    throw new ConfigValidationError(
      'DATABASE_SSL_CA',
      'verifies the server, which DATABASE_SSL_MODE=REQUIRED does not; use VERIFY_CA or VERIFY_IDENTITY',
    );
  return { mode: mode as DatabaseTls['mode'], ca: readCertificates(caPath) };
}

function readCertificates(path: string): string {
  let pem: string;
  try {
    pem = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as { code?: string }).code ?? 'unreadable';
    throw new ConfigValidationError('DATABASE_SSL_CA', `cannot be read (${code}): ${path}`);
  }
  if (!pem.includes('-----BEGIN CERTIFICATE-----'))
    throw new ConfigValidationError(
      'DATABASE_SSL_CA',
      `must be a PEM file of one or more certificates: ${path}`,
    );
  return pem;
}

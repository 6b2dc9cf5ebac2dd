import { hash, randomBytes } from 'node:crypto';

/** Issued keys start with this, so that secret scanners can find leaked ones. */
export const ISSUED_KEY_PREFIX = 'pst_';

/** A new key: the prefix and 32 random bytes, base64url (a valid bearer token, 47 characters). */
export function generateApiKey(): string {
  return `${ISSUED_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** What is stored of a key: its SHA-256, hex. */
export function hashApiKey(key: string): string {
  return hash('sha256', key, 'hex');
}

/** What a list shows of a key: the prefix and 4 more characters, not enough to use it. */
export function displayPrefix(key: string): string {
  return key.slice(0, ISSUED_KEY_PREFIX.length + 4);
}

/** Names the service gives API_KEYS entries itself (by position, the generated key). */
export const RESERVED_KEY_NAME = /^(?:key-[0-9]+|generated)$/;

const UNITS: Readonly<Record<string, number>> = {
  s: 1_000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
};

/** "90d", "12h", "30m", "45s" in milliseconds; undefined when it is none of those. */
export function parseDuration(text: string): number | undefined {
  const match = /^([1-9][0-9]{0,5})([smhd])$/.exec(text);
  return match ? Number(match[1]) * UNITS[match[2]] : undefined;
}

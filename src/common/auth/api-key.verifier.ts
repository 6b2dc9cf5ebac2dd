import { hash, timingSafeEqual } from 'node:crypto';
import type { ApiKey } from '../../config/app.config.js';

/** Who sent a request: the key's name (for logs and limits), and an id derived from the key itself. */
export interface ApiKeyIdentity {
  name: string;
  /**
   * Base64url SHA-256 of the key under its own label (never the key, nor the digest it is checked
   * by): stable while the key is, and different for different keys, whatever their names or order.
   */
  id: string;
}

/**
 * Holds SHA-256 digests of the accepted keys. A presented key is hashed and compared with every
 * digest in constant time, so neither the time taken nor an early exit tells how much matched.
 */
export class ApiKeyVerifier {
  private readonly digests: readonly { identity: ApiKeyIdentity; digest: Buffer }[];

  constructor(keys: readonly ApiKey[]) {
    this.digests = keys.map(({ name, key }) => ({ identity: { name, id: apiKeyIdOf(key) }, digest: apiKeyDigest(key) }));
  }

  /** The identity of the matching key, or undefined; `presentedDigest` when the caller has it already. */
  match(presented: string, presentedDigest = apiKeyDigest(presented)): ApiKeyIdentity | undefined {
    let identity: ApiKeyIdentity | undefined;
    for (const known of this.digests) if (timingSafeEqual(presentedDigest, known.digest)) identity = known.identity;
    return identity;
  }
}

/** The id of a key (ApiKeyIdentity.id), the same for a key from API_KEYS or one issued and stored. */
export function apiKeyIdOf(key: string): string {
  return hash('sha256', `petstore api key id\n${key}`, 'base64url');
}

/**
 * Keys found elsewhere than API_KEYS (issued and stored: src/api-keys), for ApiKeyGuard to accept
 * after its own; provided under STORED_API_KEYS by the module that keeps them.
 */
export interface StoredApiKeyLookup {
  /**
   * The identity of an active stored key, or undefined; synchronous, from memory (no database round
   * trip). `presentedDigest` is apiKeyDigest(presented), computed once by the guard.
   */
  match(presented: string, presentedDigest: Buffer): (ApiKeyIdentity & { rateLimit?: number }) | undefined;
}

export const STORED_API_KEYS = Symbol('STORED_API_KEYS');

/** SHA-256 of a key: what keys are compared and looked up by. */
export function apiKeyDigest(key: string): Buffer {
  return hash('sha256', key, 'buffer');
}

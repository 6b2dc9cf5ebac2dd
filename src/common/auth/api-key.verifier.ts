import { hash, randomBytes, timingSafeEqual } from 'node:crypto';
import { BoundedMemo } from '../memo/bounded-memo.js';
import type { ApiKey } from './auth.config.js';
import { ApiKeyKind } from './api-key-kind.js';
import type { ApiKeyScope } from './api-key-scope.enum.js';

/**
 * Who sent a request: the key's name (for logs and limits), and an id derived from the key itself.
 */
export interface ApiKeyIdentity {
  name: string;
  /**
   * What the key's Idempotency-Key records and rate-limit counters belong to: a digest of the key
   * under its own label, kept by an issued key across rolls (api_keys.owner_id).
   */
  id: string;
  /** What the key may do. */
  scope: ApiKeyScope;
  /** Whose orders it works with. */
  kind: ApiKeyKind;
}

/**
 * Holds SHA-256 digests of the accepted keys. A presented key is hashed and compared with every
 * digest in constant time, so neither the time taken nor an early exit tells how much matched.
 */
export class ApiKeyVerifier {
  private readonly digests: readonly { identity: ApiKeyIdentity; digest: Buffer }[];

  constructor(keys: readonly ApiKey[]) {
    // Keys of API_KEYS are the store's own.
    this.digests = keys.map(({ name, key, scope }) => ({
      identity: { name, id: apiKeyIdOf(key), scope, kind: ApiKeyKind.STORE },
      digest: apiKeyDigest(key),
    }));
  }

  /**
   * The identity of the matching key, or undefined; `presentedDigest` when the caller has it
   * already.
   */
  match(presented: string, presentedDigest = apiKeyDigest(presented)): ApiKeyIdentity | undefined {
    let identity: ApiKeyIdentity | undefined;
    for (const known of this.digests)
      if (timingSafeEqual(presentedDigest, known.digest)) identity = known.identity;
    return identity;
  }
}

/**
 * The id of a key (ApiKeyIdentity.id), the same for a key from API_KEYS or one issued and stored.
 */
export function apiKeyIdOf(key: string): string {
  return hash('sha256', `petstore api key id\n${key}`, 'base64url');
}

/**
 * The owner id (ApiKeyIdentity.id) an issued key keeps from its first roll on, when none was
 * recorded: derived from its name, which is never reused.
 */
export function apiKeyOwnerIdOfName(name: string): string {
  return hash('sha256', `petstore api key owner\n${name.toLowerCase()}`, 'base64url');
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
  match(
    presented: string,
    presentedDigest: Buffer,
  ): (ApiKeyIdentity & { rateLimit?: number }) | undefined;
}

export const STORED_API_KEYS = Symbol('STORED_API_KEYS');

/** SHA-256 of a key: what keys are compared and looked up by. */
export function apiKeyDigest(key: string): Buffer {
  return hash('sha256', key, 'buffer');
}

/** How many valid keys' digests PresentedKeyDigests remembers before it starts afresh. */
export const REMEMBERED_DIGESTS_MAX = 10_000;

/**
 * The digests of keys clients present, remembered for valid ones only, so wrong keys cannot fill or
 * probe it; keyed under a per-process secret, so lookup timing tells a client nothing.
 */
export class PresentedKeyDigests {
  private readonly secret = randomBytes(32).toString('base64url');
  // Bounded without bookkeeping per request (valid keys are few).
  private readonly known = new BoundedMemo<string, Buffer>(REMEMBERED_DIGESTS_MAX);

  /** apiKeyDigest(token), remembered or computed; `remember` it once the key proved valid. */
  digestOf(token: string): { digest: Buffer; remembered: boolean } {
    const known = this.known.get(this.secret + token);
    return known
      ? { digest: known, remembered: true }
      : { digest: apiKeyDigest(token), remembered: false };
  }

  remember(token: string, digest: Buffer): void {
    this.known.set(this.secret + token, digest);
  }
}

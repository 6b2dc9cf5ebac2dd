import { hash, randomBytes, timingSafeEqual } from 'node:crypto';
import { BoundedMemo } from '../memo/bounded-memo.js';
import type { ApiKey } from './auth.config.js';
import { ApiKeyKind } from './api-key-kind.js';
import type { ApiKeyScope } from './api-key-scope.enum.js';

/** Who sent a request: the key's name, and an id derived from the key itself. */
export interface ApiKeyIdentity {
  name: string;
  /** What the key's records and counters belong to; an issued key keeps it across rolls. */
  id: string;
  /** What the key may do. */
  scope: ApiKeyScope;
  /** Whose orders it works with. */
  kind: ApiKeyKind;
}

/** The accepted keys' digests, each compared in constant time, so timing tells nothing. */
export class ApiKeyVerifier {
  private readonly digests: readonly { identity: ApiKeyIdentity; digest: Buffer }[];

  constructor(keys: readonly ApiKey[]) {
    // Keys of API_KEYS are the store's own.
    this.digests = keys.map(({ name, key, scope }) => ({
      identity: { name, id: apiKeyIdOf(key), scope, kind: ApiKeyKind.STORE },
      digest: apiKeyDigest(key),
    }));
  }

  /** The matching key's identity, or undefined. */
  match(presented: string, presentedDigest = apiKeyDigest(presented)): ApiKeyIdentity | undefined {
    let identity: ApiKeyIdentity | undefined;
    for (const known of this.digests)
      if (timingSafeEqual(presentedDigest, known.digest)) identity = known.identity;
    return identity;
  }
}

/** A key's id, the same for a key from API_KEYS or an issued one. */
export function apiKeyIdOf(key: string): string {
  return hash('sha256', `petstore api key id\n${key}`, 'base64url');
}

/** The owner id a key rolled before it was used after the upgrade gets: from its name. */
export function apiKeyOwnerIdOfName(name: string): string {
  return hash('sha256', `petstore api key owner\n${name.toLowerCase()}`, 'base64url');
}

/** Issued keys, which ApiKeyGuard accepts after API_KEYS (provided as STORED_API_KEYS). */
export interface StoredApiKeyLookup {
  /** An active stored key's identity, from memory, or undefined. */
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

/** Digests of valid presented keys, remembered under a per-process secret. */
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

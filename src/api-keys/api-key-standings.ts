import { Inject, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ApiKeyKind } from '../common/auth/api-key-kind.js';
import { apiKeyIdOf } from '../common/auth/api-key.verifier.js';
import type { AuthConfigService } from '../common/auth/auth.config.js';
import { Clock } from '../common/time/clock.js';
import { StoredApiKeys } from './stored-api-keys.js';

/** Why a key no longer acts: revoked or expired (issued keys), gone from API_KEYS or replaced. */
export type LostKeyReason = 'key_revoked' | 'key_expired' | 'key_removed';

/** A key's standing now, as this instance knows it (within KEYS_REFRESH_MS of every change). */
export type KeyStanding =
  /** `keyId`: undefined for an issued key this instance has not seen the id of. */
  | { state: 'active'; kind: ApiKeyKind; keyId?: string }
  | { state: 'lost'; reason: LostKeyReason }
  /** Not known yet: the issued keys are not loaded, or the key's id not learnt (a second). */
  | { state: 'unknown' };

/** Whose something is: the key's name, and its id (ApiKeyIdentity.id) where recorded. */
export interface KeyOwner {
  name: string;
  keyId: string | null;
}

/**
 * What a key may do now, for what acts for it later (webhook endpoints): API_KEYS, then issued
 * keys. An owner is a name and an id, so a name given later to another key inherits nothing.
 */
@Injectable()
export class ApiKeyStandings {
  private readonly environment: ReadonlyMap<string, string>;

  constructor(
    private readonly stored: StoredApiKeys,
    @Inject(ConfigService) config: AuthConfigService,
    private readonly clock: Clock,
  ) {
    this.environment = new Map(
      config
        .get('auth', { infer: true })
        .apiKeys.map((key) => [key.name.toLowerCase(), apiKeyIdOf(key.key)]),
    );
  }

  /** The key's standing at this moment, by the service's clock (the guard's too). */
  standingOf(owner: KeyOwner): KeyStanding {
    const environmentId = this.environment.get(owner.name.toLowerCase());
    if (environmentId !== undefined)
      return owner.keyId === null || owner.keyId === environmentId
        ? { state: 'active', kind: ApiKeyKind.STORE, keyId: environmentId }
        : { state: 'lost', reason: 'key_removed' };
    if (!this.stored.loaded) return { state: 'unknown' };
    const issued = this.stored.named(owner.name);
    if (issued === undefined) return { state: 'lost', reason: 'key_removed' };
    if (issued.keyId !== undefined && owner.keyId !== null && issued.keyId !== owner.keyId)
      return { state: 'lost', reason: 'key_removed' };
    if (issued.revoked) return { state: 'lost', reason: 'key_revoked' };
    if (issued.expiresAt !== null && issued.expiresAt <= this.clock.now())
      return { state: 'lost', reason: 'key_expired' };
    // An owner recorded before endpoints recorded key ids is judged by the name alone.
    if (issued.keyId === undefined && owner.keyId !== null) return { state: 'unknown' };
    return { state: 'active', kind: issued.kind, keyId: issued.keyId };
  }

  /** Calls `listener` after each reload of the issued keys, when standings may have changed. */
  onReload(listener: () => void): void {
    this.stored.onRefreshed(listener);
  }
}

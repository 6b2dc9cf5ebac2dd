import { describe, expect, it } from '@jest/globals';
import type { ConfigService } from '@nestjs/config';
import { ApiKeyKind } from '../common/auth/api-key-kind.js';
import { ApiKeyScope } from '../common/auth/api-key-scope.enum.js';
import { apiKeyIdOf } from '../common/auth/api-key.verifier.js';
import type { AuthConfigService } from '../common/auth/auth.config.js';
import { Clock } from '../common/time/clock.js';
import { ApiKeyStandings } from './api-key-standings.js';
import type { NamedIssuedKey, StoredApiKeys } from './stored-api-keys.js';

const OPS_KEY = 'standings-ops-key-0123456789';

function standings(issued: Record<string, NamedIssuedKey>, loaded = true): ApiKeyStandings {
  const stored = {
    loaded,
    named: (name: string) => issued[name.toLowerCase()],
  } as unknown as StoredApiKeys;
  const config = {
    get: () => ({
      apiKeys: [{ name: 'ops', key: OPS_KEY, scope: ApiKeyScope.WRITE }],
      apiKeyGenerated: false,
    }),
  } as unknown as ConfigService & AuthConfigService;
  return new ApiKeyStandings(stored, config, new Clock());
}

const partner = (changes: Partial<NamedIssuedKey> = {}): NamedIssuedKey => ({
  kind: ApiKeyKind.PARTNER,
  expiresAt: null,
  revoked: false,
  keyId: 'id-of-shop-a',
  ...changes,
});

describe('ApiKeyStandings', () => {
  it('an API_KEYS entry: a store key while the same secret holds the name', () => {
    const keys = standings({});
    const opsId = apiKeyIdOf(OPS_KEY);
    expect(keys.standingOf({ name: 'ops', keyId: opsId })).toEqual({
      state: 'active',
      kind: ApiKeyKind.STORE,
      keyId: opsId,
    });
    expect(keys.standingOf({ name: 'OPS', keyId: null })).toMatchObject({ state: 'active' });
    // The name given to another secret: not the key that made the endpoint.
    expect(keys.standingOf({ name: 'ops', keyId: 'another' })).toEqual({
      state: 'lost',
      reason: 'key_removed',
    });
  });

  it('an issued key: its kind now, or why it is lost', () => {
    const owner = { name: 'shop-a', keyId: 'id-of-shop-a' };
    expect(standings({ 'shop-a': partner() }).standingOf(owner)).toEqual({
      state: 'active',
      kind: ApiKeyKind.PARTNER,
      keyId: 'id-of-shop-a',
    });
    expect(
      standings({ 'shop-a': partner({ kind: ApiKeyKind.STORE }) }).standingOf(owner),
    ).toMatchObject({ kind: ApiKeyKind.STORE });
    expect(standings({ 'shop-a': partner({ revoked: true }) }).standingOf(owner)).toEqual({
      state: 'lost',
      reason: 'key_revoked',
    });
    expect(
      standings({ 'shop-a': partner({ expiresAt: Date.now() - 1 }) }).standingOf(owner),
    ).toEqual({ state: 'lost', reason: 'key_expired' });
    expect(
      standings({ 'shop-a': partner({ expiresAt: Date.now() + 60_000 }) }).standingOf(owner),
    ).toMatchObject({ state: 'active' });
    expect(standings({}).standingOf(owner)).toEqual({ state: 'lost', reason: 'key_removed' });
    expect(standings({ 'shop-a': partner({ keyId: 'other' }) }).standingOf(owner)).toEqual({
      state: 'lost',
      reason: 'key_removed',
    });
  });

  it('says unknown rather than lost while it cannot tell', () => {
    const owner = { name: 'shop-a', keyId: 'id-of-shop-a' };
    // Before the issued keys are loaded no issued key is known to be gone.
    expect(standings({}, false).standingOf(owner)).toEqual({ state: 'unknown' });
    expect(standings({ 'shop-a': partner({ keyId: undefined }) }).standingOf(owner)).toEqual({
      state: 'unknown',
    });
    // An endpoint from before key ids: judged by the name alone.
    expect(
      standings({ 'shop-a': partner({ keyId: undefined }) }).standingOf({
        name: 'shop-a',
        keyId: null,
      }),
    ).toEqual({ state: 'active', kind: ApiKeyKind.PARTNER, keyId: undefined });
  });
});

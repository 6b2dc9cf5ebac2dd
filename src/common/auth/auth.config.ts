import { randomBytes } from 'node:crypto';
import type { ConfigService } from '@nestjs/config';
import { ConfigValidationError } from '../../config/config-validation.error.js';
import type { Env } from '../../config/env.js';
import { API_KEY_NAME } from './api-key-name.js';
import { API_KEY_SCOPES, ApiKeyScope } from './api-key-scope.enum.js';

/** Auth's settings, under `auth` in ConfigService. */
export interface AuthConfig {
  apiKeys: readonly ApiKey[];
  /** True when API_KEYS was unset and the one key was generated for this run. */
  apiKeyGenerated: boolean;
}

/** ConfigService as auth reads it: `config.get('auth', { infer: true })`. */
export type AuthConfigService = ConfigService<{ auth: AuthConfig }, true>;

/** RFC 6750 b64token: the characters a bearer token may hold. */
export const BEARER_TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;

/** The shortest API key accepted in API_KEYS. */
export const API_KEY_MIN_LENGTH = 16;

/** API_KEYS, required in production; unset elsewhere, one key is generated for the run. */
export function loadAuthConfig(env: Env): AuthConfig {
  const configuredKeys = parseApiKeys(env.API_KEYS);
  if (configuredKeys === undefined && env.NODE_ENV === 'production') {
    throw new ConfigValidationError(
      'API_KEYS',
      'must be set when NODE_ENV is production: a comma-separated list of keys (the generated ' +
        'key is for development)',
    );
  }
  const apiKeys = configuredKeys ?? [
    { name: 'generated', key: randomBytes(32).toString('base64url'), scope: ApiKeyScope.WRITE },
  ];
  return { apiKeys, apiKeyGenerated: configuredKeys === undefined };
}

/**
 * The environment's API_KEYS for the processes that serve with `auth`: the generated key (API_KEYS
 * unset) must be the same in each, and in the application module of a single process.
 */
export function generatedKeyEnv(auth: AuthConfig): Env {
  if (!auth.apiKeyGenerated) return {};
  return {
    API_KEYS: auth.apiKeys.map(({ name, key, scope }) => `${name}:${key}:${scope}`).join(','),
  };
}

/** An accepted key and the name logs use for it (the key itself is never logged). */
export interface ApiKey {
  name: string;
  key: string;
  /** What the key may do; `write` unless its entry ends in `:read`. */
  scope: ApiKeyScope;
}

/** Entries are `key`, `name:key` or `name:key:scope`; errors name the entry, never the key. */
export function parseApiKeys(value: string | undefined): ApiKey[] | undefined {
  if (value === undefined) return undefined;
  const entries = value.split(',').map((entry) => entry.trim());
  if (entries.every((entry) => entry === '')) {
    throw new ConfigValidationError(
      'API_KEYS',
      'is set but holds no key; give a comma-separated list of keys (outside production, leave ' +
        'it unset to get a generated key)',
    );
  }
  const keys = entries.map((entry, index): ApiKey => {
    // key, name:key or name:key:scope; keys hold no colon (BEARER_TOKEN).
    const parts = entry.split(':');
    if (parts.length > 3)
      throw new ConfigValidationError(
        'API_KEYS',
        `entry ${index + 1} has more than three parts: use key, name:key or name:key:read|write`,
      );
    const [name, key] = parts.length === 1 ? [`key-${index + 1}`, parts[0]] : [parts[0], parts[1]];
    const scope = (parts.length === 3 ? parts[2] : ApiKeyScope.WRITE) as ApiKeyScope;
    if (!API_KEY_SCOPES.includes(scope)) {
      throw new ConfigValidationError(
        'API_KEYS',
        `entry ${index + 1} ends in an unknown scope: end it in :read or :write (or leave the ` +
          `scope out: write)`,
      );
    }
    if (!API_KEY_NAME.test(name))
      throw new ConfigValidationError(
        'API_KEYS',
        `entry ${index + 1} has an invalid name: use 1 to 64 letters, digits, . _ or -`,
      );
    if (!BEARER_TOKEN.test(key)) {
      throw new ConfigValidationError(
        'API_KEYS',
        `entry ${index + 1} is not a valid bearer token: keys may hold only letters, digits ` +
          `and - . _ ~ + / (then optional =), and must not be empty`,
      );
    }
    // Short keys can be guessed; the message names the entry, never the key.
    if (key.length < API_KEY_MIN_LENGTH) {
      throw new ConfigValidationError(
        'API_KEYS',
        `entry ${index + 1} is shorter than ${API_KEY_MIN_LENGTH} characters; use long random keys`,
      );
    }
    return { name, key, scope };
  });
  // Unique regardless of case: "Shop-A" and "shop-a" would look like one key in a log.
  const names = keys.map((entry) => entry.name.toLowerCase());
  const duplicate = keys.find((_entry, index) => names.indexOf(names[index]) !== index)?.name;
  if (duplicate)
    throw new ConfigValidationError(
      'API_KEYS',
      `names the key "${duplicate}" twice; key names must be unique, regardless of case`,
    );
  const values = keys.map((entry) => entry.key);
  const repeated = values.findIndex((key, index) => values.indexOf(key) !== index);
  if (repeated !== -1) {
    throw new ConfigValidationError(
      'API_KEYS',
      `entry ${repeated + 1} repeats the key of entry ${values.indexOf(values[repeated]) + 1}; ` +
        `every key must be its own`,
    );
  }
  return keys;
}

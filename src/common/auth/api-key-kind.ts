/**
 * Whose orders a key works with: a `store` key every order, a `partner` key only those it placed.
 * API_KEYS keys are store keys; issued keys are partner keys unless issued with --store.
 */
export enum ApiKeyKind {
  STORE = 'store',
  PARTNER = 'partner',
}

export const API_KEY_KINDS: readonly ApiKeyKind[] = Object.values(ApiKeyKind);

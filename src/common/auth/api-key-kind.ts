/**
 * Whose orders a key works with: a `store` key (the store's staff and operators) sees and manages
 * every order; a `partner` key only those it placed. Keys of API_KEYS are store keys; issued keys are
 * partner keys unless issued with --store (keys issued before kinds existed are store keys).
 */
export enum ApiKeyKind {
  STORE = 'store',
  PARTNER = 'partner',
}

export const API_KEY_KINDS: readonly ApiKeyKind[] = Object.values(ApiKeyKind);

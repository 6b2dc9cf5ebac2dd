/** A `store` key works with every order, a `partner` key only with those it placed. */
export enum ApiKeyKind {
  STORE = 'store',
  PARTNER = 'partner',
}

export const API_KEY_KINDS: readonly ApiKeyKind[] = Object.values(ApiKeyKind);

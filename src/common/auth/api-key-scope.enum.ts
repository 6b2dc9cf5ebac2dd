/** What a key may do: `read` (GET and HEAD) or `write` (everything, reads included). */
export enum ApiKeyScope {
  READ = 'read',
  WRITE = 'write',
}

export const API_KEY_SCOPES: readonly ApiKeyScope[] = Object.values(ApiKeyScope);

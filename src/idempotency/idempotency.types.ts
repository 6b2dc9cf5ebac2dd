/** The types the idempotency service and repository share. */

/** A response as kept and replayed. */
export interface KeptResponse {
  status: number;
  /** JSON text, as sent. */
  body: string;
  location: string | null;
  etag: string | null;
}

/** Identifies one kept request: the API key's id and the client's Idempotency-Key. */
export interface IdempotencyClaim {
  owner: string;
  idempotencyKey: string;
  requestHash: string;
}

/** What claim() found: the key is this request's, a record exists, or it is held. */
export type ClaimResult = 'claimed' | 'exists' | 'held';

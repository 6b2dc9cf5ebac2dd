import type { ErrorResponseDoc } from '../common/errors/api-error-responses.decorator.js';

/** The codes only webhook endpoints raise. */
export enum WebhooksErrorCode {
  /** The URL's address is not one webhooks may go to (422). */
  WEBHOOK_URL_REFUSED = 'WEBHOOK_URL_REFUSED',
  /** Enabling an endpoint whose key is revoked, expired or removed (409). */
  WEBHOOK_KEY_LOST = 'WEBHOOK_KEY_LOST',
  /** The key has WEBHOOK_ENDPOINTS_PER_KEY endpoints already (422). */
  WEBHOOK_ENDPOINT_LIMIT = 'WEBHOOK_ENDPOINT_LIMIT',
}

export const WEBHOOK_ENDPOINT_LIMIT_RESPONSE: ErrorResponseDoc = {
  status: 422,
  description:
    'The key has as many endpoints as one key may have (`WEBHOOK_ENDPOINTS_PER_KEY`, 16 by ' +
    'default): `WEBHOOK_ENDPOINT_LIMIT`. Nothing was stored.',
  code: WebhooksErrorCode.WEBHOOK_ENDPOINT_LIMIT,
  message:
    'The key "shop-a" has 16 webhook endpoints, the most one key may have ' +
    '(WEBHOOK_ENDPOINTS_PER_KEY). Delete one it no longer needs, or give one endpoint more ' +
    'event types.',
};

export const WEBHOOK_KEY_LOST_RESPONSE: ErrorResponseDoc = {
  status: 409,
  description:
    '`enabled: true` for an endpoint whose key is revoked, expired or no longer in `API_KEYS`: ' +
    "`WEBHOOK_KEY_LOST`. An endpoint acts with its key's rights; nothing was changed.",
  code: WebhooksErrorCode.WEBHOOK_KEY_LOST,
  message:
    'Webhook endpoint 7 cannot be enabled: the key "shop-a" that owns it is revoked, and an ' +
    "endpoint acts with its key's rights. Delete it, or create another endpoint with a valid key.",
};

export const WEBHOOK_URL_REFUSED_RESPONSE: ErrorResponseDoc = {
  status: 422,
  description:
    'The URL resolves to, or is, an address webhooks may not go to (private, loopback, ' +
    'link-local, reserved, …), does not resolve, or is plain http to a public address: ' +
    '`WEBHOOK_URL_REFUSED`. Nothing was stored.',
  code: WebhooksErrorCode.WEBHOOK_URL_REFUSED,
  message:
    'url is refused: internal.example.com resolves to 10.0.0.5 is a private address, not a ' +
    'public one. Webhooks go to public addresses over https (or to WEBHOOK_ALLOWED_NETWORKS).',
};

export const WEBHOOK_ENDPOINT_NOT_FOUND = {
  status: 404,
  description: "No endpoint has this id, or it is another partner key's: `NOT_FOUND`.",
  code: 'NOT_FOUND',
  message: 'No webhook endpoint with id 7.',
};

import { applyDecorators } from '@nestjs/common';
import { eventFamilies, type EventFamily } from '../events/event-catalog.js';
import { EVENT_ID_PATTERN } from '../events/event-id.codec.js';
import {
  ApiBody,
  ApiConsumes,
  ApiOperation,
  ApiParam,
  ApiResponse,
  type OperationObject,
  type WebhooksObject,
} from '@nestjs/swagger';
import { ApiErrorResponses } from '../common/errors/api-error-responses.decorator.js';
import { MERGE_PATCH_MEDIA_TYPE_RESPONSE } from '../common/http/json-body.js';
import { nextPageLinkHeaderDoc } from '../common/paging/keyset-paging.js';
import { CreateWebhookEndpointDto } from './dto/create-webhook-endpoint.dto.js';
import { UpdateWebhookEndpointDto } from './dto/update-webhook-endpoint.dto.js';
import {
  CreatedWebhookEndpointDto,
  WebhookAttemptDto,
  WebhookEndpointDto,
  WebhookSecretDto,
} from './dto/webhook-endpoint.dto.js';
import {
  WEBHOOK_ENDPOINT_LIMIT_RESPONSE,
  WEBHOOK_ENDPOINT_NOT_FOUND,
  WEBHOOK_KEY_LOST_RESPONSE,
  WEBHOOK_URL_REFUSED_RESPONSE,
} from './webhooks.errors.js';

// The OpenAPI description of the webhook endpoint operations, one composite decorator each.

const ENDPOINT_ID_PARAM = {
  name: 'endpointId',
  description: 'Identifier of the endpoint.',
  schema: { type: 'integer' as const, format: 'int64' },
};
const KEYS =
  "\n\nKeys: a partner key sees and manages only the endpoints it created (another key's is " +
  '404); a store key every endpoint.';

/** The two answers that carry a secret are never stored by a cache, shared or private. */
const SECRET_NOT_STORED = {
  description: '`no-store`: the answer holds a signing secret; no cache may keep it.',
  required: true,
  schema: { type: 'string', enum: ['no-store'] },
};

export function ApiCreateWebhookEndpoint() {
  return applyDecorators(
    ApiOperation({
      operationId: 'createWebhookEndpoint',
      summary: 'Create a webhook endpoint',
      description:
        'The events of the types in `eventTypes` (of every family) are POSTed to the URL as ' +
        'they commit, signed per Standard Webhooks ' +
        '(`webhook-id` is the event id, `webhook-timestamp`, `webhook-signature`), retried on ' +
        "Svix's schedule (at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h) until a 2xx comes " +
        'within 15 s. The answer holds the signing secret, shown this once.\n\n' +
        'The URL is checked now and again before every delivery: its name is resolved and every ' +
        'address it gives must be public (unless in `WEBHOOK_ALLOWED_NETWORKS`); the delivery ' +
        'connects to the address checked. Redirects are never followed.' +
        KEYS +
        " A partner key's endpoint receives the events it owns (its own orders'); a store key's every event.",
    }),
    ApiBody({ type: CreateWebhookEndpointDto, required: true }),
    ApiResponse({
      status: 201,
      description: 'Created; the secret is in this answer only.',
      type: CreatedWebhookEndpointDto,
      headers: {
        'Cache-Control': SECRET_NOT_STORED,
        Location: {
          description: 'Path of the new endpoint: /v1/webhook-endpoints/{id}.',
          required: true,
          schema: { type: 'string', example: '/v1/webhook-endpoints/7' },
        },
      },
    }),
    ApiErrorResponses([
      400,
      401,
      413,
      415,
      WEBHOOK_URL_REFUSED_RESPONSE,
      WEBHOOK_ENDPOINT_LIMIT_RESPONSE,
      429,
      500,
      503,
    ]),
  );
}

export function ApiListWebhookEndpoints() {
  return applyDecorators(
    ApiOperation({
      operationId: 'listWebhookEndpoints',
      summary: 'List webhook endpoints',
      description: 'A page of endpoints in ascending id order; never their secrets.' + KEYS,
    }),
    ApiResponse({
      status: 200,
      description: 'A page of endpoints.',
      type: WebhookEndpointDto,
      isArray: true,
      headers: nextPageLinkHeaderDoc(
        '</v1/webhook-endpoints?limit=20&cursor=AAAAAAAAABQw7Bq4xT3B0gP4m1yQ9zvL>; rel="next"',
      ),
    }),
    ApiErrorResponses([400, 401, 429, 500, 503]),
  );
}

export function ApiGetWebhookEndpoint() {
  return applyDecorators(
    ApiOperation({
      operationId: 'getWebhookEndpoint',
      summary: 'Get a webhook endpoint',
      description:
        'The endpoint, with whether it is enabled and why not, since when it fails, its last ' +
        'success.' +
        KEYS,
    }),
    ApiParam(ENDPOINT_ID_PARAM),
    ApiResponse({ status: 200, description: 'The endpoint.', type: WebhookEndpointDto }),
    ApiErrorResponses([400, 401, WEBHOOK_ENDPOINT_NOT_FOUND, 429, 500, 503]),
  );
}

export function ApiUpdateWebhookEndpoint() {
  return applyDecorators(
    ApiOperation({
      operationId: 'updateWebhookEndpoint',
      summary: 'Change a webhook endpoint',
      description:
        'A JSON Merge Patch of `url` (checked as at creation), `eventTypes`, `description` and ' +
        '`enabled`. `enabled: false` disables it and drops what was still to deliver to it; ' +
        '`enabled: true` enables a disabled endpoint again: it receives the events committed ' +
        'from then on (read what it missed from listEvents); not one whose key is revoked, ' +
        'expired or removed (409). A patch that changes nothing is a 200 and writes nothing.' +
        KEYS,
    }),
    ApiParam(ENDPOINT_ID_PARAM),
    ApiConsumes('application/merge-patch+json', 'application/json'),
    ApiBody({ type: UpdateWebhookEndpointDto, required: true }),
    ApiResponse({
      status: 200,
      description: 'The endpoint as it is after the patch.',
      type: WebhookEndpointDto,
    }),
    ApiErrorResponses([
      400,
      401,
      WEBHOOK_ENDPOINT_NOT_FOUND,
      413,
      WEBHOOK_KEY_LOST_RESPONSE,
      MERGE_PATCH_MEDIA_TYPE_RESPONSE,
      WEBHOOK_URL_REFUSED_RESPONSE,
      429,
      500,
      503,
    ]),
  );
}

export function ApiDeleteWebhookEndpoint() {
  return applyDecorators(
    ApiOperation({
      operationId: 'deleteWebhookEndpoint',
      summary: 'Delete a webhook endpoint',
      description: 'Deletes the endpoint, what was still to deliver to it and its attempts.' + KEYS,
    }),
    ApiParam(ENDPOINT_ID_PARAM),
    ApiResponse({ status: 204, description: 'Deleted.' }),
    ApiErrorResponses([400, 401, WEBHOOK_ENDPOINT_NOT_FOUND, 429, 500, 503]),
  );
}

export function ApiRotateWebhookSecret() {
  return applyDecorators(
    ApiOperation({
      operationId: 'rotateWebhookSecret',
      summary: "Rotate a webhook endpoint's signing secret",
      description:
        'Issues a new secret, shown this once. For 24 hours every delivery carries two ' +
        'signatures in `webhook-signature`, one per secret, so the receiver may switch to the ' +
        'new secret at any time in between. Rotating again within those hours drops the oldest ' +
        'secret.' +
        KEYS,
    }),
    ApiParam(ENDPOINT_ID_PARAM),
    ApiResponse({
      status: 200,
      description: 'The new secret.',
      type: WebhookSecretDto,
      headers: { 'Cache-Control': SECRET_NOT_STORED },
    }),
    ApiErrorResponses([400, 401, WEBHOOK_ENDPOINT_NOT_FOUND, 429, 500, 503]),
  );
}

export function ApiListWebhookAttempts() {
  return applyDecorators(
    ApiOperation({
      operationId: 'listWebhookAttempts',
      summary: "A webhook endpoint's last delivery attempts",
      description:
        'The newest attempts first (the 100 newest are kept): when, the status, how long, and ' +
        "the start of the receiver's answer." +
        KEYS,
    }),
    ApiParam(ENDPOINT_ID_PARAM),
    ApiResponse({
      status: 200,
      description: 'The attempts, newest first.',
      type: WebhookAttemptDto,
      isArray: true,
    }),
    ApiErrorResponses([400, 401, WEBHOOK_ENDPOINT_NOT_FOUND, 429, 500, 503]),
  );
}

/** What an endpoint receives: one `webhooks` POST per event family (OpenAPI 3.1). */
export function eventWebhooksDoc(): WebhooksObject {
  return Object.fromEntries(
    eventFamilies().map(({ webhook }) => [webhook.name, { post: webhookPost(webhook) }]),
  );
}

function webhookPost(webhook: EventFamily['webhook']): OperationObject {
  return {
    operationId: webhook.operationId,
    summary: webhook.summary,
    description:
      'Each event an endpoint wants is POSTed to its URL as `application/json`: the event as ' +
      'listEvents shows it. Signed per Standard Webhooks: verify with the `standardwebhooks` ' +
      "package and the endpoint's secret before trusting it (docs/webhooks.md). `webhook-id` " +
      'is the event id on every attempt: a receiver that has handled it answers 2xx again and ' +
      `does nothing. Deliveries are not ordered: ${webhook.ordering}.\n\n` +
      'A 2xx within 15 s is delivered. Anything else (another status, no answer, a redirect: ' +
      "never followed) is retried on Svix's schedule: at once, 5 s, 5 min, 30 min, 2 h, 5 h, " +
      '10 h, 10 h; then the delivery has failed. 410 disables the endpoint, as do 5 days of ' +
      'failures without a success.',
    tags: ['webhooks'],
    // Sent by the service, not called on it: the signature is what the receiver checks.
    security: [],
    parameters: [
      {
        name: 'webhook-id',
        in: 'header',
        required: true,
        description: 'The event id: the same on every attempt, to dedupe.',
        schema: {
          type: 'string',
          pattern: EVENT_ID_PATTERN,
          example: 'evt_9Xq3cYb0T2mK5vLr8wPz1A',
        },
      },
      {
        name: 'webhook-timestamp',
        in: 'header',
        required: true,
        description: 'When this attempt was signed, in seconds since the epoch.',
        schema: { type: 'string', pattern: '^[0-9]+$', example: '1795720309' },
      },
      {
        name: 'webhook-signature',
        in: 'header',
        required: true,
        description:
          'Space-separated `v1,<base64 HMAC-SHA256>` signatures of `<id>.<timestamp>.<body>`: ' +
          'one per secret, two for 24 h after a rotation.',
        schema: {
          type: 'string',
          pattern: '^v1,[A-Za-z0-9+/]{43}=( v1,[A-Za-z0-9+/]{43}=)*$',
          example: 'v1,7ePA8n7A8TRg6VnER8aG6Uwed34c36gkv01Pz3Hub0E=',
        },
      },
    ],
    requestBody: {
      required: true,
      content: {
        'application/json': { schema: { $ref: `#/components/schemas/${webhook.schema}` } },
      },
    },
    responses: {
      '200': { description: 'Any 2xx: delivered.' },
      '410': { description: 'Gone: the endpoint is disabled, nothing more is sent to it.' },
      default: { description: 'Anything else, or no answer within 15 s: retried.' },
    },
  };
}

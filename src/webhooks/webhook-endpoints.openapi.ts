import { applyDecorators } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiParam, ApiResponse } from '@nestjs/swagger';
import { ApiErrorResponses } from '../common/errors/api-error-responses.decorator.js';
import { ErrorCode } from '../common/errors/error-code.enum.js';
import { nextPageLinkHeaderDoc } from '../common/paging/keyset-paging.js';
import { CreateWebhookEndpointDto } from './dto/create-webhook-endpoint.dto.js';
import { UpdateWebhookEndpointDto } from './dto/update-webhook-endpoint.dto.js';
import {
  CreatedWebhookEndpointDto,
  WebhookAttemptDto,
  WebhookEndpointDto,
  WebhookSecretDto,
} from './dto/webhook-endpoint.dto.js';
import { WEBHOOK_ENDPOINT_NOT_FOUND, WEBHOOK_URL_REFUSED_RESPONSE } from './webhooks.errors.js';

// The OpenAPI description of the webhook endpoint operations, one composite decorator each.

const ENDPOINT_ID_PARAM = {
  name: 'endpointId',
  description: 'Identifier of the endpoint.',
  schema: { type: 'integer' as const, format: 'int64' },
};
const KEYS =
  "\n\nKeys: a partner key sees and manages only the endpoints it created (another key's is " +
  '404); a store key every endpoint.';
const PATCH_MEDIA_TYPE = {
  status: 415,
  description:
    'The request body is not sent as `application/merge-patch+json` or `application/json` ' +
    '(utf-8): `UNSUPPORTED_MEDIA_TYPE`.',
  code: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
  message:
    'The request body must be sent with Content-Type: application/merge-patch+json or ' +
    'application/json; got text/plain.',
};

export function ApiCreateWebhookEndpoint() {
  return applyDecorators(
    ApiOperation({
      operationId: 'createWebhookEndpoint',
      summary: 'Create a webhook endpoint',
      description:
        'Order events are POSTed to the URL as they commit, signed per Standard Webhooks ' +
        '(`webhook-id` is the event id, `webhook-timestamp`, `webhook-signature`), retried on ' +
        "Svix's schedule (at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h) until a 2xx comes " +
        'within 15 s. The answer holds the signing secret, shown this once.\n\n' +
        'The URL is checked now and again before every delivery: its name is resolved and every ' +
        'address it gives must be public (unless in `WEBHOOK_ALLOWED_NETWORKS`); the delivery ' +
        'connects to the address checked. Redirects are never followed.' +
        KEYS +
        " A partner key's endpoint receives its own orders' events; a store key's every order's.",
    }),
    ApiBody({ type: CreateWebhookEndpointDto, required: true }),
    ApiResponse({
      status: 201,
      description: 'Created; the secret is in this answer only.',
      type: CreatedWebhookEndpointDto,
      headers: {
        Location: {
          description: 'Path of the new endpoint: /v1/webhook-endpoints/{id}.',
          required: true,
          schema: { type: 'string', example: '/v1/webhook-endpoints/7' },
        },
      },
    }),
    ApiErrorResponses([400, 401, 413, 415, WEBHOOK_URL_REFUSED_RESPONSE, 429, 500, 503]),
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
        'from then on (read what it missed from listEvents).' +
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
      PATCH_MEDIA_TYPE,
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
    ApiResponse({ status: 200, description: 'The new secret.', type: WebhookSecretDto }),
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

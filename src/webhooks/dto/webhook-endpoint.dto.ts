import { EVENT_ID_PATTERN } from '../../events/event-id.codec.js';
import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { API_KEY_NAME_PATTERN } from '../../common/auth/api-key-name.js';
import type { JsonInt64 } from '../../common/int64/int64.js';
import { DATE_TIME_SCHEMA } from '../../common/validation/field.decorators.js';
import { EventTypesProperty } from './event-types.property.js';

const INSTANT = { type: 'string' as const, format: 'date-time', ...DATE_TIME_SCHEMA };

/** WebhookEndpoint: an endpoint as the API shows it; never its secret. */
@ApiSchema({
  name: 'WebhookEndpoint',
  description:
    'A receiver of order events. A partner key sees only its own endpoints, which receive only ' +
    "its own orders' events; a store key sees every endpoint, and its endpoints receive every " +
    "order's events.",
})
export class WebhookEndpointDto {
  @ApiProperty({ type: 'integer', format: 'int64', description: 'Its id.', example: 7 })
  id: JsonInt64;

  @ApiProperty({
    type: 'string',
    format: 'uri',
    description: 'Where events are POSTed.',
    example: 'https://partner.example.com/petstore/webhooks',
  })
  url: string;

  @EventTypesProperty({
    description: 'The event types it receives.',
    example: ['order.created', 'order.approved'],
  })
  eventTypes: string[];

  @ApiPropertyOptional({ type: 'string', description: 'What it is, for people.' })
  description?: string;

  @ApiProperty({
    type: 'string',
    pattern: API_KEY_NAME_PATTERN,
    description: 'The name of the key that created it, which owns it.',
    example: 'shop-a',
  })
  owner: string;

  @ApiProperty({
    type: 'boolean',
    description:
      'Whether events are delivered to it. A 410 from it, or 5 days of failures without a ' +
      'success, disables it; `disabledReason` says which.',
  })
  enabled: boolean;

  @ApiPropertyOptional({
    type: 'string',
    description: 'Why it is disabled; absent while enabled.',
    example: 'the receiver answered 410 Gone at 2026-11-26T12:00:00.000Z',
  })
  disabledReason?: string;

  @ApiPropertyOptional({ ...INSTANT, description: 'When it was disabled; absent while enabled.' })
  disabledAt?: string;

  @ApiPropertyOptional({
    ...INSTANT,
    description:
      'The first failed attempt since its last success, while it fails: 5 days after it, the ' +
      'endpoint is disabled. Absent while it succeeds.',
  })
  failingSince?: string;

  @ApiPropertyOptional({ ...INSTANT, description: 'When an attempt last succeeded.' })
  lastSuccessAt?: string;

  @ApiPropertyOptional({
    ...INSTANT,
    description:
      'After a rotation: until when the previous secret still signs (a second signature in ' +
      '`webhook-signature`).',
  })
  previousSecretExpiresAt?: string;

  @ApiProperty({ ...INSTANT, description: 'When it was created.' })
  createdAt: string;
}

/** CreatedWebhookEndpoint: an endpoint just created, with its secret, shown this once. */
@ApiSchema({
  name: 'CreatedWebhookEndpoint',
  description: 'The endpoint created, with its signing secret: shown this once, store it now.',
})
export class CreatedWebhookEndpointDto extends WebhookEndpointDto {
  @ApiProperty({
    type: 'string',
    pattern: '^whsec_[A-Za-z0-9+/]+={0,2}$',
    description:
      'The signing secret (Standard Webhooks: `whsec_` and base64). Verify each delivery with ' +
      'it; it is never shown again (rotate it to get a new one).',
    example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw2f3JwbZ1cJQ=',
  })
  secret: string;
}

/** WebhookSecret: the answer of rotateWebhookSecret. */
@ApiSchema({
  name: 'WebhookSecret',
  description: 'The new signing secret, shown this once.',
})
export class WebhookSecretDto {
  @ApiProperty({
    type: 'string',
    pattern: '^whsec_[A-Za-z0-9+/]+={0,2}$',
    description: 'The new signing secret; it signs every delivery from now on.',
    example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw2f3JwbZ1cJQ=',
  })
  secret: string;

  @ApiProperty({
    ...INSTANT,
    description:
      'Until when the previous secret also signs (24 h): each delivery carries both signatures, ' +
      'so receivers may switch at any time before.',
  })
  previousSecretExpiresAt: string;
}

/** WebhookAttempt: one attempt to deliver an event to an endpoint. */
@ApiSchema({ name: 'WebhookAttempt', description: 'One attempt to deliver an event.' })
export class WebhookAttemptDto {
  @ApiProperty({
    type: 'string',
    pattern: EVENT_ID_PATTERN,
    description: 'The event: its id in the feed and its `webhook-id`.',
  })
  eventId: string;

  @ApiProperty({
    type: 'integer',
    minimum: 1,
    maximum: 8,
    description: 'Which attempt of this event at this endpoint: 1 to 8.',
  })
  attempt: number;

  @ApiProperty({ ...INSTANT, description: 'When it was made.' })
  attemptedAt: string;

  @ApiProperty({
    type: 'integer',
    minimum: 0,
    description:
      "The receiver's time, in milliseconds: from having a connection to the end of the answer " +
      '(or of the attempt, stopped 15 s after it had its connection).',
  })
  durationMs: number;

  @ApiPropertyOptional({
    type: 'integer',
    format: 'int32',
    minimum: 0,
    maximum: 2_147_483_647,
    description:
      'How long the attempt waited for a connection before that, in milliseconds: the service ' +
      "keeps at most 16 to one address per key, so this is the key's own endpoints' backlog, " +
      "never another key's. Absent for attempts recorded before it was measured.",
  })
  connectionWaitMs?: number;

  @ApiPropertyOptional({
    type: 'integer',
    description:
      "The receiver's HTTP status; absent when none came (address refused, no answer in 15 s, " +
      'connection failed).',
    example: 503,
  })
  statusCode?: number;

  @ApiProperty({
    enum: ['delivered', 'retrying', 'failed', 'disabled'],
    description:
      'delivered (a 2xx); retrying (failed, tried again on the schedule); failed (the last of 8 ' +
      'attempts failed); disabled (a 410 disabled the endpoint).',
  })
  outcome: string;

  @ApiProperty({
    type: 'string',
    maxLength: 200,
    description: "The start of the receiver's answer, or what went wrong when none came.",
    example: 'upstream unavailable',
  })
  excerpt: string;
}

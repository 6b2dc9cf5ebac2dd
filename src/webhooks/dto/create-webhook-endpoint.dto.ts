import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import {
  IsDistinctListOf,
  IsUnicodeText,
  ValidateIfPresent,
} from '../../common/validation/field.decorators.js';
import { eventTypes } from '../../events/event-catalog.js';
import { EventTypesProperty } from './event-types.property.js';
import { IsWebhookUrl, WEBHOOK_URL_MAX } from './webhook-url.decorator.js';

export const DESCRIPTION_MAX = 256;

export const WEBHOOK_URL_DESCRIPTION =
  'Where events are POSTed: an absolute `https` URL. Names resolving to, and addresses in, ' +
  'private, loopback, link-local or other non-public networks (IPv4 and IPv6, IPv4-mapped ' +
  'included) are refused, unless in `WEBHOOK_ALLOWED_NETWORKS`, which also allows `http` there. ' +
  'Backslashes, spaces and control characters are refused; the URL is stored and shown as the ' +
  'WHATWG URL Standard serializes it (`https://Example.com:443/a/../b` as ' +
  '`https://example.com/b`), the form that was checked and is connected to.';

/** NewWebhookEndpoint: the body of createWebhookEndpoint. */
@ApiSchema({
  name: 'NewWebhookEndpoint',
  description: 'An endpoint to receive order events. Unknown properties are rejected.',
})
export class CreateWebhookEndpointDto {
  @ApiProperty({
    type: 'string',
    format: 'uri',
    maxLength: WEBHOOK_URL_MAX,
    description: WEBHOOK_URL_DESCRIPTION,
    example: 'https://partner.example.com/petstore/webhooks',
  })
  @IsWebhookUrl()
  url: string;

  @EventTypesProperty({
    inRequest: true,
    required: false,
    description: 'The event types to receive; left out, every type.',
    example: ['order.approved', 'order.delivered'],
  })
  @IsDistinctListOf(eventTypes())
  @ValidateIfPresent()
  eventTypes?: string[];

  @ApiPropertyOptional({
    type: 'string',
    minLength: 0,
    maxLength: DESCRIPTION_MAX,
    description: 'What it is, for people.',
    example: 'Order updates for the warehouse',
  })
  @IsUnicodeText(0, DESCRIPTION_MAX)
  @ValidateIfPresent()
  description?: string;
}

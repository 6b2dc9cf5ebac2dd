import { ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import {
  IsDistinctListOf,
  IsJsonBoolean,
  IsUnicodeText,
  ValidateIfPresent,
  ValidateIfPresentNotNull,
} from '../../common/validation/field.decorators.js';
import { eventTypes } from '../../events/event-catalog.js';
import { EventTypesProperty } from './event-types.property.js';
import { DESCRIPTION_MAX, WEBHOOK_URL_DESCRIPTION } from './create-webhook-endpoint.dto.js';
import { IsWebhookUrl, WEBHOOK_URL_MAX } from './webhook-url.decorator.js';

/** UpdateWebhookEndpoint: the body of updateWebhookEndpoint, a JSON Merge Patch. */
@ApiSchema({
  name: 'UpdateWebhookEndpoint',
  description:
    'A JSON Merge Patch (RFC 7396) of an endpoint: the fields sent replace the current ones. At ' +
    'least one field; unknown properties are rejected.',
})
export class UpdateWebhookEndpointDto {
  @ApiPropertyOptional({
    type: 'string',
    format: 'uri',
    maxLength: WEBHOOK_URL_MAX,
    description: WEBHOOK_URL_DESCRIPTION,
    example: 'https://partner.example.com/petstore/webhooks',
  })
  @IsWebhookUrl()
  @ValidateIfPresent()
  url?: string;

  @EventTypesProperty({
    inRequest: true,
    required: false,
    description: 'The event types to receive from now on.',
  })
  @IsDistinctListOf(eventTypes())
  @ValidateIfPresent()
  eventTypes?: string[];

  @ApiPropertyOptional({
    type: 'string',
    nullable: true,
    maxLength: DESCRIPTION_MAX,
    description: 'What it is, for people; null removes it.',
  })
  @IsUnicodeText(0, DESCRIPTION_MAX)
  @ValidateIfPresentNotNull()
  description?: string | null;

  @ApiPropertyOptional({
    type: 'boolean',
    description:
      'false disables the endpoint (what was still to deliver to it is dropped); true enables ' +
      'it again, clearing why it was disabled: it receives the events that happen from then on.',
  })
  @IsJsonBoolean()
  @ValidateIfPresent()
  enabled?: boolean;
}

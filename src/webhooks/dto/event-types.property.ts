import { ApiProperty, type ApiPropertyOptions } from '@nestjs/swagger';
import { WithEventTypes } from '../../events/event-catalog.js';

/** An endpoint's `eventTypes` schema, made again whenever a family registers its types. */
export function EventTypesProperty(
  options: Omit<ApiPropertyOptions, 'type' | 'items' | 'maxItems'> & { inRequest?: true },
): PropertyDecorator {
  const { inRequest, ...rest } = options;
  return WithEventTypes((types) =>
    ApiProperty({
      type: 'array',
      // No family registered (no feature publishes events): any string, and none accepted.
      items: types.length > 0 ? { type: 'string', enum: [...types] } : { type: 'string' },
      ...(inRequest ? { minItems: 1 } : {}),
      maxItems: types.length,
      ...(inRequest ? { uniqueItems: true } : {}),
      ...rest,
    } as ApiPropertyOptions),
  );
}

import { ApiBearerAuth } from '@nestjs/swagger';

/** The name of the bearer security scheme in the OpenAPI document. */
export const API_KEY_SECURITY = 'bearer';

/** Declares in the OpenAPI document that a controller's operations need an API key. */
export function ApiKeyAuth(): ClassDecorator & MethodDecorator {
  return ApiBearerAuth(API_KEY_SECURITY);
}

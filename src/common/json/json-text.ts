import { Header } from '@nestjs/common';

/**
 * For a handler that writes its JSON itself, as a string (a hot path with a dedicated writer): Nest
 * sends a returned string as it is, and this makes it application/json.
 */
export function SendsJsonText(): MethodDecorator {
  return Header('Content-Type', 'application/json; charset=utf-8');
}

import { ApiTags } from '@nestjs/swagger';

const descriptions = new Map<string, string>();

/**
 * Tags a controller's operations, as @ApiTags does, and gives the tag its description for the
 * document's tag list, so a module describes its own group in Swagger UI.
 */
export function ApiTag(name: string, description: string): ClassDecorator {
  descriptions.set(name, description);
  return ApiTags(name);
}

/** The description an ApiTag gave `name`, if any. */
export function tagDescription(name: string): string | undefined {
  return descriptions.get(name);
}

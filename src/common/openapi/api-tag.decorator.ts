import { ApiTags } from '@nestjs/swagger';

const descriptions = new Map<string, string>();

/** Tags a controller's operations and describes the tag, so a module describes its group. */
export function ApiTag(name: string, description: string): ClassDecorator {
  descriptions.set(name, description);
  return ApiTags(name);
}

/** The description an ApiTag gave `name`, if any. */
export function tagDescription(name: string): string | undefined {
  return descriptions.get(name);
}

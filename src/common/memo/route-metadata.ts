import type { ExecutionContext } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';

/**
 * A route's metadata (its handler's, else its controller's), read with Nest's Reflector once per
 * handler and remembered: global guards ask on every request, and Reflector lookups showed in the
 * profiles of getPet (bench/HISTORY.md).
 */
export class RouteMetadata<T> {
  private readonly known = new WeakMap<object, { value: T | undefined }>();

  constructor(
    private readonly reflector: Reflector,
    private readonly key: string,
  ) {}

  of(context: ExecutionContext): T | undefined {
    const handler = context.getHandler();
    let known = this.known.get(handler);
    if (known === undefined) {
      known = { value: this.reflector.getAllAndOverride<T | undefined>(this.key, [handler, context.getClass()]) };
      this.known.set(handler, known);
    }
    return known.value;
  }
}

import type { ExecutionContext, Type } from '@nestjs/common';
import { Reflector, type ReflectableDecorator } from '@nestjs/core';

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

/**
 * Nest's Reflector, remembering getAllAndOverride's answer for a [handler, controller] pair and a
 * key: for @nestjs/throttler's guard, which asks six times per request for metadata its decorators
 * fixed when the controllers were defined. Any other call goes to Reflector as it is.
 */
export class RouteMetadataReflector extends Reflector {
  private readonly known = new WeakMap<object, Map<unknown, { controller: object; value: unknown }>>();

  override getAllAndOverride<TParam = unknown, TTransformed = TParam>(
    decorator: ReflectableDecorator<TParam, TTransformed>,
    targets: (Type | object)[],
  ): TTransformed;
  override getAllAndOverride<TResult = unknown, TKey = unknown>(metadataKey: TKey, targets: (Type | object)[]): TResult;
  override getAllAndOverride(key: unknown, targets: (Type | object)[]): unknown {
    const [handler, controller] = targets;
    if (targets.length !== 2 || typeof handler !== 'function' || typeof controller !== 'function')
      return super.getAllAndOverride<unknown, unknown>(key, targets as Type[]);
    let byKey = this.known.get(handler);
    if (byKey === undefined) this.known.set(handler, (byKey = new Map<unknown, { controller: object; value: unknown }>()));
    const known = byKey.get(key);
    if (known?.controller === controller) return known.value;
    const value = super.getAllAndOverride<unknown, unknown>(key, targets as Type[]);
    byKey.set(key, { controller, value });
    return value;
  }
}

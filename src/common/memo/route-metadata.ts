import { Injectable, type Type } from '@nestjs/common';
import { Reflector, type ReflectableDecorator } from '@nestjs/core';

/** Reflector remembering each route's metadata, which the global guards read per request. */
@Injectable()
export class RouteMetadataReflector extends Reflector {
  private readonly known = new WeakMap<
    object,
    Map<unknown, { controller: object; value: unknown }>
  >();

  override getAllAndOverride<TParam = unknown, TTransformed = TParam>(
    decorator: ReflectableDecorator<TParam, TTransformed>,
    targets: (Type | object)[],
  ): TTransformed;
  override getAllAndOverride<TResult = unknown, TKey = unknown>(
    metadataKey: TKey,
    targets: (Type | object)[],
  ): TResult;
  override getAllAndOverride(key: unknown, targets: (Type | object)[]): unknown {
    const [handler, controller] = targets;
    if (targets.length !== 2 || typeof handler !== 'function' || typeof controller !== 'function')
      return super.getAllAndOverride<unknown, unknown>(key, targets as Type[]);
    let byKey = this.known.get(handler);
    if (byKey === undefined)
      this.known.set(handler, (byKey = new Map<unknown, { controller: object; value: unknown }>()));
    const known = byKey.get(key);
    if (known?.controller === controller) return known.value;
    const value = super.getAllAndOverride<unknown, unknown>(key, targets as Type[]);
    byKey.set(key, { controller, value });
    return value;
  }
}

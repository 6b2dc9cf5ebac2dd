import { Injectable, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { IS_PUBLIC } from './public.decorator.js';

/** Whether a handler is @Public(); the metadata is read once per handler, not on every request. */
@Injectable()
export class PublicRoutes {
  private readonly cache = new WeakMap<object, boolean>();

  constructor(private readonly reflector: Reflector) {}

  isPublic(context: ExecutionContext): boolean {
    const handler = context.getHandler();
    let open = this.cache.get(handler);
    if (open === undefined) {
      open = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [handler, context.getClass()]) === true;
      this.cache.set(handler, open);
    }
    return open;
  }
}

import { Injectable, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { RouteMetadata } from '../memo/route-metadata.js';
import { IS_PUBLIC } from './public.decorator.js';

/** Whether a handler is @Public(); the metadata is read once per handler, not on every request. */
@Injectable()
export class PublicRoutes {
  private readonly marked: RouteMetadata<boolean>;

  constructor(reflector: Reflector) {
    this.marked = new RouteMetadata(reflector, IS_PUBLIC);
  }

  isPublic(context: ExecutionContext): boolean {
    return this.marked.of(context) === true;
  }
}

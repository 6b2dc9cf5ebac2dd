import { Injectable, type ExecutionContext } from '@nestjs/common';
import { RouteMetadataReflector } from '../memo/route-metadata.js';
import { IS_PUBLIC } from './public.decorator.js';

/** Whether a handler (or its controller) is @Public(). */
@Injectable()
export class PublicRoutes {
  constructor(private readonly reflector: RouteMetadataReflector) {}

  isPublic(context: ExecutionContext): boolean {
    return (
      this.reflector.getAllAndOverride<boolean | undefined>(IS_PUBLIC, [
        context.getHandler(),
        context.getClass(),
      ]) === true
    );
  }
}

import { Injectable, SetMetadata, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { ErrorResponseDoc } from '../errors/api-error-responses.decorator.js';
import { AppException } from '../errors/app.exception.js';
import { ErrorCode } from '../errors/error-code.enum.js';
import { RouteMetadataReflector } from '../memo/route-metadata.js';
import { Clock } from '../time/clock.js';
import { deprecationHeaderValues, type DeprecationPolicy } from './deprecation.middleware.js';

const SUNSET_POLICY = 'petstore:sunset-policy';

/** Marks a deprecated operation: from its Sunset instant on, SunsetGuard answers 410. */
export function SunsetAt(policy: DeprecationPolicy): MethodDecorator {
  return SetMetadata(SUNSET_POLICY, policy);
}

/** The 410 of an operation past its sunset, for its @ApiErrorResponses. */
export function goneResponseDoc(policy: DeprecationPolicy): ErrorResponseDoc {
  return {
    status: 410,
    description:
      `From ${policy.sunsetAt.toUTCString()} (the \`Sunset\` header) the operation is removed: ` +
      `\`GONE\`. The message and \`Link\` (rel="alternate") name the replacement.`,
    code: ErrorCode.GONE,
    message: goneMessage(policy),
  };
}

/** Global guard: past its sunset an operation is 410, decided per request by the Clock. */
@Injectable()
export class SunsetGuard implements CanActivate {
  constructor(
    private readonly reflector: RouteMetadataReflector,
    private readonly clock: Clock,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const policy = this.reflector.getAllAndOverride<DeprecationPolicy | undefined>(SUNSET_POLICY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (policy !== undefined && this.clock.now() >= policy.sunsetAt.getTime()) {
      throw new AppException(ErrorCode.GONE, goneMessage(policy), deprecationHeaderValues(policy));
    }
    return true;
  }
}

function goneMessage(policy: DeprecationPolicy): string {
  return (
    `${policy.operation} was removed on ${policy.sunsetAt.toUTCString()}, as its Sunset header ` +
    `announced: use ${policy.replacement} instead (Link rel="alternate").`
  );
}

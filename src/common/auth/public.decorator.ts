import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'petstore:isPublic';

/** Opts a route out of the API key check (documentation, health probes). */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(IS_PUBLIC, true);

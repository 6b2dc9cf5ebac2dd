import { ArgumentMetadata, Injectable, ValidationPipe, type ValidationError } from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';
import { AppException } from '../errors/app.exception.js';
import { ErrorCode } from '../errors/error-code.enum.js';

/** Carries class-validator's findings out of the pipe so transform() can word them for their source. */
class ValidationFailure extends Error {
  constructor(readonly errors: ValidationError[]) {
    super('validation failed');
  }
}

// 'custom' is @JsonBody(), the only custom parameter decorator that is validated.
const NOUN: Partial<Record<ArgumentMetadata['type'], [string, string]>> = {
  query: ['query parameter', 'query parameters'],
  body: ['property', 'properties'],
  custom: ['property', 'properties'],
  param: ['path parameter', 'path parameters'],
};

/**
 * The global pipe: DTO classes are the single source of rules. Nothing is coerced (no implicit
 * conversion), unknown fields are rejected by name, and every failure is one VALIDATION_FAILED.
 */
@Injectable()
export class AppValidationPipe extends ValidationPipe {
  constructor() {
    super({
      whitelist: true,
      forbidNonWhitelisted: true,
      forbidUnknownValues: true,
      transform: true,
      transformOptions: { enableImplicitConversion: false },
      validateCustomDecorators: true,
      stopAtFirstError: true,
      exceptionFactory: (errors) => new ValidationFailure(errors),
    });
  }

  /** bigint parameters are parsed by ParseInt64Pipe; there is no class to validate them against. */
  protected override toValidate(metadata: ArgumentMetadata): boolean {
    return (metadata.metatype as unknown) !== BigInt && super.toValidate(metadata);
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    try {
      return await super.transform(value, metadata);
    } catch (error) {
      if (!(error instanceof ValidationFailure)) throw error;
      throw new AppException(ErrorCode.VALIDATION_FAILED, describeFailure(error.errors, NOUN[metadata.type] ?? ['field', 'fields'], metadata.metatype));
    }
  }
}

function describeFailure(errors: ValidationError[], [one, many]: [string, string], metatype: ArgumentMetadata['metatype']): string {
  const unknown: string[] = [];
  const problems: string[] = [];
  for (const error of errors) {
    const constraints = error.constraints ?? {};
    if (constraints.whitelistValidation) unknown.push(error.property);
    else problems.push(...Object.values(constraints));
  }
  if (unknown.length > 0) {
    const allowed = metatype ? knownProperties(metatype) : [];
    const names = unknown.map((name) => JSON.stringify(name)).join(', ');
    problems.push(`unknown ${unknown.length > 1 ? many : one} ${names}; allowed: ${allowed.join(', ') || 'none'}`);
  }
  return problems.length > 0 ? `${problems.join('; ')}.` : 'The request is not valid.';
}

function knownProperties(metatype: NonNullable<ArgumentMetadata['metatype']>): string[] {
  const metadata = getMetadataStorage().getTargetValidationMetadatas(metatype, '', true, false);
  return [...new Set(metadata.map((entry) => entry.propertyName))];
}

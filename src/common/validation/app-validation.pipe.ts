import {
  ArgumentMetadata,
  Injectable,
  Optional,
  ValidationPipe,
  type ValidationError,
} from '@nestjs/common';
import { getMetadataStorage, validateSync, type ValidatorOptions } from 'class-validator';
import { AppException } from '../errors/app.exception.js';
import { ErrorCode } from '../errors/error-code.enum.js';
import { Clock } from '../time/clock.js';
import { cutInput, describeReceived } from './received.js';
import { validateAt } from './validation-clock.js';

/** Carries class-validator's findings out of the pipe to be worded for their source. */
class ValidationFailure extends Error {
  constructor(readonly errors: ValidationError[]) {
    super('validation failed');
  }
}

const NOUN: Partial<Record<ArgumentMetadata['type'], [string, string]>> = {
  query: ['query parameter', 'query parameters'],
  body: ['property', 'properties'],
  param: ['path parameter', 'path parameters'],
};

/** The global pipe: DTOs are the rules; nothing is coerced, unknown fields are refused. */
@Injectable()
export class AppValidationPipe extends ValidationPipe {
  // The service's clock: rules such as IsDateOnly({ notInFuture }) judge by it.
  constructor(@Optional() private readonly clock: Clock = new Clock()) {
    super({
      whitelist: true,
      forbidNonWhitelisted: true,
      forbidUnknownValues: true,
      transform: true,
      transformOptions: { enableImplicitConversion: false },
      stopAtFirstError: true,
      exceptionFactory: (errors) => new ValidationFailure(errors),
    });
  }

  /** bigint parameters are parsed by ParseInt64Pipe; there is no class to validate them against. */
  protected override toValidate(metadata: ArgumentMetadata): boolean {
    return (metadata.metatype as unknown) !== BigInt && super.toValidate(metadata);
  }

  /** validateSync, no promise per rule; a DTO with an async rule is refused, not skipped. */
  protected override validate(
    object: object,
    validatorOptions?: ValidatorOptions,
  ): ValidationError[] {
    assertSynchronousRules(object.constructor as Metatype);
    return validateAt(this.clock.now(), () => validateSync(object, validatorOptions));
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body' && metadata.data === undefined && this.toValidate(metadata))
      assertJsonObject(value);
    const noun = NOUN[metadata.type] ?? ['field', 'fields'];
    // Read before Nest strips __proto__ and constructor keys, so those are refused, not dropped.
    const unknown = this.toValidate(metadata) ? unknownKeys(value, metadata.metatype!) : [];
    const problems: string[] = [];
    try {
      const result: unknown = await super.transform(value, metadata);
      if (unknown.length === 0) return result;
    } catch (error) {
      if (!(error instanceof ValidationFailure)) throw error;
      problems.push(...fieldProblems(error.errors));
    }
    // Every problem in one answer: the fields' first, then the unknown names.
    if (unknown.length > 0) problems.push(describeUnknown(unknown, noun, metadata.metatype!));
    throw new AppException(
      ErrorCode.VALIDATION_FAILED,
      problems.length > 0 ? `${problems.join('; ')}.` : 'The request is not valid.',
    );
  }
}

/** A DTO body is a JSON object; anything else is refused before any field is read. */
function assertJsonObject(value: unknown): void {
  if (value === undefined)
    throw new AppException(
      ErrorCode.VALIDATION_FAILED,
      'A request body is required: a JSON object sent as application/json.',
    );
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new AppException(
      ErrorCode.VALIDATION_FAILED,
      `The request body must be a JSON object; got ${describeReceived(value)}.`,
    );
  }
}

type Metatype = NonNullable<ArgumentMetadata['metatype']>;

function unknownKeys(value: unknown, metatype: Metatype): string[] {
  if (typeof value !== 'object' || value === null) return [];
  const known = knownProperties(metatype);
  return Object.keys(value).filter((key) => !known.includes(key));
}

/** Names at most this many unknown keys; a body may hold thousands. */
const UNKNOWN_NAMES_SHOWN = 5;

function describeUnknown(
  unknown: string[],
  [one, many]: [string, string],
  metatype: Metatype,
): string {
  const shown = unknown.slice(0, UNKNOWN_NAMES_SHOWN).map((name) => JSON.stringify(cutInput(name)));
  const names =
    unknown.length > UNKNOWN_NAMES_SHOWN
      ? `${shown.join(', ')} and ${unknown.length - UNKNOWN_NAMES_SHOWN} more`
      : shown.join(', ');
  return `unknown ${unknown.length > 1 ? many : one} ${names}; allowed: ${knownProperties(metatype).join(', ') || 'none'}`;
}

/** class-validator's findings on declared fields; unknown keys are named by describeUnknown. */
function fieldProblems(errors: ValidationError[]): string[] {
  return errors.flatMap((error) =>
    Object.entries(error.constraints ?? {})
      .filter(([name]) => name !== 'whitelistValidation')
      .map(([, message]) => message),
  );
}

const synchronousClasses = new WeakSet<object>();

function assertSynchronousRules(target: abstract new (...args: never[]) => unknown): void {
  if (synchronousClasses.has(target)) return;
  const storage = getMetadataStorage();
  const rules = storage.getTargetValidationMetadatas(target, '', true, false);
  const async = rules.find(
    (rule) =>
      rule.constraintCls &&
      storage
        .getTargetValidatorConstraints(rule.constraintCls)
        .some((constraint) => constraint.async),
  );
  if (async)
    throw new Error(
      `${target.name}.${async.propertyName} has an async validation rule; AppValidationPipe ` +
        `runs rules synchronously`,
    );
  synchronousClasses.add(target);
}

const knownPropertiesCache = new WeakMap<Metatype, string[]>();

/** The properties a DTO class validates, in declaration order; read once per class. */
function knownProperties(metatype: Metatype): string[] {
  let known = knownPropertiesCache.get(metatype);
  if (!known) {
    const metadata = getMetadataStorage().getTargetValidationMetadatas(metatype, '', true, false);
    known = [...new Set(metadata.map((entry) => entry.propertyName))];
    knownPropertiesCache.set(metatype, known);
  }
  return known;
}

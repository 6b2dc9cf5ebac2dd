import { ValidateBy, ValidateIf, type ValidationArguments, type ValidationOptions } from 'class-validator';
import { INT64_MAX, INT64_MIN, isInt64 } from '../int64/int64.js';
import { describeReceived } from './received.js';

/**
 * Field validators that never coerce: each checks the JSON type itself and its message says what
 * is allowed and what was sent. A missing required field reads "<field> is required: <allowed>".
 */
function field(name: string, allowed: string, test: (value: unknown) => boolean, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name,
      validator: {
        validate: (value: unknown) => test(value),
        defaultMessage: (args?: ValidationArguments) =>
          args?.value === undefined ? `${args?.property} is required: ${allowed}` : `${args?.property} must be ${allowed}; got ${describeReceived(args.value)}`,
      },
    },
    options,
  );
}

export function IsInt64Value(options?: ValidationOptions): PropertyDecorator {
  return field('isInt64Value', `an integer from ${INT64_MIN} to ${INT64_MAX}, written without fraction or exponent`, isInt64, options);
}

/** Well-formed Unicode (no lone surrogates), its length counted in code points as MySQL counts characters. */
export function IsUnicodeText(min: number, max: number, options?: ValidationOptions): PropertyDecorator {
  return field(
    'isUnicodeText',
    `a string of ${min} to ${max} characters (well-formed Unicode)`,
    (value) => {
      if (typeof value !== 'string' || !value.isWellFormed()) return false;
      const length = countCodePoints(value, max + 1);
      return length >= min && length <= max;
    },
    options,
  );
}

export function IsOneOf(values: readonly string[], options?: ValidationOptions): PropertyDecorator {
  return field('isOneOf', `one of ${values.join(', ')} (case-sensitive)`, (value) => typeof value === 'string' && values.includes(value), options);
}

/** For query parameters, which arrive as text: plain decimal digits only, no sign, point, exponent or spaces. */
export function IsDecimalIntegerInRange(min: number, max: number, options?: ValidationOptions): PropertyDecorator {
  return field(
    'isDecimalIntegerInRange',
    `an integer from ${min} to ${max}, in plain decimal digits, given once`,
    (value) => typeof value === 'string' && /^[0-9]{1,16}$/.test(value) && Number(value) >= min && Number(value) <= max,
    options,
  );
}

/** An opaque token handed out by the service: checked here for shape only, by its issuer for the rest. */
export function IsOpaqueToken(options?: ValidationOptions): PropertyDecorator {
  return field(
    'isOpaqueToken',
    'the opaque value of a Link rel="next" URL, unchanged and given once',
    (value) => typeof value === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(value),
    options,
  );
}

function countCodePoints(text: string, stopAt: number): number {
  let count = 0;
  for (const _codePoint of text) if (++count >= stopAt) break;
  return count;
}

/** Optional, but null is not "absent": only a missing property skips the field's checks. */
export function ValidateIfPresent(): PropertyDecorator {
  return ValidateIf((_object: object, value: unknown) => value !== undefined);
}

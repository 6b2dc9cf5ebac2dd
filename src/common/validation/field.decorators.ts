import {
  ValidateBy,
  ValidateIf,
  type ValidationArguments,
  type ValidationOptions,
} from 'class-validator';
import { API_KEY_NAME } from '../auth/api-key-name.js';
import { INT64_MAX, INT64_MIN, isInt64, parseInt64 } from '../int64/int64.js';
import { describeReceived } from './received.js';
import { validationNow } from './validation-clock.js';

/**
 * The helper every validator here is made with: never coerces, and its message says what is
 * allowed (`allowed` may be a function, read when the message is made) and what was sent.
 */
export function field(
  name: string,
  allowed: string | (() => string),
  test: (value: unknown) => boolean,
  options?: ValidationOptions,
): PropertyDecorator {
  const says = typeof allowed === 'string' ? () => allowed : allowed;
  return ValidateBy(
    {
      name,
      validator: {
        validate: (value: unknown) => test(value),
        defaultMessage: (args?: ValidationArguments) =>
          args?.value === undefined
            ? `${args?.property} is required: ${says()}`
            : `${args?.property} must be ${says()}; got ${describeReceived(args.value)}`,
      },
    },
    options,
  );
}

export function IsInt64Value(options?: ValidationOptions): PropertyDecorator {
  return field(
    'isInt64Value',
    `an integer from ${INT64_MIN} to ${INT64_MAX}, written without fraction or exponent`,
    isInt64,
    options,
  );
}

/** Well-formed Unicode, its length in code points, as MySQL counts characters. */
export function IsUnicodeText(
  min: number,
  max: number,
  options?: ValidationOptions,
): PropertyDecorator {
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
  return field(
    'isOneOf',
    `one of ${values.join(', ')} (case-sensitive)`,
    (value) => typeof value === 'string' && values.includes(value),
    options,
  );
}

/** A non-empty JSON array of distinct values, each one of `values` (read when validating). */
export function IsDistinctListOf(
  values: readonly string[],
  options?: ValidationOptions,
): PropertyDecorator {
  return field(
    'isDistinctListOf',
    () => `a non-empty array of distinct values, each one of ${values.join(', ')}`,
    (value) =>
      Array.isArray(value) &&
      value.length > 0 &&
      value.every((item) => typeof item === 'string' && values.includes(item)) &&
      new Set(value).size === value.length,
    options,
  );
}

/** A JSON integer from min to max; 5.0 and "5" are refused, as nothing is coerced. */
export function IsIntegerInRange(
  min: number,
  max: number,
  options?: ValidationOptions,
): PropertyDecorator {
  return field(
    'isIntegerInRange',
    `an integer from ${min} to ${max}, written without fraction or exponent`,
    (value) => typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max,
    options,
  );
}

/** A JSON boolean: true or false, not "true" or 1. */
export function IsJsonBoolean(options?: ValidationOptions): PropertyDecorator {
  return field(
    'isJsonBoolean',
    'true or false (a JSON boolean)',
    (value) => typeof value === 'boolean',
    options,
  );
}

/** The pattern and length of a date-time IsDateTime accepts. */
export const DATE_TIME_SCHEMA = {
  pattern: '^\\d{4}-\\d{2}-\\d{2}[Tt]\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,3})?([Zz]|[+-]\\d{2}:\\d{2})$',
  minLength: 20,
  maxLength: 29,
} as const;

// RFC 3339 date-time: a full date, T, a time with seconds, at most milliseconds, and Z or an
// offset.
const RFC3339_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.\d{1,3})?(?:[Zz]|[+-](\d{2}):(\d{2}))$/;

/** Whether the day exists in that month (month 1 to 12): Date.UTC rolls 31 April over to 1 May. */
export function isCalendarDay(year: number, month: number, day: number): boolean {
  return new Date(Date.UTC(year, month - 1, day)).getUTCDate() === day;
}

/** The instant an RFC 3339 date-time names, or null when it is malformed or names no real date. */
export function parseDateTime(value: string): Date | null {
  const parts = RFC3339_DATE_TIME.exec(value);
  if (!parts) return null;
  const [year, month, day, hour, minute, second, offsetHours, offsetMinutes] = parts
    .slice(1)
    .map((part) => (part === undefined ? 0 : Number(part)));
  if (
    month < 1 ||
    month > 12 ||
    hour > 23 ||
    minute > 59 ||
    second > 59 ||
    offsetHours > 23 ||
    offsetMinutes > 59
  )
    return null;
  if (!isCalendarDay(year, month, day)) return null;
  const instant = new Date(value.toUpperCase());
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/** An RFC 3339 date-time with an offset, to the millisecond, years 1000 to 9999 in UTC. */
export function IsDateTime(options?: ValidationOptions): PropertyDecorator {
  return field(
    'isDateTime',
    'an RFC 3339 date-time with a time zone, such as 2026-12-24T18:30:00Z, at most to the ' +
      'millisecond, from year 1000 to 9999',
    (value) => {
      const instant = typeof value === 'string' ? parseDateTime(value) : null;
      return (
        instant !== null && instant.getUTCFullYear() >= 1000 && instant.getUTCFullYear() <= 9999
      );
    },
    options,
  );
}

/** The pattern of a date IsDateOnly accepts, for the DTO's schema. */
export const DATE_ONLY_SCHEMA = { pattern: '^\\d{4}-\\d{2}-\\d{2}$', format: 'date' } as const;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Today's date in UTC at `now`, YYYY-MM-DD. */
export function utcDateOf(now: number): string {
  return new Date(now).toISOString().slice(0, 10);
}

/**
 * A calendar date, YYYY-MM-DD, a real day from 1000 to 9999, optionally not after or not before
 * today in UTC by the service's clock; stays a string (store it in a DateOnlyColumn).
 */
export function IsDateOnly(
  { notInFuture = false, notInPast = false }: { notInFuture?: boolean; notInPast?: boolean } = {},
  options?: ValidationOptions,
): PropertyDecorator {
  const name = `isDateOnly${notInFuture ? 'NotInFuture' : ''}${notInPast ? 'NotInPast' : ''}`;
  return field(
    name,
    () => {
      const today = utcDateOf(validationNow());
      return (
        'a date as YYYY-MM-DD, such as 2026-11-29, a real day from year 1000 to 9999' +
        (notInFuture ? `, not after today (${today}, UTC)` : '') +
        (notInPast ? `, not before today (${today}, UTC)` : '')
      );
    },
    (value) => {
      if (typeof value !== 'string') return false;
      const parts = DATE_ONLY.exec(value);
      if (!parts) return false;
      const [year, month, day] = parts.slice(1).map(Number);
      if (year < 1000 || month < 1 || month > 12 || !isCalendarDay(year, month, day)) return false;
      if (!notInFuture && !notInPast) return true;
      const today = utcDateOf(validationNow());
      return (!notInFuture || value <= today) && (!notInPast || value >= today);
    },
    options,
  );
}

/** A query parameter holding an int64: plain decimal digits with an optional minus. */
export function IsInt64Text(options?: ValidationOptions, min = INT64_MIN): PropertyDecorator {
  return field(
    'isInt64Text',
    `an integer from ${min} to ${INT64_MAX} in decimal digits, given once`,
    (value) => {
      const parsed = typeof value === 'string' ? parseInt64(value) : null;
      return parsed !== null && parsed >= min;
    },
    options,
  );
}

/** A query parameter of plain decimal digits: no sign, point, exponent or spaces. */
export function IsDecimalIntegerInRange(
  min: number,
  max: number,
  options?: ValidationOptions,
): PropertyDecorator {
  return field(
    'isDecimalIntegerInRange',
    `an integer from ${min} to ${max}, in plain decimal digits, given once`,
    (value) =>
      typeof value === 'string' &&
      /^[0-9]{1,16}$/.test(value) &&
      Number(value) >= min &&
      Number(value) <= max,
    options,
  );
}

/** The name of an API key (as `npm run keys -- list` and the request log show it), given once. */
export function IsApiKeyName(options?: ValidationOptions): PropertyDecorator {
  return field(
    'isApiKeyName',
    'the name of an API key: 1 to 64 letters, digits, ".", "_" or "-", given once',
    (value) => typeof value === 'string' && API_KEY_NAME.test(value),
    options,
  );
}

/** An opaque token the service issued: its shape checked here, the rest by its issuer. */
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

/** Optional and nullable (a merge patch's null clears the field). */
export function ValidateIfPresentNotNull(): PropertyDecorator {
  return ValidateIf((_object: object, value: unknown) => value !== undefined && value !== null);
}

import { ConfigValidationError } from './config-validation.error.js';

/** An integer variable within [min, max]; `fallback` when unset. */
export function parseInteger(
  variable: string,
  value: string | undefined,
  fallback: number,
  min: number,
  max: number,
): number {
  if (value === undefined) return fallback;
  const parsed = /^[0-9]{1,9}$/.test(value) ? Number(value) : NaN;
  if (!(parsed >= min && parsed <= max))
    throw new ConfigValidationError(
      variable,
      `must be an integer from ${min} to ${max}, got "${value}"`,
    );
  return parsed;
}

/** A true/false variable; `fallback` when unset. */
export function parseBoolean(
  variable: string,
  value: string | undefined,
  fallback: boolean,
): boolean {
  if (value === undefined) return fallback;
  if (value === 'true' || value === 'false') return value === 'true';
  throw new ConfigValidationError(variable, `must be true or false, got "${value}"`);
}

import type { Env } from './env.js';
import { ConfigValidationError } from './config-validation.error.js';
import { parseBoolean, parseInteger } from './env-values.js';

/** Load shedding's settings (part of AppConfig); see docs/operations.md ("Under overload"). */
export interface OverloadConfig {
  /** OVERLOAD_SHEDDING: whether requests past what the instance can serve are refused at once. */
  overloadShedding: boolean;
  /** The event-loop delay (mean over 100 ms) above which the instance is past what it can serve. */
  overloadMaxEventLoopDelayMs: number;
  /** The event-loop utilization (0.5 to 1, over 100 ms) above which it is past it; 1: not read. */
  overloadMaxEventLoopUtilization: number;
  /** Requests in progress (admitted, not yet answered) above which the instance is past it too. */
  overloadMaxInFlight: number;
  /** How long a request may wait in the instance before its first statement; later: 503. */
  overloadMaxWaitMs: number;
}

export function loadOverloadConfig(env: Env): OverloadConfig {
  return {
    overloadShedding: parseBoolean('OVERLOAD_SHEDDING', env.OVERLOAD_SHEDDING, true),
    overloadMaxEventLoopDelayMs: parseInteger(
      'OVERLOAD_MAX_EVENT_LOOP_DELAY_MS',
      env.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS,
      50,
      5,
      10_000,
    ),
    overloadMaxEventLoopUtilization: parseShare(
      'OVERLOAD_MAX_EVENT_LOOP_UTILIZATION',
      env.OVERLOAD_MAX_EVENT_LOOP_UTILIZATION,
      1,
    ),
    overloadMaxInFlight: parseInteger(
      'OVERLOAD_MAX_IN_FLIGHT',
      env.OVERLOAD_MAX_IN_FLIGHT,
      200,
      1,
      100_000,
    ),
    overloadMaxWaitMs: parseInteger(
      'OVERLOAD_MAX_WAIT_MS',
      env.OVERLOAD_MAX_WAIT_MS,
      1_000,
      10,
      600_000,
    ),
  };
}

/** A share from 0.5 to 1 written as a decimal (0.9); `fallback` when unset. */
function parseShare(variable: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = /^(0|1)(\.[0-9]{1,4})?$/.test(value) ? Number(value) : NaN;
  if (!(parsed >= 0.5 && parsed <= 1))
    throw new ConfigValidationError(variable, `must be a decimal from 0.5 to 1, got "${value}"`);
  return parsed;
}

import type { Env } from './env.js';
import { ConfigValidationError } from './config-validation.error.js';
import { parseBoolean, parseInteger } from './env-values.js';
import { QUEUE_ORDERS, type QueueOrder } from '../common/overload/fair-queue.js';

/** Settings load shedding read before it admitted by waiting time; set, they are warned about. */
const RETIRED = ['OVERLOAD_MAX_EVENT_LOOP_DELAY_MS', 'OVERLOAD_MAX_EVENT_LOOP_UTILIZATION'];

/** Load shedding's settings (part of AppConfig); see docs/operations.md ("Under overload"). */
export interface OverloadConfig {
  /** OVERLOAD_SHEDDING: whether requests that would wait too long are refused at once. */
  overloadShedding: boolean;
  /** Requests the application works on at once; more wait their turn in the admission queue. */
  overloadMaxInFlight: number;
  /** How long a request may wait for its turn (and its first statement); longer: 503 OVERLOADED. */
  overloadMaxWaitMs: number;
  /** Which of a client's waiting requests starts first. */
  overloadQueueOrder: QueueOrder;
  /** Retired settings that are still set, for a warning at start-up. */
  overloadRetiredSettings: readonly string[];
}

export function loadOverloadConfig(env: Env): OverloadConfig {
  const order = env.OVERLOAD_QUEUE_ORDER ?? 'adaptive-lifo';
  if (!(QUEUE_ORDERS as readonly string[]).includes(order))
    throw new ConfigValidationError(
      'OVERLOAD_QUEUE_ORDER',
      `must be one of ${QUEUE_ORDERS.join(', ')}, got "${order}"`,
    );
  return {
    overloadShedding: parseBoolean('OVERLOAD_SHEDDING', env.OVERLOAD_SHEDDING, true),
    overloadMaxInFlight: parseInteger(
      'OVERLOAD_MAX_IN_FLIGHT',
      env.OVERLOAD_MAX_IN_FLIGHT,
      64,
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
    overloadQueueOrder: order as QueueOrder,
    overloadRetiredSettings: RETIRED.filter((variable) => env[variable] !== undefined),
  };
}

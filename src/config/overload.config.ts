import type { QueueOrder } from '../common/overload/fair-queue.js';
import type { Env } from './env.js';
import type { Environment } from './environment.js';

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

export function loadOverloadConfig(env: Env, settings: Environment): OverloadConfig {
  return {
    overloadShedding: settings.OVERLOAD_SHEDDING,
    overloadMaxInFlight: settings.OVERLOAD_MAX_IN_FLIGHT,
    overloadMaxWaitMs: settings.OVERLOAD_MAX_WAIT_MS,
    overloadQueueOrder: settings.OVERLOAD_QUEUE_ORDER,
    overloadRetiredSettings: RETIRED.filter((variable) => env[variable] !== undefined),
  };
}

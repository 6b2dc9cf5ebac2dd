import type { Worker } from 'node:cluster';

/** What the primary and workers tell each other; `petstore` tells ours from prom-client's. */
export type WorkerMessage =
  /** The application is initialised: connections may be handed over. */
  | { petstore: 'ready' }
  /** It could not start (the primary logs `reason` as the instance's last line). */
  | { petstore: 'failed'; reason: string }
  /**
   * Its admission: whether it refuses arrivals (its queue stands past the waiting budget), and
   * whether requests with a valid key have waited a tenth of the budget.
   */
  | { petstore: 'load'; full: boolean; keyedWaiting: boolean; keylessRecent: boolean }
  /** Rate-limit counts to make in the instance's one store. */
  | { petstore: 'count'; batch: number; counts: RateLimitCount[] }
  /** This worker's guard found a key past its limit: the primary tells the other workers. */
  | { petstore: 'key-limited'; limited: KeyLimited }
  /** The instance's /metrics text, aggregated over every worker. */
  | { petstore: 'metrics'; request: number }
  /** This worker's registry, as prom-client's getMetricsAsJSON() gives it, for the aggregation. */
  | { petstore: 'registry'; request: number; metrics: object[] };

export type PrimaryMessage =
  /** A connection accepted by the front door; its socket comes as the message's handle. */
  | { petstore: 'connection' }
  | { petstore: 'counted'; batch: number; records: RateLimitRecord[] }
  | { petstore: 'metrics'; request: number; text?: string; error?: string }
  /** Asks a worker for its registry. */
  | { petstore: 'registry'; request: number }
  /** Drain and exit, as on SIGTERM. */
  | { petstore: 'shutdown'; signal: string }
  /** The port is closed and every connection accepted is handed over: close what is idle. */
  | { petstore: 'arrivals-ended' }
  /** Another worker found a key past its limit: refuse its requests before Express too. */
  | { petstore: 'key-limited'; limited: KeyLimited };

/** One call of ThrottlerStorage.increment, as a worker asks the primary to make it. */
export interface RateLimitCount {
  key: string;
  ttl: number;
  limit: number;
  blockDuration: number;
  throttlerName: string;
}

/** A key past its limit until `resetAt` (ms, Date.now(): the workers share the host's clock). */
export interface KeyLimited {
  keyId: string;
  limit: number;
  windowMs: number;
  resetAt: number;
}

/** ThrottlerStorage's answer, as the primary sends it back. */
export interface RateLimitRecord {
  totalHits: number;
  timeToExpire: number;
  isBlocked: boolean;
  timeToBlockExpire: number;
}

export function isPetstoreMessage<T extends { petstore: string }>(message: unknown): message is T {
  return typeof message === 'object' && message !== null && 'petstore' in message;
}

/** Sends `message` to `worker` if its channel is still open (a worker that exited has none). */
export function tell(worker: Worker, message: PrimaryMessage): void {
  if (worker.isConnected()) worker.send(message);
}

import { Counter, Gauge, type Aggregator, type Registry } from 'prom-client';
import { EARLY_REFUSAL_REASONS, type EarlyRefusals } from '../common/overload/early-refusals.js';
import type { LoadShedder } from '../common/overload/load-shedder.js';
import { SHED_REASONS } from '../common/overload/request-work.js';

/** Load shedding's series: what it refused and why, what runs and waits, and what it admits. */
export function registerOverloadMetrics(registry: Registry, shedder: LoadShedder): void {
  new Counter({
    name: 'http_requests_shed_total',
    help:
      'Requests not served because the instance had more than it could serve in time, by ' +
      'reason: queue_full (503 OVERLOADED on arrival: it would have waited past ' +
      'OVERLOAD_MAX_WAIT_MS), waited (503 OVERLOADED: it waited past OVERLOAD_MAX_WAIT_MS for ' +
      'its turn or its first statement), client_left (its client closed the connection before ' +
      'the work began; nothing was done or sent).',
    labelNames: ['reason'] as const,
    registers: [registry],
    collect: function collect() {
      this.reset();
      for (const reason of SHED_REASONS) this.inc({ reason }, shedder.refusals[reason]);
    },
  });
  // Across workers (prom-client's aggregation) counts add up; the loop's readings and the bound
  // of the wait do not.
  const gauge = (name: string, help: string, read: () => number, aggregator: Aggregator = 'sum') =>
    new Gauge({
      name,
      help,
      aggregator,
      registers: [registry],
      collect: function collect() {
        this.set(read());
      },
    });
  gauge(
    'overload_event_loop_delay_seconds',
    'The mean event-loop delay over the last 100 ms (how late the instance reads what arrives).',
    () => shedder.lastDelayMs / 1000,
    'max',
  );
  gauge(
    'overload_event_loop_utilization',
    'The share of the last 100 ms the event loop was busy (0 to 1).',
    () => shedder.lastUtilization,
    'average',
  );
  gauge(
    'overload_requests_in_flight',
    'Requests running: started and not yet answered (the probes and /metrics not counted).',
    () => shedder.inFlight,
  );
  gauge(
    'overload_requests_in_flight_bound',
    'OVERLOAD_MAX_IN_FLIGHT: requests run at once; more wait their turn.',
    () => shedder.maxInFlight,
  );
  gauge(
    'overload_requests_waiting',
    'Requests waiting for their turn in the admission queue.',
    () => shedder.waiting,
  );
  gauge(
    'overload_wait_bound_seconds',
    'OVERLOAD_MAX_WAIT_MS: a request that would wait longer is refused.',
    () => shedder.maxWaitMs / 1000,
    'first',
  );
  gauge(
    'overload_service_rate',
    'Requests a second the instance finished while some waited (0 until it first had to queue).',
    () => shedder.serviceRate ?? 0,
  );
  gauge(
    'overload_admitted_ratio',
    'The share of arriving requests admitted over the last 100 ms (1: none refused, as always ' +
      'with OVERLOAD_SHEDDING=false).',
    () => (shedder.enabled ? shedder.admittedShare : 1),
    'average',
  );
}

/** The requests refused before Express (early-refusals.ts): counted here, never logged one by one. */
export function registerEarlyRefusalMetrics(registry: Registry, refusals: EarlyRefusals): void {
  new Counter({
    name: 'http_requests_refused_total',
    help:
      'Requests refused before any work, by reason: unauthorized (401: no valid API key), ' +
      'address_limited (429: its address sent more than RATE_LIMIT requests without a valid key ' +
      'in the window), key_limited (429: its key is past its rate limit). Not in ' +
      'http_requests_total, and not logged one by one.',
    labelNames: ['reason'] as const,
    registers: [registry],
    collect: function collect() {
      this.reset();
      for (const reason of EARLY_REFUSAL_REASONS) this.inc({ reason }, refusals.counts[reason]);
    },
  });
}

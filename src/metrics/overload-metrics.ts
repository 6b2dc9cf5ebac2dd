import { Counter, Gauge, type Registry } from 'prom-client';
import type { LoadShedder } from '../common/overload/load-shedder.js';
import { SHED_REASONS } from '../common/overload/request-work.js';

/** Load shedding's series: what it refused and why, the signal it reads, and what it admits. */
export function registerOverloadMetrics(registry: Registry, shedder: LoadShedder): void {
  new Counter({
    name: 'http_requests_shed_total',
    help:
      'Requests not served because the instance was past what it can serve, by reason: ' +
      'event_loop_delay, event_loop_utilization and in_flight (refused with 503 OVERLOADED on ' +
      'arrival, by the signal past its bound), waited (503 ' +
      'OVERLOADED: waited past OVERLOAD_MAX_WAIT_MS before its first statement), client_left ' +
      '(its client closed the connection before the work began; nothing was done or sent).',
    labelNames: ['reason'] as const,
    registers: [registry],
    collect: function collect() {
      this.reset();
      for (const reason of SHED_REASONS) this.inc({ reason }, shedder.refusals[reason]);
    },
  });
  const gauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect: function collect() {
        this.set(read());
      },
    });
  gauge(
    'overload_event_loop_delay_seconds',
    'The signal: the mean event-loop delay over the last 100 ms.',
    () => shedder.lastDelayMs / 1000,
  );
  gauge(
    'overload_event_loop_delay_bound_seconds',
    'OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: past it the instance sheds load.',
    () => shedder.maxDelayMs / 1000,
  );
  gauge(
    'overload_event_loop_utilization',
    'The signal: the share of the last 100 ms the event loop was busy (0 to 1).',
    () => shedder.lastUtilization,
  );
  gauge(
    'overload_event_loop_utilization_bound',
    'OVERLOAD_MAX_EVENT_LOOP_UTILIZATION: past it the instance sheds load.',
    () => shedder.maxUtilization,
  );
  gauge(
    'overload_requests_in_flight',
    'Requests admitted and not yet answered (the probes and /metrics not counted).',
    () => shedder.inFlight,
  );
  gauge(
    'overload_requests_in_flight_bound',
    'OVERLOAD_MAX_IN_FLIGHT: past it the instance sheds load.',
    () => shedder.maxInFlight,
  );
  gauge(
    'overload_admitted_ratio',
    'The adaptive limit: the share of arriving requests admitted (1: none refused, as always ' +
      'with OVERLOAD_SHEDDING=false).',
    () => (shedder.enabled ? shedder.admittedShare : 1),
  );
}

import type { Worker } from 'node:cluster';
import { AggregatorRegistry, Counter, Gauge, Registry } from 'prom-client';
import { FixedWindowStorage } from '../common/rate-limit/fixed-window.storage.js';
import type { PrimaryMessage, WorkerMessage } from './cluster-messages.js';
import type { FrontDoor } from './front-door.js';

/**
 * What the primary keeps for the whole instance: the rate-limit counts of every worker (one store,
 * so a limit holds for the instance) and /metrics, prom-client's aggregation of every worker's
 * registry plus the primary's own series.
 */
export class InstanceServices {
  private readonly counts = new FixedWindowStorage();
  private readonly aggregator = new AggregatorRegistry();
  private readonly own = new Registry();
  private restarts = 0;

  constructor(frontDoor: FrontDoor, serving: () => number) {
    new Counter({
      name: 'front_door_refused_total',
      help:
        'Connections the primary answered 503 OVERLOADED itself, every worker refusing arrivals ' +
        '(nothing was done).',
      registers: [this.own],
      collect: function collect() {
        this.reset();
        this.inc(frontDoor.refused);
      },
    });
    new Gauge({
      name: 'workers_serving',
      help: 'Workers ready to serve (WORKERS when none is being replaced).',
      registers: [this.own],
      collect: function collect() {
        this.set(serving());
      },
    });
    const restarts = () => this.restarts;
    new Counter({
      name: 'worker_restarts_total',
      help: 'Workers that exited unasked and were replaced.',
      registers: [this.own],
      collect: function collect() {
        this.reset();
        this.inc(restarts());
      },
    });
  }

  restarted(): void {
    this.restarts++;
  }

  /** A worker's request for the instance's counts or metrics; false if it is not one. */
  answer(worker: Worker, message: WorkerMessage): boolean {
    if (message.petstore === 'count') {
      void Promise.all(
        message.counts.map((count) => this.counts.increment(count.key, count.ttl, count.limit)),
      ).then((records) => send(worker, { petstore: 'counted', batch: message.batch, records }));
      return true;
    }
    if (message.petstore === 'metrics') {
      const { request } = message;
      Promise.all([this.aggregator.clusterMetrics(), this.own.metrics()]).then(
        ([workers, own]) => send(worker, { petstore: 'metrics', request, text: workers + own }),
        (error: unknown) =>
          send(worker, { petstore: 'metrics', request, error: (error as Error).message }),
      );
      return true;
    }
    return false;
  }

  close(): void {
    this.counts.onModuleDestroy();
  }
}

function send(worker: Worker, message: PrimaryMessage): void {
  if (worker.isConnected()) worker.send(message);
}

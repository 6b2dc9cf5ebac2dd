import type { Worker } from 'node:cluster';
import { AggregatorRegistry, Counter, Gauge, Registry } from 'prom-client';
import { FixedWindowStorage } from '../common/rate-limit/fixed-window.storage.js';
import {
  FAILED_AUTHENTICATION,
  FAILED_AUTHENTICATION_ADDRESSES_MAX,
} from '../common/rate-limit/address-limit.js';
import { tell, type WorkerMessage } from './cluster-messages.js';
import type { FrontDoor } from './front-door.js';

/** The primary's services for the instance: the rate-limit counts and the aggregated /metrics. */
export class InstanceServices {
  private readonly counts = new FixedWindowStorage();
  /** The per-address counts apart: client-chosen, so bounded, and never evicting a key's count. */
  private readonly addressCounts = new FixedWindowStorage(FAILED_AUTHENTICATION_ADDRESSES_MAX);
  private readonly own = new Registry();
  private restarts = 0;
  private request = 0;
  private readonly gathering = new Map<number, (metrics: object[]) => void>();

  constructor(
    frontDoor: FrontDoor,
    private readonly serving: () => readonly Worker[],
  ) {
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
        this.set(serving().length);
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
        message.counts.map((count) =>
          (count.throttlerName === FAILED_AUTHENTICATION
            ? this.addressCounts
            : this.counts
          ).increment(count.key, count.ttl, count.limit),
        ),
      ).then((records) => tell(worker, { petstore: 'counted', batch: message.batch, records }));
      return true;
    }
    if (message.petstore === 'key-limited') {
      for (const other of this.serving()) if (other !== worker) tell(other, message);
      return true;
    }
    if (message.petstore === 'metrics') {
      const { request } = message;
      Promise.all([this.workersText(), this.own.metrics()]).then(
        ([workers, own]) => tell(worker, { petstore: 'metrics', request, text: workers + own }),
        (error: unknown) =>
          tell(worker, { petstore: 'metrics', request, error: (error as Error).message }),
      );
      return true;
    }
    if (message.petstore === 'registry') {
      this.gathering.get(message.request)?.(message.metrics);
      return true;
    }
    return false;
  }

  /** Every serving worker's registry, aggregated; one silent for a second is left out. */
  private async workersText(): Promise<string> {
    const registries = await Promise.all(
      this.serving().map(
        (worker) =>
          new Promise<object[]>((resolve) => {
            const request = ++this.request;
            const timer = setTimeout(() => done([]), GATHER_TIMEOUT_MS);
            const done = (metrics: object[]) => {
              clearTimeout(timer);
              this.gathering.delete(request);
              resolve(metrics);
            };
            this.gathering.set(request, done);
            tell(worker, { petstore: 'registry', request });
          }),
      ),
    );
    return AggregatorRegistry.aggregate(registries).metrics();
  }
}

/** How long the primary waits for a worker's registry. */
const GATHER_TIMEOUT_MS = 1_000;

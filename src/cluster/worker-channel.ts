import cluster from 'node:cluster';
import type { Socket } from 'node:net';
import {
  isPetstoreMessage,
  type KeyLimited,
  type PrimaryMessage,
  type WorkerMessage,
} from './cluster-messages.js';
import { InstanceRateLimitStorage } from './instance-rate-limit.storage.js';
import type { AdmissionLoad } from '../common/overload/admission-load.js';
import type { ShutdownOrders } from '../health/graceful-shutdown.js';

/** How long a worker waits for the instance's /metrics text before the scrape fails. */
const METRICS_TIMEOUT_MS = 10_000;
/** Past SHUTDOWN_DRAIN_MS, how long a draining worker waits for the primary's word at most. */
const ARRIVALS_END_GRACE_MS = 2_000;

/** A worker's side of the IPC channel: connections, counts, /metrics, shutdown and its load. */
export class WorkerChannel implements ShutdownOrders {
  private static instance?: WorkerChannel;
  readonly rateLimits = new InstanceRateLimitStorage((message) => this.send(message));
  private connectionHandler?: (socket: Socket) => void;
  private shutdownHandler?: (signal: string) => void;
  /** A shutdown ordered before the application was up to take it. */
  private shutdownOrdered?: string;
  private arrivalsEndedAt?: () => void;
  private primaryGone = false;
  private metricsRequest = 0;
  private readonly metricsWaiting = new Map<number, (message: PrimaryMessage) => void>();
  private registry: () => Promise<object[]> = () => Promise.resolve([]);
  private keyLimitedHandler?: (limited: KeyLimited) => void;

  /** The channel of this process when it is a cluster worker, else undefined (tests, tools). */
  static current(): WorkerChannel | undefined {
    if (!cluster.isWorker) return undefined;
    WorkerChannel.instance ??= new WorkerChannel();
    return WorkerChannel.instance;
  }

  private constructor() {
    process.on('message', (message: unknown, handle: unknown) => this.received(message, handle));
    // The primary is gone: nothing hands this worker connections or counts its limits any more.
    process.once('disconnect', () => {
      this.primaryGone = true;
      this.arrivalsEndedAt?.();
      this.shutdown('disconnect');
    });
  }

  onConnection(handler: (socket: Socket) => void): void {
    this.connectionHandler = handler;
  }

  /** The primary's order, or a signal sent to the whole process group (a terminal's Ctrl-C). */
  onShutdown(handler: (signal: string) => void): void {
    this.shutdownHandler = handler;
    process.once('SIGTERM', () => this.shutdown('SIGTERM'));
    process.once('SIGINT', () => this.shutdown('SIGINT'));
    if (this.shutdownOrdered !== undefined) handler(this.shutdownOrdered);
  }

  /** Resolves once the primary has handed over every connection it accepted, or at `drainMs`. */
  arrivalsEnded(drainMs: number): Promise<void> {
    if (this.primaryGone) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.arrivalsEndedAt?.(), drainMs + ARRIVALS_END_GRACE_MS);
      this.arrivalsEndedAt = () => {
        clearTimeout(timer);
        this.arrivalsEndedAt = undefined;
        resolve();
      };
    });
  }

  ready(): void {
    this.send({ petstore: 'ready' });
  }

  /** Tells the other workers, through the primary, that this worker found a key past its limit. */
  shareKeyLimited(limited: KeyLimited): void {
    this.send({ petstore: 'key-limited', limited });
  }

  /** What another worker found past its limit. */
  onKeyLimited(handler: (limited: KeyLimited) => void): void {
    this.keyLimitedHandler = handler;
  }

  /** What this worker answers when the primary gathers the instance's metrics. */
  provideRegistry(registry: () => Promise<object[]>): void {
    this.registry = registry;
  }

  /** Tells the primary this worker's admission (front-door.ts reads it): called on each change. */
  reportLoad(load: AdmissionLoad): void {
    this.send({ petstore: 'load', ...load });
  }

  /** The /metrics text of the whole instance, aggregated by the primary. */
  instanceMetrics(): Promise<string> {
    const request = ++this.metricsRequest;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.metricsWaiting.delete(request);
        reject(new Error('the primary did not answer with the instance metrics'));
      }, METRICS_TIMEOUT_MS);
      this.metricsWaiting.set(request, (message) => {
        clearTimeout(timer);
        if (message.petstore === 'metrics' && message.text !== undefined) resolve(message.text);
        else reject(new Error(message.petstore === 'metrics' ? message.error : 'no metrics'));
      });
      this.send({ petstore: 'metrics', request });
    });
  }

  private shutdown(signal: string): void {
    if (this.shutdownHandler) this.shutdownHandler(signal);
    else this.shutdownOrdered ??= signal;
  }

  private send(message: WorkerMessage): void {
    if (process.connected) process.send!(message);
  }

  private received(message: unknown, handle: unknown): void {
    if (!isPetstoreMessage<PrimaryMessage>(message)) return;
    switch (message.petstore) {
      case 'connection':
        if (this.connectionHandler) this.connectionHandler(handle as Socket);
        else (handle as Socket).destroy();
        return;
      case 'counted':
        return this.rateLimits.received(message);
      case 'metrics':
        this.metricsWaiting.get(message.request)?.(message);
        this.metricsWaiting.delete(message.request);
        return;
      case 'registry': {
        const { request } = message;
        void this.registry().then(
          (metrics) => this.send({ petstore: 'registry', request, metrics }),
          () => this.send({ petstore: 'registry', request, metrics: [] }),
        );
        return;
      }
      case 'shutdown':
        return this.shutdown(message.signal);
      case 'arrivals-ended':
        return this.arrivalsEndedAt?.();
      case 'key-limited':
        return this.keyLimitedHandler?.(message.limited);
    }
  }
}

import type { ThrottlerStorage } from '@nestjs/throttler';
import type { ThrottlerStorageRecord } from '../common/rate-limit/fixed-window.storage.js';
import type { PrimaryMessage, RateLimitCount, WorkerMessage } from './cluster-messages.js';
import { isPetstoreMessage } from './cluster-messages.js';

interface Pending {
  counts: RateLimitCount[];
  answers: ((record: ThrottlerStorageRecord) => void)[];
}

/** A worker's rate-limit storage without Redis: counted in the primary, one count per instance. */
export class InstanceRateLimitStorage implements ThrottlerStorage {
  private batch = 0;
  private next?: Pending;
  private readonly sent = new Map<number, Pending['answers']>();

  constructor(private readonly send: (message: WorkerMessage) => void) {}

  /** The primary's answers, from the worker's IPC listener. */
  received(message: unknown): void {
    if (!isPetstoreMessage<PrimaryMessage>(message) || message.petstore !== 'counted') return;
    const answers = this.sent.get(message.batch);
    if (answers === undefined) return;
    this.sent.delete(message.batch);
    message.records.forEach((record, index) => answers[index](record));
  }

  increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): Promise<ThrottlerStorageRecord> {
    if (this.next === undefined) {
      this.next = { counts: [], answers: [] };
      setImmediate(() => this.flush());
    }
    const pending = this.next;
    pending.counts.push({ key, ttl, limit, blockDuration, throttlerName });
    return new Promise((answer) => pending.answers.push(answer));
  }

  private flush(): void {
    const pending = this.next!;
    this.next = undefined;
    const batch = ++this.batch;
    this.sent.set(batch, pending.answers);
    this.send({ petstore: 'count', batch, counts: pending.counts });
  }
}

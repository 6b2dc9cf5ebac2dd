import { AsyncLocalStorage } from 'node:async_hooks';
import { AppException } from '../common/errors/app.exception.js';
import { ErrorCode } from '../common/errors/error-code.enum.js';
import type { MysqlNode } from './mysql-connection.js';
import type { ReplicaReadSet } from './replica-read-set.js';

/** A MySQL read's node: a replica within the lag bound, else or again the primary. */
export class ReadRouting {
  /** Set for the calls of a request that asked for a read reflecting every committed write. */
  private readonly primaryReads = new AsyncLocalStorage<true>();

  constructor(private readonly replicas?: ReplicaReadSet) {}

  readingFromPrimary<T>(then: () => T): T {
    return this.primaryReads.run(true, then);
  }

  async read<T>(
    onNode: (node: MysqlNode) => Promise<T>,
    primaryIf: ((result: T) => boolean) | undefined,
    primaryOnly: boolean,
  ): Promise<T> {
    const replica =
      this.replicas && !primaryOnly && !this.primaryReads.getStore()
        ? this.replicas.pick()
        : undefined;
    if (replica === undefined) return onNode('primary');
    let result: T;
    try {
      result = await onNode({ replica });
    } catch (error) {
      // A replica down or busy: reads are safe to send again, to the primary.
      if (error instanceof AppException && error.code === ErrorCode.SERVICE_UNAVAILABLE)
        return onNode('primary');
      throw error;
    }
    return primaryIf?.(result) ? onNode('primary') : result;
  }
}

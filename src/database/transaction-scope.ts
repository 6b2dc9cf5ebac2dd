import { AsyncLocalStorage } from 'node:async_hooks';
import type { EntityManager } from 'typeorm';
import type { MysqlConnection } from './mysql-connection.js';

/** The transaction a call runs in. */
export interface OpenTransaction {
  manager: EntityManager;
  /** MySQL: the connection the transaction holds. SQLite has one connection. */
  connection?: MysqlConnection;
  /** Run once the transaction has committed (see DatabaseAccess.afterCommit). */
  committed: (() => void)[];
}

/** The open transaction, which calls inside `DatabaseAccess.transaction` join. */
export class TransactionScope {
  private readonly open = new AsyncLocalStorage<OpenTransaction>();

  current(): OpenTransaction | undefined {
    return this.open.getStore();
  }

  run<T>(transaction: OpenTransaction, work: () => Promise<T>): Promise<T> {
    return this.open.run(transaction, work);
  }
}

import type { DataSource } from 'typeorm';

/**
 * Runs a repository's SQL as prepared statements on the connection TypeORM opened: better-sqlite3
 * statements prepared once and reused, mysql2 `execute` (server-side prepared, cached per
 * connection). TypeORM's own query() prepares nothing on MySQL and sets up a query runner per call.
 * Bind int64 values, LIMIT included, as bigint: both drivers send them as 64-bit integers.
 */
export abstract class SqlExecutor {
  abstract select<Row>(sql: string, params: readonly unknown[]): Promise<Row[]>;
  /** Runs an INSERT into a table whose key is `id`; resolves to the new id as exact decimal text. */
  abstract insert(sql: string, params: readonly unknown[]): Promise<string>;
}

interface SqliteStatement {
  all(...params: unknown[]): unknown[];
  get(...params: unknown[]): unknown;
}

class SqliteExecutor extends SqlExecutor {
  private readonly statements = new Map<string, SqliteStatement>();

  constructor(private readonly db: { prepare(sql: string): SqliteStatement }) {
    super();
  }

  async select<Row>(sql: string, params: readonly unknown[]): Promise<Row[]> {
    return this.prepared(sql).all(...params) as Row[];
  }

  async insert(sql: string, params: readonly unknown[]): Promise<string> {
    return (this.prepared(`${sql} RETURNING CAST(id AS CHAR) AS id`).get(...params) as { id: string }).id;
  }

  private prepared(sql: string): SqliteStatement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }
}

interface MysqlPool {
  execute(sql: string, params: unknown[], callback: (error: Error | null, result: unknown) => void): void;
}

class MysqlExecutor extends SqlExecutor {
  constructor(private readonly pool: MysqlPool) {
    super();
  }

  select<Row>(sql: string, params: readonly unknown[]): Promise<Row[]> {
    return this.execute(sql, params) as Promise<Row[]>;
  }

  async insert(sql: string, params: readonly unknown[]): Promise<string> {
    // With supportBigNumbers and bigNumberStrings the insert id is a string once it passes 2^53.
    return String(((await this.execute(sql, params)) as { insertId: number | string }).insertId);
  }

  private execute(sql: string, params: readonly unknown[]): Promise<unknown> {
    return new Promise((resolve, reject) => this.pool.execute(sql, [...params], (error, result) => (error ? reject(error) : resolve(result))));
  }
}

export function createSqlExecutor(dataSource: DataSource): SqlExecutor {
  const driver = dataSource.driver as unknown as { databaseConnection?: unknown; pool?: unknown };
  if (dataSource.options.type === 'better-sqlite3') return new SqliteExecutor(driver.databaseConnection as ConstructorParameters<typeof SqliteExecutor>[0]);
  if (dataSource.options.type === 'mysql') return new MysqlExecutor(driver.pool as MysqlPool);
  throw new Error(`No SQL executor for ${dataSource.options.type}`);
}

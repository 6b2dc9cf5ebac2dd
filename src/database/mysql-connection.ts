/** The mysql2 connection a QueryRunner holds. */
export interface MysqlConnection {
  execute(
    sql: string,
    params: unknown[],
    callback: (error: Error | null, result: unknown) => void,
  ): void;
  query(sql: string, callback: (error: Error | null, result: unknown) => void): void;
  destroy(): void;
}

/** Where a MySQL call runs: the primary, or one replica's node in TypeORM's mysql2 PoolCluster. */
export type MysqlNode = 'primary' | { replica: string };

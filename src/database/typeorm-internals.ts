import type { DataSource, QueryRunner } from 'typeorm';
import type { MysqlConnection } from './mysql-connection.js';

// The one place that uses TypeORM members it does not make public; typeorm-internals.spec.ts fails
// when an upgrade changes them.

/** MysqlQueryRunner's protected fields, through which connect() resolves. */
interface GivenConnection {
  databaseConnection?: MysqlConnection;
  databaseConnectionPromise?: Promise<MysqlConnection>;
}

/** mysql2's PoolCluster, TypeORM's MysqlDriver.poolCluster with replication. */
interface PoolCluster {
  getConnection(
    node: string,
    callback: (error: Error | null, connection: MysqlConnection & NodeJS.EventEmitter) => void,
  ): void;
}

/** A QueryRunner on one named replica (TypeORM's 'slave' mode picks any). */
export function replicaQueryRunner(
  dataSource: DataSource,
  node: string,
  withManager = true,
): QueryRunner {
  const runner = withManager
    ? dataSource.createQueryRunner('slave')
    : dataSource.driver.createQueryRunner('slave');
  const given = runner as unknown as GivenConnection;
  const { poolCluster } = dataSource.driver as unknown as { poolCluster: PoolCluster };
  given.databaseConnectionPromise = new Promise((resolve, reject) =>
    poolCluster.getConnection(node, (error, connection) => {
      if (error) return reject(error);
      // As TypeORM does for its own connections: an idle connection's error must not crash the
      // process.
      if (connection.listeners('error').length === 0) connection.on('error', () => undefined);
      given.databaseConnection = connection;
      resolve(connection);
    }),
  );
  return runner;
}

import { EventEmitter } from 'node:events';
import { jest } from '@jest/globals';
import type { DataSource } from 'typeorm';
import { MysqlQueryRunner } from 'typeorm/driver/mysql/MysqlQueryRunner.js';
import { replicaQueryRunner } from './typeorm-internals.js';

// Fails when a TypeORM upgrade changes the members typeorm-internals.ts relies on:
// MysqlQueryRunner's connect() and release() through its protected databaseConnection(Promise), and
// the driver's poolCluster.
describe("TypeORM's members that typeorm-internals.ts uses", () => {
  function replicated() {
    const connection = Object.assign(new EventEmitter(), { node: 'SLAVE1', release: jest.fn() });
    const driver = {
      createQueryRunner: (mode: 'master' | 'slave') => new MysqlQueryRunner(driver as never, mode),
      isReplicated: true,
      dataSource: {},
      obtainSlaveConnection: jest.fn(() => Promise.reject(new Error('any replica'))),
      obtainMasterConnection: jest.fn(() => Promise.reject(new Error('the primary'))),
      poolCluster: {
        getConnection: jest.fn((_node: string, callback: (e: null, c: unknown) => void) =>
          callback(null, connection),
        ),
      },
    };
    const dataSource = {
      driver,
      createQueryRunner: (mode: 'master' | 'slave') => new MysqlQueryRunner(driver as never, mode),
    } as unknown as DataSource;
    return { dataSource, driver, connection };
  }

  it.each([
    ["with an EntityManager (the DataSource's runner)", true],
    ["without (the driver's)", false],
  ])(
    "gives a real MysqlQueryRunner %s the named replica's connection: connect() resolves to it, release() returns it",
    async (_, withManager) => {
      const { dataSource, driver, connection } = replicated();
      const runner = replicaQueryRunner(dataSource, 'SLAVE1', withManager);
      expect(runner).toBeInstanceOf(MysqlQueryRunner);
      await expect(runner.connect()).resolves.toBe(connection);
      await expect(runner.connect()).resolves.toBe(connection);
      expect(driver.poolCluster.getConnection.mock.calls.map(([node]) => node)).toEqual(['SLAVE1']);
      expect(driver.obtainSlaveConnection).not.toHaveBeenCalled();
      expect(driver.obtainMasterConnection).not.toHaveBeenCalled();
      // As TypeORM does for its own: an idle connection's error event has a listener.
      expect(connection.listenerCount('error')).toBe(1);
      await runner.release();
      expect(connection.release).toHaveBeenCalledTimes(1);
    },
  );
});

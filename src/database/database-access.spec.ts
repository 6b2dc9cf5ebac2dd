import { jest } from '@jest/globals';
import type { DataSource, Repository } from 'typeorm';
import { PetEntity } from '../pets/pet.entity.js';
import { migratedSqlite } from './migrated-sqlite.fixture.js';
import { AppException } from '../common/errors/app.exception.js';
import { ErrorCode } from '../common/errors/error-code.enum.js';
import { DatabaseAccess } from './database-access.js';
import type { ReplicaReadSet } from './replica-read-set.js';
import {
  ANSWER_DEADLINE_MS,
  DEFAULT_DATABASE_POOL,
  STATEMENT_DEADLINE_MS,
  type DatabasePool,
} from './database-availability.js';

const CONNECTION_WAIT_MS = DEFAULT_DATABASE_POOL.waitMs;

const failure = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => 'resolved',
    (rejected: unknown) => rejected,
  );

/** mysql2's errors as TypeORM passes them on: wrapped in a QueryFailedError, as driverError. */
const driverError = (fields: Record<string, unknown>) =>
  Object.assign(new Error('Query failed'), {
    driverError: Object.assign(new Error('driver'), fields),
  });
const connectionLost = () => driverError({ code: 'PROTOCOL_CONNECTION_LOST', fatal: true });
const lockWaitTimeout = () => driverError({ code: 'ER_LOCK_WAIT_TIMEOUT', errno: 1205 });
const statementTimeout = () => driverError({ errno: 1969 });

/**
 * A mysql2 pool connection that answers SELECT VERSION() with `version` and any other query with no
 * rows.
 */
function fakeConnection(version: string) {
  return {
    execute: jest.fn(),
    destroy: jest.fn(),
    release: jest.fn(),
    query: jest.fn((sql: string, callback: (error: null, rows: unknown) => void) =>
      callback(null, sql.startsWith('SELECT VERSION()') ? [{ version }] : []),
    ),
  };
}

/**
 * A MySQL DataSource whose QueryRunners connect to one fake pool connection when `connected`
 * resolves, and give it back to the pool on release; TypeORM work gets `runner.manager`.
 */
function fakeMysql(version = '10.11.6-MariaDB-0+deb12u1', pool?: DatabasePool) {
  const connection = fakeConnection(version);
  let arrive!: () => void;
  const connected = new Promise<void>((resolve) => (arrive = resolve));
  const modes: string[] = [];
  const runner = {
    manager: { name: 'runner manager' },
    connect: jest.fn(() => connected.then(() => connection)),
    release: jest.fn(() => Promise.resolve(connection.release())),
    startTransaction: jest.fn(() => Promise.resolve()),
    commitTransaction: jest.fn(() => Promise.resolve()),
    rollbackTransaction: jest.fn(() => Promise.resolve()),
  };
  // Runners for TypeORM work come with an EntityManager (the DataSource's), runners for prepared
  // statements without (the driver's).
  const dataSource = {
    options: { type: 'mariadb' },
    createQueryRunner: (mode: string) => (modes.push(mode), runner),
    driver: { createQueryRunner: (mode: string) => (modes.push(`driver ${mode}`), runner) },
  } as unknown as DataSource;
  return { access: new DatabaseAccess(dataSource, pool), runner, connection, arrive, modes };
}

function connectedMysql(version?: string) {
  const mysql = fakeMysql(version);
  mysql.arrive();
  return mysql;
}

/** A repository whose INSERT resolves to the given raw driver result. */
function repositoryInserting(raw: unknown): Repository<{ id: bigint }> {
  const builder = {
    insert: () => builder,
    values: () => builder,
    updateEntity: () => builder,
    execute: () => Promise.resolve({ raw }),
  };
  return { createQueryBuilder: () => builder } as unknown as Repository<{ id: bigint }>;
}

describe('DatabaseAccess on MySQL', () => {
  it('gives every pool connection the database-enforced limits and the SQL mode once, before its first statement', async () => {
    const { access, connection } = connectedMysql();
    await access.read(() => Promise.resolve(1));
    await access.write(() => Promise.resolve(2));
    expect(connection.query.mock.calls.map(([sql]) => sql)).toEqual([
      'SELECT VERSION() AS version',
      'SET SESSION max_statement_time = 1.5, lock_wait_timeout = 1, innodb_lock_wait_timeout = 1, ' +
        "sql_mode = 'ONLY_FULL_GROUP_BY,STRICT_ALL_TABLES,NO_ZERO_IN_DATE,NO_ZERO_DATE,ERROR_FOR_DIVISION_BY_ZERO,NO_ENGINE_SUBSTITUTION'",
    ]);
  });

  it("uses MySQL's own statement limit on MySQL", async () => {
    const { access, connection } = connectedMysql('8.4.3');
    await access.read(() => Promise.resolve(1));
    expect(connection.query.mock.calls.map(([sql]) => sql)).toEqual([
      'SELECT VERSION() AS version',
      'SET SESSION max_execution_time = 1500, lock_wait_timeout = 1, innodb_lock_wait_timeout = 1, ' +
        "sql_mode = 'ONLY_FULL_GROUP_BY,STRICT_ALL_TABLES,NO_ZERO_IN_DATE,NO_ZERO_DATE,ERROR_FOR_DIVISION_BY_ZERO,NO_ENGINE_SUBSTITUTION'",
    ]);
  });

  it("hands the work the EntityManager of a primary's QueryRunner, and releases the runner", async () => {
    const { access, runner, modes } = connectedMysql();
    await expect(access.read((manager) => Promise.resolve(manager))).resolves.toBe(runner.manager);
    expect(modes).toEqual(['master']);
    expect(runner.release).toHaveBeenCalledTimes(1);
  });

  it("runs a prepared statement with mysql2 execute on a driver QueryRunner's connection, and releases it", async () => {
    const { access, connection, modes } = connectedMysql();
    connection.execute.mockImplementation((...args: unknown[]) =>
      (args[2] as (e: null, r: unknown) => void)(null, [{ id: 5 }]),
    );
    await expect(access.prepared('SELECT id FROM pets WHERE id = ?', [5n])).resolves.toEqual([
      { id: 5 },
    ]);
    expect(connection.execute.mock.calls[0].slice(0, 2)).toEqual([
      'SELECT id FROM pets WHERE id = ?',
      [5n],
    ]);
    expect(modes).toEqual(['driver master']);
    expect(connection.release).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a lock wait timeout', lockWaitTimeout],
    ['a statement timeout', statementTimeout],
  ])(
    'answers 503 SERVICE_UNAVAILABLE with Retry-After for a write the database rolled back: %s',
    async (_name, error) => {
      const { access } = connectedMysql();
      const refused = await failure(access.write(() => Promise.reject(error())));
      expect(refused).toBeInstanceOf(AppException);
      expect(refused).toMatchObject({
        code: ErrorCode.SERVICE_UNAVAILABLE,
        headers: { 'Retry-After': '2' },
      });
      expect((refused as Error).message).toMatch(
        /^The service is busy: .*; nothing was changed\. Retry in 2 seconds\.$/,
      );
    },
  );

  it('answers 504 OUTCOME_UNKNOWN when the connection breaks while a write is out', async () => {
    const { access } = connectedMysql();
    await expect(
      failure(access.write(() => Promise.reject(connectionLost()))),
    ).resolves.toMatchObject({ code: ErrorCode.OUTCOME_UNKNOWN });
  });

  it('answers 503 "not reachable" when the connection breaks under a read: nothing was to be changed', async () => {
    const { access } = connectedMysql();
    await expect(
      failure(access.read(() => Promise.reject(connectionLost()))),
    ).resolves.toMatchObject({
      code: ErrorCode.SERVICE_UNAVAILABLE,
      message: expect.stringMatching(
        /^The database is not reachable right now; nothing was changed/,
      ),
    });
  });

  it('answers 503 when mysql2 would not send on a connection already closed', async () => {
    const { access } = connectedMysql();
    const closed = Object.assign(
      new Error("Can't add new command when connection is in closed state"),
      { fatal: undefined },
    );
    await expect(failure(access.write(() => Promise.reject(closed)))).resolves.toMatchObject({
      code: ErrorCode.SERVICE_UNAVAILABLE,
    });
  });

  it('passes other errors on as they are, for the filter to answer 500', async () => {
    const { access } = connectedMysql();
    const syntax = driverError({ code: 'ER_PARSE_ERROR', errno: 1064 });
    await expect(access.write(() => Promise.reject(syntax))).rejects.toBe(syntax);
  });

  describe('with timers', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('answers 503 when no pool connection comes in time, never runs the work, and releases the late connection', async () => {
      const { access, connection, arrive } = fakeMysql();
      const work = jest.fn(() => Promise.resolve('ran'));
      const result = failure(access.write(work));
      expect(access.poolStats()).toEqual({ inUse: 1, idle: 9, waiting: 0 });
      await jest.advanceTimersByTimeAsync(CONNECTION_WAIT_MS);
      await expect(result).resolves.toMatchObject({
        code: ErrorCode.SERVICE_UNAVAILABLE,
        message: expect.stringMatching(
          /^The service is busy: no database connection came free within 5 s; nothing was changed/,
        ),
      });
      expect(access.poolStats()).toEqual({ inUse: 0, idle: 10, waiting: 0 });
      expect(connection.release).not.toHaveBeenCalled();
      arrive();
      await jest.advanceTimersByTimeAsync(0);
      expect(work).not.toHaveBeenCalled();
      expect(connection.query).not.toHaveBeenCalled();
      expect(connection.release).toHaveBeenCalledTimes(1);
    });

    it('answers 504 when a write gets no answer in time, and closes its connection so it cannot commit later', async () => {
      const { access, connection } = connectedMysql();
      const result = failure(access.write(() => new Promise(() => {})));
      await jest.advanceTimersByTimeAsync(ANSWER_DEADLINE_MS - 1);
      expect(connection.destroy).not.toHaveBeenCalled();
      await jest.advanceTimersByTimeAsync(1);
      await expect(result).resolves.toMatchObject({ code: ErrorCode.OUTCOME_UNKNOWN });
      expect(connection.destroy).toHaveBeenCalled();
    });

    it('answers 503 when a read gets no answer in time', async () => {
      const { access } = connectedMysql();
      const result = failure(access.read(() => new Promise(() => {})));
      await jest.advanceTimersByTimeAsync(ANSWER_DEADLINE_MS);
      await expect(result).resolves.toMatchObject({ code: ErrorCode.SERVICE_UNAVAILABLE });
    });

    it('takes its pool size and wait from DB_POOL_SIZE and DB_POOL_WAIT_MS', async () => {
      const { access } = fakeMysql(undefined, { size: 3, waitMs: 200 });
      const result = failure(access.read(() => Promise.resolve('never')));
      for (let i = 0; i < 3; i++) access.read(() => new Promise(() => {})).catch(() => undefined);
      expect(access.poolStats()).toEqual({ inUse: 3, idle: 0, waiting: 1 });
      await jest.advanceTimersByTimeAsync(200);
      await expect(result).resolves.toMatchObject({
        message: expect.stringMatching(/within 0.2 s/),
      });
    });

    it('reports calls beyond the pool size as waiting', async () => {
      const { access } = fakeMysql();
      for (let i = 0; i < 12; i++) access.read(() => new Promise(() => {})).catch(() => undefined);
      expect(access.poolStats()).toEqual({ inUse: 10, idle: 0, waiting: 2 });
      await jest.advanceTimersByTimeAsync(CONNECTION_WAIT_MS);
      expect(access.poolStats()).toEqual({ inUse: 0, idle: 10, waiting: 0 });
    });
  });

  describe('transaction', () => {
    it('commits what the work did, and the calls inside join it on its connection', async () => {
      const { access, runner, connection } = connectedMysql();
      connection.execute.mockImplementation((...args: unknown[]) =>
        (args[2] as (e: null, r: unknown) => void)(null, { insertId: '7' }),
      );
      const id = await access.transaction(async () => {
        await expect(access.read((manager) => Promise.resolve(manager))).resolves.toBe(
          runner.manager,
        );
        return access.prepared('INSERT INTO t VALUES (?)', [1], 'insert');
      });
      expect(id).toBe(7n);
      expect(runner.startTransaction).toHaveBeenCalledTimes(1);
      expect(runner.commitTransaction).toHaveBeenCalledTimes(1);
      expect(runner.rollbackTransaction).not.toHaveBeenCalled();
    });

    it('rolls back and passes on an error the work throws', async () => {
      const { access, runner } = connectedMysql();
      const refusal = new AppException(ErrorCode.NOT_FOUND, 'no such pet');
      await expect(access.transaction(() => Promise.reject(refusal))).rejects.toBe(refusal);
      expect(runner.rollbackTransaction).toHaveBeenCalled();
      expect(runner.commitTransaction).not.toHaveBeenCalled();
    });

    it('answers 503 when the connection breaks before COMMIT: the server rolls an open transaction back', async () => {
      const { access } = connectedMysql();
      await expect(
        failure(access.transaction(() => Promise.reject(connectionLost()))),
      ).resolves.toMatchObject({ code: ErrorCode.SERVICE_UNAVAILABLE });
    });

    it('answers 504 when the connection breaks during COMMIT', async () => {
      const { access, runner } = connectedMysql();
      runner.commitTransaction.mockRejectedValue(connectionLost());
      await expect(
        failure(access.transaction(() => Promise.resolve('done'))),
      ).resolves.toMatchObject({ code: ErrorCode.OUTCOME_UNKNOWN });
    });
  });

  describe('with read replicas', () => {
    /**
     * A primary and a replica (the PoolCluster's node SLAVE0), each its own fake connection, and a
     * read set that offers the replica or not; records which node each call took.
     */
    function replicated(replica: { fails?: boolean; readable?: boolean } = {}) {
      const nodes: string[] = [];
      const connectionOf = (node: string) => ({
        node,
        ...fakeConnection('10.11.6-MariaDB'),
        listeners: () => [],
        on: jest.fn(),
      });
      // As MysqlQueryRunner does: connect() resolves to a connection it was given, else the
      // primary's.
      const runnerOf = () => {
        const runner = {
          databaseConnection: undefined as { node: string } | undefined,
          databaseConnectionPromise: undefined as Promise<unknown> | undefined,
          connect: () => {
            if (runner.databaseConnectionPromise) return runner.databaseConnectionPromise;
            nodes.push('primary');
            runner.databaseConnection = connectionOf('primary');
            return Promise.resolve(runner.databaseConnection);
          },
          release: () => Promise.resolve(),
          get manager() {
            return { node: runner.databaseConnection?.node };
          },
        };
        return runner;
      };
      const poolCluster = {
        getConnection(node: string, callback: (error: Error | null, connection?: unknown) => void) {
          nodes.push(node);
          if (replica.fails)
            callback(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
          else callback(null, connectionOf(node));
        },
      };
      const dataSource = {
        options: { type: 'mariadb', replication: {} },
        driver: { poolCluster, createQueryRunner: runnerOf },
        createQueryRunner: runnerOf,
      } as unknown as DataSource;
      const readSet = {
        configured: true,
        pick: () => (replica.readable === false ? undefined : 'SLAVE0'),
      } as unknown as ReplicaReadSet;
      return { access: new DatabaseAccess(dataSource, undefined, readSet), nodes };
    }
    const nodeOf = (manager: unknown) => Promise.resolve((manager as { node: string }).node);

    it('reads on a replica of the read set and writes on the primary', async () => {
      const { access, nodes } = replicated();
      await expect(access.read(nodeOf)).resolves.toBe('SLAVE0');
      await expect(access.write(nodeOf)).resolves.toBe('primary');
      expect(nodes).toEqual(['SLAVE0', 'primary']);
    });

    it('reads on the primary, trying no replica, when none is within the lag bound', async () => {
      const { access, nodes } = replicated({ readable: false });
      await expect(access.read(nodeOf)).resolves.toBe('primary');
      expect(nodes).toEqual(['primary']);
    });

    it('reads on the primary what must reflect every committed write (readPrimary), and all reads of a call that asked (readingFromPrimary)', async () => {
      const { access, nodes } = replicated();
      await expect(access.readPrimary(nodeOf)).resolves.toBe('primary');
      await expect(access.readingFromPrimary(() => access.read(nodeOf))).resolves.toBe('primary');
      await expect(access.read(nodeOf)).resolves.toBe('SLAVE0');
      expect(nodes).toEqual(['primary', 'primary', 'SLAVE0']);
    });

    it('reads on the primary when the replica does not answer', async () => {
      const { access, nodes } = replicated({ fails: true });
      await expect(access.read(nodeOf)).resolves.toBe('primary');
      expect(nodes).toEqual(['SLAVE0', 'primary']);
    });

    it('asks the primary again when the replica result may be stale (a miss by id)', async () => {
      const { access } = replicated();
      const found = (manager: unknown) =>
        Promise.resolve((manager as { node: string }).node === 'primary' ? 'found' : null);
      await expect(access.read(found, (result) => result === null)).resolves.toBe('found');
    });
  });

  it.each([
    ['better-sqlite3 lastInsertRowid', 9223372036854775807n, 9223372036854775807n],
    ['a mysql2 insertId above 2^53', { insertId: '9007199254740993' }, 9007199254740993n],
    ['a mysql2 insertId as a safe number', { insertId: 42 }, 42n],
  ])('reads the new id exactly from %s', async (_name, raw, id) => {
    const { access, runner } = connectedMysql();
    Object.assign(runner.manager, { withRepository: (repository: unknown) => repository });
    await expect(access.insert(repositoryInserting(raw), { id: 1n })).resolves.toBe(id);
  });

  it('refuses an id it cannot read exactly rather than return a rounded one', async () => {
    const { access, runner } = connectedMysql();
    Object.assign(runner.manager, { withRepository: (repository: unknown) => repository });
    await expect(access.insert(repositoryInserting({ insertId: 2 ** 60 }), {})).rejects.toThrow(
      /no id/,
    );
  });
});

describe('DatabaseAccess on SQLite', () => {
  const sqliteAccess = () =>
    new DatabaseAccess({ options: { type: 'better-sqlite3' }, manager: {} } as DataSource);
  const busy = () => driverError({ code: 'SQLITE_BUSY' });

  describe('while another process holds the write lock (SQLITE_BUSY)', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('tries again on timers, not blocking, and answers once the lock is gone', async () => {
      let attempts = 0;
      const result = sqliteAccess().write(() =>
        ++attempts < 4 ? Promise.reject(busy()) : Promise.resolve('done'),
      );
      await jest.advanceTimersByTimeAsync(1_000);
      await expect(result).resolves.toBe('done');
      expect(attempts).toBe(4);
    });

    it('answers 503 SERVICE_UNAVAILABLE (nothing was written) once the deadline passes', async () => {
      let attempts = 0;
      const result = failure(sqliteAccess().write(() => (attempts++, Promise.reject(busy()))));
      await jest.advanceTimersByTimeAsync(STATEMENT_DEADLINE_MS + 500);
      await expect(result).resolves.toMatchObject({ code: ErrorCode.SERVICE_UNAVAILABLE });
      expect(attempts).toBeGreaterThan(5);
    });
  });

  it('passes other errors on as they are, for the filter to answer 500', async () => {
    const constraint = Object.assign(new Error('NOT NULL constraint failed'), {
      code: 'SQLITE_CONSTRAINT_NOTNULL',
    });
    await expect(sqliteAccess().write(() => Promise.reject(constraint))).rejects.toBe(constraint);
  });

  describe('transaction, on a real in-memory database', () => {
    const insert = 'INSERT INTO pets (name, category_id, status) VALUES (?, ?, ?)';
    const count = async (access: DatabaseAccess) =>
      (await access.prepared<{ n: bigint }>('SELECT COUNT(*) AS n FROM pets', []))[0].n;

    it('commits on success and rolls back on failure', async () => {
      const { dataSource, access } = await migratedSqlite();
      try {
        await access.transaction(() => access.prepared(insert, ['Kept', 1n, null], 'insert'));
        const refusal = new Error('refused after the insert');
        await expect(
          access.transaction(
            async () => (
              await access.prepared(insert, ['Dropped', 1n, null], 'insert'),
              Promise.reject(refusal)
            ),
          ),
        ).rejects.toBe(refusal);
        expect(await access.prepared<{ name: string }>('SELECT name FROM pets', [])).toEqual([
          { name: 'Kept' },
        ]);
      } finally {
        await dataSource.destroy();
      }
    });

    it('keeps other calls out of an open transaction (one connection): they wait for it, and never join its rollback', async () => {
      const { dataSource, access } = await migratedSqlite();
      try {
        let inserted!: () => void;
        const insertedInside = new Promise<void>((resolve) => (inserted = resolve));
        let rollBack!: () => void;
        const rollBackNow = new Promise<void>((resolve) => (rollBack = resolve));
        const transaction = access.transaction(async () => {
          await access.prepared(insert, ['Rolled back', 1n, null], 'insert');
          inserted();
          await rollBackNow;
          throw new Error('roll back');
        });
        await insertedInside;
        // Another request's write and read arrive while the transaction is open: they wait.
        const outsideWrite = access.prepared(insert, ['Outside', 2n, null], 'insert');
        const outsideRead = access.prepared<{ name: string }>('SELECT name FROM pets', []);
        let settled = false;
        void Promise.all([outsideWrite, outsideRead]).then(() => (settled = true));
        await new Promise((wait) => setTimeout(wait, 20));
        expect(settled).toBe(false);
        rollBack();
        await expect(transaction).rejects.toThrow('roll back');
        await outsideWrite;
        await expect(outsideRead).resolves.toEqual([{ name: 'Outside' }]);
        expect(await access.prepared<{ name: string }>('SELECT name FROM pets', [])).toEqual([
          { name: 'Outside' },
        ]);
        expect(await count(access)).toBe(1n);
      } finally {
        await dataSource.destroy();
      }
    });

    it('never lets a transaction begin under a write already started outside it (TypeORM runs statements a few ticks later), and answers that write only once it is stored', async () => {
      const { dataSource, access } = await migratedSqlite();
      try {
        const pets = dataSource.getRepository(PetEntity);
        const id = await access.insert(pets, { name: 'Before', categoryId: 1n, status: null });
        const outside = access.write((manager) =>
          manager.withRepository(pets).update({ id }, { name: 'After' }),
        );
        const rolledBack = access.transaction(async (manager) => {
          await manager.withRepository(pets).update({ id }, { categoryId: 2n });
          throw new Error('roll back');
        });
        await expect(outside).resolves.toMatchObject({ affected: 1 });
        await expect(rolledBack).rejects.toThrow('roll back');
        expect(await pets.findOneBy({ id })).toMatchObject({ name: 'After', categoryId: 1n });
      } finally {
        await dataSource.destroy();
      }
    });
  });
});

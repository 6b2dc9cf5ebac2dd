import { jest } from '@jest/globals';
import type { DataSource, Repository } from 'typeorm';
import { AppException } from '../common/errors/app.exception.js';
import { ErrorCode } from '../common/errors/error-code.enum.js';
import { DatabaseAccess } from './database-access.js';
import { STATEMENT_DEADLINE_MS } from './database-availability.js';

const access = (type: string) => new DatabaseAccess({ options: { type } } as DataSource);

/** A repository whose INSERT resolves to the given raw driver result. */
function repositoryInserting(raw: unknown): Repository<{ id: bigint }> {
  const builder = { insert: () => builder, values: () => builder, updateEntity: () => builder, execute: () => Promise.resolve({ raw }) };
  return { createQueryBuilder: () => builder } as unknown as Repository<{ id: bigint }>;
}

describe('DatabaseAccess', () => {
  it.each(['better-sqlite3', 'mysql'])('on %s, turns an unreachable database into 503 SERVICE_UNAVAILABLE with Retry-After', async (type) => {
    // TypeORM wraps the driver's error in a QueryFailedError, as driverError.
    const lost = Object.assign(new Error('Query failed'), { driverError: Object.assign(new Error('Connection lost'), { code: 'PROTOCOL_CONNECTION_LOST' }) });
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    for (const error of [lost, refused]) {
      const failure = await access(type)
        .run(() => Promise.reject(error))
        .catch((rejected: unknown) => rejected);
      expect(failure).toBeInstanceOf(AppException);
      expect(failure).toMatchObject({ code: ErrorCode.SERVICE_UNAVAILABLE, headers: { 'Retry-After': '2' } });
    }
  });

  describe('on SQLite, while another process holds the write lock (SQLITE_BUSY)', () => {
    const busy = () => Object.assign(new Error('Query failed'), { driverError: Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' }) });
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('tries again on timers, not blocking, and answers once the lock is gone', async () => {
      let attempts = 0;
      const result = access('better-sqlite3').run(() => (++attempts < 4 ? Promise.reject(busy()) : Promise.resolve('done')));
      await jest.advanceTimersByTimeAsync(1_000);
      await expect(result).resolves.toBe('done');
      expect(attempts).toBe(4);
    });

    it('answers 503 SERVICE_UNAVAILABLE (nothing was written) once the deadline passes', async () => {
      let attempts = 0;
      const result = access('better-sqlite3')
        .run(() => (attempts++, Promise.reject(busy())))
        .catch((rejected: unknown) => rejected);
      await jest.advanceTimersByTimeAsync(STATEMENT_DEADLINE_MS + 500);
      await expect(result).resolves.toMatchObject({ code: ErrorCode.SERVICE_UNAVAILABLE });
      expect(attempts).toBeGreaterThan(5);
    });
  });

  it('passes other errors on as they are, for the filter to answer 500', async () => {
    const constraint = Object.assign(new Error('NOT NULL constraint failed'), { code: 'SQLITE_CONSTRAINT_NOTNULL' });
    await expect(access('better-sqlite3').run(() => Promise.reject(constraint))).rejects.toBe(constraint);
  });

  it('on MySQL, answers 503 once the deadline passes, waiting for a connection included', async () => {
    jest.useFakeTimers();
    try {
      const database = access('mysql');
      const hanging = database.run(() => new Promise(() => {})).catch((rejected: unknown) => rejected);
      expect(database.poolStats()).toEqual({ inUse: 1, idle: 9, waiting: 0 });
      jest.advanceTimersByTime(STATEMENT_DEADLINE_MS);
      await expect(hanging).resolves.toMatchObject({ code: ErrorCode.SERVICE_UNAVAILABLE });
      expect(database.poolStats()).toEqual({ inUse: 0, idle: 10, waiting: 0 });
    } finally {
      jest.useRealTimers();
    }
  });

  it('reports calls beyond the pool size as waiting', async () => {
    jest.useFakeTimers();
    try {
      const database = access('mysql');
      for (let i = 0; i < 12; i++) database.run(() => new Promise(() => {})).catch(() => undefined);
      expect(database.poolStats()).toEqual({ inUse: 10, idle: 0, waiting: 2 });
      await jest.advanceTimersByTimeAsync(STATEMENT_DEADLINE_MS);
      expect(database.poolStats()).toEqual({ inUse: 0, idle: 10, waiting: 0 });
    } finally {
      jest.useRealTimers();
    }
  });

  it.each([
    ['better-sqlite3 lastInsertRowid', 9223372036854775807n, 9223372036854775807n],
    ['a mysql2 insertId above 2^53', { insertId: '9007199254740993' }, 9007199254740993n],
    ['a mysql2 insertId as a safe number', { insertId: 42 }, 42n],
  ])('reads the new id exactly from %s', async (_name, raw, id) => {
    await expect(access('mysql').insert(repositoryInserting(raw), { id: 1n })).resolves.toBe(id);
  });

  it('refuses an id it cannot read exactly rather than return a rounded one', async () => {
    await expect(access('mysql').insert(repositoryInserting({ insertId: 2 ** 60 }), {})).rejects.toThrow(/no id/);
  });
});

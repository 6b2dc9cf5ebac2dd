import type { DataSource } from 'typeorm';
import { AppException } from '../common/errors/app.exception.js';
import { ErrorCode } from '../common/errors/error-code.enum.js';
import { createSqlExecutor } from './sql-executor.js';

function sqliteExecutor(statement: { all: () => unknown[]; get: () => unknown }) {
  const prepared: string[] = [];
  const dataSource = {
    options: { type: 'better-sqlite3' },
    driver: { databaseConnection: { prepare: (sql: string) => (prepared.push(sql), statement) } },
  } as unknown as DataSource;
  return { executor: createSqlExecutor(dataSource), prepared };
}

const failing = (error: unknown) => () => {
  throw error;
};

describe('SqlExecutor on SQLite', () => {
  it('prepares each statement once and resolves to its rows', async () => {
    const { executor, prepared } = sqliteExecutor({ all: () => [{ id: '1' }], get: () => ({ id: '7' }) });
    await expect(executor.select('SELECT 1', [])).resolves.toEqual([{ id: '1' }]);
    await expect(executor.select('SELECT 1', [])).resolves.toEqual([{ id: '1' }]);
    await expect(executor.insert('INSERT INTO pets (name) VALUES (?)', ['x'])).resolves.toBe('7');
    expect(prepared).toEqual(['SELECT 1', 'INSERT INTO pets (name) VALUES (?) RETURNING CAST(id AS CHAR) AS id']);
  });

  it('rejects (never throws) with 503 SERVICE_UNAVAILABLE when the database is busy', async () => {
    const busy = Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
    const { executor } = sqliteExecutor({ all: failing(busy), get: failing(busy) });
    for (const attempt of [() => executor.select('SELECT 1', []), () => executor.insert('INSERT', [])]) {
      const result = attempt();
      expect(result).toBeInstanceOf(Promise);
      const error = await result.catch((rejected: unknown) => rejected);
      expect(error).toBeInstanceOf(AppException);
      expect(error).toMatchObject({ code: ErrorCode.SERVICE_UNAVAILABLE, status: 503, headers: { 'Retry-After': '2' } });
    }
  });

  it('passes other errors on as they are, for the filter to answer 500', async () => {
    const constraint = Object.assign(new Error('NOT NULL constraint failed'), { code: 'SQLITE_CONSTRAINT_NOTNULL' });
    const { executor } = sqliteExecutor({ all: failing(constraint), get: failing(constraint) });
    await expect(executor.select('SELECT 1', [])).rejects.toBe(constraint);
  });
});

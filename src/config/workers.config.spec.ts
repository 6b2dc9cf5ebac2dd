import { availableParallelism } from 'node:os';
import type { DatabaseConfig } from './database-url.js';
import type { Env } from './env.js';
import { readEnvironment } from './environment.js';
import { parseWorkers, startsWorkers, usableCpus, workersPastCpus } from './workers.config.js';

const SQLITE: DatabaseConfig = { type: 'sqlite', database: ':memory:' };
const MYSQL = { type: 'mysql' } as DatabaseConfig;
const workersOf = (env: Env, database: DatabaseConfig) =>
  parseWorkers(readEnvironment(env), database);

describe('WORKERS', () => {
  it('defaults to one worker per usable CPU with MySQL, and to one with SQLite', () => {
    expect(workersOf({}, MYSQL)).toBe(Math.min(usableCpus(), 64));
    expect(workersOf({}, SQLITE)).toBe(1);
  });

  it("counts a container's CPU quota (cgroup v2 cpu.max), rounded up, within the CPUs it may run on", () => {
    const cpus = availableParallelism();
    expect(usableCpus('max 100000\n')).toBe(cpus);
    expect(usableCpus('50000 100000\n')).toBe(1);
    expect(usableCpus('150000 100000\n')).toBe(Math.min(cpus, 2));
    expect(usableCpus(`${(cpus + 4) * 100000} 100000`)).toBe(cpus);
  });

  it('takes 1 to 64 workers with MySQL', () => {
    expect(workersOf({ WORKERS: '3' }, MYSQL)).toBe(3);
    expect(() => workersOf({ WORKERS: '0' }, MYSQL)).toThrow(
      'WORKERS must be an integer from 1 to 64, got "0"',
    );
    expect(() => workersOf({ WORKERS: '65' }, MYSQL)).toThrow(/from 1 to 64/);
  });

  it('refuses more than one worker on SQLite, saying what to do, rather than lowering it', () => {
    expect(workersOf({ WORKERS: '1' }, SQLITE)).toBe(1);
    expect(() => workersOf({ WORKERS: '2' }, SQLITE)).toThrow(
      /WORKERS is 2, but the database is SQLite, which one process writes: set WORKERS=1/,
    );
  });

  it('warns of workers past the usable CPUs, with what they cost, and of none within them', () => {
    expect(workersPastCpus(2, 2, 10)).toBeUndefined();
    expect(workersPastCpus(1, 1, 10)).toBeUndefined();
    expect(workersPastCpus(16, 2, 10)).toBe(
      'WORKERS=16 is more than the 2 CPUs this process may use: the 14 past them serve nothing ' +
        'more (they take turns on the same CPUs) and cost about 2800 MB of memory and 140 ' +
        'database connections (DB_POOL_SIZE each); set WORKERS to 2 or less ' +
        '(docs/operations.md, "Choosing WORKERS")',
    );
    expect(workersPastCpus(2, 1, 5)).toMatch(/^WORKERS=2 is more than the 1 CPU this process/);
  });

  it('tells the tracing entry whether this process will be a primary in front of workers', () => {
    expect(startsWorkers({ DATABASE_URL: 'mysql://u:p@db/petstore', WORKERS: '2' })).toBe(true);
    expect(startsWorkers({ DATABASE_URL: 'mysql://u:p@db/petstore', WORKERS: '1' })).toBe(false);
    expect(startsWorkers({})).toBe(false);
    // A configuration that cannot start: no workers (the start reports the error).
    expect(startsWorkers({ WORKERS: '2' })).toBe(false);
  });
});

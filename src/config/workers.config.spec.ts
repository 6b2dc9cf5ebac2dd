import { availableParallelism } from 'node:os';
import type { DatabaseConfig } from './database-url.js';
import { parseWorkers, usableCpus } from './workers.config.js';

const SQLITE: DatabaseConfig = { type: 'sqlite', database: ':memory:' };
const MYSQL = { type: 'mysql' } as DatabaseConfig;

describe('WORKERS', () => {
  it('defaults to one worker per usable CPU with MySQL, and to one with SQLite', () => {
    expect(parseWorkers({}, MYSQL)).toBe(Math.min(usableCpus(), 64));
    expect(parseWorkers({}, SQLITE)).toBe(1);
  });

  it("counts a container's CPU quota (cgroup v2 cpu.max), rounded up, within the CPUs it may run on", () => {
    const cpus = availableParallelism();
    expect(usableCpus('max 100000\n')).toBe(cpus);
    expect(usableCpus('50000 100000\n')).toBe(1);
    expect(usableCpus('150000 100000\n')).toBe(Math.min(cpus, 2));
    expect(usableCpus(`${(cpus + 4) * 100000} 100000`)).toBe(cpus);
  });

  it('takes 1 to 64 workers with MySQL', () => {
    expect(parseWorkers({ WORKERS: '3' }, MYSQL)).toBe(3);
    expect(() => parseWorkers({ WORKERS: '0' }, MYSQL)).toThrow(
      'WORKERS must be an integer from 1 to 64, got "0"',
    );
    expect(() => parseWorkers({ WORKERS: '65' }, MYSQL)).toThrow(/from 1 to 64/);
  });

  it('refuses more than one worker on SQLite, saying what to do, rather than lowering it', () => {
    expect(parseWorkers({ WORKERS: '1' }, SQLITE)).toBe(1);
    expect(() => parseWorkers({ WORKERS: '2' }, SQLITE)).toThrow(
      /WORKERS is 2, but the database is SQLite, which one process writes: set WORKERS=1/,
    );
  });
});

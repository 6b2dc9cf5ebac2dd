import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { databaseFromEnv, type DatabaseConfig } from './database-url.js';
import type { Env } from './env.js';
import { ConfigValidationError } from './config-validation.error.js';
import { MAX_WORKERS, readEnvironment, type Environment } from './environment.js';

export { MAX_WORKERS };

/** What docs/operations.md budgets per worker ("What a worker costs"). */
const WORKER_MEMORY_MB = 200;

/** The cgroup v2 CPU quota of this container (docker --cpus, a Kubernetes CPU limit), if any. */
const CGROUP_CPU_MAX = '/sys/fs/cgroup/cpu.max';

/**
 * The CPUs this process may use: those it may run on, and no more than its container's CPU quota
 * allows (rounded up), which os.availableParallelism() does not read.
 */
export function usableCpus(cpuMax = readCpuMax()): number {
  const [quota, period] = cpuMax?.trim().split(' ') ?? [];
  const cpus = availableParallelism();
  if (quota === undefined || quota === 'max' || !(Number(period) > 0)) return cpus;
  return Math.max(1, Math.min(cpus, Math.ceil(Number(quota) / Number(period))));
}

function readCpuMax(): string | undefined {
  try {
    return readFileSync(CGROUP_CPU_MAX, 'utf8');
  } catch {
    return undefined;
  }
}

/** WORKERS: unset, one per usable CPU with MySQL, one with SQLite (where more is refused). */
export function parseWorkers(settings: Environment, database: DatabaseConfig): number {
  const workers = settings.WORKERS;
  if (workers === undefined)
    return database.type === 'sqlite' ? 1 : Math.min(usableCpus(), MAX_WORKERS);
  if (workers > 1 && database.type === 'sqlite')
    throw new ConfigValidationError(
      'WORKERS',
      `is ${workers}, but the database is SQLite, which one process writes: set WORKERS=1 (or ` +
        'leave it unset), or set DATABASE_URL to a MySQL or MariaDB server to run several workers',
    );
  return workers;
}

/** Whether a process started with `env` is a primary (a bad configuration says no; start reports it). */
export function startsWorkers(env: Env): boolean {
  try {
    return parseWorkers(readEnvironment(env), databaseFromEnv(env)) > 1;
  } catch {
    return false;
  }
}

/**
 * The start-up warning for more workers than usable CPUs (undefined when there are not): those
 * past the CPUs serve nothing more, and each costs a process's memory and a pool.
 */
export function workersPastCpus(
  workers: number,
  cpus: number,
  poolSize: number,
): string | undefined {
  if (workers <= cpus) return undefined;
  const past = workers - cpus;
  return (
    `WORKERS=${workers} is more than the ${cpus} ${cpus === 1 ? 'CPU' : 'CPUs'} this process may ` +
    `use: the ${past} past them serve nothing more (they take turns on the same CPUs) and cost ` +
    `about ${past * WORKER_MEMORY_MB} MB of memory and ${past * poolSize} database connections ` +
    `(DB_POOL_SIZE each); set WORKERS to ${cpus} or less (docs/operations.md, "Choosing WORKERS")`
  );
}

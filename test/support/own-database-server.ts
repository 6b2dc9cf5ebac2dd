import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from './compiled-server.js';
import type { Requirement } from './optional-suites.js';

const run = promisify(execFile);

/**
 * Which server the suites that start servers of their own start: `TEST_MYSQL_SERVER`, `mariadb`
 * (Debian's mariadbd, `.ci/mariadb.sh`) or `mysql` (Oracle MySQL, `.ci/mysql.sh`); by default the
 * family TEST_MYSQL_URL names (`mysql://` for Oracle MySQL, as `.ci/mysql.sh` prints it).
 */
export const SERVER_FAMILY: 'mariadb' | 'mysql' =
  (process.env.TEST_MYSQL_SERVER ??
    (process.env.TEST_MYSQL_URL?.startsWith('mysql://') ? 'mysql' : 'mariadb')) === 'mysql'
    ? 'mysql'
    : 'mariadb';

const SCRIPT = join(ROOT, `.ci/${SERVER_FAMILY}.sh`);
const MYSQL_ROOT = process.env.MYSQL_ROOT ?? '/var/tmp/petstore-mysql-root';

/** The family's name, for suite titles. */
export const SERVER_NAME = SERVER_FAMILY === 'mysql' ? 'Oracle MySQL' : 'MariaDB';

/** What a suite starting its own server needs, for optional-suites.ts. */
export const OWN_SERVER: Requirement =
  SERVER_FAMILY === 'mysql'
    ? { needs: 'Oracle MySQL', remedy: 'run bash .ci/mysql.sh install (as root)' }
    : { needs: 'mariadbd', remedy: 'install mariadb-server' };

/** True when the family's server can be started here. */
export function hasOwnServer(): boolean {
  return SERVER_FAMILY === 'mysql'
    ? existsSync(join(MYSQL_ROOT, 'usr/sbin/mysqld'))
    : spawnSync('mariadbd', ['--version']).status === 0;
}

function exportsOf(stdout: string): Record<string, string> {
  return Object.fromEntries([...stdout.matchAll(/(\w+)='([^']*)'/g)].map((m) => [m[1], m[2]]));
}

/**
 * A throwaway server of one suite's own (`.ci/<family>.sh start`), with an empty `petstore`
 * database. An outage test stops and starts this one, never the server the other suites share, so
 * suites may run side by side.
 */
export class OwnDatabaseServer {
  private constructor(
    readonly directory: string,
    /** The `petstore` database's DATABASE_URL. */
    readonly url: string,
  ) {}

  static async start(): Promise<OwnDatabaseServer> {
    const { stdout } = await run('bash', [SCRIPT, 'start'], { encoding: 'utf8' });
    const exported = exportsOf(stdout);
    return new OwnDatabaseServer(
      exported.MARIADB_DIR ?? exported.MYSQL_DIR,
      exported.TEST_MYSQL_URL,
    );
  }

  /** Stops the server process and waits for it to end; its data stays. */
  async stopProcess(): Promise<void> {
    await run('bash', [SCRIPT, 'stop-server', this.directory]);
  }

  /** Starts it again on the same port and data, and waits until it answers. */
  async startProcess(): Promise<void> {
    await run('bash', [SCRIPT, 'start-server', this.directory]);
  }

  /** Stops it and removes its files. */
  async remove(): Promise<void> {
    await run('bash', [SCRIPT, 'stop', this.directory]);
  }
}

/** A primary and a replica replicating it (GTID): PRIMARY_URL, REPLICA_URL, their directories. */
export function startServerPair(): Record<string, string> {
  return exportsOf(execFileSync('bash', [SCRIPT, 'start-pair'], { encoding: 'utf8' }));
}

export function stopServerPair(pair: Record<string, string>): void {
  execFileSync('bash', [SCRIPT, 'stop-pair'], { env: { ...process.env, ...pair } });
}

/** Stops (`stop-server`) or starts (`start-server`) one server of a pair, keeping its data. */
export function switchServer(command: 'stop-server' | 'start-server', directory: string): void {
  execFileSync('bash', [SCRIPT, command, directory]);
}

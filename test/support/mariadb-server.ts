import { execFile, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from './compiled-server.js';

const MARIADB = join(ROOT, '.ci/mariadb.sh');
const run = promisify(execFile);

/** True when Debian's mariadbd is installed: the suites that start servers of their own need it. */
export function hasMariadbd(): boolean {
  return spawnSync('mariadbd', ['--version']).status === 0;
}

/**
 * A throwaway MariaDB server of one suite's own (`.ci/mariadb.sh start`), with an empty `petstore`
 * database. An outage test stops and starts this one, never the server the other suites share, so
 * suites may run side by side.
 */
export class MariadbServer {
  private constructor(
    readonly directory: string,
    /** The `petstore` database's DATABASE_URL. */
    readonly url: string,
  ) {}

  static async start(): Promise<MariadbServer> {
    const { stdout } = await run('bash', [MARIADB, 'start'], { encoding: 'utf8' });
    const exported = Object.fromEntries(
      [...stdout.matchAll(/(\w+)='([^']*)'/g)].map((match) => [match[1], match[2]]),
    );
    return new MariadbServer(exported.MARIADB_DIR, exported.TEST_MYSQL_URL);
  }

  /** Stops the server process and waits for it to end; its data stays. */
  async stopProcess(): Promise<void> {
    await run('bash', [MARIADB, 'stop-server', this.directory]);
  }

  /** Starts it again on the same port and data, and waits until it answers. */
  async startProcess(): Promise<void> {
    await run('bash', [MARIADB, 'start-server', this.directory]);
  }

  /** Stops it and removes its files. */
  async remove(): Promise<void> {
    await run('bash', [MARIADB, 'stop', this.directory]);
  }
}

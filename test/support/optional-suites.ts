import { appendFileSync } from 'node:fs';
import { basename } from 'node:path';

/**
 * Suites that need more than Node (a MySQL server, mariadbd, redis-server, a browser) run when it
 * is found. Elsewhere they are left out, and the run's last line (left-out-reporter.mjs) names them
 * and what would run them; with CI=true a missing requirement fails the suite instead: CI runs
 * everything.
 */
export interface Requirement {
  /** What the suite needs, as the closing line says it ("a MySQL or MariaDB server"). */
  readonly needs: string;
  /** What would run it ("set TEST_MYSQL_URL"). */
  readonly remedy: string;
  /**
   * For a part of many suites: how the closing line counts them ("the MySQL half of" 17 suites).
   */
  readonly partOfSuites?: string;
}

export const MYSQL: Requirement = {
  needs: 'a MySQL or MariaDB server',
  remedy: 'set TEST_MYSQL_URL',
  partOfSuites: 'the MySQL half of',
};
export const REDIS: Requirement = {
  needs: 'redis-server',
  remedy: 'install redis-server, or set REDIS_SERVER',
};

export const BROWSER: Requirement = {
  needs: 'a Chromium',
  remedy: 'install chromium, or set CHROMIUM_PATH',
};

/** Where left-out suites are noted for the reporter; jest.config.js names it for the whole run. */
export const LEFT_OUT_FILE_VARIABLE = 'PETSTORE_LEFT_OUT_FILE';

/**
 * True when the requirement is met. Otherwise: with CI=true throws (the suite fails, naming what is
 * missing); elsewhere notes `part` of the running test file as left out and returns false.
 */
export function runsWith(available: boolean, requirement: Requirement, part?: string): boolean {
  if (available) return true;
  const suite = basename(expect.getState().testPath ?? 'unknown suite');
  if (runningInCi()) {
    throw new Error(
      `${suite}${part ? ` (${part})` : ''} needs ${requirement.needs}, and CI runs every suite: ${requirement.remedy}`,
    );
  }
  const file = process.env[LEFT_OUT_FILE_VARIABLE];
  if (file) appendFileSync(file, `${JSON.stringify({ suite, part, ...requirement })}\n`);
  return false;
}

/** CI=true (or any value but "", "0" and "false", as CI services set it). */
function runningInCi(): boolean {
  const ci = process.env.CI;
  return ci !== undefined && !['', '0', 'false'].includes(ci.toLowerCase());
}

/**
 * `describe` when the requirement is met, else the suite's tests are reported as skipped (see
 * runsWith; `part` names a describe that is not the whole file).
 */
export function describeWith(
  available: boolean,
  requirement: Requirement,
  part?: string,
): jest.Describe {
  return runsWith(available, requirement, part) ? describe : describe.skip;
}

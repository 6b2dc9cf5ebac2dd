import { existsSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { mysqlConnection } from './support/database-trouble.js';
import { describeWith } from './support/optional-suites.js';
import {
  hasOwnServer,
  OWN_SERVER,
  OwnDatabaseServer,
  SERVER_NAME,
} from './support/own-database-server.js';

async function tmpdirOf(databaseUrl: string): Promise<string> {
  const connection = await mysqlConnection(databaseUrl);
  try {
    const [rows] = await connection.query('SELECT @@tmpdir AS tmpdir');
    return (rows as { tmpdir: string }[])[0].tmpdir;
  } finally {
    await connection.end();
  }
}

/**
 * The servers `.ci/<family>.sh` starts run side by side (the shared one, and those suites start of
 * their own). A server deletes every `#sql*` file in its temporary directory when it is installed
 * and when it starts; MariaDB 10.11 crashed when another server deleted an on-disk temporary table
 * it had just created (docs/testing.md).
 */
describeWith(
  hasOwnServer(),
  OWN_SERVER,
  `the ${SERVER_NAME} servers test`,
)(`${SERVER_NAME} servers started side by side for the tests`, () => {
  it('each keep their temporary tables in a directory of their own, which installing and starting another leaves alone', async () => {
    const first = await OwnDatabaseServer.start();
    try {
      // Oracle MySQL runs chrooted: it names the directory without the root's prefix.
      const reported = (await tmpdirOf(first.url)).replace(/\/$/, '');
      expect(reported.endsWith(`/${basename(first.directory)}/tmp`)).toBe(true);
      const table = join(first.directory, 'tmp', '#sql-temptable-petstore-test.MAI');
      writeFileSync(table, '');
      const second = await OwnDatabaseServer.start();
      await second.remove();
      expect(existsSync(table)).toBe(true);
    } finally {
      await first.remove();
    }
  }, 180_000);
});

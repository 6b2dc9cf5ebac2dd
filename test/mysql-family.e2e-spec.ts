import { describeWith, MYSQL } from './support/optional-suites.js';
import { nameMysqlFamily } from './support/mysql-family.mjs';

const url = process.env.TEST_MYSQL_URL ?? '';

/**
 * CI names its servers by family (`.ci/mariadb.sh` prints `mariadb://`, `.ci/mysql.sh`
 * `mysql://`); a user who writes `mysql://` for MariaDB gets the same suites (issue 80).
 */
describeWith(
  url !== '',
  MYSQL,
  'the TEST_MYSQL_URL family test',
)('TEST_MYSQL_URL written mysql:// for either family', () => {
  it('is named by what the server says it is: mariadb:// for MariaDB, left as it is for Oracle MySQL', async () => {
    const env = { TEST_MYSQL_URL: url.replace(/^mariadb:/, 'mysql:') };
    await nameMysqlFamily(env);
    expect(env.TEST_MYSQL_URL).toBe(url);
  });

  it('leaves a server it cannot reach to the suites, which say so', async () => {
    const env = { TEST_MYSQL_URL: 'mysql://nobody:nothing@127.0.0.1:1/petstore' };
    await nameMysqlFamily(env);
    expect(env.TEST_MYSQL_URL).toBe('mysql://nobody:nothing@127.0.0.1:1/petstore');
  });
});

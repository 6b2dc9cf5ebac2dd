import mysql from 'mysql2/promise';

/**
 * Most MariaDB users write `mysql://`. TypeORM reads a schema by the URL's scheme, so the suites
 * ask the server of a `mysql://` TEST_MYSQL_URL which family it is, and name MariaDB's
 * `mariadb://` (as the service's own start-up warning asks operators to), before any suite starts.
 */
export async function nameMysqlFamily(env = process.env) {
  const url = env.TEST_MYSQL_URL;
  if (!url?.startsWith('mysql://')) return;
  const server = new URL(url);
  server.pathname = '/';
  let connection;
  try {
    connection = await mysql.createConnection({ uri: server.toString() });
    const [[{ version }]] = await connection.query('SELECT VERSION() AS version');
    if (!/mariadb/i.test(version)) return;
  } catch {
    return; // unreachable: the suites say so themselves
  } finally {
    await connection?.end().catch(() => undefined);
  }
  env.TEST_MYSQL_URL = url.replace(/^mysql:/, 'mariadb:');
  if (env === process.env)
    console.log(
      '\nTEST_MYSQL_URL names mysql:// but the server is MariaDB: the suites use mariadb://.',
    );
}

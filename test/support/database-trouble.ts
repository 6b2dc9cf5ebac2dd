import Database from 'better-sqlite3';
import mysql from 'mysql2/promise';

/** A plain MySQL connection to the database, beside the app's pool. */
export const mysqlConnection = (databaseUrl: string) =>
  mysql.createConnection({ uri: databaseUrl.replace(/^mariadb:/, 'mysql:') });

/**
 * Another session holding the pets table for writing (SQLite: the database's write lock); resolves
 * to its release.
 */
export async function holdPetsWriteLock(
  databaseName: string,
  databaseUrl: string,
): Promise<() => Promise<void>> {
  if (databaseName === 'sqlite') {
    const connection = new Database(databaseUrl.slice('sqlite:'.length));
    connection.exec('BEGIN IMMEDIATE');
    return () => {
      connection.exec('ROLLBACK');
      connection.close();
      return Promise.resolve();
    };
  }
  const connection = await mysqlConnection(databaseUrl);
  await connection.query('LOCK TABLES pets WRITE');
  return async () => {
    await connection.query('UNLOCK TABLES');
    await connection.end();
  };
}

/**
 * Another session's transaction holding what `lockingRead` (a SELECT … FOR UPDATE) locks on MySQL,
 * the database's write lock on SQLite; resolves to its release (a rollback).
 */
export async function holdLockingRead(
  databaseName: string,
  databaseUrl: string,
  lockingRead: string,
  params: unknown[],
): Promise<() => Promise<void>> {
  if (databaseName === 'sqlite') return holdPetsWriteLock(databaseName, databaseUrl);
  const connection = await mysqlConnection(databaseUrl);
  await connection.query('BEGIN');
  await connection.query(lockingRead, params);
  return async () => {
    await connection.query('ROLLBACK');
    await connection.end();
  };
}

/**
 * MySQL: kills every other connection to the database, every 15 ms, until stopped; stop() resolves
 * to how many it killed.
 */
export async function killConnectionsRepeatedly(
  databaseUrl: string,
): Promise<{ stop(): Promise<number> }> {
  const databaseName = new URL(databaseUrl).pathname.slice(1);
  const killer = await mysqlConnection(databaseUrl);
  let kills = 0;
  let killing = true;
  const loop = (async () => {
    while (killing) {
      // Oracle MySQL refuses the listing while a listed statement's text has a character its
      // utf8mb3 view cannot hold (ER_CANNOT_CONVERT_STRING: an emoji name being written): that
      // round kills nothing, the next lists again.
      const rows = await killer
        .query(
          'SELECT ID FROM information_schema.PROCESSLIST WHERE DB = ? AND ID <> CONNECTION_ID()',
          [databaseName],
        )
        .then(
          ([listed]) => listed as { ID: number }[],
          (error: { code?: string }) => {
            if (error.code === 'ER_CANNOT_CONVERT_STRING') return [];
            throw error;
          },
        );
      for (const { ID } of rows) {
        await killer.query(`KILL CONNECTION ${Number(ID)}`).then(
          () => kills++,
          () => undefined,
        );
      }
      await new Promise((wait) => setTimeout(wait, 15));
    }
  })();
  return {
    async stop() {
      killing = false;
      await loop;
      await killer.end();
      return kills;
    },
  };
}

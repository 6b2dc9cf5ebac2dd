import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mysql from 'mysql2/promise';
import { MYSQL, runsWith } from './optional-suites.js';

/** A database the e2e suites run against: SQLite always, MySQL too when TEST_MYSQL_URL is set. */
export interface TestDatabase {
  readonly name: 'sqlite' | 'mysql';
  /** Creates an empty database and returns its DATABASE_URL. */
  create(): Promise<string>;
  /** Removes every database this one created. */
  dropAll(): Promise<void>;
}

function sqliteFiles(): TestDatabase {
  const folders: string[] = [];
  return {
    name: 'sqlite',
    create() {
      const folder = mkdtempSync(join(tmpdir(), 'petstore-e2e-'));
      folders.push(folder);
      return Promise.resolve(`sqlite:${join(folder, 'petstore.sqlite')}`);
    },
    dropAll() {
      for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
      return Promise.resolve();
    },
  };
}

function mysqlServer(serverUrl: string): TestDatabase {
  const created: string[] = [];
  const withConnection = async <T>(
    work: (connection: mysql.Connection) => Promise<T>,
  ): Promise<T> => {
    const url = new URL(serverUrl);
    url.pathname = '/';
    const connection = await mysql.createConnection({ uri: url.toString() });
    try {
      return await work(connection);
    } finally {
      await connection.end();
    }
  };
  return {
    name: 'mysql',
    async create() {
      const database = `petstore_e2e_${randomBytes(6).toString('hex')}`;
      await withConnection((connection) =>
        connection.query(
          `CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`,
        ),
      );
      created.push(database);
      const url = new URL(serverUrl);
      url.pathname = `/${database}`;
      return url.toString();
    },
    async dropAll() {
      const databases = created.splice(0);
      await withConnection(async (connection) => {
        for (const database of databases)
          await connection.query(`DROP DATABASE IF EXISTS \`${database}\``);
      });
    },
  };
}

/** SQLite, and MySQL when TEST_MYSQL_URL is set (required with CI=true; see optional-suites.ts). */
export function testDatabases(): TestDatabase[] {
  const mysqlUrl = process.env.TEST_MYSQL_URL;
  if (mysqlUrl) return [sqliteFiles(), mysqlServer(mysqlUrl)];
  runsWith(false, MYSQL); // notes the MySQL half as left out (with CI=true, fails the suite)
  return [sqliteFiles()];
}

import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import mysql from 'mysql2/promise';
import request from 'supertest';
import { mysqlConnection } from './support/database-trouble.js';
import { describeWith, MYSQL } from './support/optional-suites.js';
import {
  hasOwnServer,
  OWN_SERVER,
  OwnDatabaseServer,
  SERVER_FAMILY,
  SERVER_NAME,
} from './support/own-database-server.js';
import { AUTH, startApp } from './support/test-app.js';

/**
 * Where MariaDB and Oracle MySQL differ by default, and what the service does about it: each test
 * runs on the family CI gives it (TEST_MYSQL_URL; TEST_MYSQL_SERVER for a server of its own).
 */
const SERVER_URL = process.env.TEST_MYSQL_URL ?? '';
const JSON_TYPE = { 'Content-Type': 'application/json' };
/** Names a collation could fold together, and one outside the Basic Multilingual Plane. */
const NAMES = ['Rex', 'rex', 'Réx', 'REX ', '🐕 Rex'];

interface Column {
  table: string;
  column: string;
  dataType: string;
  charset: string | null;
  collation: string | null;
}

async function columnsOf(databaseUrl: string): Promise<Column[]> {
  const connection = await mysqlConnection(databaseUrl);
  try {
    const [rows] = await connection.query(
      'SELECT TABLE_NAME AS `table`, COLUMN_NAME AS `column`, DATA_TYPE AS dataType, ' +
        'CHARACTER_SET_NAME AS charset, COLLATION_NAME AS collation ' +
        'FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() ORDER BY 1, 2',
    );
    return rows as Column[];
  } finally {
    await connection.end();
  }
}

/** Creates pets with NAMES and reads each back by id; the names as stored. */
async function namesRoundTrip(app: NestExpressApplication): Promise<string[]> {
  const server = app.getHttpServer();
  const stored: string[] = [];
  for (const [categoryId, name] of NAMES.entries()) {
    const created = await request(server)
      .post('/v1/pets')
      .set(AUTH)
      .set(JSON_TYPE)
      .send(JSON.stringify({ name, categoryId }))
      .expect(201);
    const read = await request(server).get(`/v1/pets/${created.body.id}`).set(AUTH).expect(200);
    stored.push((read.body as { name: string }).name);
  }
  return stored;
}

describeWith(Boolean(SERVER_URL), MYSQL)(`the schema on ${SERVER_NAME}`, () => {
  const created: string[] = [];
  const admin = () => {
    const url = new URL(SERVER_URL);
    url.pathname = '/';
    return mysql.createConnection({ uri: url.toString().replace(/^mariadb:/, 'mysql:') });
  };
  /** A database made as an operator might, with `definition` as its defaults; its URL. */
  async function createDatabase(definition: string): Promise<string> {
    const name = `petstore_servers_${randomBytes(6).toString('hex')}`;
    const connection = await admin();
    try {
      await connection.query(`CREATE DATABASE \`${name}\` ${definition}`);
    } finally {
      await connection.end();
    }
    created.push(name);
    const url = new URL(SERVER_URL);
    url.pathname = `/${name}`;
    return url.toString();
  }

  afterAll(async () => {
    const connection = await admin();
    try {
      for (const name of created) await connection.query(`DROP DATABASE IF EXISTS \`${name}\``);
    } finally {
      await connection.end();
    }
  }, 60_000);

  const defaults = [
    '',
    'CHARACTER SET latin1',
    'CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci',
    ...(SERVER_FAMILY === 'mysql' ? ['CHARACTER SET utf8mb4 COLLATE utf8mb4_0900_ai_ci'] : []),
  ];

  it.each(defaults)(
    'makes every text column utf8mb4_bin on a database created with defaults "%s", so names differing only by case, accent or trailing space stay apart',
    async (definition) => {
      const databaseUrl = await createDatabase(definition);
      const app = await startApp(databaseUrl);
      try {
        // TypeORM's own `migrations` table holds class names, ASCII, in the database's default.
        const text = (await columnsOf(databaseUrl)).filter(
          (column) => column.charset !== null && column.table !== 'migrations',
        );
        expect(text.length).toBeGreaterThan(20);
        expect(
          text.filter(
            (column) => column.charset !== 'utf8mb4' || column.collation !== 'utf8mb4_bin',
          ),
        ).toEqual([]);
        expect(await namesRoundTrip(app)).toEqual(NAMES);
      } finally {
        await app.close();
      }
    },
    60_000,
  );

  it("names no table or column with a word this server reserves: each reads unquoted, as the repositories' SQL writes them", async () => {
    const databaseUrl = await createDatabase('');
    await (await startApp(databaseUrl)).close();
    const columns = await columnsOf(databaseUrl);
    expect(new Set(columns.map((column) => column.table)).size).toBeGreaterThan(8);
    const connection = await mysqlConnection(databaseUrl);
    const refused: string[] = [];
    try {
      for (const { table, column } of columns)
        await connection
          .query(`SELECT ${column} FROM ${table} WHERE 1 = 0`)
          .catch(() => refused.push(`${table}.${column}`));
      if (SERVER_FAMILY === 'mysql') {
        // Oracle MySQL lists its words, reserved ones marked: none may be a name here.
        const [reserved] = await connection.query(
          'SELECT WORD AS word FROM information_schema.KEYWORDS WHERE RESERVED = 1',
        );
        const words = new Set((reserved as { word: string }[]).map(({ word }) => word));
        expect(words.size).toBeGreaterThan(200);
        for (const { table, column } of columns)
          for (const name of [table, column]) if (words.has(name.toUpperCase())) refused.push(name);
      }
    } finally {
      await connection.end();
    }
    expect(refused).toEqual([]);
  }, 60_000);
});

// A server of its own: its global SQL mode is changed, which would reach every suite beside it.
describeWith(
  hasOwnServer(),
  OWN_SERVER,
  `the ${SERVER_NAME} SQL mode test`,
)(`a ${SERVER_NAME} server whose default SQL mode is not strict and reads quotes otherwise`, () => {
  let own: OwnDatabaseServer;
  let app: NestExpressApplication;

  beforeAll(async () => {
    own = await OwnDatabaseServer.start();
    const connection = await mysqlConnection(own.url);
    try {
      await connection.query(
        "SET GLOBAL sql_mode = 'ANSI_QUOTES,NO_BACKSLASH_ESCAPES,PIPES_AS_CONCAT'",
      );
    } finally {
      await connection.end();
    }
    app = await startApp(own.url);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await own?.remove();
  }, 60_000);

  it('migrates, and keeps quotes and backslashes in what clients send exactly as sent', async () => {
    const server = app.getHttpServer();
    const name = `O'Brien "Rex" \\' \\\\ ' OR 1=1 -- 🐕`;
    const created = await request(server)
      .post('/v1/pets')
      .set(AUTH)
      .set(JSON_TYPE)
      .send(JSON.stringify({ name, categoryId: 7 }))
      .expect(201);
    const read = await request(server).get(`/v1/pets/${created.body.id}`).set(AUTH).expect(200);
    expect(read.body).toMatchObject({ name, categoryId: 7 });
    const listed = await request(server).get('/v1/pets?limit=10').set(AUTH).expect(200);
    expect((listed.body as { name: string }[]).map((pet) => pet.name)).toEqual([name]);
    const key = `retry-'\\"-1`;
    const order = () =>
      request(server)
        .post('/v1/store/orders')
        .set(AUTH)
        .set(JSON_TYPE)
        .set('Idempotency-Key', key)
        .send(JSON.stringify({ petId: created.body.id, quantity: 2 }));
    const placed = await order().expect(201);
    const again = await order().expect(201);
    expect(again.body).toEqual(placed.body);
  });
});

// A server of its own: the test makes users and reads the server's CA (.ci/tls-files.sh).
describeWith(
  hasOwnServer(),
  OWN_SERVER,
  `the ${SERVER_NAME} TLS test`,
)(`connections to a ${SERVER_NAME} server with and without TLS`, () => {
  let own: OwnDatabaseServer;
  let serverCa: string;
  const started: NestExpressApplication[] = [];
  /** The own server's `petstore` database as `user`. */
  const urlOf = (user: string) => {
    const url = new URL(own.url);
    url.username = user;
    url.password = `${user}-password`;
    return url.toString();
  };
  const start = async (url: string, env: Record<string, string>) => {
    const app = await startApp(url, { DB_CONNECT_TIMEOUT_MS: '1000', ...env });
    started.push(app);
    return app;
  };
  const createsAPet = async (app: NestExpressApplication) =>
    (
      await request(app.getHttpServer())
        .post('/v1/pets')
        .set(AUTH)
        .set(JSON_TYPE)
        .send('{"name":"Over TLS","categoryId":1}')
    ).status;

  beforeAll(async () => {
    own = await OwnDatabaseServer.start();
    serverCa = join(own.directory, 'tls/ca.pem');
    const connection = await mysqlConnection(own.url);
    try {
      // Users made now, with the server's default authentication (caching_sha2_password on
      // Oracle MySQL): none has logged in, so none is in the server's cache of passwords.
      for (const [user, requirement] of [
        ['tls_only', 'REQUIRE SSL'],
        ['plain', ''],
      ])
        await connection.query(
          `CREATE USER '${user}'@'127.0.0.1' IDENTIFIED BY '${user}-password' ${requirement}`,
        );
      await connection.query("GRANT ALL PRIVILEGES ON petstore.* TO 'tls_only'@'127.0.0.1'");
      await connection.query("GRANT ALL PRIVILEGES ON petstore.* TO 'plain'@'127.0.0.1'");
    } finally {
      await connection.end();
    }
  }, 120_000);

  afterAll(async () => {
    for (const app of started) await app.close();
    await own?.remove();
  }, 60_000);

  it('logs in over TCP without TLS (a first login, which caching_sha2_password completes with the server key)', async () => {
    expect(await createsAPet(await start(urlOf('plain'), {}))).toBe(201);
  });

  it('connects over TLS checking the certificate and the address (VERIFY_IDENTITY), as a user the server requires TLS of', async () => {
    const app = await start(urlOf('tls_only'), {
      DATABASE_SSL_MODE: 'VERIFY_IDENTITY',
      DATABASE_SSL_CA: serverCa,
    });
    expect(await createsAPet(app)).toBe(201);
  });

  it('connects over TLS without checking (REQUIRED), and not at all without TLS (DISABLED) for that user', async () => {
    expect(
      await createsAPet(await start(urlOf('tls_only'), { DATABASE_SSL_MODE: 'REQUIRED' })),
    ).toBe(201);
    await expect(start(urlOf('tls_only'), {})).rejects.toThrow(/Access denied/);
  });

  it('refuses a server whose certificate the given CA did not sign (VERIFY_CA), without retrying', async () => {
    const otherCa = join(own.directory, 'tls/other-ca.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-subj',
        '/CN=another-ca',
        '-keyout',
        join(own.directory, 'tls/other-ca-key.pem'),
        '-out',
        otherCa,
      ],
      { stdio: 'ignore' },
    );
    const startedAt = Date.now();
    await expect(
      start(urlOf('tls_only'), {
        DATABASE_SSL_MODE: 'VERIFY_CA',
        DATABASE_SSL_CA: otherCa,
        // An unreachable database is retried this long; a refused certificate is not.
        DB_CONNECT_TIMEOUT_MS: '10000',
      }),
    ).rejects.toThrow(/certificate/);
    // Not retried: a retried refusal would take DB_CONNECT_TIMEOUT_MS (10 s).
    expect(Date.now() - startedAt).toBeLessThan(5_000);
  });
});

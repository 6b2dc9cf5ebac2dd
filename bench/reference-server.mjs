// The reference: plain node:http with the same drivers and the very same SQL as the service
// (PET_SQL from the compiled repository), no framework. It answers like the service (exact int64
// JSON, bearer key check, Location on 201) but validates only what it needs to run.
import http from 'node:http';
import { PET_SQL } from '../dist/src/pets/pets.repository.js';

const { DATABASE_URL, PORT, API_KEY } = process.env;
const AUTHORIZATION = `Bearer ${API_KEY}`;
const INSERT = 'INSERT INTO pets (name, category_id, status) VALUES (?, ?, ?)';

const petJson = (row) =>
  `{"id":${row.id},"name":${JSON.stringify(row.name)},"categoryId":${row.categoryId}${row.status === null ? '' : `,"status":"${row.status}"`}}`;

async function openDatabase(url) {
  if (url.startsWith('sqlite:')) {
    const { default: Database } = await import('better-sqlite3');
    const db = new Database(url.slice('sqlite:'.length));
    db.pragma('journal_mode = WAL');
    // As the service reads them: integers as bigint, exact above 2^53.
    db.defaultSafeIntegers(true);
    const statements = {
      findById: db.prepare(PET_SQL.sqlite.findById),
      listFirst: db.prepare(PET_SQL.sqlite.listFirst),
      listByStatusFirst: db.prepare(PET_SQL.sqlite.listByStatusFirst),
      insert: db.prepare(`${INSERT} RETURNING CAST(id AS CHAR) AS id`),
    };
    return {
      query: async (name, params) => statements[name].all(...params),
      insert: async (params) => statements.insert.get(...params).id,
    };
  }
  const { default: mysql } = await import('mysql2/promise');
  const pool = mysql.createPool({
    uri: url,
    connectionLimit: 10,
    supportBigNumbers: true,
    bigNumberStrings: true,
    charset: 'utf8mb4_bin',
  });
  return {
    query: async (name, params) => (await pool.execute(PET_SQL.mysql[name], params))[0],
    insert: async (params) => String((await pool.execute(INSERT, params))[0].insertId),
  };
}

const db = await openDatabase(DATABASE_URL);

function send(res, status, body, headers = {}) {
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    ...headers,
  });
  res.end(body);
}

async function handle(req, res) {
  if (req.headers.authorization !== AUTHORIZATION)
    return send(res, 401, '{"code":"UNAUTHORIZED","message":"API key required","status":401}');
  const url = new URL(req.url, 'http://reference');
  if (req.method === 'GET' && url.pathname === '/v1/pets') {
    const limit = Number(url.searchParams.get('limit') ?? 20);
    const status = url.searchParams.get('status');
    // The bench asks for first pages only, which the service reads without `id > ?`, as here.
    const rows = status
      ? await db.query('listByStatusFirst', [status, limit + 1])
      : await db.query('listFirst', [limit + 1]);
    return send(res, 200, `[${rows.slice(0, limit).map(petJson).join(',')}]`);
  }
  const match = /^\/v1\/pets\/(\d+)$/.exec(url.pathname);
  if (req.method === 'GET' && match) {
    const rows = await db.query('findById', [match[1]]);
    return rows.length
      ? send(res, 200, petJson(rows[0]))
      : send(res, 404, '{"code":"NOT_FOUND","message":"No pet","status":404}');
  }
  if (req.method === 'POST' && url.pathname === '/v1/pets') {
    let text = '';
    for await (const chunk of req) text += chunk;
    const pet = JSON.parse(text);
    const id = await db.insert([pet.name, pet.categoryId, pet.status ?? null]);
    return send(
      res,
      201,
      petJson({ id, name: pet.name, categoryId: pet.categoryId, status: pet.status ?? null }),
      { Location: `/v1/pets/${id}` },
    );
  }
  send(res, 404, '{"code":"NOT_FOUND","message":"No route","status":404}');
}

http
  .createServer((req, res) =>
    handle(req, res).catch(() =>
      send(res, 500, '{"code":"INTERNAL_ERROR","message":"failed","status":500}'),
    ),
  )
  .listen(Number(PORT), '127.0.0.1', () => console.log(`Reference listening on ${PORT}`));

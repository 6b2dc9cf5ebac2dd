// The framework floor: bare Express 5 (the HTTP layer under NestJS's platform-express) serving
// getPet with the same driver and SQL, no validation, no Nest. What it reaches bounds what any
// Express-based service can reach. Usage: DATABASE_URL=sqlite:<seeded file> PORT=… API_KEY=… node bench/express-floor.mjs
import express from 'express';
import Database from 'better-sqlite3';
import { PET_SQL } from '../dist/src/pets/pets.repository.js';

const { DATABASE_URL, PORT, API_KEY } = process.env;
const findById = new Database(DATABASE_URL.slice('sqlite:'.length))
  .prepare(PET_SQL.sqlite.findById)
  .safeIntegers(true);
const app = express();
app.set('etag', false);
app.get('/v1/pets/:petId', (req, res) => {
  if (req.headers.authorization !== `Bearer ${API_KEY}`) return res.status(401).end();
  const row = findById.get(BigInt(req.params.petId));
  return row
    ? res
        .type('json')
        .send(`{"id":${row.id},"name":${JSON.stringify(row.name)},"categoryId":${row.categoryId}}`)
    : res.status(404).end();
});
app.listen(Number(PORT), '127.0.0.1', () => console.log(`Express floor listening on ${PORT}`));

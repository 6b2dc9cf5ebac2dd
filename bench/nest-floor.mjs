// The NestJS floor: a bare NestJS application on platform-express (one module, one controller, no
// guard, pipe, filter, interceptor or middleware of its own) serving getPet with the same driver and
// SQL. What it reaches bounds what any NestJS service on Express can reach.
// Usage: DATABASE_URL=sqlite:<seeded file> PORT=… API_KEY=… node bench/nest-floor.mjs
import 'reflect-metadata';
import { Controller, Get, Headers, HttpException, Module, Param } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import Database from 'better-sqlite3';
import { PET_SQL } from '../dist/src/pets/pets.repository.js';

const { DATABASE_URL, PORT, API_KEY } = process.env;
const findById = new Database(DATABASE_URL.slice('sqlite:'.length))
  .prepare(PET_SQL.sqlite.findById)
  .safeIntegers(true);

// Plain JavaScript has no parameter decorators, so they are applied by hand as TypeScript would.
class PetsController {
  getPet(petId, authorization) {
    if (authorization !== `Bearer ${API_KEY}`) throw new HttpException('unauthorized', 401);
    const row = findById.get(BigInt(petId));
    if (!row) throw new HttpException('not found', 404);
    return { id: row.id.toString(), name: row.name, categoryId: row.categoryId.toString() };
  }
}
const getPet = Object.getOwnPropertyDescriptor(PetsController.prototype, 'getPet');
Param('petId')(PetsController.prototype, 'getPet', 0);
Headers('authorization')(PetsController.prototype, 'getPet', 1);
Get(':petId')(PetsController.prototype, 'getPet', getPet);
Controller('v1/pets')(PetsController);

class FloorModule {}
Module({ controllers: [PetsController] })(FloorModule);

const app = await NestFactory.create(FloorModule, { logger: false });
app.getHttpAdapter().getInstance().set('etag', false);
await app.listen(Number(PORT), '127.0.0.1');
console.log(`NestJS floor listening on ${PORT}`);

// The NestJS floor with issue 22's features: nest-floor.mjs plus what every getPet of the service
// must do, each in its cheapest hand-written form, in one middleware and the handler (no guard, pipe,
// filter or module of the service's). It bounds from below what the service can reach with every
// feature on, while the distance between it and the service is the cost of doing the same work the
// way Nest documents it (global guards, pipes, a filter, modules). Same headers, log line and metrics
// as the service:
// - a request id (random UUID) in X-Request-Id and in the log;
// - the JSON API's security headers and getPet's Deprecation, Sunset and Link, from the service's build;
// - the bearer key: its SHA-256 digest remembered under a per-process secret, compared in constant time;
// - a fixed-window rate limit per key, with the RateLimit-Policy and RateLimit headers;
// - petId checked as a positive int64;
// - the request log line at info (pino, asynchronous stdout) and the request counter and duration
//   histogram (prom-client), both run after the answers of each turn of the event loop, as the service does.
// Usage: DATABASE_URL=sqlite:<seeded file> PORT=… API_KEY=… node bench/nest-features-floor.mjs
import 'reflect-metadata';
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { Controller, Get, Headers, HttpException, Module, Param, Req, Res } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import Database from 'better-sqlite3';
import pino from 'pino';
import { Counter, Histogram } from 'prom-client';
import { deprecationHeaderValues } from '../dist/src/common/http/deprecation.middleware.js';
import { JSON_API_HELMET_OPTIONS, helmetHeaders } from '../dist/src/common/http/security-headers.js';
import { petJson } from '../dist/src/pets/dto/pet.json.js';
import { GET_PET_DEPRECATION } from '../dist/src/pets/pets.deprecation.js';
import { PET_SQL } from '../dist/src/pets/pets.repository.js';

const { DATABASE_URL, PORT, API_KEY } = process.env;
const RATE_LIMIT = Number(process.env.RATE_LIMIT ?? 1200);
const WINDOW_MS = 60_000;
const ROUTE = '/v1/pets/:petId';
const findById = new Database(DATABASE_URL.slice('sqlite:'.length)).prepare(PET_SQL.sqlite.findById).safeIntegers(true);
const FIXED_HEADERS = [...helmetHeaders(JSON_API_HELMET_OPTIONS), ...Object.entries(deprecationHeaderValues(GET_PET_DEPRECATION))];

const digest = (token) => createHash('sha256').update(token).digest();
const KEY = { name: 'bench', id: 'bench-key', scope: 'write', digest: digest(API_KEY) };
const secret = randomBytes(32).toString('base64url');
const rememberedDigests = new Map();
function keyOf(authorization) {
  if (typeof authorization !== 'string' || !authorization.startsWith('Bearer ')) return undefined;
  const token = authorization.slice(7);
  const presented = rememberedDigests.get(secret + token) ?? digest(token);
  if (!timingSafeEqual(presented, KEY.digest)) return undefined;
  rememberedDigests.set(secret + token, presented);
  return KEY;
}

const windows = new Map();
function countHit(response, key) {
  const now = Date.now();
  let window = windows.get(key.id);
  if (!window || window.resetAt <= now) windows.set(key.id, (window = { hits: 0, resetAt: now + WINDOW_MS }));
  window.hits += 1;
  const seconds = Math.max(1, Math.ceil((window.resetAt - now) / 1000));
  response.setHeader('RateLimit-Policy', `"default";q=${RATE_LIMIT};w=${WINDOW_MS / 1000}`);
  response.setHeader('RateLimit', `"default";r=${Math.max(0, RATE_LIMIT - window.hits)};t=${seconds}`);
  if (window.hits > RATE_LIMIT) throw new HttpException('too many requests', 429);
}

const logger = pino({ level: 'info' }, pino.destination({ sync: false }));
const labelNames = ['route', 'method', 'status'];
const requests = new Counter({ name: 'http_requests_total', help: 'Requests answered.', labelNames });
const buckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const duration = new Histogram({ name: 'http_request_duration_seconds', help: 'Time to answer.', labelNames, buckets });
const series = new Map();
function observe(request, response, elapsedMs) {
  const { method } = request;
  const status = response.statusCode;
  logger.info(
    { reqId: request.id, method, route: ROUTE, status, ms: Math.round(elapsedMs * 100) / 100, key: request.apiKey?.name, scope: request.apiKey?.scope },
    `${method} ${ROUTE} ${status}`,
  );
  const name = `${method} ${status}`;
  let found = series.get(name);
  if (!found) series.set(name, (found = { count: requests.labels(ROUTE, method, String(status)), time: duration.labels(ROUTE, method, String(status)) }));
  found.count.inc();
  found.time.observe(elapsedMs / 1000);
}

let finished = [];
function observeFinished() {
  const batch = finished;
  finished = [];
  for (const { request, response, elapsedMs } of batch) observe(request, response, elapsedMs);
}
function features(request, response, next) {
  const started = performance.now();
  request.id = randomUUID();
  response.setHeader('X-Request-Id', request.id);
  for (const [name, value] of FIXED_HEADERS) response.setHeader(name, value);
  response.once('finish', () => {
    if (finished.length === 0) setImmediate(observeFinished);
    finished.push({ request, response, elapsedMs: performance.now() - started });
  });
  next();
}

// Plain JavaScript has no parameter decorators, so they are applied by hand as TypeScript would.
class PetsController {
  getPet(petId, authorization, request, response) {
    const key = keyOf(authorization);
    if (!key) throw new HttpException('unauthorized', 401);
    request.apiKey = key;
    countHit(response, key);
    if (!/^[1-9][0-9]{0,18}$/.test(petId) || BigInt(petId) > 2n ** 63n - 1n) throw new HttpException('bad petId', 400);
    const row = findById.get(BigInt(petId));
    if (!row) throw new HttpException('not found', 404);
    response.type('application/json');
    return petJson({ id: row.id, name: row.name, categoryId: row.categoryId, status: row.status ?? undefined });
  }
}
const getPet = Object.getOwnPropertyDescriptor(PetsController.prototype, 'getPet');
Param('petId')(PetsController.prototype, 'getPet', 0);
Headers('authorization')(PetsController.prototype, 'getPet', 1);
Req()(PetsController.prototype, 'getPet', 2);
Res({ passthrough: true })(PetsController.prototype, 'getPet', 3);
Get(':petId')(PetsController.prototype, 'getPet', getPet);
Controller('v1/pets')(PetsController);

class FeaturesFloorModule {}
Module({ controllers: [PetsController] })(FeaturesFloorModule);

const app = await NestFactory.create(FeaturesFloorModule, { logger: false });
const express = app.getHttpAdapter().getInstance();
express.set('etag', false);
express.disable('x-powered-by');
app.use(features);
await app.listen(Number(PORT), '127.0.0.1');

// The NestJS floor with issue 22's features: nest-floor.mjs plus what every getPet of the service
// must do, with the service's own code for each feature (from its build), called from one middleware
// and the handler instead of through its global guards, pipes, filter and modules. It bounds from
// below what the service can reach with every feature on, and the distance between it and the service
// is the cost of doing the same work the way Nest documents it. Per request, as the service:
// - requestLifecycle: a request id (X-Request-Id), the JSON API's security headers and, here, getPet's
//   Deprecation, Sunset and Link; the request log line at info (requestLog, pino, asynchronous stdout)
//   and the request counter and duration histogram (requestMetrics, prom-client) after the answers of
//   each turn of the event loop;
// - the bearer key: ApiKeyGuard's check (the digest remembered under a per-process secret, compared
//   in constant time), called from the handler instead of as a global guard;
// - a fixed-window rate limit per key (FixedWindowStorage) with RateLimits' headers;
// - petId by ParseInt64Pipe, the pet's int64 values by jsonInt64, its JSON by Express's res.json.
// Usage: DATABASE_URL=sqlite:<seeded file> PORT=… API_KEY=… [RATE_LIMIT=…] node bench/nest-features-floor.mjs
import 'reflect-metadata';
import { Controller, Get, Module, Param, Req, Res } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { NestFactory } from '@nestjs/core';
import Database from 'better-sqlite3';
import { Counter, Histogram } from 'prom-client';
import { ApiKeyGuard } from '../dist/src/common/auth/api-key.guard.js';
import { AppException } from '../dist/src/common/errors/app.exception.js';
import { ErrorCode } from '../dist/src/common/errors/error-code.enum.js';
import { deprecationHeaderValues } from '../dist/src/common/http/deprecation.middleware.js';
import { requestLifecycle } from '../dist/src/common/http/request-lifecycle.middleware.js';
import {
  JSON_API_HELMET_OPTIONS,
  helmetHeaders,
} from '../dist/src/common/http/security-headers.js';
import { FixedWindowStorage } from '../dist/src/common/rate-limit/fixed-window.storage.js';
import { RateLimits } from '../dist/src/common/rate-limit/rate-limits.js';
import { ParseInt64Pipe } from '../dist/src/common/validation/parse-int64.pipe.js';
import { createPinoLogger } from '../dist/src/logging/pino-logger.js';
import { requestLog } from '../dist/src/logging/request-log.js';
import { requestMetrics } from '../dist/src/metrics/request-metrics.js';
import { jsonInt64 } from '../dist/src/common/int64/int64.js';
import { GET_PET_DEPRECATION } from '../dist/src/pets/pets.deprecation.js';
import { PET_SQL } from '../dist/src/pets/pets.repository.js';

const { DATABASE_URL, PORT, API_KEY } = process.env;
const RATE_LIMIT = Number(process.env.RATE_LIMIT ?? 1200);
const WINDOW_SECONDS = 60;
const findById = new Database(DATABASE_URL.slice('sqlite:'.length))
  .prepare(PET_SQL.sqlite.findById)
  .safeIntegers(true);

const windows = new FixedWindowStorage();
const rateLimits = new RateLimits({
  rateLimit: RATE_LIMIT,
  rateLimitWindowSeconds: WINDOW_SECONDS,
});
// The guard's own check, called directly (not as a guard: no route metadata, so no public routes).
const keyGuard = new ApiKeyGuard(
  undefined,
  rateLimits,
  new ConfigService({ auth: { apiKeys: [{ name: 'bench', key: API_KEY, scope: 'write' }] } }),
);
const petIdPipe = new ParseInt64Pipe();
const petIdMetadata = { type: 'param', data: 'petId' };

// The service's MetricsService series, as it declares them (without the rest of that service).
const labelNames = ['route', 'method', 'status'];
const metrics = {
  requests: new Counter({ name: 'http_requests_total', help: 'Requests answered.', labelNames }),
  duration: new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer.',
    labelNames,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  }),
  scopeRefusals: new Counter({
    name: 'api_key_insufficient_scope_total',
    help: 'Scope refusals.',
    labelNames: ['key', 'scope'],
  }),
};
const fixedHeaders = [
  ...helmetHeaders(JSON_API_HELMET_OPTIONS),
  ...Object.entries(deprecationHeaderValues(GET_PET_DEPRECATION)),
];
const features = requestLifecycle(
  () => fixedHeaders,
  [requestLog(createPinoLogger('info')), requestMetrics(metrics)],
);

// Plain JavaScript has no parameter decorators, so they are applied by hand as TypeScript would.
class PetsController {
  getPet(petId, request, response) {
    keyGuard.authenticate(request, response);
    const { hits, timeToExpire } = windows.hit(
      `default:key:${request.apiKey.id}`,
      WINDOW_SECONDS * 1000,
    );
    rateLimits.setHeaders(
      response,
      'default',
      RATE_LIMIT,
      WINDOW_SECONDS * 1000,
      hits,
      timeToExpire,
    );
    if (hits > RATE_LIMIT)
      throw rateLimits.tooMany(
        timeToExpire,
        `this API key made more than ${RATE_LIMIT} requests`,
        WINDOW_SECONDS * 1000,
      );
    const id = petIdPipe.transform(petId, petIdMetadata);
    const row = findById.get(id);
    if (!row) throw new AppException(ErrorCode.NOT_FOUND, `No pet with id ${id}.`);
    return {
      id: jsonInt64(row.id),
      name: row.name,
      categoryId: jsonInt64(row.categoryId),
      status: row.status ?? undefined,
    };
  }
}
const getPet = Object.getOwnPropertyDescriptor(PetsController.prototype, 'getPet');
Param('petId')(PetsController.prototype, 'getPet', 0);
Req()(PetsController.prototype, 'getPet', 1);
Res({ passthrough: true })(PetsController.prototype, 'getPet', 2);
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

import type { Server } from 'node:http';
import type { NestApplicationOptions } from '@nestjs/common';
import type { CorsOptions } from '@nestjs/common/interfaces/external/cors-options.interface.js';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { answerClientErrorsInErrorShape } from './common/http/client-errors.js';
import { answerExpectationsInTheApp } from './common/http/expectations.js';
import { freshReadsOnRequest } from './common/http/fresh-reads.middleware.js';
import {
  requestLifecycle,
  type FinishedRequestObserver,
} from './common/http/request-lifecycle.middleware.js';
import { securityHeaders } from './common/http/security-headers.js';
import { LISTEN_BACKLOG, MAX_CONNECTIONS, SERVER_TIMEOUTS } from './common/http/server-limits.js';
import { ApiKeyGuard } from './common/auth/api-key.guard.js';
import { LoadShedder } from './common/overload/load-shedder.js';
import { EarlyRefusals } from './common/overload/early-refusals.js';
import { shedLoadOn } from './common/overload/load-shedding.listener.js';
import { RateLimits } from './common/rate-limit/rate-limits.js';
import { APP_CONFIG, type AppConfig } from './config/app.config.js';
import { DatabaseAccess } from './database/database-access.js';
import { ReplicaReadSet } from './database/replica-read-set.js';
import { PINO_LOGGER } from './logging/logging.module.js';
import { MetricsService } from './metrics/metrics.service.js';
import { requestMetrics } from './metrics/request-metrics.js';
import { PinoNestLogger } from './logging/pino-logger.js';
import { requestLog } from './logging/request-log.js';
import { DOCS_PATH, buildOpenApiDocument, serveApiDocs } from './openapi/openapi.document.js';

/** Options for NestFactory.create, shared by main.ts and the e2e tests. */
export const NEST_APPLICATION_OPTIONS: NestApplicationOptions = {
  // Bodies are read and parsed (int64 exact) by JsonBodyGuard, after the key check.
  bodyParser: false,
  // Fail with an error main.ts can report, instead of aborting the process.
  abortOnError: false,
  // main.ts passes a pino logger made before the configuration is read; tests pass logger: false.
};

/** Response headers a browser client may read, when CORS_ORIGINS allows it in. */
export const EXPOSED_HEADERS = [
  'Link',
  'Location',
  'Deprecation',
  'Sunset',
  'Retry-After',
  'X-Request-Id',
  'RateLimit',
  'RateLimit-Policy',
  'Idempotent-Replayed',
  'ETag',
];

export { LISTEN_BACKLOG, MAX_CONNECTIONS, SERVER_TIMEOUTS } from './common/http/server-limits.js';

/** Starts listening as Nest's app.listen does, with LISTEN_BACKLOG (main.ts and the e2e tests). */
export function listenApp(
  app: NestExpressApplication,
  port: number,
  host: string,
): Promise<Server> {
  // Nest hands the arguments after the port to server.listen(port, host, backlog, callback); its
  // typings only name the host.
  const listen = app.listen.bind(app) as unknown as (
    port: number,
    host: string,
    backlog: number,
  ) => Promise<Server>;
  return listen(port, host, LISTEN_BACKLOG);
}

/** The CORS options of the application (and of the refusals made before it), if CORS_ORIGINS. */
function corsOptions(config: AppConfig): CorsOptions | undefined {
  if (config.corsOrigins.length === 0) return undefined;
  return {
    origin: [...config.corsOrigins],
    // Every method a route may serve; the router and the API key decide the rest.
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: [
      'Authorization',
      'Content-Type',
      'X-Request-Id',
      'Idempotency-Key',
      'Cache-Control',
      'If-Match',
      'If-None-Match',
    ],
    exposedHeaders: EXPOSED_HEADERS,
    maxAge: 600,
  };
}

function applyServerLimits(app: NestExpressApplication, config: AppConfig): void {
  const server = app.getHttpServer();
  Object.assign(server, SERVER_TIMEOUTS);
  // In front of Express: a refusal costs Node's parsing, the key's lookup (which the guard then
  // reuses) and the write of an answer made in advance.
  const rateLimits = app.get(RateLimits);
  const refusals = new EarlyRefusals(rateLimits, {
    trustProxy: config.trustProxy,
    cors: corsOptions(config),
  });
  app.get(MetricsService).countEarlyRefusals(refusals);
  shedLoadOn(server, app.get(LoadShedder), app.get(ApiKeyGuard), rateLimits, refusals);
  server.maxConnections = MAX_CONNECTIONS;
  answerClientErrorsInErrorShape(server);
  answerExpectationsInTheApp(server);
}

/** Configures the application as production runs it (main.ts and the e2e tests). */
export function configureApp(app: NestExpressApplication): NestExpressApplication {
  const config = app.get<AppConfig>(APP_CONFIG);
  app.useLogger(app.get(PinoNestLogger));
  const observers: FinishedRequestObserver[] = [requestLog(app.get(PINO_LOGGER))];
  const metrics = app.get(MetricsService);
  if (metrics.enabled) observers.push(requestMetrics(metrics));
  // Request id, helmet's headers (a JSON API's set; the docs pages get helmet's defaults), request
  // log and metrics, in one middleware registered first.
  app.use(requestLifecycle(securityHeaders(DOCS_PATH), observers));
  if (app.get(ReplicaReadSet).configured) app.use(freshReadsOnRequest(app.get(DatabaseAccess)));
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  const cors = corsOptions(config);
  if (cors) app.enableCors(cors);
  // No ETag from hashing every body: conditional operations tag by version (withEntityTag).
  app.set('etag', false);
  serveApiDocs(app, buildOpenApiDocument(app, config));
  applyServerLimits(app, config);
  return app;
}

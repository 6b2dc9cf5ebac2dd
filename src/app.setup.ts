import type { NestApplicationOptions } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Response } from 'express';
import { rawBodyReader } from './common/http/json-body.js';
import { stringifyJson } from './common/json/lossless-json.codec.js';
import { APP_CONFIG, type AppConfig } from './config/app.config.js';
import { buildOpenApiDocument, serveApiDocs } from './openapi/openapi.document.js';

/** Options for NestFactory.create, shared by main.ts and the e2e tests. */
export const NEST_APPLICATION_OPTIONS: NestApplicationOptions = {
  // Bodies are read by rawBodyReader and parsed losslessly after the key check, not by Nest's JSON parser.
  bodyParser: false,
  // Fail with an error main.ts can report, instead of aborting the process.
  abortOnError: false,
};

/** Configures the application exactly as production runs it; called by main.ts and by the e2e tests. */
export function configureApp(app: NestExpressApplication): NestExpressApplication {
  app.disable('x-powered-by');
  app.use(rawBodyReader());
  const express = app.getHttpAdapter().getInstance();
  // Every JSON response goes through the lossless codec, so int64 values leave as exact numbers.
  express.response.json = function json(this: Response, body: unknown): Response {
    if (!this.get('Content-Type')) this.type('application/json');
    return this.send(stringifyJson(body));
  };
  serveApiDocs(app, buildOpenApiDocument(app, app.get<AppConfig>(APP_CONFIG)));
  app.enableShutdownHooks();
  return app;
}

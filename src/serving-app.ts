import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module.js';
import { NEST_APPLICATION_OPTIONS, configureApp } from './app.setup.js';
import { PrototypedExpressAdapter } from './common/http/prototyped-express.adapter.js';
import type { AuthConfig } from './common/auth/auth.config.js';
import type { Env } from './config/env.js';
import type { AppConfig } from './config/app.config.js';
import type { PinoNestLogger } from './logging/pino-logger.js';

/** The application as a process serves it, initialised, not yet serving; `env` when it differs. */
export async function createServingApp(
  startupLogger: PinoNestLogger,
  env?: Env,
): Promise<NestExpressApplication> {
  Logger.overrideLogger(startupLogger);
  // @nestjs/config reads and validates the environment here, before Nest starts.
  const appModule = await AppModule.forRoot(env);
  const app = await NestFactory.create<NestExpressApplication>(
    appModule,
    new PrototypedExpressAdapter(),
    { ...NEST_APPLICATION_OPTIONS, logger: startupLogger },
  );
  configureApp(app);
  await app.init();
  return app;
}

/** The instance's start-up lines once it listens: where, and the generated key if there is one. */
export function announceListening(
  logger: PinoNestLogger,
  config: AppConfig,
  auth: AuthConfig,
  context: string,
): void {
  const processes = config.workers === 1 ? 'one process' : `${config.workers} workers`;
  logger.log(
    `Listening on http://${config.host}:${config.port}/v1 (database: ${config.database.type}, ` +
      `${processes})`,
    context,
  );
  if (!auth.apiKeyGenerated) return;
  logger.warn(
    `API_KEYS is not set, so this key was generated for this run only: ${auth.apiKeys[0].key}`,
    context,
  );
  logger.warn(
    'Set API_KEYS to a comma-separated list of keys to keep keys across restarts.',
    context,
  );
}

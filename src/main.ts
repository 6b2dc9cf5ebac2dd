import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { NestFactory } from '@nestjs/core';
import type { AuthConfigService } from './common/auth/auth.config.js';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module.js';
import { PrototypedExpressAdapter } from './common/http/prototyped-express.adapter.js';
import { NEST_APPLICATION_OPTIONS, configureApp, listenApp } from './app.setup.js';
import { APP_CONFIG, LOG_LEVELS, type AppConfig, type LogLevel } from './config/app.config.js';
import { ConfigValidationError } from './config/config-validation.error.js';
import { installGracefulShutdown } from './health/graceful-shutdown.js';
import { PinoNestLogger, createPinoLogger, logLastLine } from './logging/pino-logger.js';

// Before the configuration is read: start-up lines and start-up failures are JSON lines too (at
// LOG_LEVEL when it is valid; an invalid one is reported as a configuration error, at info).
const requestedLevel = process.env.LOG_LEVEL as LogLevel | undefined;
const startupLevel =
  requestedLevel && LOG_LEVELS.includes(requestedLevel) ? requestedLevel : 'info';
const startupLogger = new PinoNestLogger(createPinoLogger(startupLevel));
const logger = new Logger('Petstore');

async function bootstrap(): Promise<void> {
  // @nestjs/config reads and validates the environment here, before Nest starts.
  const appModule = await AppModule.forRoot();
  const app = await NestFactory.create<NestExpressApplication>(
    appModule,
    new PrototypedExpressAdapter(),
    { ...NEST_APPLICATION_OPTIONS, logger: startupLogger },
  );
  const config = app.get<AppConfig>(APP_CONFIG);
  const auth = app.get<AuthConfigService>(ConfigService).get('auth', { infer: true });
  configureApp(app);
  installGracefulShutdown(app, config);
  await listenApp(app, config.port, config.host);
  logger.log(
    `Listening on http://${config.host}:${config.port}/v1 (database: ${config.database.type})`,
  );
  if (auth.apiKeyGenerated) {
    logger.warn(
      `API_KEYS is not set, so this key was generated for this run only: ${auth.apiKeys[0].key}`,
    );
    logger.warn('Set API_KEYS to a comma-separated list of keys to keep keys across restarts.');
  }
}

Logger.overrideLogger(startupLogger);
bootstrap().catch((error: unknown) => {
  const reason =
    error instanceof ConfigValidationError
      ? `Configuration error: ${error.message}`
      : `Start-up failed: ${error instanceof Error ? error.message : String(error)}`;
  void logLastLine(startupLevel, (last) => last.fatal(reason, 'Petstore')).then(() =>
    process.exit(1),
  );
});

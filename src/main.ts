import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module.js';
import { NEST_APPLICATION_OPTIONS, configureApp } from './app.setup.js';
import { APP_CONFIG, type AppConfig } from './config/app.config.js';
import { ConfigValidationError } from './config/config-validation.error.js';
import { installGracefulShutdown } from './health/graceful-shutdown.js';

const logger = new Logger('Petstore');

async function bootstrap(): Promise<void> {
  // @nestjs/config reads and validates the environment here, before Nest starts.
  const appModule = await AppModule.forRoot();
  const app = await NestFactory.create<NestExpressApplication>(appModule, NEST_APPLICATION_OPTIONS);
  const config = app.get<AppConfig>(APP_CONFIG);
  configureApp(app);
  installGracefulShutdown(app, config);
  await app.listen(config.port, config.host);
  logger.log(`Listening on http://${config.host}:${config.port}/v1 (database: ${config.database.type})`);
  if (config.apiKeyGenerated) {
    logger.warn(`API_KEYS is not set, so this key was generated for this run only: ${config.apiKeys[0].key}`);
    logger.warn('Set API_KEYS to a comma-separated list of keys to keep keys across restarts.');
  }
}

bootstrap().catch((error: unknown) => {
  if (error instanceof ConfigValidationError) {
    console.error(`Configuration error: ${error.message}`);
    process.exit(1);
  }
  logger.error(`Start-up failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});

import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app.config.js';
import { PinoNestLogger, createPinoLogger } from './pino-logger.js';

/** The pino logger, as PINO_LOGGER for middleware and as PinoNestLogger for Nest itself. */
export const PINO_LOGGER = Symbol('PINO_LOGGER');

@Global()
@Module({
  providers: [
    {
      provide: PINO_LOGGER,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => createPinoLogger(config.logLevel),
    },
    {
      provide: PinoNestLogger,
      inject: [PINO_LOGGER],
      useFactory: (logger: ReturnType<typeof createPinoLogger>) => new PinoNestLogger(logger),
    },
  ],
  exports: [PINO_LOGGER, PinoNestLogger],
})
export class LoggingModule {}

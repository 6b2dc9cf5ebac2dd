import { Global, Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from '../config/app.config.js';
import { PinoNestLogger, createPinoLogger } from './pino-logger.js';

/** The pino logger, as PINO_LOGGER for middleware and as PinoNestLogger for Nest itself. */
export const PINO_LOGGER = Symbol('PINO_LOGGER');

@Global()
@Module({})
export class LoggingModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: LoggingModule,
      providers: [
        { provide: PINO_LOGGER, useFactory: () => createPinoLogger(config.logLevel) },
        { provide: PinoNestLogger, inject: [PINO_LOGGER], useFactory: (logger: ReturnType<typeof createPinoLogger>) => new PinoNestLogger(logger) },
      ],
      exports: [PINO_LOGGER, PinoNestLogger],
    };
  }
}

import cluster from 'node:cluster';
import { LOG_LEVELS, type LogLevel } from './config/app.config.js';
import { ConfigValidationError } from './config/config-validation.error.js';
import { reportStartFailure } from './cluster/worker-start.js';
import { PinoNestLogger, createPinoLogger, logLastLine } from './logging/pino-logger.js';

// Before the configuration is read: start-up lines and start-up failures are JSON lines too (at
// LOG_LEVEL when it is valid; an invalid one is reported as a configuration error, at info).
const requestedLevel = process.env.LOG_LEVEL as LogLevel | undefined;
const startupLevel =
  requestedLevel && LOG_LEVELS.includes(requestedLevel) ? requestedLevel : 'info';
const startupLogger = new PinoNestLogger(createPinoLogger(startupLevel));

// The primary owns the port and the instance (src/cluster/primary.ts); each worker runs the
// application (worker.ts). Imported apart, so that the primary never loads Nest.
const started = cluster.isPrimary
  ? import('./cluster/primary.js').then(({ runPrimary }) => runPrimary(startupLogger))
  : import('./worker.js').then(({ runWorker }) => runWorker(startupLogger));

started.catch((error: unknown) => {
  const reason =
    error instanceof ConfigValidationError
      ? `Configuration error: ${error.message}`
      : `Start-up failed: ${error instanceof Error ? error.message : String(error)}`;
  // A worker's reason is the primary's to log: one last line for the instance, not one a worker.
  if (cluster.isWorker) return void reportStartFailure(reason);
  void logLastLine(startupLevel, (last) => last.fatal(reason, 'Petstore')).then(() =>
    process.exit(1),
  );
});

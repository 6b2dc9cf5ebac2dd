import cluster from 'node:cluster';
import { loadAuthConfig } from './common/auth/auth.config.js';
import { LOG_LEVELS, loadAppConfig, type LogLevel } from './config/app.config.js';
import { ConfigValidationError } from './config/config-validation.error.js';
import { reportStartFailure } from './cluster/worker-start.js';
import {
  PinoNestLogger,
  createPinoLogger,
  logAsPrimary,
  logLastLine,
} from './logging/pino-logger.js';

// Before the configuration is read: start-up lines and start-up failures are JSON lines too (at
// LOG_LEVEL when it is valid; an invalid one is reported as a configuration error, at info).
const requestedLevel = process.env.LOG_LEVEL as LogLevel | undefined;
const startupLevel =
  requestedLevel && LOG_LEVELS.includes(requestedLevel) ? requestedLevel : 'info';
const startupLogger = () => new PinoNestLogger(createPinoLogger(startupLevel));

/** WORKERS=1: one process serves; more: a primary and workers, imported apart (no Nest in it). */
async function start(): Promise<void> {
  if (cluster.isWorker) return (await import('./worker.js')).runWorker(startupLogger());
  const auth = loadAuthConfig(process.env);
  const config = loadAppConfig(process.env, auth);
  if (config.workers === 1)
    return (await import('./single-process.js')).runSingleProcess(startupLogger(), auth, config);
  logAsPrimary();
  return (await import('./cluster/primary.js')).runPrimary(startupLogger(), auth, config);
}

start().catch((error: unknown) => {
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

import { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { WorkerChannel } from '../cluster/worker-channel.js';
import type { WorkerConnections } from '../cluster/worker-connections.js';
import type { AppConfig } from '../config/app.config.js';
import { flushLogs } from '../logging/pino-logger.js';
import { telemetry } from '../telemetry/telemetry.js';
import { ShutdownState } from './shutdown-state.js';

const logger = new Logger('Shutdown');
/** How long the exit waits for the collector to take the last spans. */
export const TRACES_FLUSH_MS = 3_000;

/**
 * A worker's SIGTERM (from the primary, or a terminal's signal to the whole group): /readyz says
 * 503 while requests are served, then the connections drain and the process exits.
 */
export function installGracefulShutdown(
  app: NestExpressApplication,
  config: AppConfig,
  connections: WorkerConnections,
  channel: WorkerChannel,
): void {
  let started = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (started) return;
    started = true;
    app.get(ShutdownState).startDraining();
    logger.log(
      `${signal}: /readyz now answers 503; still serving for ${config.shutdownDrainMs} ms`,
    );
    await new Promise((wait) => setTimeout(wait, config.shutdownDrainMs));

    logger.log('No longer accepting connections; finishing the requests in flight');
    await connections.drain(config.shutdownTimeoutMs, (open) =>
      logger.warn(
        `Requests still in flight on ${open} connections after SHUTDOWN_TIMEOUT_MS=` +
          `${config.shutdownTimeoutMs} ms; closing their connections`,
      ),
    );

    await app.close();
    // The spans of the last requests, to the collector (or given up on after 3 s).
    await telemetry().shutdown(TRACES_FLUSH_MS);
    logger.log('Stopped: connections and the database pool are closed');
    await flushLogs();
    process.exit(0);
  };
  channel.onShutdown((signal) => void shutdown(signal));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

import { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { ServedConnections } from '../common/http/served-connections.js';
import type { AppConfig } from '../config/app.config.js';
import { flushLogs } from '../logging/pino-logger.js';
import { telemetry } from '../telemetry/telemetry.js';
import { ShutdownState } from './shutdown-state.js';

const logger = new Logger('Shutdown');
/** How long the exit waits for the collector to take the last spans. */
export const TRACES_FLUSH_MS = 3_000;

/** How a serving process learns that it must stop, and when no connection can reach it any more. */
export interface ShutdownOrders {
  /** Calls `stop` once on SIGTERM or SIGINT (or the primary's order, in a cluster worker). */
  onShutdown(stop: (signal: string) => void): void;
  /** Resolves once no new connection can arrive: SHUTDOWN_DRAIN_MS on, or the primary says so. */
  arrivalsEnded(drainMs: number): Promise<void>;
}

/** A process serving its own port: the signals, and SHUTDOWN_DRAIN_MS before it stops listening. */
export const OWN_PORT_ORDERS: ShutdownOrders = {
  onShutdown(stop) {
    process.once('SIGTERM', () => stop('SIGTERM'));
    process.once('SIGINT', () => stop('SIGINT'));
  },
  arrivalsEnded: (drainMs) => new Promise((wait) => setTimeout(wait, drainMs)),
};

/** Shutdown: /readyz 503 while requests are still served, then connections drain and it exits. */
export function installGracefulShutdown(
  app: NestExpressApplication,
  config: AppConfig,
  connections: ServedConnections,
  orders: ShutdownOrders,
): void {
  let started = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (started) return;
    started = true;
    app.get(ShutdownState).startDraining();
    connections.startDraining();
    logger.log(
      `${signal}: /readyz now answers 503 and every answer closes its connection; still serving ` +
        `for ${config.shutdownDrainMs} ms`,
    );
    await orders.arrivalsEnded(config.shutdownDrainMs);

    logger.log('No longer accepting connections; finishing the requests in flight');
    await connections.close(config.shutdownTimeoutMs, (open) =>
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
  orders.onShutdown((signal) => void shutdown(signal));
}

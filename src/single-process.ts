import type { AuthConfig } from './common/auth/auth.config.js';
import { generatedKeyEnv } from './common/auth/auth.config.js';
import { ServedConnections } from './common/http/served-connections.js';
import type { AppConfig } from './config/app.config.js';
import { OWN_PORT_ORDERS, installGracefulShutdown } from './health/graceful-shutdown.js';
import type { PinoNestLogger } from './logging/pino-logger.js';
import { listenApp } from './app.setup.js';
import { announceListening, createServingApp } from './serving-app.js';

/**
 * WORKERS=1: one process serves its port itself, with no primary in front. On SIGTERM it drains and
 * exits 0; a crash ends it, for its platform (Kubernetes, compose, systemd) to start it again.
 */
export async function runSingleProcess(
  startupLogger: PinoNestLogger,
  auth: AuthConfig,
  config: AppConfig,
): Promise<void> {
  const app = await createServingApp(startupLogger, { ...process.env, ...generatedKeyEnv(auth) });
  const connections = new ServedConnections(app.getHttpServer());
  installGracefulShutdown(app, config, connections, OWN_PORT_ORDERS);
  await listenApp(app, config.port, config.host);
  announceListening(startupLogger, config, auth, 'NestApplication');
}

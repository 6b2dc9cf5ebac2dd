import { WorkerChannel } from './cluster/worker-channel.js';
import { listenPrivately } from './cluster/private-listen.js';
import { ServedConnections } from './common/http/served-connections.js';
import { LoadShedder } from './common/overload/load-shedder.js';
import { APP_CONFIG, type AppConfig } from './config/app.config.js';
import { installGracefulShutdown } from './health/graceful-shutdown.js';
import type { PinoNestLogger } from './logging/pino-logger.js';
import { createServingApp } from './serving-app.js';

/** A worker: serves what the primary hands it and tells it when it is ready or refusing. */
export async function runWorker(startupLogger: PinoNestLogger): Promise<void> {
  const channel = WorkerChannel.current()!;
  const app = await createServingApp(startupLogger);
  const config = app.get<AppConfig>(APP_CONFIG);
  const server = app.getHttpServer();
  // Listens where no client looks (an abstract Unix socket, no file): a listening server is what
  // runs Node's own connection tracking (headersTimeout, requestTimeout, closeIdleConnections).
  await listenPrivately(server, 'worker');
  const connections = new ServedConnections(server);
  installGracefulShutdown(app, config, connections, channel);
  app.get(LoadShedder).onLoadChange((load) => channel.reportLoad(load));
  channel.onConnection((socket) => connections.take(socket));
  channel.ready();
}

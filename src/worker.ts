import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module.js';
import { NEST_APPLICATION_OPTIONS, configureApp } from './app.setup.js';
import { WorkerChannel } from './cluster/worker-channel.js';
import { WorkerConnections } from './cluster/worker-connections.js';
import { PrototypedExpressAdapter } from './common/http/prototyped-express.adapter.js';
import { LoadShedder } from './common/overload/load-shedder.js';
import { APP_CONFIG, type AppConfig } from './config/app.config.js';
import { installGracefulShutdown } from './health/graceful-shutdown.js';
import type { PinoNestLogger } from './logging/pino-logger.js';

/**
 * A worker: the application, serving the connections the primary hands it. It never listens
 * itself; it tells the primary when it is ready and when it refuses arrivals.
 */
export async function runWorker(startupLogger: PinoNestLogger): Promise<void> {
  Logger.overrideLogger(startupLogger);
  const channel = WorkerChannel.current()!;
  // @nestjs/config reads and validates the environment here, before Nest starts.
  const appModule = await AppModule.forRoot();
  const app = await NestFactory.create<NestExpressApplication>(
    appModule,
    new PrototypedExpressAdapter(),
    { ...NEST_APPLICATION_OPTIONS, logger: startupLogger },
  );
  const config = app.get<AppConfig>(APP_CONFIG);
  configureApp(app);
  await app.init();
  const connections = new WorkerConnections(app.getHttpServer());
  await connections.start();
  installGracefulShutdown(app, config, connections, channel);
  app.get(LoadShedder).onLoadChange((load) => channel.reportLoad(load));
  channel.onConnection((socket) => connections.take(socket));
  channel.ready();
}

import cluster, { type Worker } from 'node:cluster';
import { generatedKeyEnv, type AuthConfig } from '../common/auth/auth.config.js';
import { LISTEN_BACKLOG } from '../common/http/server-limits.js';
import type { AppConfig } from '../config/app.config.js';
import { usableCpus, workersPastCpus } from '../config/workers.config.js';
import type { PinoNestLogger } from '../logging/pino-logger.js';
import { announceListening } from '../serving-app.js';
import { isPetstoreMessage, tell, type WorkerMessage } from './cluster-messages.js';
import { FrontDoor, type ServingWorker } from './front-door.js';
import { InstanceServices } from './instance-services.js';

/** A worker that exits unasked is replaced after this (1 s at most, as docs/operations.md says). */
const REPLACE_AFTER_MS = 100;
/** Past the workers' own bounds (drain, timeout, the spans' flush): then they are killed. */
const EXIT_GRACE_MS = 10_000;
const CONTEXT = 'Primary';

/** The primary of WORKERS above 1: starts, feeds, replaces and drains the workers. */
export async function runPrimary(
  logger: PinoNestLogger,
  auth: AuthConfig,
  config: AppConfig,
): Promise<void> {
  const pastCpus = workersPastCpus(config.workers, usableCpus(), config.dbPoolSize);
  if (pastCpus) logger.warn(pastCpus, CONTEXT);
  const workerEnv = generatedKeyEnv(auth);
  const serving: ServingWorker[] = [];
  // A worker that has not taken a connection within a tenth of the waiting budget (100 ms by
  // default) while keys wait in it, or within half of it (500 ms) whatever waits, is behind: the
  // front door then refuses rather than add to its line.
  const frontDoor = new FrontDoor(
    () => serving,
    { keysWaiting: config.overloadMaxWaitMs / 10, always: config.overloadMaxWaitMs / 2 },
    config.overloadShedding,
  );
  const services = new InstanceServices(frontDoor, () => serving.map((entry) => entry.worker));
  const live = new Set<Worker>();
  let stopping = false;
  let started = false;

  const fork = (): Worker => {
    const worker = cluster.fork(workerEnv);
    live.add(worker);
    const entry: ServingWorker = {
      worker,
      full: false,
      keyedWaiting: false,
      keylessRecent: false,
      handing: [],
    };
    let failure: string | undefined;
    worker.on('message', (message: unknown) => {
      if (!isPetstoreMessage<WorkerMessage>(message)) return;
      if (message.petstore === 'ready') {
        serving.push(entry);
        frontDoor.workerReady();
      } else if (message.petstore === 'load') {
        entry.full = message.full;
        entry.keyedWaiting = message.keyedWaiting;
        entry.keylessRecent = message.keylessRecent;
      } else if (message.petstore === 'failed') failure = message.reason;
      else services.answer(worker, message);
    });
    worker.once('exit', (code, signal) => {
      live.delete(worker);
      const index = serving.indexOf(entry);
      if (index >= 0) serving.splice(index, 1);
      if (stopping) return;
      const how = signal ? `signal ${signal}` : `code ${code}`;
      if (!started) {
        logger.fatal(
          failure ?? `Start-up failed: worker ${worker.id} exited with ${how} before it was ready`,
          CONTEXT,
        );
        return void stopWorkers(1);
      }
      logger.error(
        `Worker ${worker.id} (pid ${worker.process.pid}) exited with ${how}` +
          `${failure ? ` (${failure})` : ''}; its connections are closed, and a new worker ` +
          'replaces it',
        undefined,
        CONTEXT,
      );
      services.restarted();
      setTimeout(() => !stopping && fork(), REPLACE_AFTER_MS);
    });
    return worker;
  };

  const stopWorkers = (exitCode: number): void => {
    stopping = true;
    for (const worker of live) worker.kill('SIGKILL');
    process.exitCode = exitCode;
  };

  // From the start: a SIGTERM while the workers start stops them too.
  const shutdown = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    for (const worker of live) tell(worker, { petstore: 'shutdown', signal });
    // Connections are still handed over while /readyz says 503 and load balancers look elsewhere;
    // then the port closes, and once every connection accepted has reached its worker, the
    // workers close what is idle (none is handed to a worker that no longer serves).
    setTimeout(
      () =>
        void frontDoor.close().then(() => {
          for (const worker of live) tell(worker, { petstore: 'arrivals-ended' });
        }),
      config.shutdownDrainMs,
    ).unref();
    const killer = setTimeout(() => {
      logger.warn('Workers still running past their shutdown bounds; killing them', CONTEXT);
      stopWorkers(1);
    }, exitBound(config)).unref();
    cluster.on('exit', () => {
      if (live.size > 0) return;
      clearTimeout(killer);
      logger.log('Stopped: every worker has drained and exited', CONTEXT);
      void frontDoor.close();
    });
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));

  const workers = Array.from({ length: config.workers }, fork);
  await Promise.all(
    workers.map(
      (worker) =>
        new Promise<void>((ready, failed) => {
          worker.on('message', (message: unknown) => {
            if (isPetstoreMessage<WorkerMessage>(message) && message.petstore === 'ready') ready();
          });
          worker.once('exit', () => failed(new Error('a worker exited during start-up')));
        }),
    ),
  ).catch(() => undefined);
  if (stopping) return;
  try {
    await frontDoor.listen(config.port, config.host, LISTEN_BACKLOG);
  } catch (error) {
    logger.fatal(`Start-up failed: ${(error as Error).message}`, CONTEXT);
    return stopWorkers(1);
  }
  started = true;
  announceListening(logger, config, auth, CONTEXT);
}

function exitBound(config: AppConfig): number {
  return config.shutdownDrainMs + config.shutdownTimeoutMs + EXIT_GRACE_MS;
}

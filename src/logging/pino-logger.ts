import cluster from 'node:cluster';
import { createRequire } from 'node:module';
import { hostname } from 'node:os';
import type { LoggerService } from '@nestjs/common';
import pino, { type Logger } from 'pino';
import type { LogLevel } from '../config/app.config.js';

type Destination = ReturnType<typeof pino.destination>;

// One destination per process, whichever loggers write to it, so that lines never interleave.
let destination: Destination | ReturnType<typeof pino.transport> | undefined;

const PRETTY_OPTIONS = { singleLine: true, ignore: 'pid,hostname' };

/** Which process of the instance writes: a worker's id or `primary`; none with WORKERS=1. */
let processRole: number | 'primary' | undefined = cluster.worker?.id;

/** This process is the primary in front of workers: its lines say so from now on. */
export function logAsPrimary(): void {
  processRole = 'primary';
}

/** pino's own fields of every line, and which process of the instance wrote it. */
function baseFields(): object {
  const fields = { pid: process.pid, hostname: hostname() };
  return processRole === undefined ? fields : { ...fields, worker: processRole };
}

/** pino-pretty is a development dependency: a production install has none, and writes JSON. */
let prettyInstalled: boolean | undefined;

function writesPretty(): boolean {
  if (process.stdout.isTTY !== true || process.env.NODE_ENV === 'production') return false;
  if (prettyInstalled === undefined)
    try {
      createRequire(import.meta.url).resolve('pino-pretty');
      prettyInstalled = true;
    } catch {
      prettyInstalled = false;
    }
  return prettyInstalled;
}

function processDestination(): NonNullable<typeof destination> {
  destination ??= writesPretty()
    ? pino.transport({ target: 'pino-pretty', options: PRETTY_OPTIONS })
    : pino.destination({ sync: false });
  return destination;
}

/** pino's mixin merge, but a mixin adding nothing leaves the line as it is (no copy). */
export function mergeMixinFields(line: object, fields: object): object {
  for (const _field in fields) return Object.assign(fields, line);
  return line;
}

/** A pino logger: JSON lines to stdout, pretty in a terminal outside production. */
export function createPinoLogger(level: LogLevel): Logger {
  return pino(
    { level, base: baseFields(), mixinMergeStrategy: mergeMixinFields },
    processDestination(),
  );
}

/**
 * A process's last line, after every line before it: the destination is ended (its writes done),
 * then the line goes out synchronously. pino's fatal() alone does not wait (sonic-boom issue 101).
 */
export async function logLastLine(
  level: LogLevel,
  line: (logger: PinoNestLogger) => void,
): Promise<void> {
  await flushLogs();
  const synchronous = writesPretty()
    ? (await import('pino-pretty')).default({ ...PRETTY_OPTIONS, sync: true })
    : pino.destination({ sync: true });
  line(new PinoNestLogger(pino({ level }, synchronous)));
}

/** Writes every buffered line and ends the destination, within 2 s, before exiting. */
export function flushLogs(): Promise<void> {
  const current = destination;
  if (current === undefined) return Promise.resolve();
  return new Promise((resolve) => {
    destination = undefined;
    const timer = setTimeout(resolve, 2_000);
    current.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
    current.end();
  });
}

/** Nest's logger interface over pino, so framework and service lines share one format. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }

  error(message: unknown, ...params: unknown[]): void {
    // Nest passes (message, stack, context).
    const [stack, ...rest] = params;
    this.write('error', message, rest, typeof stack === 'string' ? { stack } : {});
  }

  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }

  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }

  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }

  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  private write(
    level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace',
    message: unknown,
    params: unknown[],
    extra: object = {},
  ): void {
    const context =
      params.length > 0 && typeof params[params.length - 1] === 'string'
        ? params[params.length - 1]
        : undefined;
    // Nest's ExceptionHandler passes the Error itself: its message and stack, not JSON.stringify's
    // "{}".
    if (message instanceof Error)
      this.logger[level]({ context, stack: message.stack, ...extra }, message.message);
    else
      this.logger[level](
        { context, ...extra },
        typeof message === 'string' ? message : JSON.stringify(message),
      );
  }
}

import type { LoggerService } from '@nestjs/common';
import pino, { type Logger } from 'pino';
import type { LogLevel } from '../config/app.config.js';

type Destination = ReturnType<typeof pino.destination>;

// One destination per process, whichever loggers write to it, so that lines never interleave.
let destination: Destination | ReturnType<typeof pino.transport> | undefined;

function processDestination(): NonNullable<typeof destination> {
  const pretty = process.stdout.isTTY === true && process.env.NODE_ENV !== 'production';
  destination ??= pretty
    ? pino.transport({
        target: 'pino-pretty',
        options: { singleLine: true, ignore: 'pid,hostname' },
      })
    : pino.destination({ sync: false });
  return destination;
}

/**
 * A pino logger on the process's one destination: JSON lines written asynchronously to stdout, or
 * pretty-printed (pino-pretty, in a worker) when stdout is a terminal outside production.
 */
export function createPinoLogger(level: LogLevel): Logger {
  return pino({ level }, processDestination());
}

/**
 * Calls `log` once no write of the log is in flight: pino's fatal() flushes without waiting for one
 * (sonic-boom issue 101), so a failed start's last line came out before the lines above it.
 */
export function whenLogWritesSettle(log: () => void): Promise<void> {
  const current = destination as (Destination & { _writing?: boolean }) | undefined;
  if (current?._writing !== true) {
    log();
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const settled = (): void => {
      clearTimeout(timer);
      current.off('drain', settled);
      log();
      resolve();
    };
    // At most 2 s: a stuck stdout must not hold the fatal line and the exit.
    const timer = setTimeout(settled, 2_000);
    current.once('drain', settled);
  });
}

/**
 * Writes out every buffered line, then ends the destination: the last step before the process exits
 * on its own. At most 2 s, so a stuck stdout cannot hold the exit.
 */
export function flushLogs(): Promise<void> {
  const current = destination;
  if (current === undefined) return Promise.resolve();
  return new Promise((resolve) => {
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

import { applyDecorators } from '@nestjs/common';
import { Expose, Transform, plainToInstance } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  Matches,
  Max,
  Min,
  MinLength,
  validateSync,
  type ValidationArguments,
} from 'class-validator';
import { QUEUE_ORDERS, type QueueOrder } from '../common/overload/fair-queue.js';
import { ConfigValidationError } from './config-validation.error.js';
import type { Env } from './env.js';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** A bound on processes, not a recommendation: each worker holds its own pool and memory. */
export const MAX_WORKERS = 64;

/** An integer from `min` to `max`; the value stays as given when it is not one, for the message. */
function EnvInteger(min: number, max: number): PropertyDecorator {
  const message = ({ value }: ValidationArguments) =>
    `must be an integer from ${min} to ${max}, got "${String(value)}"`;
  return applyDecorators(
    Expose(),
    Transform(({ value }: { value: unknown }) =>
      typeof value === 'string' && /^[0-9]{1,9}$/.test(value) ? Number(value) : value,
    ),
    IsOptional(),
    IsInt({ message }),
    Min(min, { message }),
    Max(max, { message }),
  );
}

function EnvBoolean(): PropertyDecorator {
  return applyDecorators(
    Expose(),
    Transform(({ value }: { value: unknown }) =>
      value === 'true' ? true : value === 'false' ? false : value,
    ),
    IsBoolean({ message: ({ value }) => `must be true or false, got "${String(value)}"` }),
  );
}

function EnvOneOf(values: readonly string[]): PropertyDecorator {
  return applyDecorators(
    Expose(),
    IsIn(values, {
      message: ({ value }) => `must be one of ${values.join(', ')}, got "${String(value)}"`,
    }),
  );
}

/** The settings of one value, with their defaults, checked by class-validator at start-up. */
export class Environment {
  @EnvInteger(0, 65_535) PORT = 3_000;
  @Expose()
  @Matches(/^[A-Za-z0-9.:\-[\]%]+$/, {
    message: ({ value }) =>
      `must be a host name or IP address to listen on, got "${String(value)}"`,
  })
  HOST = '0.0.0.0';
  /** Unset: derived from the API keys (app.config.ts). Never shown in a message. */
  @Expose()
  @IsOptional()
  @MinLength(16, { message: 'must be at least 16 characters long' })
  CURSOR_SECRET?: string;
  /** Unset: chosen by the database and the usable CPUs (workers.config.ts). */
  @EnvInteger(1, MAX_WORKERS) WORKERS?: number;
  /** At least 2: the lag is measured once a second, so a replica in step reads up to 1.2 s. */
  @EnvInteger(2, 3_600) REPLICA_MAX_LAG_SECONDS = 5;
  @EnvOneOf(LOG_LEVELS) LOG_LEVEL: LogLevel = 'info';
  @EnvBoolean() METRICS_ENABLED = true;
  @EnvInteger(1, 100_000_000) RATE_LIMIT = 1_200;
  @EnvInteger(1, 86_400) RATE_LIMIT_WINDOW = 60;
  @EnvInteger(0, 600_000) DB_CONNECT_TIMEOUT_MS = 30_000;
  @EnvBoolean() MIGRATIONS_AT_START = true;
  @EnvInteger(0, 3_600_000) MIGRATIONS_LOCK_WAIT_MS = 300_000;
  @EnvInteger(1, 1_000) DB_POOL_SIZE = 10;
  @EnvInteger(100, 60_000) DB_POOL_WAIT_MS = 5_000;
  @EnvInteger(0, 600_000) SHUTDOWN_DRAIN_MS = 5_000;
  @EnvInteger(0, 600_000) SHUTDOWN_TIMEOUT_MS = 10_000;
  @EnvInteger(1, 3_650) EVENTS_RETENTION_DAYS = 30;
  @EnvInteger(1, 10_000) WEBHOOK_ENDPOINTS_PER_KEY = 16;
  @EnvBoolean() OVERLOAD_SHEDDING = true;
  @EnvInteger(1, 100_000) OVERLOAD_MAX_IN_FLIGHT = 64;
  @EnvInteger(10, 600_000) OVERLOAD_MAX_WAIT_MS = 1_000;
  @EnvOneOf(QUEUE_ORDERS) OVERLOAD_QUEUE_ORDER: QueueOrder = 'adaptive-lifo';
}

/** The environment's settings, or the first unusable one as a ConfigValidationError. */
export function readEnvironment(env: Env): Environment {
  const environment = plainToInstance(Environment, env, {
    excludeExtraneousValues: true,
    exposeDefaultValues: true,
  });
  const [error] = validateSync(environment, { stopAtFirstError: true });
  if (error) throw new ConfigValidationError(error.property, Object.values(error.constraints!)[0]);
  return environment;
}

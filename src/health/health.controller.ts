import { Controller, Get, Res, ServiceUnavailableException } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import {
  HealthCheckService,
  HealthIndicatorService,
  TypeOrmHealthIndicator,
  type HealthCheckResult,
  type HealthIndicatorResult,
} from '@nestjs/terminus';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Response } from 'express';
import type { DataSource } from 'typeorm';
import { Public } from '../common/auth/public.decorator.js';
import { Clock } from '../common/time/clock.js';
import { STATEMENT_DEADLINE_MS } from '../database/database-availability.js';
import { hasPendingMigrations } from '../database/pending-migrations.js';
import { ReplicaReadSet } from '../database/replica-read-set.js';
import { ShutdownState } from './shutdown-state.js';

/** How often /readyz asks the database at most; probes in between get the last answer. */
export const READINESS_CHECK_INTERVAL_MS = 1_000;

/** Probes for load balancers and orchestrators, at the root and open without a key. */
@Public()
@SkipThrottle()
@ApiExcludeController()
@Controller()
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    private readonly typeOrm: TypeOrmHealthIndicator,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly shutdown: ShutdownState,
    private readonly replicas: ReplicaReadSet,
    private readonly clock: Clock,
  ) {}

  private recent?: {
    until: number;
    checks: Promise<[HealthIndicatorResult, HealthIndicatorResult]>;
  };

  /** Liveness never touches the database, so an outage does not get the process restarted. */
  @Get('healthz')
  live(@Res({ passthrough: true }) response: Response): Promise<HealthCheckResult> {
    return this.report(response, []);
  }

  /** Readiness: not shutting down, the database answers, no migration pending. */
  @Get('readyz')
  ready(@Res({ passthrough: true }) response: Response): Promise<HealthCheckResult> {
    return this.report(response, [
      () => {
        const session = this.indicators.check('lifecycle');
        return this.shutdown.isDraining ? session.down({ message: 'shutting down' }) : session.up();
      },
      async () => (await this.databaseChecks())[0],
      async () => (await this.databaseChecks())[1],
      ...(this.replicas.configured
        ? [() => this.indicators.check('replicas').up({ replicas: this.replicas.status() })]
        : []),
    ]);
  }

  /** The checks run at most once a second, so a flood of /readyz costs the database nothing. */
  private databaseChecks(): Promise<[HealthIndicatorResult, HealthIndicatorResult]> {
    const now = this.clock.now();
    if (!this.recent || this.recent.until <= now) {
      this.recent = {
        until: now + READINESS_CHECK_INTERVAL_MS,
        checks: Promise.all([this.pingDatabase(), this.checkMigrations()]),
      };
    }
    return this.recent.checks;
  }

  /** SELECT 1 through the pool the requests use, down after the same deadline as a statement. */
  private async pingDatabase(): Promise<HealthIndicatorResult> {
    const result = await this.typeOrm.pingCheck('database', {
      connection: this.dataSource,
      timeout: STATEMENT_DEADLINE_MS,
    });
    // The driver's own message (addresses, error codes) stays in the server.
    return result.database.status === 'up'
      ? result
      : this.indicators.check('database').down({ message: 'not reachable' });
  }

  private async checkMigrations(): Promise<HealthIndicatorResult> {
    // A HealthCheckAttempt is thenable, not a Promise: awaited here to share it.
    return await this.indicators
      .check('migrations')
      .attempt(async () => {
        const pending = await hasPendingMigrations(this.dataSource).catch(() => {
          throw new Error('cannot be read: the database is not reachable');
        });
        if (pending) throw new Error('migrations pending');
      })
      .withTimeout(STATEMENT_DEADLINE_MS);
  }

  /** Terminus throws 503 with its report; the report is the body either way. */
  private async report(
    response: Response,
    checks: Parameters<HealthCheckService['check']>[0],
  ): Promise<HealthCheckResult> {
    try {
      return await this.health.check(checks);
    } catch (error) {
      if (!(error instanceof ServiceUnavailableException)) throw error;
      response.status(503);
      return error.getResponse() as HealthCheckResult;
    }
  }
}

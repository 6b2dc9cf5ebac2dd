import { Controller, Get, Res, ServiceUnavailableException } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import { HealthCheckService, HealthIndicatorService, type HealthCheckResult } from '@nestjs/terminus';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Response } from 'express';
import type { DataSource } from 'typeorm';
import { Public } from '../common/auth/public.decorator.js';
import { SqlExecutor } from '../database/sql-executor.js';
import { ShutdownState } from './shutdown-state.js';

/** Probes for load balancers and orchestrators, at the root and open without a key. */
@Public()
@SkipThrottle()
@ApiExcludeController()
@Controller()
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    private readonly sql: SqlExecutor,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly shutdown: ShutdownState,
  ) {}

  /** Liveness: the process answers. Never touches the database, so an outage does not get it restarted. */
  @Get('healthz')
  live(@Res({ passthrough: true }) response: Response): Promise<HealthCheckResult> {
    return this.report(response, []);
  }

  /** Readiness: not shutting down, the database answers, and no migration is pending. */
  @Get('readyz')
  ready(@Res({ passthrough: true }) response: Response): Promise<HealthCheckResult> {
    return this.report(response, [
      () => {
        const session = this.indicators.check('lifecycle');
        return this.shutdown.isDraining ? session.down({ message: 'shutting down' }) : session.up();
      },
      // Through the pool the requests use, with their deadline.
      async () => {
        const session = this.indicators.check('database');
        return (await this.sql.ping().then(
          () => true,
          () => false,
        ))
          ? session.up()
          : session.down({ message: 'not reachable' });
      },
      async () => {
        const session = this.indicators.check('migrations');
        const pending = await this.dataSource.showMigrations().catch(() => undefined);
        if (pending === undefined) return session.down({ message: 'cannot be read: the database is not reachable' });
        return pending ? session.down({ message: 'migrations pending' }) : session.up();
      },
    ]);
  }

  /** Terminus throws 503 with its report; the report is the body either way. */
  private async report(response: Response, checks: Parameters<HealthCheckService['check']>[0]): Promise<HealthCheckResult> {
    try {
      return await this.health.check(checks);
    } catch (error) {
      if (!(error instanceof ServiceUnavailableException)) throw error;
      response.status(503);
      return error.getResponse() as HealthCheckResult;
    }
  }
}

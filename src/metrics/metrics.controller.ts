import { Controller, Get, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { Response } from 'express';
import { AppException } from '../common/errors/app.exception.js';
import { ErrorCode } from '../common/errors/error-code.enum.js';
import { MetricsService } from './metrics.service.js';

/**
 * Prometheus text format at /metrics, for a scraper with an API key (it is on the API's port, so it
 * is not open); a scrape does not count against the key's rate limit.
 */
@SkipThrottle()
@ApiExcludeController()
@Controller()
export class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  /** With METRICS_ENABLED=false the path answers 404 like any unknown path. */
  @Get('metrics')
  async scrape(@Res() response: Response): Promise<void> {
    if (!this.metrics.enabled) throw new AppException(ErrorCode.NOT_FOUND, 'No resource at /metrics; the API lives under /v1.');
    response.setHeader('Content-Type', this.metrics.registry.contentType);
    response.end(await this.metrics.registry.metrics());
  }
}

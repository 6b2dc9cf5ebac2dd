import { Controller, Get, Res, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { Response } from 'express';
import { RequestKey } from '../common/auth/request-key.decorator.js';
import { StoreKeyGuard } from '../common/auth/store-key.guard.js';
import { MetricsService } from './metrics.service.js';

/**
 * Prometheus text format at /metrics, for the store's operators: a store key only (it is on the
 * API's port, so it is not open), with a small rate limit of its own instead of the key's API
 * budget.
 */
@SkipThrottle()
@UseGuards(StoreKeyGuard)
@ApiExcludeController()
@Controller()
export class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  /** With METRICS_ENABLED=false the path answers 404 like any unknown path. */
  @Get('metrics')
  async scrape(@RequestKey() key: RequestKey, @Res() response: Response): Promise<void> {
    const text = await this.metrics.scrape(key.name, response);
    response.setHeader('Content-Type', this.metrics.registry.contentType);
    response.end(text);
  }
}

import { Controller, Get, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { Response } from 'express';
import { RequestKey } from '../common/auth/request-key.decorator.js';
import { StoreKeyOnly } from '../common/auth/store-key-only.decorator.js';
import { MetricsService } from './metrics.service.js';

/** Prometheus text at /metrics: store keys only, with a rate limit of its own. */
@SkipThrottle()
@StoreKeyOnly()
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

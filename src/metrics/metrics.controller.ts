import { Controller, Get, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../common/auth/public.decorator.js';
import { MetricsService } from './metrics.service.js';

/** Prometheus text format at /metrics, open without a key (restrict it at the network edge). */
@Public()
@ApiExcludeController()
@Controller()
export class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  @Get('metrics')
  async scrape(@Res() response: Response): Promise<void> {
    response.setHeader('Content-Type', this.metrics.registry.contentType);
    response.end(await this.metrics.registry.metrics());
  }
}

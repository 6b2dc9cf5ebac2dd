import { Module } from '@nestjs/common';
import { OverloadModule } from '../common/overload/overload.module.js';
import { RateLimitModule } from '../common/rate-limit/rate-limit.module.js';
import { Clock } from '../common/time/clock.js';
import { MetricsController } from './metrics.controller.js';
import { MetricsService } from './metrics.service.js';

@Module({
  // For the state of the rate-limit store (Redis) and of load shedding in /metrics.
  imports: [RateLimitModule, OverloadModule],
  controllers: [MetricsController],
  // The Clock decides when a rendering is reused (a test moves it).
  providers: [MetricsService, Clock],
  exports: [MetricsService],
})
export class MetricsModule {}

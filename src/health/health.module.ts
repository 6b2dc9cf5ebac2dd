import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { Clock } from '../common/time/clock.js';
import { HealthController } from './health.controller.js';
import { ShutdownState } from './shutdown-state.js';

@Module({
  imports: [TerminusModule.forRoot({ logger: false })],
  controllers: [HealthController],
  // The readiness checks' once-a-second reuse goes by the service's clock (a test moves it).
  providers: [ShutdownState, Clock],
  exports: [ShutdownState],
})
export class HealthModule {}

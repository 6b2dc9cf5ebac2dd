import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IdempotencyPurge } from './idempotency-purge.service.js';
import { IdempotencyRecordEntity } from './idempotency-record.entity.js';
import { IdempotencyInterceptor } from './idempotency.interceptor.js';
import { IdempotencyRepository } from './idempotency.repository.js';
import { IdempotencyService } from './idempotency.service.js';

/** Idempotency-Key for create operations; ScheduleModule runs the purge. */
@Module({
  imports: [TypeOrmModule.forFeature([IdempotencyRecordEntity])],
  providers: [IdempotencyService, IdempotencyRepository, IdempotencyPurge, IdempotencyInterceptor],
  exports: [IdempotencyService, IdempotencyInterceptor],
})
export class IdempotencyModule {}

import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MetricsModule } from '../metrics/metrics.module.js';
import { EventFeedMetrics } from './event-feed-metrics.js';
import { EventIds } from './event-ids.js';
import { EventRetention } from './event-retention.service.js';
import { EventsController } from './events.controller.js';
import { EventsService } from './events.service.js';
import { EventSequenceEntity } from './event-sequence.entity.js';
import { EventSequencer } from './event-sequencer.service.js';
import { OrderEventEntity, OrderOutboxEntity } from './order-event.entity.js';
import { OrderEventsRepository } from './order-events.repository.js';

/** Order events: the outbox every order change writes to, its ids, its feed and its retention. */
@Module({
  imports: [
    TypeOrmModule.forFeature([OrderOutboxEntity, OrderEventEntity, EventSequenceEntity]),
    MetricsModule,
  ],
  controllers: [EventsController],
  providers: [
    OrderEventsRepository,
    EventSequencer,
    EventRetention,
    EventsService,
    EventIds,
    EventFeedMetrics,
  ],
  exports: [OrderEventsRepository, EventIds],
})
export class EventsModule {}

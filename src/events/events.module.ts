import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MetricsModule } from '../metrics/metrics.module.js';
import { EventFeed } from './event-feed.js';
import { EventFeedMetrics } from './event-feed-metrics.js';
import { EventIds } from './event-ids.js';
import { EventRetention } from './event-retention.service.js';
import { EventSequenceEntity } from './event-sequence.entity.js';
import { EventSequencer } from './event-sequencer.service.js';
import { EventEntity, EventOutboxEntity } from './event.entity.js';
import { EventsRepository } from './events.repository.js';

/** Events of every family: outbox, sequence, feed reads and retention; no route of its own. */
@Module({
  imports: [
    TypeOrmModule.forFeature([EventOutboxEntity, EventEntity, EventSequenceEntity]),
    MetricsModule,
  ],
  providers: [
    EventsRepository,
    EventSequencer,
    EventRetention,
    EventIds,
    EventFeed,
    EventFeedMetrics,
  ],
  exports: [EventsRepository, EventIds, EventFeed],
})
export class EventsModule {}

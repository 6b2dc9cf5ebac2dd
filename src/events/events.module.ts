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

/**
 * Events, whatever their family (event-catalog.ts): the outbox a change writes to in its own
 * transaction, the sequence that gives them ids, the feed's reading and the retention. It serves
 * no route: the feature that owns a family serves its feed.
 */
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

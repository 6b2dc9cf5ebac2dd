import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OrderEventEntity } from './order-event.entity.js';
import { OrderEventsRepository } from './order-events.repository.js';

/** Order events: the outbox that every order change writes to. */
@Module({
  imports: [TypeOrmModule.forFeature([OrderEventEntity])],
  providers: [OrderEventsRepository],
  exports: [OrderEventsRepository],
})
export class EventsModule {}

import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PagingModule } from '../common/paging/paging.module.js';
import { EventsModule } from '../events/events.module.js';
import { IdempotencyModule } from '../idempotency/idempotency.module.js';
import { PetEntity } from '../pets/pet.entity.js';
import { OrderEntity } from './order.entity.js';
import { OrderEventsController } from './order-events.controller.js';
import { OrderEventsService } from './order-events.service.js';
import { OrdersController } from './orders.controller.js';
import { OrdersRepository } from './orders.repository.js';
import { OrdersService } from './orders.service.js';

/** The store's orders under /v1/store/orders, and their events' feed at /v1/events. */
@Module({
  // PetEntity: orders check that the pet they name exists.
  imports: [
    TypeOrmModule.forFeature([OrderEntity, PetEntity]),
    PagingModule,
    IdempotencyModule,
    EventsModule,
  ],
  controllers: [OrdersController, OrderEventsController],
  providers: [OrdersService, OrdersRepository, OrderEventsService],
})
export class OrdersModule {}

import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { DatabaseAccess } from '../database/database-access.js';
import { OrderEventEntity } from './order-event.entity.js';

export type NewOrderEvent = Omit<OrderEventEntity, 'id'>;

/** All SQL for the order_events outbox. */
@Injectable()
export class OrderEventsRepository {
  constructor(
    @InjectRepository(OrderEventEntity) private readonly events: Repository<OrderEventEntity>,
    private readonly database: DatabaseAccess,
  ) {}

  /** Appends an event; inside a transaction (the change's own), it commits or rolls back with it. */
  append(event: NewOrderEvent): Promise<bigint> {
    return this.database.insert(this.events, event);
  }
}

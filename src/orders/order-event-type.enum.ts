/** What happened to an order: one event of one of these types per change. */
export enum OrderEventType {
  CREATED = 'order.created',
  CHANGED = 'order.changed',
  APPROVED = 'order.approved',
  DELIVERED = 'order.delivered',
  DELETED = 'order.deleted',
}

export const ORDER_EVENT_TYPES: readonly string[] = Object.values(OrderEventType);

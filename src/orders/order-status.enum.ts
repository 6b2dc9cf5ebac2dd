export enum OrderStatus {
  PLACED = 'placed',
  APPROVED = 'approved',
  DELIVERED = 'delivered',
}

export const ORDER_STATUSES: readonly OrderStatus[] = Object.values(OrderStatus);

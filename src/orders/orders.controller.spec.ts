import { responseRecording } from '../../test/support/response-recording.js';
import type { Page } from '../common/paging/keyset-paging.js';
import type { OrderDto } from './dto/order.dto.js';
import { OrderStatus } from './order-status.enum.js';
import { OrdersController } from './orders.controller.js';
import type { OrdersService } from './orders.service.js';

const ORDER: OrderDto = { id: 9007199254740993n, petId: 7n, quantity: 1, status: OrderStatus.PLACED, complete: false };

describe('OrdersController', () => {
  const page: Page<OrderDto> = { items: [ORDER], nextCursor: 'c'.repeat(32) };
  const deleted: bigint[] = [];
  const service = {
    list: () => Promise.resolve(page),
    create: () => Promise.resolve(ORDER),
    get: () => Promise.resolve(ORDER),
    delete: (id: bigint) => (deleted.push(id), Promise.resolve()),
  } as unknown as OrdersService;
  const controller = new OrdersController(service);

  it('lists orders and links the next page with both filters', async () => {
    const { headers, response } = responseRecording();
    expect(await controller.list({ status: OrderStatus.PLACED, petId: '7', limit: '1' }, response)).toEqual([ORDER]);
    expect(headers.Link).toBe(`</v1/store/orders?limit=1&status=placed&petId=7&cursor=${'c'.repeat(32)}>; rel="next"`);
  });

  it('answers a placed order with its Location', async () => {
    const { headers, response } = responseRecording();
    expect(await controller.create({ petId: 7, quantity: 1 }, response)).toBe(ORDER);
    expect(headers.Location).toBe('/v1/store/orders/9007199254740993');
  });

  it('gets and deletes by id', async () => {
    await expect(controller.get(9007199254740993n)).resolves.toBe(ORDER);
    await controller.delete(5n);
    expect(deleted).toEqual([5n]);
  });
});

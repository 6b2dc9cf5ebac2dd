import { responseRecording } from '../common/http/response-recording.fixture.js';
import { ApiKeyKind } from '../common/auth/api-key-kind.js';
import { ApiKeyScope } from '../common/auth/api-key-scope.enum.js';
import { EntityTagCondition } from '../common/http/entity-tag.js';
import { RequestPreconditions } from '../common/http/preconditions.js';
import { jsonInt64 } from '../common/int64/int64.js';
import type { Page } from '../common/paging/keyset-paging.js';
import type { OrderDto } from './dto/order.dto.js';
import { OrderStatus } from './order-status.enum.js';
import { OrdersController } from './orders.controller.js';
import type { OrdersService } from './orders.service.js';

const ORDER: OrderDto = {
  id: jsonInt64(9007199254740993n),
  petId: jsonInt64(7n),
  quantity: 1,
  status: OrderStatus.PLACED,
  complete: false,
};
const TAGGED = { body: ORDER, etag: '"9007199254740993-1"' };
const KEY = { name: 'shop-a', id: 'shop-a-id', scope: ApiKeyScope.WRITE, kind: ApiKeyKind.PARTNER };

describe('OrdersController', () => {
  const page: Page<OrderDto> = { items: [ORDER], nextCursor: 'c'.repeat(32) };
  const calls: unknown[][] = [];
  const service = {
    list: () => Promise.resolve(page),
    create: () => Promise.resolve(TAGGED),
    get: () => Promise.resolve(TAGGED),
    update: (...args: unknown[]) => (calls.push(['update', ...args]), Promise.resolve(TAGGED)),
    delete: (...args: unknown[]) => (calls.push(['delete', ...args]), Promise.resolve()),
  } as unknown as OrdersService;
  const controller = new OrdersController(service);

  it('lists orders and links the next page with both filters', async () => {
    const { headers, response } = responseRecording();
    expect(
      await controller.list(
        { status: OrderStatus.PLACED, petId: '7', limit: '1' },
        RequestPreconditions.NONE,
        KEY,
        response,
      ),
    ).toEqual([ORDER]);
    expect(headers.Link).toBe(
      `</v1/store/orders?limit=1&status=placed&petId=7&cursor=${'c'.repeat(32)}>; rel="next"`,
    );
  });

  it('answers a placed order with its Location and ETag', async () => {
    const { headers, response } = responseRecording();
    expect(
      await controller.create({ petId: 7, quantity: 1 }, RequestPreconditions.NONE, KEY, response),
    ).toBe(ORDER);
    expect(headers).toEqual({
      Location: '/v1/store/orders/9007199254740993',
      ETag: '"9007199254740993-1"',
    });
  });

  it('gets with the ETag, patches and deletes by id with the preconditions of the request', async () => {
    const { headers, response } = responseRecording();
    await expect(
      controller.get(9007199254740993n, RequestPreconditions.NONE, KEY, response),
    ).resolves.toBe(ORDER);
    expect(headers.ETag).toBe('"9007199254740993-1"');
    const ifMatch = new RequestPreconditions(
      EntityTagCondition.parse('If-Match', '"5-1"'),
      undefined,
    );
    await expect(controller.update(5n, { quantity: 2 }, ifMatch, KEY, response)).resolves.toBe(
      ORDER,
    );
    await controller.delete(5n, ifMatch, KEY);
    expect(calls).toEqual([
      ['update', 5n, { quantity: 2 }, ifMatch, KEY],
      ['delete', 5n, ifMatch, KEY],
    ]);
  });
});

import { jest } from '@jest/globals';
import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  NotFoundException,
  PreconditionFailedException,
  UnprocessableEntityException,
} from '@nestjs/common';
import { ApiKeyKind } from '../common/auth/api-key-kind.js';
import { ApiKeyScope } from '../common/auth/api-key-scope.enum.js';
import { EntityTagCondition, NotModifiedException } from '../common/http/entity-tag.js';
import { RequestPreconditions } from '../common/http/preconditions.js';
import { jsonInt64Text } from '../common/int64/int64.js';
import { KeysetCursorCodec } from '../common/paging/keyset-cursor.codec.js';
import { KeysetPaging } from '../common/paging/keyset-paging.js';
import type { OrderDto } from './dto/order.dto.js';
import type { UpdateOrderDto } from './dto/update-order.dto.js';
import { OrderStatus } from './order-status.enum.js';
import type { OrderEntity } from './order.entity.js';
import type { NewEvent } from '../events/events.repository.js';
import type {
  EventOf,
  NewOrderRecord,
  OrderChanges,
  OrderFilters,
  OrdersRepository,
} from './orders.repository.js';
import { OrdersService } from './orders.service.js';

const { PLACED, APPROVED, DELIVERED } = OrderStatus;
const SHOP_A = {
  name: 'shop-a',
  id: 'shop-a-id',
  scope: ApiKeyScope.WRITE,
  kind: ApiKeyKind.STORE,
};
const NONE = RequestPreconditions.NONE;
const ifMatch = (header: string) =>
  new RequestPreconditions(EntityTagCondition.parse('If-Match', header), undefined);
const ifNoneMatch = (header: string) =>
  new RequestPreconditions(undefined, EntityTagCondition.parse('If-None-Match', header));

/** An in-memory stand-in for the repository: the service's own rules are what is tested here. */
class OrdersInMemory {
  readonly rows: OrderEntity[] = [];
  readonly pets = new Set([1n, 9007199254740993n]);
  readonly events: NewEvent[] = [];
  /** Runs between a change's read and its write, as another client's request would. */
  meanwhile?: () => void;

  insert(order: NewOrderRecord, eventOf: EventOf): Promise<OrderEntity | undefined> {
    if (!this.pets.has(order.petId)) return Promise.resolve(undefined);
    const row = { ...order, id: BigInt(this.rows.length + 1), version: 1 };
    this.rows.push(row);
    this.events.push(eventOf({ ...row }));
    return Promise.resolve({ ...row });
  }

  findById(id: bigint, placedBy?: string, _primaryIf?: unknown): Promise<OrderEntity | null> {
    const row = this.rows.find(
      (candidate) =>
        candidate.id === id && (placedBy === undefined || candidate.placedBy === placedBy),
    );
    return Promise.resolve(row ? { ...row } : null);
  }

  findCurrent(id: bigint, placedBy?: string): Promise<OrderEntity | null> {
    return this.findById(id, placedBy);
  }

  updateAtVersion(
    order: OrderEntity,
    changes: OrderChanges,
    eventOf: EventOf,
  ): Promise<OrderEntity | undefined> {
    this.runMeanwhile();
    const row = this.rows.find(
      (candidate) => candidate.id === order.id && candidate.version === order.version,
    );
    if (!row) return Promise.resolve(undefined);
    Object.assign(row, changes, { version: order.version + 1 });
    this.events.push(eventOf({ ...row }));
    return Promise.resolve({ ...row });
  }

  deleteAtVersion(order: OrderEntity, eventOf: EventOf): Promise<boolean> {
    this.runMeanwhile();
    const index = this.rows.findIndex(
      (row) => row.id === order.id && row.version === order.version,
    );
    if (index < 0) return Promise.resolve(false);
    this.events.push(eventOf(this.rows.splice(index, 1)[0]));
    return Promise.resolve(true);
  }

  listAfter(afterId: bigint, limit: number, filters: OrderFilters): Promise<OrderEntity[]> {
    const matches = (row: OrderEntity) =>
      (filters.status === undefined || row.status === filters.status) &&
      (filters.petId === undefined || row.petId === filters.petId) &&
      (filters.placedBy === undefined || row.placedBy === filters.placedBy);
    return Promise.resolve(
      this.rows.filter((row) => row.id > afterId && matches(row)).slice(0, limit),
    );
  }

  /** Another client's change, made once. */
  changeOnce(id: bigint, changes: OrderChanges): void {
    this.meanwhile = () => {
      const row = this.rows.find((candidate) => candidate.id === id)!;
      Object.assign(row, changes, { version: row.version + 1 });
    };
  }

  private runMeanwhile(): void {
    const meanwhile = this.meanwhile;
    this.meanwhile = undefined;
    meanwhile?.();
  }
}

/** An order's id as the service's other methods take it. */
const idOf = (order: OrderDto): bigint => BigInt(jsonInt64Text(order.id));

describe('OrdersService', () => {
  let rows: OrdersInMemory;
  let service: OrdersService;
  const place = async (changes: Partial<NewOrderRecord> = {}) => {
    const { body } = await service.create(
      { petId: 1, quantity: 1, status: changes.status, complete: changes.complete },
      NONE,
      SHOP_A,
    );
    return idOf(body);
  };
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: unknown) => error,
    );

  beforeEach(() => {
    rows = new OrdersInMemory();
    service = new OrdersService(
      rows as unknown as OrdersRepository,
      new KeysetPaging(new KeysetCursorCodec(Buffer.alloc(32, 2))),
    );
  });

  it('places an order with status placed and complete false unless given, and no ship date, tagged at version 1', async () => {
    expect(await service.create({ petId: 9007199254740993n, quantity: 3 }, NONE, SHOP_A)).toEqual({
      body: {
        id: 1,
        // Exact in JSON: the digits themselves above 2^53.
        petId: { rawJSON: '9007199254740993' },
        quantity: 3,
        status: 'placed',
        complete: false,
        placedBy: 'shop-a',
      },
      etag: '"1-1"',
    });
    expect(rows.rows[0].shipDate).toBeNull();
  });

  it('describes every change by one event: its type, the version after it, the owner, the order as getOrder answers it', async () => {
    const id = await place();
    await service.update(id, { quantity: 4 }, NONE, SHOP_A);
    await service.update(id, { status: APPROVED }, NONE, SHOP_A);
    await service.update(id, { status: OrderStatus.DELIVERED }, NONE, SHOP_A);
    await service.update(id, { complete: true }, NONE, SHOP_A);
    await service.update(id, { complete: true }, NONE, SHOP_A); // no change: no event
    const last = (await service.get(id, NONE, SHOP_A)).body;
    await service.delete(id, ifMatch('"1-5"'), SHOP_A);
    expect(
      rows.events.map(({ type, subjectId: orderId, subjectVersion: orderVersion, owner }) => [
        type,
        orderId,
        orderVersion,
        owner,
      ]),
    ).toEqual([
      ['order.created', id, 1, 'shop-a'],
      ['order.changed', id, 2, 'shop-a'],
      ['order.approved', id, 3, 'shop-a'],
      ['order.delivered', id, 4, 'shop-a'],
      ['order.changed', id, 5, 'shop-a'],
      ['order.deleted', id, 6, 'shop-a'],
    ]);
    expect(JSON.parse(rows.events[1].payload)).toEqual({
      id: 1,
      petId: 1,
      quantity: 4,
      status: 'placed',
      complete: false,
      placedBy: 'shop-a',
    });
    // A deletion carries the order's last state.
    expect(JSON.parse(rows.events[5].payload)).toEqual(JSON.parse(JSON.stringify(last)));
    for (const event of rows.events) expect(event.occurredAt).toBeInstanceOf(Date);
  });

  it('stores the ship date as the instant given, and answers it in UTC', async () => {
    const order = await service.create(
      {
        petId: 1,
        quantity: 1,
        shipDate: '2026-12-24T20:30:00+02:00',
        status: APPROVED,
        complete: true,
      },
      NONE,
      SHOP_A,
    );
    expect(order.body).toEqual({
      id: 1,
      petId: 1,
      quantity: 1,
      shipDate: '2026-12-24T18:30:00.000Z',
      status: 'approved',
      complete: true,
      placedBy: 'shop-a',
    });
    expect(rows.rows[0].shipDate).toEqual(new Date('2026-12-24T18:30:00Z'));
  });

  it('refuses an order for a pet that does not exist with 422 PET_NOT_FOUND, storing nothing', async () => {
    const refused = await failure(service.create({ petId: 5, quantity: 1 }, NONE, SHOP_A));
    expect(refused).toBeInstanceOf(UnprocessableEntityException);
    expect(refused).toMatchObject({
      errorCode: 'PET_NOT_FOUND',
      message: 'No pet with id 5: an order must name an existing pet.',
    });
    expect(rows.rows).toEqual([]);
  });

  it('gets and deletes an order, or answers NotFoundException', async () => {
    await service.create({ petId: 1, quantity: 1 }, NONE, SHOP_A);
    expect(await service.get(1n, NONE, SHOP_A)).toMatchObject({ body: { id: 1 }, etag: '"1-1"' });
    await service.delete(1n, NONE, SHOP_A);
    await expect(service.get(1n, NONE, SHOP_A)).rejects.toEqual(
      new NotFoundException('No order with id 1.'),
    );
    await expect(service.delete(1n, NONE, SHOP_A)).rejects.toBeInstanceOf(NotFoundException);
  });

  it('pages with a cursor bound to both filters', async () => {
    for (let i = 0; i < 3; i++) await service.create({ petId: 1, quantity: 1 }, NONE, SHOP_A);
    const first = await service.list({ limit: '2', petId: '1' }, NONE, SHOP_A);
    expect(first.items.map(idOf)).toEqual([1n, 2n]);
    expect(
      await service.list({ limit: '2', petId: '1', cursor: first.nextCursor }, NONE, SHOP_A),
    ).toEqual({ items: [expect.objectContaining({ id: 3 })] });
    await expect(
      service.list({ limit: '2', cursor: first.nextCursor }, NONE, SHOP_A),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(
      service.list(
        { limit: '2', petId: '1', status: PLACED, cursor: first.nextCursor },
        NONE,
        SHOP_A,
      ),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });

  describe('update', () => {
    it.each([
      [PLACED, APPROVED],
      [PLACED, DELIVERED],
      [APPROVED, DELIVERED],
    ])('moves status forward from %s to %s, one version up', async (from, to) => {
      const id = await place({ status: from });
      expect(await service.update(id, { status: to }, NONE, SHOP_A)).toEqual({
        body: expect.objectContaining({ status: to }),
        etag: `"${id}-2"`,
      });
      expect(rows.rows[0]).toMatchObject({ status: to, version: 2 });
    });

    it.each([
      [
        APPROVED,
        PLACED,
        /^Order 1 is approved: status moves only forward \(placed → approved → delivered\), so from approved only to delivered; got placed\.$/,
      ],
      [
        DELIVERED,
        PLACED,
        /^Order 1 is delivered: a delivered order is final: only complete may still become true \(this patch would change status\)\.$/,
      ],
      [DELIVERED, APPROVED, /is delivered: a delivered order is final/],
    ])(
      'refuses status %s → %s with 409 ORDER_CHANGE_NOT_ALLOWED, changing nothing',
      async (from, to, message) => {
        const id = await place({ status: from });
        const refused = await failure(service.update(id, { status: to }, NONE, SHOP_A));
        expect(refused).toBeInstanceOf(ConflictException);
        expect(refused).toMatchObject({
          errorCode: 'ORDER_CHANGE_NOT_ALLOWED',
          message: expect.stringMatching(message),
        });
        expect(rows.rows[0]).toMatchObject({ status: from, version: 1 });
      },
    );

    it('changes nothing of a delivered order but complete becoming true', async () => {
      const id = await place({ status: DELIVERED });
      for (const patch of [
        { quantity: 2 },
        { shipDate: '2027-01-01T00:00:00Z' },
        { complete: true, shipDate: null, quantity: 3 },
      ] as UpdateOrderDto[])
        await expect(service.update(id, patch, NONE, SHOP_A)).rejects.toMatchObject({
          errorCode: 'ORDER_CHANGE_NOT_ALLOWED',
        });
      expect(rows.rows[0].version).toBe(1);
      expect(
        (await service.update(id, { status: DELIVERED, complete: true }, NONE, SHOP_A)).body,
      ).toMatchObject({ status: DELIVERED, complete: true });
      expect(rows.rows[0]).toMatchObject({ complete: true, version: 2 });
    });

    it('changes quantity only while placed, in the same patch that approves it too', async () => {
      const id = await place();
      expect(
        (await service.update(id, { quantity: 5, status: APPROVED }, NONE, SHOP_A)).body,
      ).toMatchObject({ quantity: 5, status: APPROVED });
      await expect(service.update(id, { quantity: 6 }, NONE, SHOP_A)).rejects.toMatchObject({
        errorCode: 'ORDER_CHANGE_NOT_ALLOWED',
        message:
          'Order 1 is approved: quantity changes only while an order is placed; status, shipDate and complete may still change.',
      });
    });

    it('lets complete become true, never false again', async () => {
      const id = await place();
      expect((await service.update(id, { complete: true }, NONE, SHOP_A)).body.complete).toBe(true);
      await expect(service.update(id, { complete: false }, NONE, SHOP_A)).rejects.toMatchObject({
        message: 'Order 1 is placed: complete may become true, never false again.',
      });
    });

    it('sets a ship date and clears it with null', async () => {
      const id = await place();
      expect(
        (await service.update(id, { shipDate: '2027-01-01T01:00:00+01:00' }, NONE, SHOP_A)).body
          .shipDate,
      ).toBe('2027-01-01T00:00:00.000Z');
      const cleared = await service.update(id, { shipDate: null }, NONE, SHOP_A);
      expect(cleared.body).not.toHaveProperty('shipDate');
      expect(rows.rows[0]).toMatchObject({ shipDate: null, version: 3 });
    });

    it('takes a field sent with the value it has as no change: 200 with the same version, even on a delivered order', async () => {
      const id = await place({ status: DELIVERED, complete: true });
      expect(
        await service.update(
          id,
          { status: DELIVERED, complete: true, quantity: 1, shipDate: null },
          NONE,
          SHOP_A,
        ),
      ).toMatchObject({ etag: '"1-1"' });
      expect(rows.rows[0].version).toBe(1);
    });

    it('refuses an empty patch with 400', async () => {
      const id = await place();
      await expect(service.update(id, {}, NONE, SHOP_A)).rejects.toEqual(
        new BadRequestException(
          'The patch is empty: send at least one of status, shipDate, quantity, complete.',
        ),
      );
    });

    it('answers 404 for a missing order, whatever If-Match says', async () => {
      await expect(
        service.update(7n, { quantity: 2 }, ifMatch('*'), SHOP_A),
      ).rejects.toBeInstanceOf(NotFoundException);
    });

    it('applies with If-Match naming the current tag, or *; answers 412 for any other, changing nothing', async () => {
      const id = await place();
      expect((await service.update(id, { quantity: 2 }, ifMatch('"1-1"'), SHOP_A)).etag).toBe(
        '"1-2"',
      );
      expect((await service.update(id, { quantity: 3 }, ifMatch('*'), SHOP_A)).etag).toBe('"1-3"');
      const stale = await failure(
        service.update(id, { quantity: 4 }, ifMatch('"1-2", W/"1-3"'), SHOP_A),
      );
      expect(stale).toBeInstanceOf(PreconditionFailedException);
      expect(stale).toMatchObject({
        message:
          'Order 1 has changed: its ETag is now "1-3", not "1-2", W/"1-3". Nothing was changed; GET it to see its current state.',
      });
      expect(rows.rows[0]).toMatchObject({ quantity: 3, version: 3 });
    });

    it('never overwrites a change made between its read and its write: with If-Match that is 412', async () => {
      const id = await place();
      rows.changeOnce(id, { shipDate: new Date('2027-01-01T00:00:00Z') });
      await expect(
        service.update(id, { quantity: 2 }, ifMatch('"1-1"'), SHOP_A),
      ).rejects.toBeInstanceOf(PreconditionFailedException);
      expect(rows.rows[0]).toMatchObject({ quantity: 1, version: 2 });
    });

    it('without If-Match decides again on the new state: applied on top, or refused by its rules', async () => {
      const first = await place();
      rows.changeOnce(first, { shipDate: new Date('2027-01-01T00:00:00Z') });
      expect((await service.update(first, { quantity: 2 }, NONE, SHOP_A)).body).toMatchObject({
        quantity: 2,
        shipDate: '2027-01-01T00:00:00.000Z',
      });
      expect(rows.rows[0].version).toBe(3);
      const second = await place();
      rows.changeOnce(second, { status: APPROVED });
      await expect(service.update(second, { quantity: 2 }, NONE, SHOP_A)).rejects.toMatchObject({
        errorCode: 'ORDER_CHANGE_NOT_ALLOWED',
      });
      expect(rows.rows[1]).toMatchObject({ quantity: 1, status: APPROVED });
    });

    it('answers 404 when the order was deleted between its read and its write', async () => {
      const id = await place();
      rows.meanwhile = () => rows.rows.splice(0, 1);
      await expect(service.update(id, { quantity: 2 }, NONE, SHOP_A)).rejects.toBeInstanceOf(
        NotFoundException,
      );
    });
  });

  describe('delete', () => {
    it('refuses to delete a delivered order without If-Match naming its state, or with *, and keeps it', async () => {
      const id = await place({ status: DELIVERED });
      for (const preconditions of [NONE, ifMatch('*')])
        await expect(service.delete(id, preconditions, SHOP_A)).rejects.toMatchObject({
          errorCode: 'ORDER_CHANGE_NOT_ALLOWED',
          message:
            'Order 1 is delivered: a delivered order is deleted (voided) only with If-Match naming its current ETag, "1-1".',
        });
      expect(rows.rows).toHaveLength(1);
    });

    it('voids a delivered order for a store key with If-Match naming its current state', async () => {
      const id = await place({ status: DELIVERED, complete: true });
      await expect(service.delete(id, ifMatch('"1-2"'), SHOP_A)).rejects.toBeInstanceOf(
        PreconditionFailedException,
      );
      await service.delete(id, ifMatch('"1-1"'), SHOP_A);
      expect(rows.rows).toEqual([]);
    });

    it('deletes only the state If-Match names', async () => {
      const id = await place({ status: APPROVED });
      await expect(service.delete(id, ifMatch('"1-2"'), SHOP_A)).rejects.toBeInstanceOf(
        PreconditionFailedException,
      );
      expect(rows.rows).toHaveLength(1);
      await service.delete(id, ifMatch('"1-1"'), SHOP_A);
      expect(rows.rows).toEqual([]);
    });

    it('never deletes an order delivered between its read and its write', async () => {
      const id = await place();
      rows.changeOnce(id, { status: DELIVERED });
      await expect(service.delete(id, NONE, SHOP_A)).rejects.toMatchObject({
        errorCode: 'ORDER_CHANGE_NOT_ALLOWED',
      });
      expect(rows.rows).toHaveLength(1);
    });
  });

  describe('preconditions (RFC 9110 13.2.2)', () => {
    it('answers a GET whose If-None-Match names the current tag (weakly) with NotModified, else the order', async () => {
      const id = await place();
      for (const header of ['"1-1"', 'W/"1-1"', '"1-0", "1-1"', '*']) {
        const notModified = await failure(service.get(id, ifNoneMatch(header), SHOP_A));
        expect(notModified).toBeInstanceOf(NotModifiedException);
        expect(notModified).toMatchObject({ etag: '"1-1"' });
      }
      expect((await service.get(id, ifNoneMatch('"1-0"'), SHOP_A)).etag).toBe('"1-1"');
    });

    it('evaluates If-Match on a GET first: another state is 412, even when If-None-Match would be 304', async () => {
      const id = await place();
      const both = new RequestPreconditions(
        EntityTagCondition.parse('If-Match', '"1-7"'),
        EntityTagCondition.parse('If-None-Match', '"1-1"'),
      );
      const refused = await failure(service.get(id, both, SHOP_A));
      expect(refused).toBeInstanceOf(PreconditionFailedException);
      expect(refused).toMatchObject({
        message:
          'Order 1 has changed: its ETag is now "1-1", not "1-7". If-Match names another state.',
      });
      expect((await service.get(id, ifMatch('"1-1"'), SHOP_A)).etag).toBe('"1-1"');
    });

    it('refuses a change or a delete whose If-None-Match names the current state with 412, changing nothing', async () => {
      const id = await place();
      for (const [header, message] of [
        ['*', 'Order 1 exists, and If-None-Match is *. Nothing was changed.'],
        ['W/"1-1"', 'Order 1 has the ETag "1-1", which If-None-Match names. Nothing was changed.'],
      ]) {
        await expect(
          service.update(id, { quantity: 2 }, ifNoneMatch(header), SHOP_A),
        ).rejects.toEqual(new PreconditionFailedException(message));
        await expect(service.delete(id, ifNoneMatch(header), SHOP_A)).rejects.toEqual(
          new PreconditionFailedException(message),
        );
      }
      expect(rows.rows[0]).toMatchObject({ quantity: 1, version: 1 });
      expect((await service.update(id, { quantity: 2 }, ifNoneMatch('"1-0"'), SHOP_A)).etag).toBe(
        '"1-2"',
      );
    });

    it('evaluates list and create against the collection, which always exists and has no tag', async () => {
      await expect(service.list({}, ifNoneMatch('*'), SHOP_A)).rejects.toBeInstanceOf(
        NotModifiedException,
      );
      await expect(service.list({}, ifMatch('"1-1"'), SHOP_A)).rejects.toBeInstanceOf(
        PreconditionFailedException,
      );
      expect((await service.list({}, ifMatch('*'), SHOP_A)).items).toEqual([]);
      expect((await service.list({}, ifNoneMatch('"1-1"'), SHOP_A)).items).toEqual([]);
      await expect(
        service.create({ petId: 1, quantity: 1 }, ifNoneMatch('*'), SHOP_A),
      ).rejects.toEqual(
        new PreconditionFailedException(
          'The collection /v1/store/orders exists, and If-None-Match is *. Nothing was changed.',
        ),
      );
      await expect(
        service.create({ petId: 1, quantity: 1 }, ifMatch('"1-1"'), SHOP_A),
      ).rejects.toBeInstanceOf(PreconditionFailedException);
      expect(rows.rows).toEqual([]);
      expect((await service.create({ petId: 1, quantity: 1 }, ifMatch('*'), SHOP_A)).etag).toBe(
        '"1-1"',
      );
    });

    it('answers 404 for a missing order before any precondition', async () => {
      await expect(service.get(5n, ifMatch('"5-1"'), SHOP_A)).rejects.toBeInstanceOf(
        NotFoundException,
      );
      await expect(service.delete(5n, ifNoneMatch('*'), SHOP_A)).rejects.toBeInstanceOf(
        NotFoundException,
      );
    });

    it('reads again on the primary when a replica holds an older version than the tags name', async () => {
      const id = await place();
      const primaryIf = jest.spyOn(rows, 'findById');
      await service.get(id, ifNoneMatch('"1-3", W/"1-5", "2-9"'), SHOP_A);
      const decide = primaryIf.mock.calls[0][2] as (order: OrderEntity | null) => boolean;
      const atVersion = (version: number) => ({ ...rows.rows[0], version });
      expect([
        decide(null),
        decide(atVersion(4)),
        decide(atVersion(5)),
        decide(atVersion(6)),
      ]).toEqual([true, true, false, false]);
    });
  });

  describe('write conflicts', () => {
    it('retries a change that keeps losing its race, with backoff, until it applies', async () => {
      const id = await place();
      let lost = 0;
      const update = rows.updateAtVersion.bind(rows);
      jest
        .spyOn(rows, 'updateAtVersion')
        .mockImplementation((...args) =>
          ++lost <= 25 ? Promise.resolve(undefined) : update(...args),
        );
      expect((await service.update(id, { quantity: 2 }, NONE, SHOP_A)).body.quantity).toBe(2);
      expect(lost).toBe(26);
    });

    it('gives up with 503 SERVICE_UNAVAILABLE and Retry-After once its tries are spent, changing nothing', async () => {
      const id = await place();
      jest.spyOn(rows, 'updateAtVersion').mockResolvedValue(undefined);
      const busy = await failure(service.update(id, { quantity: 2 }, NONE, SHOP_A));
      expect(busy).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        headers: { 'Retry-After': expect.any(String) },
      });
      expect((busy as Error).message).toMatch(
        /^The service is busy: order 1 changed 40 times while this change was being made; nothing was changed/,
      );
      expect(rows.rows[0]).toMatchObject({ quantity: 1, version: 1 });
    }, 15_000);
  });

  describe('partner keys', () => {
    const PARTNER_B = {
      name: 'shop-b',
      id: 'shop-b-id',
      scope: ApiKeyScope.WRITE,
      kind: ApiKeyKind.PARTNER,
    };
    const PARTNER_C = {
      name: 'shop-c',
      id: 'shop-c-id',
      scope: ApiKeyScope.WRITE,
      kind: ApiKeyKind.PARTNER,
    };
    const placeAs = async (key: typeof PARTNER_B) =>
      idOf((await service.create({ petId: 1, quantity: 1 }, NONE, key)).body);

    it("answers another key's order exactly as a missing one: get, update, delete", async () => {
      const theirs = await placeAs(PARTNER_C);
      const missing = await failure(service.get(99n, NONE, PARTNER_B));
      for (const attempt of [
        service.get(theirs, NONE, PARTNER_B),
        service.update(theirs, { quantity: 2 }, NONE, PARTNER_B),
        service.delete(theirs, NONE, PARTNER_B),
      ]) {
        const refused = await failure(attempt);
        expect(refused).toBeInstanceOf(NotFoundException);
        expect((refused as Error).message).toBe(`No order with id ${theirs}.`);
      }
      expect((missing as Error).message).toBe('No order with id 99.');
      expect(rows.rows[0]).toMatchObject({ quantity: 1, version: 1 });
    });

    it('lets a partner key read, change (shipDate, quantity) and delete its own orders', async () => {
      const mine = await placeAs(PARTNER_B);
      expect((await service.get(mine, NONE, PARTNER_B)).body.placedBy).toBe('shop-b');
      expect(
        (
          await service.update(
            mine,
            { quantity: 3, shipDate: '2027-01-01T00:00:00Z' },
            NONE,
            PARTNER_B,
          )
        ).body,
      ).toMatchObject({ quantity: 3 });
      await service.delete(mine, NONE, PARTNER_B);
      expect(rows.rows).toEqual([]);
    });

    it('refuses a partner key an order placed further along than placed and not complete with 403, storing nothing', async () => {
      for (const [newOrder, asked] of [
        [{ status: APPROVED }, 'status approved'],
        [{ status: DELIVERED, complete: true }, 'status delivered or complete true'],
        [{ complete: true }, 'complete true'],
      ] as const) {
        const refused = await failure(
          service.create({ petId: 1, quantity: 1000, ...newOrder }, NONE, PARTNER_B),
        );
        expect(refused).toBeInstanceOf(ForbiddenException);
        expect(refused).toMatchObject({
          errorCode: 'ORDER_MOVE_NOT_PERMITTED',
          message: expect.stringContaining(`cannot place an order with ${asked}:`),
        });
      }
      expect(rows.rows).toEqual([]);
      expect(
        (
          await service.create(
            { petId: 1, quantity: 1, status: PLACED, complete: false },
            NONE,
            PARTNER_B,
          )
        ).body,
      ).toMatchObject({ status: PLACED });
      expect(
        (
          await service.create(
            { petId: 1, quantity: 1, status: DELIVERED, complete: true },
            NONE,
            SHOP_A,
          )
        ).body,
      ).toMatchObject({ complete: true });
    });

    it('never lets a partner key delete a delivered order of its own', async () => {
      const mine = await placeAs(PARTNER_B);
      rows.rows[0].status = DELIVERED;
      await expect(service.delete(mine, ifMatch(`"${mine}-1"`), PARTNER_B)).rejects.toMatchObject({
        errorCode: 'ORDER_CHANGE_NOT_ALLOWED',
      });
      expect(rows.rows).toHaveLength(1);
    });

    it('refuses a partner key a status or complete change with 403 ORDER_MOVE_NOT_PERMITTED, whatever the order', async () => {
      const mine = await placeAs(PARTNER_B);
      for (const [id, patch] of [
        [mine, { status: APPROVED }],
        [mine, { complete: true, quantity: 2 }],
        [99n, { status: APPROVED }],
      ] as const) {
        const refused = await failure(service.update(id, patch, NONE, PARTNER_B));
        expect(refused).toBeInstanceOf(ForbiddenException);
        expect(refused).toMatchObject({ errorCode: 'ORDER_MOVE_NOT_PERMITTED' });
      }
      expect(rows.rows[0]).toMatchObject({ status: PLACED, quantity: 1, version: 1 });
    });

    it('lists only the orders a partner key placed, with a cursor of its own; a store key lists all', async () => {
      const mine = [await placeAs(PARTNER_B), await placeAs(PARTNER_B)];
      await placeAs(PARTNER_C);
      await service.create({ petId: 1, quantity: 1 }, NONE, SHOP_A);
      const first = await service.list({ limit: '1' }, NONE, PARTNER_B);
      expect(first.items.map(idOf)).toEqual([mine[0]]);
      expect(
        (await service.list({ limit: '1', cursor: first.nextCursor }, NONE, PARTNER_B)).items.map(
          idOf,
        ),
      ).toEqual([mine[1]]);
      await expect(
        service.list({ limit: '1', cursor: first.nextCursor }, NONE, PARTNER_C),
      ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
      expect((await service.list({ placedBy: 'shop-c' }, NONE, PARTNER_B)).items).toEqual([]);
      expect((await service.list({}, NONE, SHOP_A)).items).toHaveLength(4);
      expect((await service.list({ placedBy: 'shop-c' }, NONE, SHOP_A)).items).toHaveLength(1);
    });

    it('never shows a partner key an order placed before keys were recorded', async () => {
      await service.create({ petId: 1, quantity: 1 }, NONE, SHOP_A);
      rows.rows[0].placedBy = null;
      await expect(service.get(1n, NONE, PARTNER_B)).rejects.toBeInstanceOf(NotFoundException);
      expect((await service.list({}, NONE, PARTNER_B)).items).toEqual([]);
      expect((await service.get(1n, NONE, SHOP_A)).body).not.toHaveProperty('placedBy');
    });
  });
});

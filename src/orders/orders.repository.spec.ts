import type { AppDataSource } from '../database/app-data-source.js';
import { PetEntity } from '../pets/pet.entity.js';
import { migratedSqlite } from '../database/migrated-sqlite.fixture.js';
import { OrderStatus } from './order-status.enum.js';
import { OrderEntity } from './order.entity.js';
import { OrderEventType } from './order-event-type.enum.js';
import { EventOutboxEntity } from '../events/event.entity.js';
import { eventsRepositoryOn } from '../events/events.fixture.js';
import { OrdersRepository, type EventOf, type NewOrderRecord } from './orders.repository.js';

const ANY = () => false;

const eventOf =
  (type: OrderEventType): EventOf =>
  (order) => ({
    type,
    subjectId: order.id,
    subjectVersion: order.version,
    owner: order.placedBy,
    occurredAt: new Date('2026-11-26T12:00:00.000Z'),
    payload: JSON.stringify({ quantity: order.quantity }),
    traceParent: null,
  });
const CREATED = eventOf(OrderEventType.CREATED);
const CHANGED = eventOf(OrderEventType.CHANGED);

describe('OrdersRepository (on SQLite)', () => {
  let dataSource: AppDataSource;
  let orders: OrdersRepository;
  let petId: bigint;
  let addPet: (name: string) => Promise<bigint>;
  let eventsOf: (orderId: bigint) => Promise<EventOutboxEntity[]>;

  beforeAll(async () => {
    const database = await migratedSqlite();
    dataSource = database.dataSource;
    orders = new OrdersRepository(
      dataSource.getRepository(OrderEntity),
      dataSource.getRepository(PetEntity),
      database.access,
      eventsRepositoryOn(dataSource, database.access),
    );
    eventsOf = (orderId) =>
      dataSource
        .getRepository(EventOutboxEntity)
        .find({ where: { subjectId: orderId }, order: { entry: 'ASC' } });
    addPet = (name) =>
      database.access.insert(dataSource.getRepository(PetEntity), {
        name,
        categoryId: 1n,
        status: null,
      });
    petId = await addPet('Rex');
  });

  afterAll(() => dataSource.destroy());

  const order = (changes: Partial<NewOrderRecord> = {}): NewOrderRecord => ({
    petId,
    quantity: 2,
    shipDate: null,
    status: OrderStatus.PLACED,
    complete: false,
    placedBy: 'shop-a',
    ...changes,
  });

  /** An order of an existing pet, which insert always gives. */
  const insertOrder = async (record: NewOrderRecord, eventOf: typeof CREATED) =>
    (await orders.insert(record, eventOf))!;

  it('inserts nothing, and no event, for a pet that does not exist', async () => {
    const before = await dataSource.query('SELECT COUNT(*) AS n FROM order_outbox');
    expect(await orders.insert(order({ petId: petId + 1000n }), CREATED)).toBeUndefined();
    expect(await dataSource.query('SELECT COUNT(*) AS n FROM order_outbox')).toEqual(before);
    expect(
      await dataSource.query('SELECT COUNT(*) AS n FROM orders WHERE pet_id = ?', [
        String(petId + 1000n),
      ]),
    ).toEqual([{ n: 0n }]);
  });

  it('inserts an order at version 1 and reads every field back as it was', async () => {
    const shipDate = new Date('2026-12-24T18:30:00.250Z');
    const inserted = await insertOrder(
      order({ quantity: 1000, shipDate, status: OrderStatus.DELIVERED, complete: true }),
      CREATED,
    );
    const expected = {
      id: inserted.id,
      petId,
      quantity: 1000,
      shipDate,
      status: 'delivered',
      complete: true,
      placedBy: 'shop-a',
      version: 1,
    };
    expect(inserted).toEqual(expected);
    expect(await orders.findById(inserted.id, undefined, ANY)).toEqual(expected);
    expect(await orders.findCurrent(inserted.id, undefined)).toEqual(expected);
    expect(typeof (await orders.findById(inserted.id, undefined, ANY))!.quantity).toBe('number');
  });

  it('finds an order by id and, when one is given, its owner: another owner reads as missing', async () => {
    const { id } = await insertOrder(order({ placedBy: 'shop-b' }), CREATED);
    expect(await orders.findById(id, 'shop-b', ANY)).toMatchObject({ id, placedBy: 'shop-b' });
    expect(await orders.findById(id, 'shop-a', ANY)).toBeNull();
    expect(await orders.findCurrent(id, 'shop-a')).toBeNull();
    expect(await orders.findCurrent(id, undefined)).toMatchObject({ id });
  });

  it('gives new orders random ids below 2^53, not one after another', async () => {
    const ids: bigint[] = [];
    for (let i = 0; i < 20; i++) ids.push((await insertOrder(order(), CREATED)).id);
    expect(new Set(ids).size).toBe(20);
    for (const id of ids) expect(id > 0n && id < 2n ** 53n).toBe(true);
    // Sequential ids would differ by 1; twenty random ones below 2^53 all 1 apart is as good as
    // impossible.
    const steps = ids.slice(1).map((id, index) => id - ids[index]);
    expect(steps.filter((step) => step === 1n).length).toBeLessThan(3);
  });

  it('updates only at the version given, one version up each time, each with its event', async () => {
    const placed = await insertOrder(
      order({ shipDate: new Date('2027-01-01T00:00:00Z') }),
      CREATED,
    );
    const changed = await orders.updateAtVersion(placed, { quantity: 5, shipDate: null }, CHANGED);
    expect(changed).toMatchObject({ quantity: 5, shipDate: null, version: 2 });
    expect(await orders.findById(placed.id, undefined, ANY)).toEqual(changed);
    expect(await orders.updateAtVersion(placed, { quantity: 6 }, CHANGED)).toBeUndefined();
    const approved = eventOf(OrderEventType.APPROVED);
    expect(
      await orders.updateAtVersion(
        changed!,
        { status: OrderStatus.APPROVED, complete: true },
        approved,
      ),
    ).toMatchObject({ version: 3 });
    expect(await orders.findById(placed.id, undefined, ANY)).toMatchObject({
      quantity: 5,
      status: 'approved',
      complete: true,
      version: 3,
    });
    // One event per change that happened, none for the one that lost its version.
    expect(
      (await eventsOf(placed.id)).map(({ type, subjectVersion: orderVersion, owner, payload }) => ({
        type,
        orderVersion,
        owner,
        payload,
      })),
    ).toEqual([
      { type: 'order.created', orderVersion: 1, owner: 'shop-a', payload: '{"quantity":2}' },
      { type: 'order.changed', orderVersion: 2, owner: 'shop-a', payload: '{"quantity":5}' },
      { type: 'order.approved', orderVersion: 3, owner: 'shop-a', payload: '{"quantity":5}' },
    ]);
  });

  it('deletes an order only at the version given, once, with one event', async () => {
    const placed = await insertOrder(order(), CREATED);
    const deleted = eventOf(OrderEventType.DELETED);
    expect(await orders.deleteAtVersion({ ...placed, version: 2 }, deleted)).toBe(false);
    expect(await orders.deleteAtVersion(placed, deleted)).toBe(true);
    expect(await orders.deleteAtVersion(placed, deleted)).toBe(false);
    expect(await orders.findById(placed.id, undefined, ANY)).toBeNull();
    expect((await eventsOf(placed.id)).map((event) => event.type)).toEqual([
      'order.created',
      'order.deleted',
    ]);
  });

  it('writes no event for a change that fails, and no change when its event fails', async () => {
    const missingPet = order({ petId: petId + 1000n });
    expect(await orders.insert(missingPet, CREATED)).toBeUndefined();
    const placed = await insertOrder(order(), CREATED);
    const failing: EventOf = () => {
      throw new Error('the event could not be described');
    };
    await expect(orders.updateAtVersion(placed, { quantity: 9 }, failing)).rejects.toThrow(
      'the event could not be described',
    );
    await expect(orders.deleteAtVersion(placed, failing)).rejects.toThrow();
    expect(await orders.findById(placed.id, undefined, ANY)).toEqual(placed);
    expect((await eventsOf(placed.id)).map((event) => event.type)).toEqual(['order.created']);
  });

  it('lists after an id, ascending, by status and by pet', async () => {
    const otherPet = await addPet('Tom');
    const ids: bigint[] = [];
    for (const status of [OrderStatus.APPROVED, OrderStatus.PLACED, OrderStatus.APPROVED])
      ids.push((await insertOrder(order({ petId: otherPet, status }), CREATED)).id);
    // Ids are random: ascending id order is not the order of insertion.
    const ascending = [...ids].sort((a, b) => (a < b ? -1 : 1));
    expect((await orders.listAfter(0n, 10, { petId: otherPet })).map((row) => row.id)).toEqual(
      ascending,
    );
    const approved = ascending.filter((id) => id !== ids[1]);
    expect(
      (await orders.listAfter(0n, 10, { petId: otherPet, status: OrderStatus.APPROVED })).map(
        (row) => row.id,
      ),
    ).toEqual(approved);
    expect(
      (await orders.listAfter(ascending[0], 1, { petId: otherPet })).map((row) => row.id),
    ).toEqual([ascending[1]]);
    const placedByB = (await insertOrder(order({ petId: otherPet, placedBy: 'shop-b' }), CREATED))
      .id;
    expect(
      (await orders.listAfter(0n, 10, { petId: otherPet, placedBy: 'shop-b' })).map(
        (row) => row.id,
      ),
    ).toEqual([placedByB]);
    expect(
      (
        await orders.listAfter(0n, 10, {
          petId: otherPet,
          placedBy: 'shop-a',
          status: OrderStatus.APPROVED,
        })
      ).map((row) => row.id),
    ).toEqual(approved);
  });
});

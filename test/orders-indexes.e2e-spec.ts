import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { OrderEntity } from '../src/orders/order.entity.js';
import { orderPageQuery, type OrderFilters } from '../src/orders/orders.repository.js';
import { OrderStatus } from '../src/orders/order-status.enum.js';
import { startApp } from './support/test-app.js';
import { testDatabases } from './support/test-databases.js';

const PETS = 20;
const KEYS = ['shop-a', 'shop-b', 'shop-c', 'store-desk'];
const STATUSES = Object.values(OrderStatus);

/**
 * Every combination of listOrders' filters (a partner key's own orders are the placedBy filter),
 * and the index that must serve it.
 */
const COMBINATIONS: [string, OrderFilters, string][] = [
  ['no filter', {}, 'PRIMARY'],
  ['status', { status: OrderStatus.APPROVED }, 'IDX_orders_status_id'],
  ['pet', { petId: 7n }, 'IDX_orders_pet_id_id'],
  ['pet and status', { petId: 7n, status: OrderStatus.DELIVERED }, 'IDX_orders_pet_id_status_id'],
  ['placedBy (a partner)', { placedBy: 'shop-b' }, 'IDX_orders_placed_by_id'],
  [
    'placedBy and status',
    { placedBy: 'shop-b', status: OrderStatus.DELIVERED },
    'IDX_orders_placed_by_status_id',
  ],
  ['placedBy and pet', { placedBy: 'shop-b', petId: 7n }, 'IDX_orders_placed_by_pet_id_id'],
  [
    'placedBy, pet and status',
    { placedBy: 'shop-b', petId: 7n, status: OrderStatus.DELIVERED },
    'IDX_orders_placed_by_pet_id_status_id',
  ],
];

/**
 * Each page of listOrders is served by an index that covers its filters and ends in id: the plan
 * reads only the rows a page returns and sorts nothing (EXPLAIN on MySQL, EXPLAIN QUERY PLAN on
 * SQLite), on a table with enough orders for the planners to weigh the indexes as in production.
 */
describe.each(testDatabases())('listOrders indexes on $name', (database) => {
  let app: NestExpressApplication;
  let dataSource: DataSource;
  const page = (filters: OrderFilters) =>
    orderPageQuery(
      dataSource.getRepository(OrderEntity),
      1000n,
      21,
      filters,
    ).getQueryAndParameters();

  beforeAll(async () => {
    app = await startApp(await database.create());
    dataSource = app.get(DataSource);
    for (let pet = 1; pet <= PETS; pet++)
      await dataSource.query('INSERT INTO pets (id, name, category_id) VALUES (?, ?, 1)', [
        pet,
        `Pet ${pet}`,
      ]);
    // Pet, key and status independent of each other: every combination has rows.
    const rows = Array.from({ length: 6_000 }, (_, i) => [
      (i % PETS) + 1,
      STATUSES[Math.floor(i / (PETS * KEYS.length)) % STATUSES.length],
      KEYS[Math.floor(i / PETS) % KEYS.length],
    ]);
    for (let start = 0; start < rows.length; start += 500) {
      const batch = rows.slice(start, start + 500);
      await dataSource.query(
        `INSERT INTO orders (pet_id, quantity, status, complete, placed_by) VALUES ${batch.map(() => '(?, 1, ?, 0, ?)').join(', ')}`,
        batch.flat(),
      );
    }
    // MySQL's statistics as a server keeps them; SQLite keeps none unless ANALYZE is run, and the
    // service never runs it.
    if (database.name === 'mysql') await dataSource.query('ANALYZE TABLE orders');
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await database.dropAll();
  });

  it.each(COMBINATIONS)('pages with %s on %s, sorting nothing', async (_name, filters, index) => {
    const [sql, params] = page(filters);
    if (database.name === 'sqlite') {
      const plan = (
        await dataSource.query<{ detail: string }[]>(`EXPLAIN QUERY PLAN ${sql}`, params)
      )
        .map((row) => row.detail)
        .join(' | ');
      const columns = [
        ...(filters.placedBy !== undefined ? ['placed_by=?'] : []),
        ...(filters.petId !== undefined ? ['pet_id=?'] : []),
        ...(filters.status !== undefined ? ['status=?'] : []),
      ];
      const condition = [...columns, 'id>?'].join(' AND ').replace(/[?()]/g, (char) => `\\${char}`);
      expect(plan).toMatch(
        index === 'PRIMARY'
          ? /USING INTEGER PRIMARY KEY \(rowid>\?\)/
          : new RegExp(`USING (COVERING )?INDEX ${index} \\(${condition}\\)`),
      );
      expect(plan).not.toMatch(/TEMP B-TREE/);
    } else {
      const plan = await dataSource.query<{ key: string; Extra: string | null }[]>(
        `EXPLAIN ${sql}`,
        params,
      );
      expect(plan).toHaveLength(1);
      expect(plan[0].key).toBe(index);
      expect(String(plan[0].Extra ?? '')).not.toMatch(/filesort/i);
    }
  });
});

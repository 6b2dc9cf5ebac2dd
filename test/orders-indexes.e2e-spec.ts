import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { orderPageStatement, type OrderFilters } from '../src/orders/orders.repository.js';
import { OrderStatus } from '../src/orders/order-status.enum.js';
import { startApp } from './support/test-app.js';
import { mysqlQueryPlan } from './support/query-plan.js';
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
 * reads one range of it, bounded on every filter and on id, and sorts nothing (EXPLAIN FORMAT=JSON
 * on MariaDB and Oracle MySQL, EXPLAIN QUERY PLAN on SQLite). On MySQL it holds at 100,000 orders,
 * half of them one partner's, where a deep page reads no more index entries than on 6,000.
 */
describe.each(testDatabases())('listOrders indexes on $name', (database) => {
  let app: NestExpressApplication;
  let dataSource: DataSource;
  const dialect = database.name === 'mysql' ? 'mysql' : 'sqlite';
  const page = (filters: OrderFilters, afterId = 1000n) =>
    orderPageStatement(filters, afterId, 21, dialect);
  /** Where the last full page of the orders that match starts: a page as deep as the list goes. */
  const deepAfterId = async (filters: OrderFilters) => {
    const ids = await dataSource.query<{ id: string }[]>(
      ...orderPageStatement(filters, 0n, 1_000_000, dialect),
    );
    return BigInt(ids[ids.length - 22].id);
  };
  /** Index entries a statement read (MariaDB counts those its pushed condition turned away too). */
  const entriesRead = async ([sql, params]: [string, unknown[]]) => {
    const runner = dataSource.createQueryRunner();
    try {
      await runner.query('FLUSH STATUS');
      await runner.query(sql, params);
      const status = (await runner.query(
        "SHOW SESSION STATUS WHERE Variable_name IN ('Handler_read_key', 'Handler_read_next', " +
          "'Handler_read_first', 'Handler_read_rnd_next', 'Handler_icp_attempts')",
      )) as { Variable_name: string; Value: string }[];
      const value = (name: string) =>
        Number(status.find((row) => row.Variable_name === name)?.Value ?? 0);
      // A pushed condition's attempts are the entries read; without one, the rows read.
      return (
        value('Handler_read_key') +
        value('Handler_read_first') +
        value('Handler_read_rnd_next') +
        Math.max(value('Handler_read_next'), value('Handler_icp_attempts'))
      );
    } finally {
      await runner.release();
    }
  };

  const insertOrders = async (rows: unknown[][]) => {
    for (let start = 0; start < rows.length; start += 500) {
      const batch = rows.slice(start, start + 500);
      await dataSource.query(
        `INSERT INTO orders (pet_id, quantity, status, complete, placed_by) VALUES ${batch.map(() => '(?, 1, ?, 0, ?)').join(', ')}`,
        batch.flat(),
      );
    }
  };

  beforeAll(async () => {
    app = await startApp(await database.create());
    dataSource = app.get(DataSource);
    for (let pet = 1; pet <= PETS; pet++)
      await dataSource.query('INSERT INTO pets (id, name, category_id) VALUES (?, ?, 1)', [
        pet,
        `Pet ${pet}`,
      ]);
    // Pet, key and status independent of each other: every combination has rows.
    await insertOrders(
      Array.from({ length: 6_000 }, (_, i) => [
        (i % PETS) + 1,
        STATUSES[Math.floor(i / (PETS * KEYS.length)) % STATUSES.length],
        KEYS[Math.floor(i / PETS) % KEYS.length],
      ]),
    );
    // MySQL's statistics as a server keeps them; SQLite keeps none unless ANALYZE is run, and the
    // service never runs it.
    if (database.name === 'mysql') await dataSource.query('ANALYZE TABLE orders');
  }, 120_000);

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
      await expectOneRange(filters, index);
    }
  });

  if (database.name === 'mysql') {
    it("keeps every plan, and the cost of a deep page, at 100,000 orders, half of them one partner's", async () => {
      // What a page as deep as the list goes reads on the 6,000 orders, measured here so that this
      // test never depends on another's having run.
      const small = new Map<string, number>();
      for (const [, filters, index] of COMBINATIONS)
        small.set(index, await entriesRead(page(filters, await deepAfterId(filters))));
      // 6,000 more, as many again as before, seven times: 48,000, each combination as common.
      for (let copy = 0; copy < 7; copy++)
        await dataSource.query(
          'INSERT INTO orders (pet_id, quantity, status, complete, placed_by) ' +
            'SELECT pet_id, quantity, status, complete, placed_by FROM orders ORDER BY id LIMIT 6000',
        );
      // Then 52,000 of shop-b's: a partner whose orders are half the table.
      await dataSource.query(
        'INSERT INTO orders (pet_id, quantity, status, complete, placed_by) ' +
          "SELECT pet_id, quantity, status, complete, 'shop-b' FROM orders ORDER BY id LIMIT 48000",
      );
      await dataSource.query(
        'INSERT INTO orders (pet_id, quantity, status, complete, placed_by) ' +
          "SELECT pet_id, quantity, status, complete, 'shop-b' FROM orders ORDER BY id LIMIT 4000",
      );
      const [{ count }] = await dataSource.query<{ count: string }[]>(
        'SELECT COUNT(*) AS count FROM orders',
      );
      expect(Number(count)).toBe(100_000);
      await dataSource.query('ANALYZE TABLE orders');
      const costs: { index: string; small: number; large: number }[] = [];
      for (const [, filters, index] of COMBINATIONS) {
        await expectOneRange(filters, index);
        const large = await entriesRead(page(filters, await deepAfterId(filters)));
        costs.push({ index, small: small.get(index)!, large });
      }
      expect(costs).toHaveLength(COMBINATIONS.length);
      // Each a full page read, so the comparison measured something.
      expect(costs.filter(({ small }) => small < 21)).toEqual([]);
      expect(costs.filter(({ small, large }) => large > 2 * small)).toEqual([]);
    }, 180_000);
  }

  /** One read of `index`, bounded on every filter's column and on id, sorting nothing. */
  async function expectOneRange(filters: OrderFilters, index: string) {
    const plan = await mysqlQueryPlan(dataSource, ...page(filters));
    const bound = [
      ...(filters.placedBy !== undefined ? ['placed_by'] : []),
      ...(filters.petId !== undefined ? ['pet_id'] : []),
      ...(filters.status !== undefined ? ['status'] : []),
      'id',
    ];
    expect({ ...plan, reads: plan.reads.map(({ table: _table, ...read }) => read) }).toEqual({
      reads: [{ index, access: 'range', boundColumns: bound }],
      sorts: false,
    });
  }
});

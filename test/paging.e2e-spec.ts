import type { NestExpressApplication } from '@nestjs/platform-express';
import type { App } from 'supertest/types.js';
import { DataSource } from 'typeorm';
import { PetStatus } from '../src/pets/pet-status.enum.js';
import { PET_SQL } from '../src/pets/pets.repository.js';
import { ContractChecker } from './support/contract.js';
import { AUTH, startApp } from './support/test-app.js';
import { expectError } from './support/expect-error.js';
import { mysqlQueryPlan } from './support/query-plan.js';
import { testDatabases } from './support/test-databases.js';

const STATUSES = ['available', 'pending', 'sold'] as const;
const NEXT_LINK = /^<(\/v1\/pets\?[^>]+)>; rel="next"$/;

interface Pet {
  id: number;
  name: string;
  status?: string;
}

describe.each(testDatabases())('listPets paging on $name', (database) => {
  let app: NestExpressApplication;
  let server: App;
  let contract: ContractChecker;
  let databaseUrl: string;
  const api = () => contract.agent(server);
  const create = (name: string, status?: string) =>
    api()
      .post('/v1/pets')
      .set(AUTH)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ name, categoryId: 1, status }))
      .expect(201);

  /** Follows rel="next" from `first` to the end; `between` runs after each page. */
  async function walk(
    first: string,
    between: (page: number) => Promise<void> = async () => {},
  ): Promise<{ pets: Pet[]; pages: number; links: string[] }> {
    const pets: Pet[] = [];
    const links: string[] = [];
    let url: string | undefined = first;
    let pages = 0;
    while (url) {
      const response = await api().get(url).set(AUTH).expect(200);
      pets.push(...response.body);
      pages += 1;
      const link = response.headers.link as string | undefined;
      if (link) links.push(link);
      url = link ? NEXT_LINK.exec(link)?.[1] : undefined;
      if (link) expect(link).toMatch(NEXT_LINK);
      await between(pages);
    }
    return { pets, pages, links };
  }

  beforeAll(async () => {
    databaseUrl = await database.create();
    app = await startApp(databaseUrl);
    server = app.getHttpServer();
    contract = await ContractChecker.fromServer(server);
    // 330 pets; every tenth without a status.
    for (let i = 0; i < 330; i++)
      await create(`Pet ${i}`, i % 10 === 9 ? undefined : STATUSES[i % 3]);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database.dropAll();
  });

  it('walks all 330 pets exactly once, in ascending id order, 100 at a time', async () => {
    const { pets, pages, links } = await walk('/v1/pets?limit=100');
    expect(pages).toBe(4);
    expect(pets).toHaveLength(330);
    const ids = pets.map((pet) => pet.id);
    expect(new Set(ids).size).toBe(330);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(links).toHaveLength(3);
    for (const link of links)
      expect(link).toMatch(/^<\/v1\/pets\?limit=100&cursor=[A-Za-z0-9_-]+>; rel="next"$/);
  });

  it('keeps the status filter and the limit in the next links', async () => {
    const all = (await walk('/v1/pets?limit=100')).pets;
    for (const status of STATUSES) {
      const { pets, links } = await walk(`/v1/pets?status=${status}&limit=25`);
      expect(pets.every((pet) => pet.status === status)).toBe(true);
      expect(pets.map((pet) => pet.id)).toEqual(
        all.filter((pet) => pet.status === status).map((pet) => pet.id),
      );
      for (const link of links) expect(link).toContain(`limit=25&status=${status}&cursor=`);
    }
  });

  it('uses the default limit of 20 in the next link when none was given', async () => {
    const response = await api().get('/v1/pets').set(AUTH).expect(200);
    expect(response.body).toHaveLength(20);
    expect(response.headers.link).toMatch(/^<\/v1\/pets\?limit=20&cursor=/);
  });

  it('sends no next link on the last page, also when it is exactly full', async () => {
    const available = (await walk('/v1/pets?status=available&limit=100')).pets.length;
    const response = await api()
      .get(`/v1/pets?status=available&limit=${available}`)
      .set(AUTH)
      .expect(200);
    expect(response.body).toHaveLength(available);
    expect(response.headers.link).toBeUndefined();
  });

  it('returns every pet once while other clients add pets during the walk', async () => {
    const before = (await walk('/v1/pets?limit=100')).pets.map((pet) => pet.id);
    const added: number[] = [];
    const { pets } = await walk('/v1/pets?limit=50', async () => {
      const created = await Promise.all([create('Added A', 'sold'), create('Added B')]);
      added.push(...created.map((response) => response.body.id));
    });
    const ids = pets.map((pet) => pet.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids).toEqual(expect.arrayContaining(before));
    // Pets added behind the walk's position have higher ids, so the walk reaches them too,
    // except those added after the last page was read.
    expect(ids).toEqual(expect.arrayContaining(added.slice(0, -2)));
  });

  it.each([
    ['garbage', 'not-a-cursor'],
    ['an empty cursor', ''],
    ['a forged cursor of the right shape', 'AAAAAAAAAGQAAAAAAAAAAAAAAAAAAAAA'],
    ['a repeated cursor', 'x&cursor=y'],
    ['an overlong cursor', 'A'.repeat(100)],
  ])('rejects %s with 400 VALIDATION_FAILED', async (_case, cursor) => {
    expectError(
      await api().get(`/v1/pets?cursor=${cursor}`).set(AUTH),
      400,
      'VALIDATION_FAILED',
      /cursor/,
    );
  });

  it('rejects an altered cursor and a cursor reused with another status filter', async () => {
    const link = (await api().get('/v1/pets?status=sold&limit=5').set(AUTH).expect(200)).headers
      .link;
    const cursor = new URLSearchParams(NEXT_LINK.exec(link)![1].split('?')[1]).get('cursor')!;
    const altered = `${cursor.slice(0, 5)}${cursor[5] === 'A' ? 'B' : 'A'}${cursor.slice(6)}`;
    expectError(
      await api().get(`/v1/pets?status=sold&limit=5&cursor=${altered}`).set(AUTH),
      400,
      'VALIDATION_FAILED',
      /cursor is not valid/,
    );
    expectError(
      await api().get(`/v1/pets?status=pending&limit=5&cursor=${cursor}`).set(AUTH),
      400,
      'VALIDATION_FAILED',
      /same filters/,
    );
    expectError(
      await api().get(`/v1/pets?limit=5&cursor=${cursor}`).set(AUTH),
      400,
      'VALIDATION_FAILED',
      /cursor is not valid/,
    );
    await api().get(`/v1/pets?status=sold&limit=7&cursor=${cursor}`).set(AUTH).expect(200);
  });

  /**
   * The SQL and parameters PetsRepository runs for a page of 100: a page after a cursor, or a first
   * page.
   */
  const listQuery = (
    status: PetStatus | undefined,
    page: 'after' | 'first' = 'after',
  ): [string, unknown[]] => {
    const sql = PET_SQL[database.name];
    if (page === 'first')
      return status === undefined ? [sql.listFirst, [101]] : [sql.listByStatusFirst, [status, 101]];
    return status === undefined
      ? [sql.listAfter, [5, 101]]
      : [sql.listByStatusAfter, [status, 5, 101]];
  };

  if (database.name === 'sqlite') {
    it('reads first pages and pages after a cursor without sorting, by status from the covering index (EXPLAIN QUERY PLAN)', async () => {
      const dataSource = app.get(DataSource);
      const plan = async ([sql, params]: [string, unknown[]]) =>
        (await dataSource.query<{ detail: string }[]>(`EXPLAIN QUERY PLAN ${sql}`, params))
          .map((row) => row.detail)
          .join(' | ');
      expect(await plan(listQuery(PetStatus.SOLD))).toMatch(
        /USING COVERING INDEX IDX_pets_status_id_name_category_id \(status=\? AND id>\?\)/,
      );
      expect(await plan(listQuery(PetStatus.SOLD))).not.toMatch(/TEMP B-TREE/);
      expect(await plan(listQuery(undefined))).toMatch(/USING INTEGER PRIMARY KEY \(rowid>\?\)/);
      expect(await plan(listQuery(undefined))).not.toMatch(/TEMP B-TREE/);
      expect(await plan(listQuery(PetStatus.SOLD, 'first'))).toMatch(
        /USING COVERING INDEX IDX_pets_status_id_name_category_id \(status=\?\)/,
      );
      expect(await plan(listQuery(PetStatus.SOLD, 'first'))).not.toMatch(/TEMP B-TREE/);
      expect(await plan(listQuery(undefined, 'first'))).toMatch(/^SCAN pets$/);
    });
  }

  if (database.name === 'mysql') {
    it('reads first pages and pages after a cursor as one range of an index, sorting nothing, by status from the covering index (EXPLAIN FORMAT=JSON)', async () => {
      const dataSource = app.get(DataSource);
      // Enough rows, and a rare status, for the optimizer to weigh the index as it would in
      // production.
      await dataSource.query(
        'INSERT INTO pets (name, category_id, status) SELECT CONCAT(name, " copy"), category_id, "available" FROM pets',
      );
      await dataSource.query(
        'INSERT INTO pets (name, category_id, status) SELECT CONCAT(name, " copy"), category_id, "available" FROM pets',
      );
      await dataSource.query('ANALYZE TABLE pets');
      const plan = async ([sql, params]: [string, unknown[]]) => {
        const { reads, sorts } = await mysqlQueryPlan(dataSource, sql, params);
        return {
          reads: reads.map(({ index, access, boundColumns }) => ({ index, access, boundColumns })),
          sorts,
        };
      };
      const byStatus = 'IDX_pets_status_id_name_category_id';
      expect(await plan(listQuery(PetStatus.SOLD))).toEqual({
        reads: [{ index: byStatus, access: 'range', boundColumns: ['status', 'id'] }],
        sorts: false,
      });
      expect(await plan(listQuery(undefined))).toEqual({
        reads: [{ index: 'PRIMARY', access: 'range', boundColumns: ['id'] }],
        sorts: false,
      });
      // A first page: the status's entries from their start, or the key's.
      const firstByStatus = await plan(listQuery(PetStatus.SOLD, 'first'));
      expect(firstByStatus.sorts).toBe(false);
      expect(firstByStatus.reads).toHaveLength(1);
      expect(firstByStatus.reads[0]).toMatchObject({ index: byStatus, boundColumns: ['status'] });
      expect(['ref', 'range']).toContain(firstByStatus.reads[0].access);
      const first = await plan(listQuery(undefined, 'first'));
      expect(first.sorts).toBe(false);
      expect(first.reads).toHaveLength(1);
      expect(['PRIMARY', undefined]).toContain(first.reads[0].index);
    });
  }
});

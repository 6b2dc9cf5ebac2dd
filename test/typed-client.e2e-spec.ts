import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NestExpressApplication } from '@nestjs/platform-express';
import ts from 'typescript';
import { DataSource } from 'typeorm';
import { listenApp } from '../src/app.setup.js';
import { API_KEY, startApp } from './support/test-app.js';
import { testDatabases } from './support/test-databases.js';
import { generateClientTypes } from './support/typed-client/generate-types.mjs';
import { createPetstoreClient } from './support/typed-client/petstore-client.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLIENT = join(ROOT, 'test/support/typed-client');
const DOCUMENT = join(ROOT, 'openapi.json');

/** Above 2^53: a JavaScript number would round each of them. */
const BIG_PET = 9007199254740993n;
const BIG_CATEGORY = 2n ** 60n + 3n;
const BIG_ORDER = 9223372036854775806n;

describe('the TypeScript client generated as docs/typed-clients.md shows', () => {
  it('is generated from the committed openapi.json: petstore-api.d.ts is up to date (npm run openapi)', async () => {
    expect(await generateClientTypes(DOCUMENT)).toBe(
      readFileSync(join(CLIENT, 'petstore-api.d.ts'), 'utf8'),
    );
  });

  it('types every int64 as bigint, never number', () => {
    const folder = mkdtempSync(join(tmpdir(), 'petstore-client-types-'));
    try {
      copyFileSync(join(CLIENT, 'petstore-api.d.ts'), join(folder, 'petstore-api.d.ts'));
      const usage = join(folder, 'usage.ts');
      writeFileSync(
        usage,
        [
          "import type { components, paths, webhooks } from './petstore-api.js';",
          "type Pet = components['schemas']['Pet'];",
          "type Order = components['schemas']['Order'];",
          "type OrderId = paths['/store/orders/{orderId}']['get']['parameters']['path']['orderId'];",
          'export const exact: [bigint, bigint, bigint, bigint, bigint, number] = [0n as Pet["id"], 0n as Pet["categoryId"], 0n as Order["id"], 0n as Order["petId"], 0n as OrderId, 1 as Order["quantity"]];',
          '// @ts-expect-error an int64 is no number',
          'export const rounded: number = 1 as unknown as Pet["id"];',
          // The document's webhooks (OpenAPI 3.1) are types too: what a receiver is POSTed.
          "type Delivery = webhooks['orderEvent']['post'];",
          "type Delivered = Delivery['requestBody']['content']['application/json'];",
          "type Signature = Delivery['parameters']['header']['webhook-signature'];",
          'export const delivered: [string, bigint, number, string] = ["" as Delivered["id"], 0n as Delivered["orderId"], 1 as Delivered["orderVersion"], "" as Signature];',
        ].join('\n'),
      );
      const program = ts.createProgram([usage], {
        strict: true,
        noEmit: true,
        module: ts.ModuleKind.NodeNext,
        moduleResolution: ts.ModuleResolutionKind.NodeNext,
        target: ts.ScriptTarget.ES2023,
      });
      const problems = ts
        .getPreEmitDiagnostics(program)
        .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      expect(problems).toEqual([]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe.each(testDatabases())(
  'the generated TypeScript client against the service on $name, with int64 values above 2^53',
  (database) => {
    let app: NestExpressApplication;
    let client: ReturnType<typeof createPetstoreClient>;

    beforeAll(async () => {
      app = await startApp(await database.create());
      await listenApp(app, 0, '127.0.0.1');
      const port = (app.getHttpServer().address() as { port: number }).port;
      client = createPetstoreClient(
        `http://127.0.0.1:${port}/v1`,
        API_KEY,
        JSON.parse(readFileSync(DOCUMENT, 'utf8')),
      );
      const dataSource = app.get(DataSource);
      await dataSource.query('INSERT INTO pets (id, name, category_id) VALUES (?, ?, ?)', [
        BIG_PET.toString(),
        'Big',
        BIG_CATEGORY.toString(),
      ]);
      await dataSource.query(
        'INSERT INTO orders (id, pet_id, quantity, status, complete, placed_by) VALUES (?, ?, ?, ?, ?, ?)',
        [BIG_ORDER.toString(), BIG_PET.toString(), 1, 'placed', false, 'key-1'],
      );
    });

    afterAll(async () => {
      await app?.close();
      await database.dropAll();
    });

    it('createPet and getPet (deprecated) and listPets keep every id and category exact', async () => {
      const created = await client.POST('/pets', {
        body: { name: 'Tiny', categoryId: BIG_CATEGORY },
      });
      expect(created.response.status).toBe(201);
      expect(created.data).toMatchObject({ name: 'Tiny', categoryId: BIG_CATEGORY });
      expect(typeof created.data!.id).toBe('bigint');
      const got = await client.GET('/pets/{petId}', { params: { path: { petId: BIG_PET } } });
      expect(got.data).toEqual({ id: BIG_PET, name: 'Big', categoryId: BIG_CATEGORY });
      const listed = await client.GET('/pets', { params: { query: { limit: 100 } } });
      expect(listed.data!.map((pet) => pet.id)).toContain(BIG_PET);
    });

    it('createOrder, getOrder, updateOrder, listOrders and deleteOrder keep every order and pet id exact', async () => {
      const placed = await client.POST('/store/orders', { body: { petId: BIG_PET, quantity: 2 } });
      expect(placed.response.status).toBe(201);
      expect(placed.data).toMatchObject({ petId: BIG_PET, quantity: 2 });
      const got = await client.GET('/store/orders/{orderId}', {
        params: { path: { orderId: BIG_ORDER } },
      });
      expect(got.data).toEqual({
        id: BIG_ORDER,
        petId: BIG_PET,
        quantity: 1,
        status: 'placed',
        complete: false,
        placedBy: 'key-1',
      });
      const etag = got.response.headers.get('etag')!;
      const updated = await client.PATCH('/store/orders/{orderId}', {
        params: { path: { orderId: BIG_ORDER }, header: { 'If-Match': etag } },
        body: { quantity: 3 },
      });
      expect(updated.data).toMatchObject({ id: BIG_ORDER, petId: BIG_PET, quantity: 3 });
      const listed = await client.GET('/store/orders', { params: { query: { petId: BIG_PET } } });
      expect(listed.data!.map((order) => order.id)).toEqual(
        expect.arrayContaining([BIG_ORDER, placed.data!.id]),
      );
      const deleted = await client.DELETE('/store/orders/{orderId}', {
        params: { path: { orderId: BIG_ORDER } },
      });
      expect(deleted.response.status).toBe(204);
      const gone = await client.GET('/store/orders/{orderId}', {
        params: { path: { orderId: BIG_ORDER } },
      });
      expect(gone.error).toEqual({
        code: 'NOT_FOUND',
        message: `No order with id ${BIG_ORDER}.`,
        status: 404,
      });
    });
  },
);

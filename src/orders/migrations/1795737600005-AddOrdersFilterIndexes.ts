import { TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/** An index for every combination of listOrders' filters, each ending in id. */
const indexes = () => [
  new TableIndex({ name: 'IDX_orders_pet_id_status_id', columnNames: ['pet_id', 'status', 'id'] }),
  new TableIndex({
    name: 'IDX_orders_placed_by_status_id',
    columnNames: ['placed_by', 'status', 'id'],
  }),
  new TableIndex({
    name: 'IDX_orders_placed_by_pet_id_id',
    columnNames: ['placed_by', 'pet_id', 'id'],
  }),
  new TableIndex({
    name: 'IDX_orders_placed_by_pet_id_status_id',
    columnNames: ['placed_by', 'pet_id', 'status', 'id'],
  }),
];

export class AddOrdersFilterIndexes1795737600005 implements MigrationInterface {
  name = 'AddOrdersFilterIndexes1795737600005';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createIndices('orders', indexes());
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const index of indexes().reverse()) await queryRunner.dropIndex('orders', index.name!);
  }
}

import { TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/** Which key placed each order (its name); (placed_by, id) serves the filter. */
export class AddOrdersPlacedBy1795737600003 implements MigrationInterface {
  name = 'AddOrdersPlacedBy1795737600003';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.driver.options.type !== 'better-sqlite3';
    const text = mysql ? { charset: 'utf8mb4', collation: 'utf8mb4_bin' } : {};
    await queryRunner.addColumn(
      'orders',
      new TableColumn({
        name: 'placed_by',
        type: 'varchar',
        length: '64',
        isNullable: true,
        ...text,
      }),
    );
    await queryRunner.createIndex(
      'orders',
      new TableIndex({ name: 'IDX_orders_placed_by_id', columnNames: ['placed_by', 'id'] }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('orders', 'IDX_orders_placed_by_id');
    await queryRunner.dropColumn('orders', 'placed_by');
  }
}

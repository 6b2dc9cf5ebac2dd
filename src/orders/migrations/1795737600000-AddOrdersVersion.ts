import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/** Each order's version, which its ETag carries; existing orders start at 1. */
export class AddOrdersVersion1795737600000 implements MigrationInterface {
  name = 'AddOrdersVersion1795737600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.driver.options.type !== 'better-sqlite3';
    await queryRunner.addColumn(
      'orders',
      new TableColumn({
        name: 'version',
        type: mysql ? 'int' : 'integer',
        isNullable: false,
        default: 1,
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('orders', 'version');
  }
}

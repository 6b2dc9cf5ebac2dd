import {
  Table,
  TableForeignKey,
  TableIndex,
  type MigrationInterface,
  type QueryRunner,
} from 'typeorm';

/** The orders table, with the QueryRunner API for MySQL and SQLite alike. */
export class CreateOrdersTable1764028800000 implements MigrationInterface {
  name = 'CreateOrdersTable1764028800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.driver.options.type !== 'better-sqlite3';
    await queryRunner.createTable(
      new Table({
        name: 'orders',
        engine: mysql ? 'InnoDB' : undefined,
        columns: [
          {
            name: 'id',
            type: mysql ? 'bigint' : 'integer',
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          { name: 'pet_id', type: 'bigint', isNullable: false },
          { name: 'quantity', type: mysql ? 'int' : 'integer', isNullable: false },
          { name: 'ship_date', type: 'datetime', precision: 3, isNullable: true },
          {
            name: 'status',
            type: 'varchar',
            length: '16',
            isNullable: false,
            ...(mysql ? { charset: 'utf8mb4', collation: 'utf8mb4_bin' } : {}),
          },
          { name: 'complete', type: mysql ? 'tinyint' : 'boolean', isNullable: false },
        ],
        indices: [
          new TableIndex({ name: 'IDX_orders_status_id', columnNames: ['status', 'id'] }),
          new TableIndex({ name: 'IDX_orders_pet_id_id', columnNames: ['pet_id', 'id'] }),
        ],
        foreignKeys: [
          new TableForeignKey({
            name: 'FK_orders_pet_id',
            columnNames: ['pet_id'],
            referencedTableName: 'pets',
            referencedColumnNames: ['id'],
            onDelete: 'RESTRICT',
            onUpdate: 'RESTRICT',
          }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('orders');
  }
}

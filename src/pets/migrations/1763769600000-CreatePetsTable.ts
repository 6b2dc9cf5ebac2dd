import { Table, type MigrationInterface, type QueryRunner } from 'typeorm';

/** The pets table, with the QueryRunner API for MySQL and SQLite alike. */
export class CreatePetsTable1763769600000 implements MigrationInterface {
  name = 'CreatePetsTable1763769600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.driver.options.type !== 'better-sqlite3';
    const text = mysql ? { charset: 'utf8mb4', collation: 'utf8mb4_bin' } : {};
    await queryRunner.createTable(
      new Table({
        name: 'pets',
        engine: mysql ? 'InnoDB' : undefined,
        columns: [
          {
            name: 'id',
            type: mysql ? 'bigint' : 'integer',
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          { name: 'name', type: 'varchar', length: '255', isNullable: false, ...text },
          { name: 'category_id', type: 'bigint', isNullable: false },
          { name: 'status', type: 'varchar', length: '16', isNullable: true, ...text },
        ],
      }),
    );
    if (mysql)
      await queryRunner.query(
        'ALTER TABLE `pets` DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin',
      );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('pets');
  }
}

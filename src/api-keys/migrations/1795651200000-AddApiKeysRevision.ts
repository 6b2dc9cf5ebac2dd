import { Table, TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/** Each change of the key set takes the next revision under a row lock: commit order. */
export class AddApiKeysRevision1795651200000 implements MigrationInterface {
  name = 'AddApiKeysRevision1795651200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.driver.options.type !== 'better-sqlite3';
    await queryRunner.addColumn(
      'api_keys',
      new TableColumn({ name: 'revision', type: 'bigint', isNullable: false, default: 0 }),
    );
    await queryRunner.createIndex(
      'api_keys',
      new TableIndex({ name: 'IDX_api_keys_revision', columnNames: ['revision', 'id'] }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'api_keys_revision',
        engine: mysql ? 'InnoDB' : undefined,
        columns: [
          { name: 'id', type: mysql ? 'int' : 'integer', isPrimary: true },
          { name: 'revision', type: 'bigint', isNullable: false },
        ],
      }),
    );
    await queryRunner.query('INSERT INTO api_keys_revision (id, revision) VALUES (1, 0)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('api_keys_revision');
    await queryRunner.dropIndex('api_keys', 'IDX_api_keys_revision');
    await queryRunner.dropColumn('api_keys', 'revision');
  }
}

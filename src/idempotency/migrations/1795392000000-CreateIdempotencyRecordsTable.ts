import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/** The kept responses, with the QueryRunner API for MySQL and SQLite alike. */
export class CreateIdempotencyRecordsTable1795392000000 implements MigrationInterface {
  name = 'CreateIdempotencyRecordsTable1795392000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.driver.options.type !== 'better-sqlite3';
    const text = mysql ? { charset: 'utf8mb4', collation: 'utf8mb4_bin' } : {};
    await queryRunner.createTable(
      new Table({
        name: 'idempotency_records',
        engine: mysql ? 'InnoDB' : undefined,
        columns: [
          {
            name: 'owner',
            type: 'varchar',
            length: '64',
            isPrimary: true,
            isNullable: false,
            ...text,
          },
          {
            name: 'idempotency_key',
            type: 'varchar',
            length: '255',
            isPrimary: true,
            isNullable: false,
            ...text,
          },
          { name: 'request_hash', type: 'varchar', length: '64', isNullable: false, ...text },
          { name: 'response_status', type: mysql ? 'int' : 'integer', isNullable: false },
          { name: 'response_body', type: 'text', isNullable: false, ...text },
          { name: 'response_location', type: 'varchar', length: '2048', isNullable: true, ...text },
          { name: 'created_at', type: 'datetime', precision: 3, isNullable: false },
          { name: 'expires_at', type: 'datetime', precision: 3, isNullable: false },
        ],
        indices: [
          new TableIndex({
            name: 'IDX_idempotency_records_expires_at',
            columnNames: ['expires_at'],
          }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('idempotency_records');
  }
}

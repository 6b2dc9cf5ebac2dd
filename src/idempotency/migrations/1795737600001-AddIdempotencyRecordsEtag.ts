import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/** The ETag of a kept response, replayed with it; older records have none. */
export class AddIdempotencyRecordsEtag1795737600001 implements MigrationInterface {
  name = 'AddIdempotencyRecordsEtag1795737600001';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.driver.options.type !== 'better-sqlite3';
    const text = mysql ? { charset: 'utf8mb4', collation: 'utf8mb4_bin' } : {};
    await queryRunner.addColumn(
      'idempotency_records',
      new TableColumn({
        name: 'response_etag',
        type: 'varchar',
        length: '255',
        isNullable: true,
        ...text,
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('idempotency_records', 'response_etag');
  }
}

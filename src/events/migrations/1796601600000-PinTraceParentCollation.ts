import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * MySQL: `trace_parent` gets utf8mb4_bin like every other text column (it was added in the
 * server's default). Rebuilds both tables; nothing on SQLite.
 */
export class PinTraceParentCollation1796601600000 implements MigrationInterface {
  name = 'PinTraceParentCollation1796601600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await this.pin(queryRunner, { charset: 'utf8mb4', collation: 'utf8mb4_bin' });
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await this.pin(queryRunner, {});
  }

  private async pin(
    queryRunner: QueryRunner,
    text: { charset?: string; collation?: string },
  ): Promise<void> {
    if (queryRunner.connection.driver.options.type === 'better-sqlite3') return;
    for (const table of ['order_outbox', 'order_events'])
      await queryRunner.changeColumn(
        table,
        'trace_parent',
        new TableColumn({
          name: 'trace_parent',
          type: 'varchar',
          length: '55',
          isNullable: true,
          ...text,
        }),
      );
  }
}

import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/** The traceparent of the request behind each event, for its webhook attempts' spans. */
export class AddOrderEventsTraceParent1796342400000 implements MigrationInterface {
  name = 'AddOrderEventsTraceParent1796342400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['order_outbox', 'order_events'])
      await queryRunner.addColumn(
        table,
        new TableColumn({ name: 'trace_parent', type: 'varchar', length: '55', isNullable: true }),
      );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['order_events', 'order_outbox'])
      await queryRunner.dropColumn(table, 'trace_parent');
  }
}

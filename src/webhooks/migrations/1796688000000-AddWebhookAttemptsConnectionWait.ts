import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * An attempt's wait for a connection, kept apart from the receiver's time (duration_ms). Null for
 * attempts recorded before: their duration included any wait.
 */
export class AddWebhookAttemptsConnectionWait1796688000000 implements MigrationInterface {
  name = 'AddWebhookAttemptsConnectionWait1796688000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.driver.options.type !== 'better-sqlite3';
    await queryRunner.addColumn(
      'webhook_attempts',
      new TableColumn({
        name: 'connection_wait_ms',
        type: mysql ? 'int' : 'integer',
        isNullable: true,
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('webhook_attempts', 'connection_wait_ms');
  }
}

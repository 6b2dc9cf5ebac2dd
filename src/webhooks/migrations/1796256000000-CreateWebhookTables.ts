import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/** Webhook endpoints, the deliveries still to make, and the attempts made. */
export class CreateWebhookTables1796256000000 implements MigrationInterface {
  name = 'CreateWebhookTables1796256000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.driver.options.type !== 'better-sqlite3';
    const text = mysql ? { charset: 'utf8mb4', collation: 'utf8mb4_bin' } : {};
    const engine = mysql ? 'InnoDB' : undefined;
    const key = {
      name: 'id',
      type: mysql ? 'bigint' : 'integer',
      isPrimary: true,
      isGenerated: true,
      generationStrategy: 'increment' as const,
    };
    const integer = mysql ? 'int' : 'integer';
    const instant = (name: string, isNullable = false) => ({
      name,
      type: 'datetime',
      precision: 3,
      isNullable,
    });
    await queryRunner.createTable(
      new Table({
        name: 'webhook_endpoints',
        engine,
        columns: [
          key,
          { name: 'owner', type: 'varchar', length: '64', isNullable: false, ...text },
          { name: 'owner_kind', type: 'varchar', length: '16', isNullable: false, ...text },
          { name: 'url', type: 'varchar', length: '2048', isNullable: false, ...text },
          { name: 'event_types', type: 'varchar', length: '255', isNullable: false, ...text },
          { name: 'description', type: 'varchar', length: '256', isNullable: true, ...text },
          { name: 'secret', type: 'varchar', length: '64', isNullable: false, ...text },
          { name: 'previous_secret', type: 'varchar', length: '64', isNullable: true, ...text },
          instant('previous_secret_expires_at', true),
          { name: 'enabled', type: mysql ? 'tinyint' : 'boolean', isNullable: false },
          { name: 'disabled_reason', type: 'varchar', length: '256', isNullable: true, ...text },
          instant('disabled_at', true),
          instant('failing_since', true),
          instant('last_success_at', true),
          instant('created_at'),
        ],
        indices: [
          new TableIndex({
            name: 'IDX_webhook_endpoints_owner_id',
            columnNames: ['owner', 'id'],
          }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'webhook_deliveries',
        engine,
        columns: [
          key,
          { name: 'endpoint_id', type: 'bigint', isNullable: false },
          { name: 'event_id', type: 'bigint', isNullable: false },
          instant('occurred_at'),
          { name: 'attempts', type: integer, isNullable: false },
          instant('next_attempt_at'),
          { name: 'lease_token', type: 'varchar', length: '40', isNullable: true, ...text },
        ],
        indices: [
          new TableIndex({
            name: 'IDX_webhook_deliveries_next_attempt_at',
            columnNames: ['next_attempt_at'],
          }),
          new TableIndex({
            name: 'UQ_webhook_deliveries_endpoint_id_event_id',
            columnNames: ['endpoint_id', 'event_id'],
            isUnique: true,
          }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'webhook_attempts',
        engine,
        columns: [
          key,
          { name: 'endpoint_id', type: 'bigint', isNullable: false },
          { name: 'event_id', type: 'bigint', isNullable: false },
          { name: 'attempt', type: integer, isNullable: false },
          instant('attempted_at'),
          { name: 'duration_ms', type: integer, isNullable: false },
          { name: 'status_code', type: integer, isNullable: true },
          { name: 'outcome', type: 'varchar', length: '16', isNullable: false, ...text },
          { name: 'excerpt', type: 'varchar', length: '256', isNullable: false, ...text },
        ],
        indices: [
          new TableIndex({
            name: 'IDX_webhook_attempts_endpoint_id_id',
            columnNames: ['endpoint_id', 'id'],
          }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('webhook_attempts');
    await queryRunner.dropTable('webhook_deliveries');
    await queryRunner.dropTable('webhook_endpoints');
  }
}

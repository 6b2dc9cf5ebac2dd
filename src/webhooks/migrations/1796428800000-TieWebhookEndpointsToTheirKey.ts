import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Endpoints act with their key's rights now: the key's id is recorded (owner_key_id; pinned for
 * existing endpoints by the first instance that knows it). owner_kind stays, written and no longer
 * read, so that the previous image still runs on this schema. URLs are rewritten in their WHATWG
 * serialization, the form that is checked and connected to.
 */
export class TieWebhookEndpointsToTheirKey1796428800000 implements MigrationInterface {
  name = 'TieWebhookEndpointsToTheirKey1796428800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.driver.options.type !== 'better-sqlite3';
    await queryRunner.addColumn(
      'webhook_endpoints',
      new TableColumn({
        name: 'owner_key_id',
        type: 'varchar',
        length: '64',
        isNullable: true,
        ...(mysql ? { charset: 'utf8mb4', collation: 'utf8mb4_bin' } : {}),
      }),
    );
    const rows = (await queryRunner.query('SELECT id, url FROM webhook_endpoints')) as {
      id: string | number;
      url: string;
    }[];
    for (const { id, url } of rows) {
      const normalized = new URL(url).href;
      if (normalized !== url)
        await queryRunner.query('UPDATE webhook_endpoints SET url = ? WHERE id = ?', [
          normalized,
          String(id),
        ]);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('webhook_endpoints', 'owner_key_id');
  }
}

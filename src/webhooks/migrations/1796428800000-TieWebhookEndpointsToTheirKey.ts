import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Endpoints record their key's id (owner_key_id); owner_kind stays written for the previous image.
 * URLs are rewritten in their WHATWG serialization, the form that is checked and connected to.
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

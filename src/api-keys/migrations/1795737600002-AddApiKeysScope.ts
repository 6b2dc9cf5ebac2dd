import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/** Each issued key's scope; keys issued before keep what they could do: write. */
export class AddApiKeysScope1795737600002 implements MigrationInterface {
  name = 'AddApiKeysScope1795737600002';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.driver.options.type !== 'better-sqlite3';
    const text = mysql ? { charset: 'utf8mb4', collation: 'utf8mb4_bin' } : {};
    await queryRunner.addColumn(
      'api_keys',
      new TableColumn({
        name: 'scope',
        type: 'varchar',
        length: '8',
        isNullable: false,
        default: "'write'",
        ...text,
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('api_keys', 'scope');
  }
}

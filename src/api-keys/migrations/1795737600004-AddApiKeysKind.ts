import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/** Each issued key's kind; keys issued before keep what they could do: store. */
export class AddApiKeysKind1795737600004 implements MigrationInterface {
  name = 'AddApiKeysKind1795737600004';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.driver.options.type !== 'better-sqlite3';
    const text = mysql ? { charset: 'utf8mb4', collation: 'utf8mb4_bin' } : {};
    await queryRunner.addColumn(
      'api_keys',
      new TableColumn({
        name: 'kind',
        type: 'varchar',
        length: '8',
        isNullable: false,
        default: "'store'",
        ...text,
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('api_keys', 'kind');
  }
}
